#!/usr/bin/env -S deno run --quiet --v8-flags=--optimize-for-size,--no-concurrent-recompilation
/**
 * The `fen` command: `fen [-n] [-l <color>] [-d <color>] <FEN-string>`
 * draws a chess position as SVG; `fen --help` lists the other formats,
 * streams, moves and the legality check.
 *
 * ```sh
 * deno run cli.ts -n 4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2 > chess.svg
 * ```
 *
 * @module
 */

// The command runs from bundles generated from lib/cli/main.ts and what it
// loads (`deno task command`, kept current by a test): Deno then reads two
// modules before the first line runs and loads one for a classic diagram.
import { main } from "./lib/cli/main.bundle.js";

export type { CliIo, Sink, Source } from "./lib/cli/main.ts";
export { EXIT, main, VERSION } from "./lib/cli/main.bundle.js";

if (import.meta.main) Deno.exit(await main(Deno.args, Deno));

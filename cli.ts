#!/usr/bin/env -S deno run --v8-flags=--optimize-for-size
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

import { main } from "./lib/cli/main.ts";

export {
  type CliIo,
  EXIT,
  main,
  type Sink,
  type Source,
  VERSION,
} from "./lib/cli/main.ts";

if (import.meta.main) Deno.exit(await main(Deno.args, Deno));

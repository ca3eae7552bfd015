#!/usr/bin/env -S deno run --quiet --v8-flags=--max-semi-space-size=2,--no-concurrent-recompilation
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

import type { CliIo } from "./lib/program/io.ts";

export type { CliIo, Sink, Source } from "./lib/program/io.ts";
export { EXIT } from "./lib/program/exit.ts";
export { VERSION } from "./lib/program/version.ts";

/** What the command's entry module exports. */
type Command = typeof import("./lib/cli/main.ts");

// The command runs from the modules `deno task build` generates into build/
// (git-ignored; the install task, CI and publishing make them): Deno then
// reads two modules before the first line runs and loads one for a classic
// diagram. A clone that has not built them runs the same code from lib/.
const BUILT = new URL("./build/main.js", import.meta.url).href;

/** The built command, or the sources' where it has not been built. */
async function command(): Promise<Command> {
  try {
    return await import("./build/main.js") as Command;
  } catch (error) {
    const missing = error instanceof TypeError &&
      (error as { code?: string }).code === "ERR_MODULE_NOT_FOUND" &&
      error.message.includes(BUILT);
    if (!missing) throw error;
    return await import("./lib/cli/main.ts");
  }
}

/**
 * Runs the command with `args` (without the program name) and returns the
 * exit code. Results go to `io.stdout`, diagnostics to `io.stderr` as
 * `fen: ...`; nothing is thrown.
 *
 * @example Converting one record in-process
 * ```ts
 * import { main } from "@fen/fen/cli";
 * import assert from "node:assert/strict";
 *
 * const out: Uint8Array[] = [];
 * const sink = {
 *   writeSync(data: Uint8Array) {
 *     out.push(data.slice());
 *     return data.length;
 *   },
 * };
 * const io = { ...Deno, stdout: sink, stderr: sink };
 * assert.equal(await main(["--format", "fen", "8/8/8/8/8/8/8/8"], io), 0);
 * assert.equal(
 *   new TextDecoder().decode(out[0]),
 *   "8/8/8/8/8/8/8/8 w - - 0 1\n",
 * );
 * ```
 *
 * @param args The command-line arguments.
 * @param io Standard streams, and the file system for `--out-dir` and
 * `--input` (`Deno` itself is one).
 * @returns The exit code (see {@linkcode EXIT}).
 */
export async function main(args: string[], io: CliIo): Promise<number> {
  return (await command()).main(args, io);
}

if (import.meta.main) Deno.exit(await main(Deno.args, Deno));

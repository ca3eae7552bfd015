/**
 * The `fen` command: a drop-in replacement for the classic `fen` shell
 * script that draws a FEN placement as SVG, plus other formats, streams,
 * moves and legality checks.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { OutputError, writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { parseArgv } from "./option_argv.ts";
import { UsageError } from "../program/usage_error.ts";
import { plainDiagram } from "./plain.ts";

export type { CliIo, Sink, Source } from "../program/io.ts";
export { EXIT } from "../program/exit.ts";
export { VERSION } from "../program/version.ts";

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
  const svg = oneShotDiagram(args);
  if (svg === null) return (await import("./general.ts")).general(args, io);
  try {
    writeText(io.stdout, svg);
    return EXIT.ok;
  } catch (error) {
    // What the write threw, without this module's wrapper (see general.ts).
    const cause = error instanceof OutputError ? error.cause : error;
    return (await import("./general.ts")).writeFailure(cause, io);
  }
}

// The classic one-shot diagram is most of the command's single runs: it is
// drawn here with the argv parser, the FEN reader and the classic drawing
// alone. Anything else, and every error (so that one path words it), is the
// general path's, loaded only then: null. A program's name (`fen serve`) is
// never a valid placement, so it reaches the general path too.
function oneShotDiagram(args: string[]): string | null {
  try {
    return plainDiagram(parseArgv(args));
  } catch (error) {
    if (error instanceof UsageError) return null;
    throw error;
  }
}

// `deno run lib/cli/main.ts` is the command run from the sources, as
// `deno task bundle` builds it into one file (cli.ts runs build/, made by
// `deno task build`, or this module where that has not been run).
if (import.meta.main) Deno.exit(await main(Deno.args, Deno));

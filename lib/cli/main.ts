/**
 * The `fen` command: a drop-in replacement for the classic `fen` shell
 * script that draws a FEN placement as SVG, plus other formats, streams,
 * moves and legality checks.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { parseArgv } from "./option_argv.ts";
import type { ParsedArgs } from "./option_table.ts";
import { UsageError } from "../program/usage_error.ts";
import { plainDiagram } from "./plain.ts";
import { subcommand } from "./option_subcommands.ts";

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
  // `fen serve`, `fen book`, `fen analyse`...: programs of their own.
  const sub = subcommand(args[0]);
  if (sub !== null) return await sub.run(args.slice(1), io);
  // The classic one-shot diagram is most of the command's single runs: it
  // is drawn here with the argv parser, the FEN reader and the classic
  // drawing alone. Anything else, and every error (so that one path words
  // it), goes to the general path, loaded only then. argv is parsed once.
  let parsed: ParsedArgs;
  try {
    parsed = parseArgv(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return (await import("./run.ts")).usageFailure(error, args, io);
  }
  const svg = plainDiagram(parsed);
  if (svg === null) return (await import("./run.ts")).runCommand(parsed, io);
  try {
    writeText(io.stdout, svg);
    return EXIT.ok;
  } catch (error) {
    return (await import("./run.ts")).failure(error, io);
  }
}

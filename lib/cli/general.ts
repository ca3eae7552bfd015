// The command's general path, behind the one-shot diagram of main.ts: the
// programs of their own (`fen serve`, `merge`, `book`, `tree`, `md`,
// `analyse`) and every other command line, whose pipeline run.ts assembles.
// When the command runs from its generated bundles (cli.ts), this is the
// entry of the general path's bundle, a copy of the classes apart from the
// one-shot path's: only the command line, the streams and the platform's own
// errors cross from main.ts, never an instance of a class of this package.

import type { CliIo } from "../program/io.ts";
import { OutputError } from "../program/io.ts";
import type { ExitCode } from "../program/exit.ts";
import { parseArgv } from "./option_argv.ts";
import type { ParsedArgs } from "./option_table.ts";
import { UsageError } from "../program/usage_error.ts";
import { subcommand } from "./option_subcommands.ts";
import { runFramed } from "../program/frame.ts";
import { programWords } from "../program/frame_use.ts";

/** Runs a command line that is not a plain one-shot diagram. */
export async function general(args: string[], io: CliIo): Promise<number> {
  // `fen serve`, `fen book`, `fen completions`...: programs of their own.
  // Each runs inside the one input/output frame (lib/program/frame.ts).
  const sub = subcommand(args[0]);
  if (sub !== null) {
    const rest = args.slice(1);
    return await runFramed(
      programWords(args[0], sub.frame, rest),
      io,
      (framed) => sub.run(rest, framed),
    );
  }
  const run = await import("./run.ts");
  let parsed: ParsedArgs;
  try {
    parsed = parseArgv(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return run.usageFailure(error, args, io);
  }
  return run.runCommand(parsed, io);
}

/**
 * The exit code and message for the one-shot path's failed write of its
 * diagram: `cause` is what `io.stdout.writeSync` threw.
 */
export async function writeFailure(
  cause: unknown,
  io: CliIo,
): Promise<ExitCode> {
  const error = cause instanceof Deno.errors.BrokenPipe
    ? cause
    : new OutputError(cause);
  return (await import("./run.ts")).failure(error, io);
}

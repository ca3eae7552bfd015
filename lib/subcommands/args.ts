// What the subcommands share beyond their command line (which every
// program reads with lib/program/args.ts): the progress options' rows.
// Their inputs are read through the frame (lib/program/frame.ts).

export { writeAll, writeText } from "../program/io.ts";
import type { OptionSpec, ParsedArgs } from "../program/args.ts";
import type { ProgressMode } from "../program/progress.ts";
import { PROGRESS_HELP, progressMode } from "../program/progress_options.ts";

/** The rows of `--progress` and `--no-progress`, for a subcommand's table. */
export const PROGRESS_OPTIONS: readonly OptionSpec[] = [
  { name: "progress", help: PROGRESS_HELP["progress"] },
  { name: "no-progress", help: PROGRESS_HELP["no-progress"] },
];

/** What a subcommand's `--progress` and `--no-progress` ask for. */
export function progressOf(args: ParsedArgs): ProgressMode {
  return progressMode((name) => args.values.has(name));
}

export { ProgramError as SubcommandError } from "../program/frame.ts";

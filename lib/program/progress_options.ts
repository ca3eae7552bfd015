// `--progress` and `--no-progress`, as every program's table lists them
// (the command's, `fen analyse`'s, `fen book make`'s, `fen tree`'s), apart
// from the line itself so that the tables load nothing more.

import type { ProgressMode } from "./progress.ts";

/** The two options' help, by name. */
export const PROGRESS_HELP = {
  "progress":
    "show progress on stderr even when it is not a terminal (plain lines)",
  "no-progress":
    "show no progress (at a terminal, long jobs show it on stderr)",
} as const;

/**
 * The mode the options ask for: `--no-progress` wins over `--progress`;
 * neither: at a terminal.
 */
export function progressMode(
  given: (name: keyof typeof PROGRESS_HELP) => boolean,
): ProgressMode {
  if (given("no-progress")) return "off";
  return given("progress") ? "on" : "auto";
}

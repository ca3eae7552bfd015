// What the subcommands share beyond their command line (which every
// program reads with lib/program/args.ts): the progress and engine
// options' rows, whole-number options, and errors worded as the
// subcommand's.
// Their inputs are read through the frame (lib/program/frame.ts).

export { writeAll, writeText } from "../program/io.ts";
import {
  type OptionSpec,
  type ParsedArgs,
  type ProgramSpec,
  valueOf,
  valuesOf,
} from "../program/args.ts";
import type { CliIo } from "../program/io.ts";
import { ProgramError } from "../program/frame.ts";
import { escapeText } from "../_quote.ts";
import type { Program } from "./front_end.ts";
import { UsageError } from "../program/usage_error.ts";
import type { ProgressMode } from "../program/progress.ts";
import { PROGRESS_HELP, progressMode } from "../program/progress_options.ts";

/**
 * The command line's picture options (those of `rows`, the command's rows
 * a subcommand took), as the command's argv words, for the command's
 * reader of them (`PictureOptions.reader`).
 */
export function pictureArgv(
  parsed: ParsedArgs,
  rows: readonly OptionSpec[],
): string[] {
  const argv: string[] = [];
  for (const { name, value } of rows) {
    if (value === undefined && parsed.values.has(name)) argv.push(`--${name}`);
    for (const given of valuesOf(parsed, name)) {
      argv.push(`--${name}=${given}`);
    }
  }
  return argv;
}

/** The rows of `--progress` and `--no-progress`, for a subcommand's table. */
export const PROGRESS_OPTIONS: readonly OptionSpec[] = [
  { name: "progress", help: PROGRESS_HELP["progress"] },
  { name: "no-progress", help: PROGRESS_HELP["no-progress"] },
];

/**
 * The engine options `fen analyse` and `fen puzzles` share, by name: each
 * program's table takes them where its help lists them.
 */
export const ENGINE_OPTIONS: Readonly<
  Record<"engine" | "engine-option" | "jobs" | "engine-timeout", OptionSpec>
> = {
  engine: {
    name: "engine",
    value: "<path>",
    help:
      "the UCI engine, or a WASM engine's .js (without it: stockfish on the PATH, then /usr/games/stockfish)",
  },
  "engine-option": {
    name: "engine-option",
    value: "<name=value>",
    multiple: true,
    help: "a UCI option for every engine, e.g. Threads=1, Hash=64 (repeatable)",
  },
  jobs: {
    name: "jobs",
    value: "<n>",
    default: "1",
    help:
      "engine processes in parallel (0: one per core); output stays in input order",
  },
  "engine-timeout": {
    name: "engine-timeout",
    value: "<ms>",
    help:
      "a search longer than this counts as hung (without it: from the limit)",
  },
};

/**
 * A whole-number option of at least `min`: its value, else its default in
 * `options` (its program's table), else `undefined`.
 */
export function countOf(
  parsed: ParsedArgs,
  { name, min, options }: {
    name: string;
    min: number;
    options: readonly OptionSpec[];
  },
): number | undefined {
  const text = valueOf(parsed, name) ??
    options.find((o) => o.name === name)?.default;
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min) {
    throw new UsageError(
      `--${name} needs a whole number of at least ${min}, not ${
        JSON.stringify(text)
      }`,
    );
  }
  return Number(text);
}

/**
 * A subcommand's front end from its table and its run, with the errors of
 * its own domain worded as the subcommand's one line (`said` gives the
 * message and exit code, or `null` for an error not of its domain, which
 * the frame words: lib/program/frame.ts).
 */
export function wordedProgram(
  spec: ProgramSpec,
  { run, said }: {
    run: (parsed: ParsedArgs, io: CliIo) => Promise<number>;
    said: (error: unknown) => { message: string; code: number } | null;
  },
): Program {
  return {
    spec,
    run: async (parsed, io) => {
      try {
        return await run(parsed, io);
      } catch (error) {
        const words = said(error);
        if (words === null) throw error;
        throw new ProgramError(escapeText(words.message), words.code);
      }
    },
  };
}

/** What a subcommand's `--progress` and `--no-progress` ask for. */
export function progressOf(args: ParsedArgs): ProgressMode {
  return progressMode((name) => args.values.has(name));
}

export { ProgramError as SubcommandError } from "../program/frame.ts";

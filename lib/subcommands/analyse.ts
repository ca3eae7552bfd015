// `fen analyse`'s front end: its table, and the settings read from it for
// the analysis (lib/analysis, loaded only when it runs).

import type { CliIo } from "../program/io.ts";
import { checkPattern } from "../program/out_files.ts";
import { UsageError } from "../program/usage_error.ts";
import { progressMode } from "../program/progress_options.ts";
import {
  checkChoices,
  HELP_OPTION,
  type OptionSpec,
  parseArgs,
  type ParsedArgs,
  type ProgramSpec,
  valueOf,
  valuesOf,
} from "../program/args.ts";
import { countOf, ENGINE_OPTIONS, PROGRESS_OPTIONS } from "./args.ts";
import type { SearchLimit } from "../engine/uci.ts";
import type { JudgementRules } from "../analysis/judgement.ts";
import {
  analyse,
  ANALYSE_FORMATS,
  type AnalyseFormat,
  type AnalyseSettings,
  defaultTimeout,
} from "../analysis/mod.ts";
import type { Program } from "./front_end.ts";

/** The options, in help order. */
const OPTIONS: readonly OptionSpec[] = [
  {
    name: "input",
    value: "<file>",
    multiple: true,
    help: "read this file too (- for stdin), as an operand is read",
  },
  {
    name: "from",
    value: "<kind>",
    choices: ["fen", "epd", "pgn"],
    help:
      "what the input is (without it: PGN if it starts like PGN, else FEN/EPD lines)",
  },
  {
    name: "format",
    value: "<format>",
    choices: ANALYSE_FORMATS,
    help:
      "output: pgn (games, lichess's export form), epd, json (without it: pgn for games, epd for records)",
  },
  ENGINE_OPTIONS.engine,
  ENGINE_OPTIONS["engine-option"],
  {
    name: "nodes",
    value: "<n>",
    help: "search each position for n nodes (the default limit: 1000000)",
  },
  { name: "depth", value: "<n>", help: "search each position to depth n" },
  {
    name: "movetime",
    value: "<ms>",
    help: "search each position for ms milliseconds",
  },
  { name: "multipv", value: "<k>", default: "1", help: "lines per position" },
  ENGINE_OPTIONS.jobs,
  ENGINE_OPTIONS["engine-timeout"],
  {
    name: "judgement",
    value: "<rules>",
    default: "lichess",
    choices: ["lichess", "cp"],
    help:
      "lichess: winning chances 0.1/0.2/0.3; cp: the older 50/100/300 centipawns",
  },
  {
    name: "cache",
    value: "<file>",
    help: "evaluations by position key (JSON lines), read first and added to",
  },
  {
    name: "reanalyse",
    help: "search again what the cache or a game's [%eval] already has",
  },
  { name: "uci", help: "moves in UCI, not SAN (epd and json)" },
  {
    name: "repair",
    help: "repair a record the legality check refuses instead of skipping it",
  },
  {
    name: "graph",
    value: "<dir>",
    help: "write each game's evaluation chart into <dir>",
  },
  {
    name: "graph-format",
    value: "<format>",
    default: "svg",
    choices: ["svg", "png"],
    help: "the chart's format",
  },
  {
    name: "name",
    value: "<pattern>",
    default: "{game}",
    help: "--graph file names: {game}, {White}, any tag",
  },
  ...PROGRESS_OPTIONS,
  HELP_OPTION,
];

/** `fen analyse`'s table. */
export const ANALYSE_SPEC: ProgramSpec = {
  name: "analyse",
  operands: "[<file>...]",
  about:
    "Analyses games (PGN) or positions (FEN, EPD) with a UCI engine and\n" +
    "annotates them as lichess does. Reads the files, or stdin without any.",
  options: OPTIONS,
};

/** `fen analyse`'s front end. */
export const ANALYSE: Program = {
  spec: ANALYSE_SPEC,
  run: (parsed: ParsedArgs, io: CliIo): Promise<number> =>
    analyse(settingsOf(parsed), io),
};

/**
 * The settings of `fen analyse` from its arguments (after its word).
 *
 * @throws {UsageError} For an unknown option, a bad or missing value.
 */
export function analyseSettings(args: readonly string[]): AnalyseSettings {
  const parsed = parseArgs(ANALYSE_SPEC, args);
  checkChoices(ANALYSE_SPEC, parsed);
  return settingsOf(parsed);
}

/** The default of option `name`, from the table. */
function defaultOf(name: string): string | undefined {
  return OPTIONS.find((o) => o.name === name)?.default;
}

/** A whole-number option of this program's table (lib/subcommands/args.ts). */
function count(
  parsed: ParsedArgs,
  name: string,
  min: number,
): number | undefined {
  return countOf(parsed, { name, min, options: OPTIONS });
}

/** The search limit: the nodes, depth and time asked, or 1,000,000 nodes. */
function limitOf(parsed: ParsedArgs): SearchLimit {
  const limit: SearchLimit = {};
  const nodes = count(parsed, "nodes", 1), depth = count(parsed, "depth", 1);
  const movetime = count(parsed, "movetime", 1);
  if (nodes !== undefined) limit.nodes = nodes;
  if (depth !== undefined) limit.depth = depth;
  if (movetime !== undefined) limit.movetime = movetime;
  if (nodes === undefined && depth === undefined && movetime === undefined) {
    limit.nodes = 1_000_000;
  }
  return limit;
}

function engineOptionsOf(parsed: ParsedArgs): [string, string][] {
  return valuesOf(parsed, "engine-option").map((text) => {
    const eq = text.indexOf("=");
    if (eq <= 0) {
      throw new UsageError(
        `--engine-option needs NAME=VALUE, not ${JSON.stringify(text)}`,
      );
    }
    return [text.slice(0, eq).trim(), text.slice(eq + 1).trim()];
  });
}

function settingsOf(parsed: ParsedArgs): AnalyseSettings {
  const one = (name: string) =>
    valueOf(parsed, name) ?? defaultOf(name) ?? null;
  const limit = limitOf(parsed);
  const jobs = count(parsed, "jobs", 0)!;
  const name = one("name")!;
  const problem = checkPattern(name);
  if (problem !== null) throw new UsageError(`--name ${problem}`);
  return {
    // The operands, then the files --input names, as the command reads them.
    inputs: [...parsed.operands, ...valuesOf(parsed, "input")],
    from: one("from") as AnalyseSettings["from"],
    format: one("format") as AnalyseFormat | null,
    engine: one("engine"),
    engineOptions: engineOptionsOf(parsed),
    limit,
    multipv: count(parsed, "multipv", 1)!,
    jobs: jobs === 0 ? navigator.hardwareConcurrency : jobs,
    timeoutMs: count(parsed, "engine-timeout", 1) ?? defaultTimeout(limit),
    rules: one("judgement") as JudgementRules,
    cache: one("cache"),
    reanalyse: parsed.values.has("reanalyse"),
    uci: parsed.values.has("uci"),
    repair: parsed.values.has("repair"),
    graph: one("graph"),
    graphFormat: one("graph-format") as "svg" | "png",
    name,
    progress: progressMode((option) => parsed.values.has(option)),
  };
}

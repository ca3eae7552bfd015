// `fen analyse`'s options: one table from which the parser and the help
// are made, and the settings read from it.

import { checkPattern } from "../program/out_files.ts";
import { UsageError } from "../program/usage_error.ts";
import type { SearchLimit } from "../engine/uci.ts";
import type { JudgementRules } from "./judgement.ts";
import type { ProgressMode } from "../program/progress.ts";
import { PROGRESS_HELP, progressMode } from "../program/progress_options.ts";

/** One option: its value's placeholder (none for a flag), default, help. */
interface OptionSpec {
  readonly value?: string;
  readonly fallback?: string;
  readonly repeat?: boolean;
  readonly choices?: readonly string[];
  readonly help: string;
}

/** Output formats, the first for games. */
export const ANALYSE_FORMATS = ["pgn", "epd", "json"] as const;
export type AnalyseFormat = typeof ANALYSE_FORMATS[number];

/** The options, in help order. */
export const ANALYSE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  "from": {
    value: "<fen|epd|pgn>",
    choices: ["fen", "epd", "pgn"],
    help:
      "what the input is (default: PGN if it starts like PGN, else FEN/EPD lines)",
  },
  "format": {
    value: "<pgn|epd|json>",
    choices: ANALYSE_FORMATS,
    help:
      "output: pgn (games, lichess's export form), epd, json (default: pgn for games, epd for records)",
  },
  "engine": {
    value: "<path>",
    help:
      "the UCI engine (default: stockfish on the PATH, then /usr/games/stockfish)",
  },
  "engine-option": {
    value: "<name=value>",
    repeat: true,
    help: "a UCI option for every engine, e.g. Threads=1, Hash=64 (repeatable)",
  },
  "nodes": {
    value: "<n>",
    help: "search each position for n nodes (the default limit: 1000000)",
  },
  "depth": { value: "<n>", help: "search each position to depth n" },
  "movetime": {
    value: "<ms>",
    help: "search each position for ms milliseconds",
  },
  "multipv": { value: "<k>", fallback: "1", help: "lines per position" },
  "jobs": {
    value: "<n>",
    fallback: "1",
    help:
      "engine processes in parallel (0: one per core); output stays in input order",
  },
  "engine-timeout": {
    value: "<ms>",
    help: "a search longer than this counts as hung (default: from the limit)",
  },
  "judgement": {
    value: "<lichess|cp>",
    fallback: "lichess",
    choices: ["lichess", "cp"],
    help:
      "lichess: winning chances 0.1/0.2/0.3; cp: the older 50/100/300 centipawns",
  },
  "cache": {
    value: "<file>",
    help: "evaluations by position key (JSON lines), read first and added to",
  },
  "reanalyse": {
    help: "search again what the cache or a game's [%eval] already has",
  },
  "uci": { help: "moves in UCI, not SAN (epd and json)" },
  "repair": {
    help: "repair a record the legality check refuses instead of skipping it",
  },
  "graph": {
    value: "<dir>",
    help: "write each game's evaluation chart into <dir>",
  },
  "graph-format": {
    value: "<svg|png>",
    fallback: "svg",
    choices: ["svg", "png"],
    help: "the chart's format",
  },
  "name": {
    value: "<pattern>",
    fallback: "{game}",
    help: "--graph file names: {game}, {White}, any tag",
  },
  "progress": { help: PROGRESS_HELP["progress"] },
  "no-progress": { help: PROGRESS_HELP["no-progress"] },
  "help": { help: "show this help and exit" },
};

/** What a run of `fen analyse` was asked to do. */
export interface AnalyseSettings {
  inputs: string[];
  from: "fen" | "epd" | "pgn" | null;
  format: AnalyseFormat | null;
  engine: string | null;
  engineOptions: [string, string][];
  limit: SearchLimit;
  multipv: number;
  jobs: number;
  timeoutMs: number;
  rules: JudgementRules;
  cache: string | null;
  reanalyse: boolean;
  uci: boolean;
  repair: boolean;
  graph: string | null;
  graphFormat: "svg" | "png";
  name: string;
  /** `--progress`, `--no-progress` (which wins), or at a terminal. */
  progress: ProgressMode;
  help: boolean;
}

/** The usage text, from the table. */
export function analyseUsage(): string {
  const lines = Object.entries(ANALYSE_OPTIONS).map(([name, spec]) => {
    const head = `  --${name}${spec.value ? ` ${spec.value}` : ""}`;
    const fallback = spec.fallback ? ` (default ${spec.fallback})` : "";
    return `${head.padEnd(30)} ${spec.help}${fallback}`;
  });
  return "Usage: fen analyse [options] [file...]\n\n" +
    "Analyses games (PGN) or positions (FEN, EPD) with a UCI engine and\n" +
    "annotates them as lichess does. Reads the files, or stdin without any.\n\n" +
    `${lines.join("\n")}\n`;
}

/** Reads `--name value`, `--name=value`, flags and operands. */
function readArgs(args: readonly string[]): {
  values: Map<string, string[]>;
  operands: string[];
} {
  const values = new Map<string, string[]>();
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--")) {
      operands.push(arg);
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1];
    const spec = name === undefined ? undefined : ANALYSE_OPTIONS[name];
    if (match === null || name === undefined || spec === undefined) {
      throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
    }
    if (values.has(name) && !spec.repeat) {
      throw new UsageError(`--${name} was given twice`);
    }
    let value = "";
    if (spec.value === undefined) {
      if (match[2] !== undefined) {
        throw new UsageError(`--${name} takes no value`);
      }
    } else {
      const given = match[2] ?? args[++i];
      if (given === undefined) throw new UsageError(`--${name} needs a value`);
      if (spec.choices && !spec.choices.includes(given)) {
        throw new UsageError(
          `--${name} must be one of ${spec.choices.join(", ")}, not ${
            JSON.stringify(given)
          }`,
        );
      }
      value = given;
    }
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return { values, operands };
}

function count(
  values: Map<string, string[]>,
  name: string,
  min: number,
): number | undefined {
  const text = values.get(name)?.[0] ?? ANALYSE_OPTIONS[name].fallback;
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
 * The settings of `fen analyse` from its arguments.
 *
 * @throws {UsageError} For an unknown option, a bad or missing value.
 */
export function analyseSettings(args: readonly string[]): AnalyseSettings {
  const { values, operands } = readArgs(args);
  const one = (name: string) =>
    values.get(name)?.[0] ?? ANALYSE_OPTIONS[name].fallback ?? null;
  const limit: SearchLimit = {};
  const nodes = count(values, "nodes", 1), depth = count(values, "depth", 1);
  const movetime = count(values, "movetime", 1);
  if (nodes !== undefined) limit.nodes = nodes;
  if (depth !== undefined) limit.depth = depth;
  if (movetime !== undefined) limit.movetime = movetime;
  if (nodes === undefined && depth === undefined && movetime === undefined) {
    limit.nodes = 1_000_000;
  }
  const engineOptions = (values.get("engine-option") ?? []).map((text) => {
    const eq = text.indexOf("=");
    if (eq <= 0) {
      throw new UsageError(
        `--engine-option needs NAME=VALUE, not ${JSON.stringify(text)}`,
      );
    }
    return [text.slice(0, eq).trim(), text.slice(eq + 1).trim()] as [
      string,
      string,
    ];
  });
  const jobs = count(values, "jobs", 0)!;
  const name = one("name")!;
  const problem = checkPattern(name);
  if (problem !== null) throw new UsageError(`--name ${problem}`);
  return {
    inputs: operands,
    from: one("from") as AnalyseSettings["from"],
    format: one("format") as AnalyseFormat | null,
    engine: one("engine"),
    engineOptions,
    limit,
    multipv: count(values, "multipv", 1)!,
    jobs: jobs === 0 ? navigator.hardwareConcurrency : jobs,
    timeoutMs: count(values, "engine-timeout", 1) ?? defaultTimeout(limit),
    rules: one("judgement") as JudgementRules,
    cache: one("cache"),
    reanalyse: values.has("reanalyse"),
    uci: values.has("uci"),
    repair: values.has("repair"),
    graph: one("graph"),
    graphFormat: one("graph-format") as "svg" | "png",
    name,
    progress: progressMode((option) => values.has(option)),
    help: values.has("help"),
  };
}

/**
 * How long a search may take before the engine counts as hung: well
 * beyond the limit (20 s, plus the movetime twice, plus a millisecond per
 * 20 nodes; depth searches get two minutes).
 */
function defaultTimeout(limit: SearchLimit): number {
  if (limit.depth !== undefined) return 120_000;
  return 20_000 + 2 * (limit.movetime ?? 0) + (limit.nodes ?? 0) / 20;
}

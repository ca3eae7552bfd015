// `fen puzzles`'s front end: its table, and the settings read from it for
// the generator and the puzzle CSV reader (lib/puzzle, loaded only when it
// runs).

import type { CliIo } from "../program/io.ts";
import { UsageError } from "../program/usage_error.ts";
import {
  HELP_OPTION,
  type OptionSpec,
  type ParsedArgs,
  type ProgramSpec,
  valueOf,
  valuesOf,
} from "../program/args.ts";
import type { SearchLimit } from "../engine/uci.ts";
import type { PuzzlesSettings } from "../puzzle/mod.ts";
import { puzzleThemes } from "../puzzle/themes.ts";
import {
  PUZZLE_FORMAT_NAMES,
  PUZZLE_FORMATS,
  type PuzzleFormat,
  sheetOf,
} from "../puzzle/rows.ts";
import {
  FilterError,
  nameSet,
  parseRange,
  type PuzzleFilter,
  type Range,
} from "../puzzle/filter.ts";
import type { PictureOptions, Program } from "./front_end.ts";
import { countOf, ENGINE_OPTIONS, pictureArgv } from "./args.ts";
import type { RenderSvgOptions } from "../svg/types.ts";

/** The options that filter lichess's puzzle CSV (`--from puzzles` only). */
const FILTERS = ["themes", "rating", "popularity", "opening"] as const;
/** The options of the engine that finds puzzles in games. */
const ENGINE_WORDS = [
  "engine",
  "engine-option",
  "nodes",
  "jobs",
  "engine-timeout",
  "cache",
] as const;

/** The options, in help order. */
const OPTIONS: readonly OptionSpec[] = [
  {
    name: "from",
    value: "<kind>",
    default: "pgn",
    choices: ["pgn", "puzzles"],
    help:
      "pgn: games to find puzzles in; puzzles: lichess's puzzle CSV to filter",
  },
  {
    name: "format",
    value: "<format>",
    choices: PUZZLE_FORMAT_NAMES,
    help: `output: ${
      PUZZLE_FORMAT_NAMES.map((name) =>
        `${name} (${PUZZLE_FORMATS[name].help})`
      )
        .join(", ")
    } (without it: csv for games, fen for puzzles)`,
  },
  {
    name: "out-dir",
    value: "<dir>",
    help:
      "--format svg, png or gif: write the sheet's pictures into <dir>, named by their content",
  },
  ENGINE_OPTIONS.engine,
  ENGINE_OPTIONS["engine-option"],
  {
    name: "nodes",
    value: "<n>",
    default: "1000000",
    help: "search each position for n nodes (the analysis and the generator)",
  },
  ENGINE_OPTIONS.jobs,
  ENGINE_OPTIONS["engine-timeout"],
  {
    name: "cache",
    value: "<file>",
    help:
      "evaluations by position key (JSON lines, as fen analyse keeps them), read first and added to",
  },
  {
    name: "themes",
    value: "<a,b>",
    multiple: true,
    help: "--from puzzles: keep the puzzles with any of these themes",
  },
  {
    name: "rating",
    value: "<lo-hi>",
    help: "--from puzzles: keep the puzzles rated lo to hi (lo- or -hi open)",
  },
  {
    name: "popularity",
    value: "<lo-hi>",
    help:
      "--from puzzles: keep the puzzles whose popularity (-100 to 100) is in the range",
  },
  {
    name: "opening",
    value: "<tag,tag>",
    multiple: true,
    help:
      "--from puzzles: keep the puzzles with any of these opening tags (Sicilian_Defense)",
  },
];

/**
 * The command's picture options a sheet takes: its look, not what the
 * sheet decides for each puzzle (the side it is drawn from, the last move,
 * the side to move's mark) nor the rules (standard chess).
 */
const NOT_A_LOOK = new Set([
  "flip",
  "last-move",
  "side-to-move",
  "ply",
  "chess960",
  "variant",
]);

/** `fen puzzles`' table, with the sheet's picture options. */
export function puzzlesSpec(pictures: PictureOptions): ProgramSpec {
  return {
    name: "puzzles",
    operands: "[<file>...]",
    about:
      "Finds puzzles in games (PGN, stdin without files) as lichess's puzzle\n" +
      "generator does: games with [%eval] are used as they are, others are\n" +
      "analysed first with the engine. Writes lichess's puzzle CSV, or a sheet\n" +
      "of diagrams. With --from puzzles, reads lichess's puzzle CSV instead,\n" +
      "filters it, and writes the positions the solver faces. The picture\n" +
      "options after --opening are the sheet's look, as fen md takes them.",
    options: [
      ...OPTIONS,
      ...lookRows(pictures),
      HELP_OPTION,
    ],
  };
}

/** The picture options' rows a sheet takes. */
function lookRows(pictures: PictureOptions): OptionSpec[] {
  return pictures.rows.filter((row) => !NOT_A_LOOK.has(row.name));
}

/** `fen puzzles`' front end, with the command's picture options. */
export function puzzlesProgram(pictures: PictureOptions): Program {
  return {
    spec: puzzlesSpec(pictures),
    run: async (parsed: ParsedArgs, io: CliIo): Promise<number> => {
      const settings = puzzlesSettings(parsed, pictures);
      return (await import("../puzzle/mod.ts")).puzzles(settings, io);
    },
  };
}

/** A whole-number option of this program's table (lib/subcommands/args.ts). */
function count(
  parsed: ParsedArgs,
  name: string,
  min: number,
): number | undefined {
  return countOf(parsed, { name, min, options: OPTIONS });
}

function rangeOf(parsed: ParsedArgs, name: string): Range | null {
  const text = valueOf(parsed, name);
  if (text === undefined) return null;
  try {
    return parseRange(text);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    throw new UsageError(
      `--${name} ${JSON.stringify(text)}: ${error.message}`,
    );
  }
}

function filterOf(parsed: ParsedArgs, from: string): PuzzleFilter {
  const given = FILTERS.find((name) => parsed.values.has(name));
  if (given !== undefined && from !== "puzzles") {
    throw new UsageError(
      `--${given} filters lichess's puzzle CSV: it needs --from puzzles`,
    );
  }
  // lichess's puzzles are found already (their themes, zugzwang included,
  // are lichess's): an engine given to them would be silently unused
  const engine = ENGINE_WORDS.find((name) => parsed.values.has(name));
  if (engine !== undefined && from === "puzzles") {
    throw new UsageError(
      `--${engine} is for the engine that finds puzzles in games: --from puzzles reads lichess's, found already`,
    );
  }
  return {
    themes: nameSet(valuesOf(parsed, "themes")),
    rating: rangeOf(parsed, "rating"),
    popularity: rangeOf(parsed, "popularity"),
    openings: nameSet(valuesOf(parsed, "opening")),
  };
}

/** `--out-dir`: needed by a sheet of picture files, refused by the rest. */
function outDirOf(parsed: ParsedArgs, format: PuzzleFormat): string | null {
  const dir = valueOf(parsed, "out-dir") ?? null;
  const files = (sheetOf(format) ?? "inline") !== "inline";
  if (files && dir === null) {
    throw new UsageError(
      `--format ${format} writes its pictures as files: give --out-dir <dir>`,
    );
  }
  if (!files && dir !== null) {
    throw new UsageError(
      `--out-dir holds the pictures of --format svg, png or gif, not of --format ${format}`,
    );
  }
  return dir;
}

/** The sheet's look: the picture options given, over `fen md`'s defaults. */
function lookOf(
  parsed: ParsedArgs,
  pictures: PictureOptions,
): RenderSvgOptions {
  return pictures.reader(pictureArgv(parsed, lookRows(pictures)))([]).svg;
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

/**
 * The settings of `fen puzzles` from its parsed command line.
 *
 * @throws {UsageError} For a bad value, a filter without `--from puzzles`,
 *   or an engine's option with it.
 */
export function puzzlesSettings(
  parsed: ParsedArgs,
  pictures: PictureOptions,
): PuzzlesSettings {
  const from = (valueOf(parsed, "from") ?? "pgn") as "pgn" | "puzzles";
  const format = (valueOf(parsed, "format") ??
    (from === "puzzles" ? "fen" : "csv")) as PuzzleFormat;
  const limit: SearchLimit = { nodes: count(parsed, "nodes", 1)! };
  const jobs = count(parsed, "jobs", 0)!;
  return {
    inputs: [...parsed.operands],
    from,
    format,
    outDir: outDirOf(parsed, format),
    look: lookOf(parsed, pictures),
    engine: valueOf(parsed, "engine") ?? null,
    engineOptions: engineOptionsOf(parsed),
    limit,
    jobs: jobs === 0 ? navigator.hardwareConcurrency : jobs,
    // the generator's searches are twice the analysis's (multipv 2)
    timeoutMs: count(parsed, "engine-timeout", 1) ??
      20_000 + (limit.nodes ?? 0) / 10,
    cache: valueOf(parsed, "cache") ?? null,
    filter: filterOf(parsed, from),
    themes: puzzleThemes,
  };
}

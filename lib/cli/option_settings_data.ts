// The settings of data and engine work, checked: `--en-passant`,
// `--unique[=LEVEL]`, `--only`, `--stats`, `--quiet`, `--repair`, `--uci`,
// `--san`, `--perft`, `--divide`, `--opening`, `--json-fields`, and where
// each goes.

import type { Rules } from "../types.ts";
import type { Shard } from "./option_settings_scale.ts";
import type { EnPassantMode } from "../moves/mod.ts";
import type { PositionKeyLevel, RecordKind } from "../data/unique/mod.ts";
import { choice, flag, shown, text } from "./option_settings_diagram.ts";
import { FORMAT_TABLE, type FormatName, formatsWith } from "./format_table.ts";
import {
  type OptionSpec,
  optionSpec,
  type ParsedArgs,
} from "./option_table.ts";
import { UsageError } from "../program/usage_error.ts";
import { lowered } from "../program/messages.ts";
import { JSON_FIELDS, type JsonField } from "./option_table_data.ts";
import {
  compileMatch,
  MatchSyntaxError,
  type PositionMatch,
} from "../match/mod.ts";

/** What data and engine work a run does. */
export interface DataSettings {
  enPassant: EnPassantMode;
  /** `--unique`'s level, or `null`. */
  unique: PositionKeyLevel | null;
  only: RecordKind | null;
  stats: boolean;
  /** `--stats=json`: the counts as one JSON object (which fen merge adds up). */
  statsJson: boolean;
  /** `--stats` with nothing else to write: the counts go to stdout. */
  statsOnly: boolean;
  quiet: boolean;
  repair: boolean;
  /** `--uci` or `--san`, or `null`. */
  notation: "uci" | "san" | null;
  /** `--perft`'s depth, or `null`. */
  perft: number | null;
  divide: boolean;
  opening: boolean;
  /** The members `--json-fields` adds to JSON objects. */
  jsonFields: JsonFields;
  /** `--match`'s pattern, compiled, or `null`. */
  match: PositionMatch | null;
}

/**
 * Whether the run writes its own output rather than a format's (`--perft`,
 * or `--stats` without `--format`): `--format` then stands for nothing.
 */
export function ownOutput(args: ParsedArgs): boolean {
  return args.values.has("perft") ||
    (args.values.has("stats") && !args.values.has("format"));
}

/** The data settings of a command line; throws a UsageError naming a bad one. */
export function dataSettings(args: ParsedArgs): DataSettings {
  const unique = args.values.get("unique");
  const uci = flag(args, "uci");
  const san = flag(args, "san");
  if (uci && san) throw new UsageError("--uci and --san: choose one");
  const perft = text(args, "perft");
  return {
    enPassant: choice<EnPassantMode>(args, "en-passant") ??
      optionSpec("en-passant").default as EnPassantMode,
    unique: unique === undefined
      ? null
      : unique === true
      ? optionSpec("unique").default as PositionKeyLevel
      : choice<PositionKeyLevel>(args, "unique")!,
    only: choice<RecordKind>(args, "only") ?? null,
    stats: args.values.has("stats"),
    statsJson: choice(args, "stats") === "json",
    statsOnly: args.values.has("stats") && !args.values.has("format") &&
      !flag(args, "check") && perft === undefined,
    quiet: flag(args, "quiet"),
    repair: flag(args, "repair"),
    notation: uci ? "uci" : san ? "san" : null,
    perft: perft === undefined ? null : depthOf(perft),
    divide: flag(args, "divide"),
    opening: flag(args, "opening"),
    jsonFields: jsonFieldsOf(text(args, "json-fields")),
    match: matchOf(text(args, "match")),
  };
}

/** Which of {@linkcode JSON_FIELDS} a JSON object has. */
export type JsonFields = { readonly [F in JsonField]: boolean };

/** `--json-fields`: names from {@linkcode JSON_FIELDS}, or `all`. */
function jsonFieldsOf(list: string | undefined): JsonFields {
  const fields = { board: false, key: false, input: false };
  if (list === undefined) return fields;
  for (const name of list.split(",")) {
    if (name === "all") {
      for (const field of JSON_FIELDS) fields[field] = true;
    } else if ((JSON_FIELDS as readonly string[]).includes(name)) {
      fields[name as JsonField] = true;
    } else {
      throw new UsageError(
        `--json-fields ${shown(list)}: ${shown(name)} is not one of ${
          JSON_FIELDS.join(", ")
        } or all`,
      );
    }
  }
  return fields;
}

/** `--match`: the pattern compiled, its error a usage error. */
function matchOf(pattern: string | undefined): PositionMatch | null {
  if (pattern === undefined) return null;
  try {
    return compileMatch(pattern);
  } catch (error) {
    if (!(error instanceof MatchSyntaxError)) throw error;
    throw new UsageError(
      `--match ${shown(pattern)}: ${lowered(error.message)}`,
    );
  }
}

/**
 * Whether `--match` picks games rather than positions: games read for
 * their last position (`--from pgn`, `--ply last`) are kept when one of
 * their positions matches.
 */
export function matchesGames(
  settings: { from: string; select: { ply: unknown } },
): boolean {
  return settings.from === "pgn" && settings.select.ply === "last";
}

/**
 * The deepest `--perft`: depth 12 of the start position is 6.3e16 leaves
 * (years here); the library counts deeper, nobody waits for it.
 */
export const MAX_PERFT_DEPTH = 12;

/** `--perft`: a depth from 1 to {@linkcode MAX_PERFT_DEPTH}. */
function depthOf(value: string): number {
  const depth = /^[1-9][0-9]{0,2}$/.test(value) ? Number(value) : 0;
  if (depth >= 1 && depth <= MAX_PERFT_DEPTH) return depth;
  throw new UsageError(
    depth > MAX_PERFT_DEPTH
      ? `--perft ${depth} would run for years: depths go from 1 to ${MAX_PERFT_DEPTH} plies (the start position has 6.3e16 leaves at 12)`
      : `--perft ${
        shown(value)
      } must be a depth from 1 to ${MAX_PERFT_DEPTH} plies`,
  );
}

/** What {@linkcode checkData} checks against. */
export interface DataContext {
  format: FormatName;
  check: boolean;
  formatGiven: boolean;
  data: DataSettings;
}

/** What writes the run's output, for messages: `--check`, `--format fen`... */
export function outputName(context: DataContext): string {
  const { format, check, data } = context;
  return check
    ? "--check"
    : data.perft !== null
    ? "--perft"
    : data.statsOnly
    ? "--stats"
    : `--format ${format}`;
}

/** Refuses a data option where it would be ignored, as its scope says. */
export function checkDataScope(spec: OptionSpec, context: DataContext): void {
  const { format, check, data } = context;
  const writes = data.perft === null && !data.statsOnly && !check;
  const output = outputName(context);
  const refuse = (what: string) => {
    throw new UsageError(`--${spec.name} goes with ${what}, not ${output}`);
  };
  // The scopes of the formats' traits: an option goes with the formats
  // that have the trait its scope names.
  if (
    spec.scope === "fields" || spec.scope === "notation" ||
    spec.scope === "json"
  ) {
    if (!(writes && FORMAT_TABLE[format][spec.scope] !== undefined)) {
      refuse(formatsWith(spec.scope));
    }
  }
  if (spec.scope === "quiet" && !check) {
    throw new UsageError(`--${spec.name} goes with --check`);
  }
  if (spec.scope === "perft" && data.perft === null) {
    throw new UsageError(`--${spec.name} goes with --perft`);
  }
}

/** The combinations of data options that say two things at once. */
export function checkData(context: DataContext): void {
  const { data, check, formatGiven } = context;
  if (data.perft !== null && (check || formatGiven)) {
    throw new UsageError(
      "--perft writes its own counts: it does not go with --check or --format",
    );
  }
}

/** What the settings of a run need of the data stages (lib/cli/transform_data.ts). */
export interface DataRun {
  format: FormatName;
  check: boolean;
  /** The rules the run plays under (`--variant`, `--chess960`). */
  rules: Rules;
  explain: boolean;
  data: DataSettings;
  from: string;
  select: { ply: unknown };
  /** `--shard`, which `--stats=json` names. */
  scale?: { shard: Shard | null };
}

/** Whether a run has a data transform, so lib/cli/transform_data.ts must be loaded. */
export function needsDataStages(settings: DataRun): boolean {
  const { data, format, check } = settings;
  const writes = !check && data.perft === null && !data.statsOnly;
  return data.stats || data.repair || data.unique !== null ||
    (data.match !== null && !matchesGames(settings)) ||
    data.only !== null || data.enPassant !== "always" ||
    (writes && FORMAT_TABLE[format].notation === "legal") ||
    (writes && FORMAT_TABLE[format].notation === "operations" &&
      data.notation !== null);
}

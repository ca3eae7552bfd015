// The options of data and engine work, apart from the rest of the option
// table (lib/cli/options.ts spreads them in, before --verbose): their
// choices come from the names of lib/data/unique/, which load nothing.

import { POSITION_KEY_LEVELS, RECORD_KINDS } from "../data/unique/names.ts";
import type { OptionSpec } from "./option_spec.ts";

/**
 * The members `--format json` writes only when `--json-fields` asks: each
 * costs about what reading the record costs (the 64 squares, the Polyglot
 * key, the line as given), where the rest of the object costs what
 * `--format fen` costs.
 */
export const JSON_FIELDS = ["board", "key", "input"] as const;

/** A member of {@linkcode JSON_FIELDS}. */
export type JsonField = typeof JSON_FIELDS[number];

/** The options of data and engine work, in the order `--help` lists them. */
export const DATA_OPTIONS = [
  {
    name: "en-passant",
    value: "<mode>",
    choices: ["always", "legal", "pseudo-legal"],
    default: "always",
    group: "data",
    scope: "fields",
    help: "when to write the en-passant square",
  },
  {
    name: "unique",
    value: "<level>",
    optional: true,
    choices: POSITION_KEY_LEVELS,
    default: "record",
    group: "data",
    help: "keep the first record of each position",
  },
  {
    name: "match",
    value: "<pattern>",
    group: "data",
    help:
      "keep the positions matching a pattern (--from pgn: the games that reach one): a placement in pgn-extract's FENPattern syntax or material such as KRPvKR, then w or b",
  },
  {
    name: "only",
    value: "<kind>",
    choices: RECORD_KINDS,
    group: "data",
    help: "keep only records of one kind",
  },
  {
    name: "stats",
    value: "<form>",
    optional: true,
    choices: ["text", "json"],
    default: "text",
    group: "data",
    help:
      "count records by kind and uniques at each level, at the end (json: for fen merge)",
  },
  {
    name: "quiet",
    group: "data",
    scope: "quiet",
    help: "--check: report problems only, and a summary at the end",
  },
  {
    name: "repair",
    group: "data",
    help: "the nearest position an engine can take (--explain tells how)",
  },
  {
    name: "uci",
    group: "data",
    scope: "notation",
    help: "write moves in UCI (--format epd: bm, am, pm, sm)",
  },
  {
    name: "san",
    group: "data",
    scope: "notation",
    help: "write moves in SAN (--format epd, --format moves)",
  },
  {
    name: "perft",
    value: "<depth>",
    group: "data",
    help: "count the move paths of each record to <depth> plies (1-12)",
  },
  {
    name: "divide",
    group: "data",
    scope: "perft",
    help: "--perft: the count below each legal move, as engines print it",
  },
  {
    name: "opening",
    group: "data",
    scope: "json",
    help: "--format json: add the opening's ECO code and name",
  },
  {
    name: "json-fields",
    value: "<list>",
    group: "data",
    scope: "json",
    help: `--format json: also write ${
      JSON_FIELDS.join(", ")
    } or all (comma-separated; the squares as an array, the Polyglot key, the line as given)`,
  },
] as const satisfies readonly OptionSpec[];

// The option tables of `fen db import`, `query`, `export` and `merge`:
// their parsers, help and completions come from here (lib/program/args.ts).

import {
  HELP_OPTION,
  type OptionSpec,
  type ProgramSpec,
} from "../program/args.ts";
import { PROGRESS_OPTIONS } from "./args.ts";
import { DEFAULT_INDEX_PLIES } from "../db/import.ts";
import { SPEEDS } from "../db/speed.ts";
import { VARIANT_RULES } from "../types.ts";

/** The words of the db subcommands. */
export type DbWord = "import" | "query" | "export" | "merge";

const DB_OPTION: OptionSpec = {
  name: "db",
  value: "<file>",
  help: "the database (made when missing; :memory: for a dry run)",
};

/** The options that choose games (`query` and `export`). */
const GAME_OPTIONS: readonly OptionSpec[] = [
  {
    name: "match",
    value: "<pattern>",
    help: "games reaching a position matching it, as fen --match reads it",
  },
  {
    name: "player",
    value: "<name>",
    help: "games of this player (the White or Black tag, any case)",
  },
  {
    name: "color",
    value: "<color>",
    choices: ["white", "black"],
    help: "with --player: only the games where the player had this colour",
  },
  {
    name: "min-rating",
    value: "<r>",
    help: "games whose players' average rating is at least r",
  },
  {
    name: "max-rating",
    value: "<r>",
    help: "games whose players' average rating is at most r",
  },
  {
    name: "speed",
    value: "<speeds>",
    suggest: SPEEDS,
    help: "games of these speeds, comma-separated (lichess's classes)",
  },
  {
    name: "eco",
    value: "<code>",
    help: "games of this ECO code, prefix (B2) or range (B20-B99)",
  },
  {
    name: "result",
    value: "<result>",
    choices: ["1-0", "0-1", "1/2-1/2", "*"],
    help: "games with this result",
  },
  {
    name: "id",
    value: "<n>",
    multiple: true,
    help: "the game of this id (again for more), as the explorer lists it",
  },
];

/** The explorer's options (`query --fen` or `--moves`). */
const EXPLORER_OPTIONS: readonly OptionSpec[] = [
  {
    name: "fen",
    value: "<FEN>",
    help: "the explorer's answer for this position",
  },
  {
    name: "moves",
    value: "<moves>",
    help: 'the explorer\'s answer after these moves ("e4 e5 Nf3", SAN or UCI)',
  },
  {
    name: "variant",
    value: "<name>",
    suggest: VARIANT_RULES,
    help: "the variant's index: its rules read --fen and --moves " +
      "(standard by default; lichess's names too: kingOfTheHill...)",
  },
  {
    name: "speeds",
    value: "<speeds>",
    suggest: SPEEDS,
    help: "count games of these speeds, comma-separated (all by default)",
  },
  {
    name: "ratings",
    value: "<groups>",
    help: "count games of these rating groups (1600,1800: lichess's groups)",
  },
  {
    name: "top-games",
    value: "<n>",
    default: "4",
    help: "list at most n of the highest rated games",
  },
  {
    name: "recent-games",
    value: "<n>",
    default: "4",
    help: "list at most n of the most recent games",
  },
];

const SINCE_OPTIONS: readonly OptionSpec[] = [
  {
    name: "since",
    value: "<YYYY-MM>",
    help: "games played that month or later (YYYY.MM.DD: that day)",
  },
  {
    name: "until",
    value: "<YYYY-MM>",
    help: "games played that month or earlier (YYYY.MM.DD: that day)",
  },
];

/** The db subcommands' tables. */
export const DB_SPECS: Readonly<Record<DbWord, ProgramSpec>> = {
  import: {
    name: "db import",
    operands: "[<pgn-file>...] --db games.db",
    about:
      "Imports games (stdin without files; gzip and zstd read as they are)\n" +
      "into an SQLite database, made when missing and added to otherwise: each\n" +
      "game once (a game seen before, by its site URL or by its tags and\n" +
      "moves, is skipped and counted), and the positions of its first plies\n" +
      "in the explorer index. Writes what it did on one line.",
    options: [
      DB_OPTION,
      {
        name: "index-plies",
        value: "<n>",
        default: String(DEFAULT_INDEX_PLIES),
        help:
          "index the positions of each game's first n plies (a new database)",
      },
      {
        name: "no-annotations",
        help: "keep the moves only: no comments, NAGs or variations",
      },
      {
        name: "shard",
        value: "<i/n>",
        help: "import the i-th of n parts of the games (fen db merge adds " +
          "the parts up)",
      },
      {
        name: "jobs",
        value: "<n>",
        default: "1",
        help: "with 2 or more (0: one per core), store and index the " +
          "games on a worker thread; the database as with 1",
      },
      ...PROGRESS_OPTIONS,
      HELP_OPTION,
    ],
  },
  query: {
    name: "db query",
    operands: "<games.db> [--fen FEN | --moves MOVES] [options]",
    about:
      "With --fen or --moves, the explorer's answer for the position in the\n" +
      "shape of the lichess opening explorer's (a table at a terminal, JSON\n" +
      "otherwise); with --player and --color too, over that player's games\n" +
      "(a scan, to any depth). Without them, the games chosen by the options,\n" +
      "in the order imported, written as --format says.",
    options: [
      ...EXPLORER_OPTIONS,
      ...SINCE_OPTIONS,
      ...GAME_OPTIONS,
      {
        name: "format",
        value: "<format>",
        choices: ["pgn", "json", "epd", "fen", "key", "table"],
        help: "games: pgn (default), json, or their last position as epd, " +
          "fen or key; the explorer: json or table",
      },
      HELP_OPTION,
    ],
  },
  export: {
    name: "db export",
    operands: "<games.db> [options]",
    about:
      "Writes a database's games as PGN, as fen --format pgn writes the games\n" +
      "they were imported from, in the order imported; the options choose\n" +
      "games as fen db query's do.",
    options: [...SINCE_OPTIONS, ...GAME_OPTIONS, HELP_OPTION],
  },
  merge: {
    name: "db merge",
    operands: "<a.db> <b.db>... --db out.db",
    about:
      "Merges databases into one (made when missing): the games of each in\n" +
      "order, a game already there skipped, the explorer index summed; the\n" +
      "databases of parts of a file merge into the one the whole gives.",
    options: [DB_OPTION, HELP_OPTION],
  },
};

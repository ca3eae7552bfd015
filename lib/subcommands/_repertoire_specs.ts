// The option tables of `fen repertoire check`, `gaps`, `prune` and
// `stats`: their parsers, help and completions come from here
// (lib/program/args.ts).

import { PROGRESS_OPTIONS } from "./args.ts";
import {
  HELP_OPTION,
  type OptionSpec,
  type ProgramSpec,
} from "../program/args.ts";

const COLOR: OptionSpec = {
  name: "color",
  value: "<color>",
  choices: ["white", "black"],
  help: "the side the repertoire is for (with --player: only those games)",
};

const PLAYER: OptionSpec = {
  name: "player",
  value: "<name>",
  help: "your side in each game: the one whose White or Black tag is this",
};

/** Where the counts of `gaps` and `prune` come from. */
const COUNTS: readonly OptionSpec[] = [
  {
    name: "player",
    value: "<name>",
    help: "count only this player's games in the colour --color says",
  },
  {
    name: "games",
    value: "<pgn-file>",
    multiple: true,
    help: "count the games of this file, as fen tree counts (again for more)",
  },
  {
    name: "db",
    value: "<file>",
    help: "count the games of this database, as its explorer does",
  },
];

const FORMAT: OptionSpec = {
  name: "format",
  value: "<format>",
  choices: ["text", "json"],
  default: "text",
  help: "a table, or JSON lines",
};

const REPERTOIRE_ABOUT =
  "The repertoire is PGN with variations (every game of the file, as a\n" +
  "lichess study's chapters, read as one tree), a Polyglot book (.bin) or\n" +
  "fen tree's lines; its positions are told apart by their Polyglot key, so\n" +
  "that transpositions meet.";

/** The words of the repertoire subcommands. */
export type RepertoireWord = "check" | "gaps" | "prune" | "stats";

/** The repertoire subcommands' tables. */
export const REPERTOIRE_SPECS: Readonly<Record<RepertoireWord, ProgramSpec>> = {
  check: {
    name: "repertoire check",
    operands: "<repertoire> [<pgn-file>...]",
    about: "For each game (stdin without files), the first move that leaves\n" +
      "the repertoire: a move not prepared in the position it is played\n" +
      "from. Yours is a deviation, the opponent's a surprise; past the end\n" +
      "of a prepared line is not an exit. Then a summary: the plies the\n" +
      "games stayed in preparation, your deviations and their surprises by\n" +
      "position. --format pgn writes the games with a comment where each\n" +
      "left.\n" + REPERTOIRE_ABOUT,
    options: [
      COLOR,
      PLAYER,
      {
        ...FORMAT,
        choices: ["text", "json", "pgn"],
        help: "a table, JSON lines (the summary last), or the games as PGN",
      },
      { name: "summary", help: "write the summary only" },
      ...PROGRESS_OPTIONS,
      HELP_OPTION,
    ],
  },
  gaps: {
    name: "repertoire gaps",
    operands: "<repertoire>",
    about: "The opponents' moves the repertoire has no answer to, in its\n" +
      "positions where they are to move, counted in games (--games) or a\n" +
      "database (--db), most played first: a move whose position is not in\n" +
      "the repertoire, or is with nothing prepared in it.\n" +
      REPERTOIRE_ABOUT,
    options: [
      COLOR,
      ...COUNTS,
      {
        name: "min-games",
        value: "<k>",
        default: "1",
        help: "list a move played in at least k games",
      },
      {
        name: "min-share",
        value: "<percent>",
        default: "0",
        help: "list a move played in at least this share of the games there",
      },
      FORMAT,
      HELP_OPTION,
    ],
  },
  prune: {
    name: "repertoire prune",
    operands: "<repertoire>",
    about: "The repertoire without the lines the games (--games) or the\n" +
      "database (--db) reach less often than --below (1/N of the games\n" +
      "that reach its start), as PGN: one game per first move, which\n" +
      "lichess imports as a study's chapters.\n" + REPERTOIRE_ABOUT,
    options: [
      COLOR,
      ...COUNTS,
      {
        name: "below",
        value: "<1/N>",
        default: "1/100",
        help: "drop positions reached by fewer than this share of the games",
      },
      HELP_OPTION,
    ],
  },
  stats: {
    name: "repertoire stats",
    operands: "<repertoire>",
    about: "The repertoire's size: positions (yours and theirs), moves,\n" +
      "chapters, its longest line, the positions with more than one move\n" +
      "prepared, the ends of lines and the transpositions (positions two\n" +
      "lines reach). --pgn writes it back as PGN instead.\n" +
      REPERTOIRE_ABOUT,
    options: [
      COLOR,
      FORMAT,
      {
        name: "pgn",
        help: "write the repertoire as PGN, one game per first move",
      },
      HELP_OPTION,
    ],
  },
};

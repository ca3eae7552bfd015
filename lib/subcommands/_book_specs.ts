// The option tables of `fen book make`, `probe`, `merge` and `dump`: their
// parsers, help and completions come from here (lib/program/args.ts).

import { UsageError } from "../program/usage_error.ts";
import { PROGRESS_OPTIONS } from "./args.ts";
import {
  HELP_OPTION,
  type OptionSpec,
  type ParsedArgs,
  type ProgramSpec,
  valueOf,
  wholeOption,
} from "../program/args.ts";
import { BOOK_BUDGET, type BookMakeOptions } from "../book/make.ts";

const HELP = HELP_OPTION;

/** `fen book make`'s options: polyglot make-book's, with its defaults. */
const MAKE_OPTIONS: readonly OptionSpec[] = [
  {
    name: "max-ply",
    value: "<n>",
    default: "1024",
    help: "count the moves of each game's first n plies",
  },
  {
    name: "min-game",
    value: "<k>",
    default: "3",
    help: "keep a move played in at least k games",
  },
  {
    name: "min-score",
    value: "<s>",
    default: "0",
    help: "keep a move scoring at least s percent for its side",
  },
  {
    name: "only-white",
    help: "keep White's moves only",
  },
  {
    name: "only-black",
    help: "keep Black's moves only",
  },
  {
    name: "uniform",
    help: "weigh every move kept 1",
  },
  ...PROGRESS_OPTIONS,
  HELP,
];

/** The words of the book subcommands. */
export type BookWord = "make" | "probe" | "merge" | "dump";

/** The book subcommands' tables. */
export const BOOK_SPECS: Readonly<Record<BookWord, ProgramSpec>> = {
  make: {
    name: "book make",
    operands: "[<pgn-file>...] > book.bin",
    about:
      "Makes a Polyglot opening book from games (stdin without files), the\n" +
      "same bytes as polyglot make-book with the same options. Weights are\n" +
      "2 a win and 1 a draw (or unknown result) for the side that moved,\n" +
      "halved for a position when one of its moves reaches 16,384 games.\n" +
      `Counts past ${BOOK_BUDGET.toLocaleString("en")} entries (about 48 MB)` +
      " are spilled to temporary files.",
    options: MAKE_OPTIONS,
  },
  probe: {
    name: "book probe",
    operands: "<book.bin> [<FEN>...]",
    about:
      "Lists a Polyglot book's moves for each position (FEN or EPD lines on\n" +
      "stdin without operands or for -), read as fen reads records: an\n" +
      "unquoted record's words are one record, a placement alone is White to\n" +
      "move with no rights. SAN, UCI, weight, share and learn, the entries\n" +
      "python-chess's reader gives (legal moves, weight 1 or more).",
    options: [
      {
        name: "format",
        value: "<format>",
        choices: ["text", "json"],
        default: "text",
        help: "a line per move, or a JSON object per position",
      },
      {
        name: "min-weight",
        value: "<w>",
        default: "1",
        help: "list moves weighing w or more (0: every entry)",
      },
      HELP,
    ],
  },
  merge: {
    name: "book merge",
    operands: "<a.bin> <b.bin> > c.bin",
    about:
      "Merges two Polyglot books as polyglot merge-book does: the weights of\n" +
      "a move both have add up (kept at 65,535 where polyglot wraps them).",
    options: [HELP],
  },
  dump: {
    name: "book dump",
    operands: "<book.bin> --color white|black",
    about:
      "Writes a Polyglot book's lines for one side from the start position,\n" +
      "as polyglot dump-book does.",
    options: [
      {
        name: "color",
        value: "<color>",
        choices: ["white", "black"],
        help: "the side whose lines are written (needed)",
      },
      HELP,
    ],
  },
};

/** `fen book make`'s options as {@linkcode BookMakeOptions}. */
export function bookMakeOptions(args: ParsedArgs): BookMakeOptions {
  const { values } = args;
  if (values.has("only-white") && values.has("only-black")) {
    throw new UsageError("--only-white and --only-black exclude each other");
  }
  const scoreText = valueOf(args, "min-score") ?? "0";
  const minScore = /^[0-9]{1,3}(\.[0-9]+)?$/.test(scoreText)
    ? Number(scoreText)
    : NaN;
  if (!(minScore >= 0 && minScore <= 100)) {
    throw new UsageError(
      `--min-score takes a percent from 0 to 100, not ${
        JSON.stringify(scoreText)
      }`,
    );
  }
  return {
    maxPly: wholeOption(args, "max-ply", { fallback: 1024, min: 0, max: 1e9 }),
    minGame: wholeOption(args, "min-game", { fallback: 3, min: 1, max: 1e9 }),
    minScore,
    only: values.has("only-white")
      ? "white"
      : values.has("only-black")
      ? "black"
      : null,
    uniform: values.has("uniform"),
  };
}

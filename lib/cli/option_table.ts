// The command line as data: ONE table of options, from which the argv
// parser, the help text and (through a test) docs/command.md's table come. The
// parser is getopts-style like the classic shell script (-nl red, -l#fff,
// options anywhere, -- ends them) plus --long and --long=value; written
// here rather than loading node:util, which cost the one-shot path ~5 ms.

import {
  BOARD_THEMES,
  COORDINATES,
  DEFAULT_ARROW_COLOR,
  DEFAULT_DARK,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_LAST_MOVE_COLOR,
  DEFAULT_LIGHT,
  DEFAULT_SIZE,
  DEFAULT_THEME,
  FRAMES,
  PIECE_SETS,
  SVG_STYLES,
} from "../svg/defaults.ts";
import { DATA_OPTIONS } from "./option_table_data.ts";
import { SCALE_OPTIONS } from "./option_table_scale.ts";
import { PROGRESS_HELP } from "../program/progress_options.ts";
import { VARIANT_RULES } from "../types.ts";
// The `--format` choices: the formats table's rows, which hold their traits.
import { FORMAT_NAMES } from "./format_table.ts";

/** The GIF format's default frame delay, in centiseconds (lib/gif's). */
const DEFAULT_DELAY = 50;

export type { OptionScope, OptionSpec } from "./option_spec.ts";
import type { OptionSpec } from "./option_spec.ts";
import type { ParsedArgs as ProgramArgs } from "../program/args.ts";

/** The castling notations of `--castling` (`stringifyFen`'s `castling`). */
export const CASTLING_NOTATIONS = ["x-fen", "shredder"] as const;

/** The pocket forms of `--pockets` (`stringifyFen`'s `pockets`). */
export const POCKET_FORMS = ["brackets", "rank"] as const;

/** The three-check counter forms of `--checks` (`stringifyFen`'s `checks`). */
export const CHECK_FORMS = ["given", "remaining"] as const;

/** The input kinds of `--from`. */
export const INPUT_KINDS = ["fen", "grid", "pgn"] as const;

/** Every option of the `fen` command, in the order `--help` lists them. */
export const OPTIONS = [
  {
    name: "labels",
    short: "n",
    group: "diagram",
    scope: "diagram",
    oneShot: true,
    help: "draw file letters and rank digits around the board",
  },
  {
    name: "light",
    short: "l",
    value: "<color>",
    lastWins: true,
    group: "diagram",
    scope: "diagram",
    oneShot: true,
    help:
      `color of the light squares (classic ${DEFAULT_LIGHT}; vector: the theme's)`,
  },
  {
    name: "dark",
    short: "d",
    value: "<color>",
    lastWins: true,
    group: "diagram",
    scope: "diagram",
    oneShot: true,
    help:
      `color of the dark squares (classic ${DEFAULT_DARK}; vector: the theme's)`,
  },
  {
    name: "flip",
    group: "diagram",
    scope: "board",
    oneShot: true,
    help: "draw boards from Black's side (every board format)",
  },
  {
    name: "style",
    value: "<name>",
    choices: SVG_STYLES,
    default: "classic",
    group: "diagram",
    scope: "diagram",
    oneShot: true,
    help: "the drawing; vector needs no fonts (png, gif: always vector)",
  },
  {
    name: "theme",
    value: "<name>",
    choices: Object.keys(BOARD_THEMES),
    default: DEFAULT_THEME,
    group: "diagram",
    scope: "vector",
    help: "the board's colors, as lichess names them",
  },
  {
    name: "pieces",
    value: "<set>",
    choices: PIECE_SETS,
    default: PIECE_SETS[0],
    group: "diagram",
    scope: "vector",
    help: "the piece set: Burnett's (Wikipedia, lichess) or DejaVu",
  },
  {
    name: "frame",
    value: "<kind>",
    choices: FRAMES,
    default: FRAMES[0],
    group: "diagram",
    scope: "vector",
    help: "the board's border",
  },
  {
    name: "coordinates",
    value: "<where>",
    choices: COORDINATES,
    default: "none",
    group: "diagram",
    scope: "vector",
    help: "file letters and rank digits (-n: outside)",
  },
  {
    name: "size",
    value: "<px>",
    default: String(DEFAULT_SIZE),
    group: "diagram",
    scope: "diagram",
    oneShot: true,
    help: "width and height in pixels",
  },
  {
    name: "highlight",
    value: "<squares>",
    multiple: true,
    group: "diagram",
    scope: "diagram",
    help: "tint squares, such as e4,Rd5 (G, R, Y, B: colors; repeatable)",
  },
  {
    name: "highlight-color",
    value: "<color>",
    default: DEFAULT_HIGHLIGHT_COLOR,
    group: "diagram",
    scope: "diagram",
    help: "the tint of --highlight",
  },
  {
    name: "arrow",
    value: "<move>",
    multiple: true,
    group: "diagram",
    scope: "diagram",
    help: "draw arrows, such as e2e4,Rd1d8 (G, R, Y, B; repeatable)",
  },
  {
    name: "arrow-color",
    value: "<color>",
    default: DEFAULT_ARROW_COLOR,
    group: "diagram",
    scope: "diagram",
    help: "the color of --arrow",
  },
  {
    name: "last-move",
    aliases: ["lastmove"],
    value: "<move>",
    group: "diagram",
    scope: "diagram",
    help: `tint the last move's squares (${DEFAULT_LAST_MOVE_COLOR})`,
  },
  {
    name: "mark-check",
    group: "diagram",
    scope: "diagram",
    help: "mark a king in check (vector: always)",
  },
  {
    name: "mark-hill",
    group: "diagram",
    scope: "diagram",
    help: "tint the hill, d4 e4 d5 e5 (king of the hill), as --highlight",
  },
  {
    name: "side-to-move",
    group: "diagram",
    scope: "diagram",
    help: "mark the side to move when the record gives it",
  },
  {
    name: "accessible",
    group: "diagram",
    scope: "diagram",
    help: "add a text alternative (vector: always)",
  },
  {
    name: "delay",
    value: "<cs>",
    default: String(DEFAULT_DELAY),
    group: "diagram",
    scope: "gif",
    help: "an animation's time per move, in centiseconds",
  },
  {
    name: "white",
    value: "<name>",
    group: "diagram",
    scope: "gif",
    help: "White's name in a GIF's bar (games: the White tag)",
  },
  {
    name: "black",
    value: "<name>",
    group: "diagram",
    scope: "gif",
    help: "Black's name in a GIF's bar (games: the Black tag)",
  },
  {
    name: "format",
    value: "<name>",
    choices: FORMAT_NAMES,
    default: "svg",
    group: "output",
    help: "output format (see Formats)",
  },
  {
    name: "empty",
    value: "<char>",
    default: "*",
    group: "output",
    help: "the empty-square mark of --format grid",
  },
  {
    name: "out-dir",
    value: "<dir>",
    group: "output",
    help: "write one file per record into <dir> (svg, png, gif)",
  },
  {
    name: "name",
    value: "<pattern>",
    default: "{line}",
    group: "output",
    scope: "out-dir",
    help: "--out-dir names: {line}, {n}, {id}; games: {game}, {ply}, {White}",
  },
  {
    name: "castling",
    value: "<notation>",
    choices: CASTLING_NOTATIONS,
    default: "x-fen",
    group: "output",
    help: "how --format fen and epd write castling rights (x-fen: KQkq for " +
      "the outermost rooks; shredder: files, HAha)",
  },
  {
    name: "pockets",
    value: "<form>",
    choices: POCKET_FORMS,
    default: "brackets",
    group: "output",
    help: "crazyhouse pockets in --format fen and epd: in brackets " +
      "(RNBQKBNR[Qn], chessops, python-chess) or as a ninth rank " +
      "(rank: RNBQKBNR/Qn, lichess's server)",
  },
  {
    name: "checks",
    value: "<form>",
    choices: CHECK_FORMS,
    default: "given",
    group: "output",
    help: "three-check counters in --format fen: the checks given after " +
      "the clocks (+1+2, lichess) or those remaining before them (2+1)",
  },
  {
    name: "explain",
    group: "output",
    help: "tell on stderr what --format fen changed",
  },
  {
    name: "input",
    value: "<file>",
    multiple: true,
    group: "input",
    help: "read records from <file> (- is stdin; repeatable)",
  },
  {
    name: "from",
    value: "<kind>",
    choices: INPUT_KINDS,
    default: "fen",
    group: "input",
    help: "what records are: grid reads text boards, pgn games",
  },
  {
    name: "ply",
    value: "<ply>",
    default: "last",
    group: "input",
    scope: "pgn",
    help: "games: the position after N half-moves, last or all",
  },
  {
    name: "variations",
    group: "input",
    scope: "pgn",
    help: "games, with --ply all: the positions in variations too",
  },
  {
    name: "strict",
    group: "input",
    help: "accept only the PGN standard's FEN",
  },
  {
    name: "chess960",
    group: "input",
    help: "read castling KQkq as X-FEN (the outermost rooks)",
  },
  {
    name: "variant",
    value: "<name>",
    default: "chess",
    suggest: VARIANT_RULES,
    group: "input",
    help: "the rules records are read and judged under (docs/variants.md): " +
      `${VARIANT_RULES.join(", ")}, or a PGN Variant tag's name`,
  },
  {
    name: "moves",
    value: "<moves>",
    group: "input",
    help: 'play moves first (SAN or UCI: "e4 e5 Nf3")',
  },
  {
    name: "check",
    group: "check",
    help: "report what makes a position illegal, and its status",
  },
  ...DATA_OPTIONS,
  ...SCALE_OPTIONS,
  {
    name: "verbose",
    group: "other",
    help: "say why a FEN-string is invalid (a terminal: always)",
  },
  { name: "progress", group: "other", help: PROGRESS_HELP["progress"] },
  { name: "no-progress", group: "other", help: PROGRESS_HELP["no-progress"] },
  { name: "help", short: "h", group: "other", help: "show this help and exit" },
  { name: "version", group: "other", help: "show the version and exit" },
] as const satisfies readonly OptionSpec[];

/** The long name of an option: a misspelt name does not compile. */
export type OptionName = typeof OPTIONS[number]["name"];

/** {@linkcode OPTIONS} seen as specs, for code that reads any field. */
export const OPTION_SPECS: readonly (OptionSpec & { name: OptionName })[] =
  OPTIONS;

/** The values of a parsed command line: flags are `true`, values strings. */
export type ParsedArgs = ProgramArgs<OptionName>;

/** The spec of an option by its name. */
export function optionSpec(name: OptionName): OptionSpec {
  return OPTION_SPECS.find((o) => o.name === name)!;
}

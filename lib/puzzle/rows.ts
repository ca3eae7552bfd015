/**
 * Puzzles as rows of lichess's puzzle CSV (`PuzzleId,FEN,Moves,Rating,
 * RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags`: the FEN
 * before the opponent's move, the moves in UCI from that move), read and
 * written, and written as what `fen` writes of a position: the one the
 * solver faces (after the first move) as FEN, as EPD with `bm` the
 * solver's first move in SAN, as a PGN game whose mainline is the
 * solution, and as JSON; and the formats' table, the sheet of diagrams'
 * among them (drawn by ./sheet.ts).
 *
 * @module
 */

import { parseFen, stringifyFen } from "../fen/mod.ts";
import { playMoves } from "../moves/mod.ts";

/** lichess's puzzle CSV header, its columns in order. */
export const PUZZLE_COLUMNS = [
  "PuzzleId",
  "FEN",
  "Moves",
  "Rating",
  "RatingDeviation",
  "Popularity",
  "NbPlays",
  "Themes",
  "GameUrl",
  "OpeningTags",
] as const;

/** One puzzle, as a row of lichess's CSV; what only play fills is `null`. */
export interface PuzzleRow {
  id: string;
  /** The position before the opponent's move. */
  fen: string;
  /** UCI, the opponent's move first. */
  moves: readonly string[];
  rating: number | null;
  ratingDeviation: number | null;
  popularity: number | null;
  nbPlays: number | null;
  themes: readonly string[];
  gameUrl: string;
  openingTags: readonly string[];
}

/** The CSV header line, with its newline. */
export const CSV_HEADER: string = PUZZLE_COLUMNS.join(",") + "\n";

/**
 * What `fen puzzles` writes a puzzle as, each with its help words: a text
 * format (`head` before the first row, `text` a row), or a sheet of
 * diagrams (`sheet`: a Markdown page on stdout whose pictures are inline
 * SVG, or files of that kind in `--out-dir`; see ./sheet.ts).
 */
export const PUZZLE_FORMATS = {
  csv: {
    help: "lichess's puzzle CSV",
    head: CSV_HEADER,
    text: csvLine,
  },
  fen: {
    help: "the position after the first move",
    text: (row: PuzzleRow) => solverView(row, { solution: "none" }).fen + "\n",
  },
  epd: {
    help: "that position, bm the solver's move",
    text: epdLine,
  },
  pgn: {
    help: "a game a puzzle, the solution its mainline",
    text: (row: PuzzleRow) => puzzlePgn(row, solverView(row)),
  },
  json: {
    help: "a line of JSON a puzzle",
    text: (row: PuzzleRow) => JSON.stringify({ ...row }) + "\n",
  },
  md: {
    help: "a Markdown sheet of diagrams, inline SVG",
    sheet: "inline",
  },
  svg: {
    help: "the sheet with SVG files in --out-dir",
    sheet: "svg",
  },
  png: {
    help: "the sheet with PNG files in --out-dir",
    sheet: "png",
  },
  gif: {
    help: "the sheet with a GIF of each solution in --out-dir",
    sheet: "gif",
  },
} as const satisfies Record<string, PuzzleFormatEntry>;
/** One of {@linkcode PUZZLE_FORMATS}. */
export type PuzzleFormat = keyof typeof PUZZLE_FORMATS;
/** The formats' names, in help order. */
export const PUZZLE_FORMAT_NAMES = Object.keys(
  PUZZLE_FORMATS,
) as readonly PuzzleFormat[];

/** The pictures of a sheet: inline SVG, or files of a kind. */
export type SheetPicture = "inline" | "svg" | "png" | "gif";

/** A row of {@linkcode PUZZLE_FORMATS}. */
export interface PuzzleFormatEntry {
  /** The help's words for it. */
  readonly help: string;
  /** What comes before the first row. */
  readonly head?: string;
  /**
   * A row as text, with its newline.
   *
   * @throws {PuzzleRowError} If its moves cannot be played.
   */
  readonly text?: (row: PuzzleRow) => string;
  /** The sheet's pictures, for a sheet of diagrams. */
  readonly sheet?: SheetPicture;
}

/**
 * Writes a row in the run's format: a text format's text at once, a
 * sheet's section once its picture is drawn.
 *
 * @throws {PuzzleRowError} If its moves cannot be played.
 */
export type RowWriter = (row: PuzzleRow) => string | Promise<string>;

/** The pictures of `format`'s sheet (drawn by ./sheet.ts), or `null` for text. */
export function sheetOf(format: PuzzleFormat): SheetPicture | null {
  const entry: PuzzleFormatEntry = PUZZLE_FORMATS[format];
  return entry.sheet ?? null;
}

/**
 * Where rows go: stdout, the CSV header before the first row (or at the
 * end of a run that read its inputs and kept none: still a CSV file).
 */
export class RowsOut {
  readonly #write: (text: string) => void;
  readonly #format: PuzzleFormat;
  #started = false;

  constructor(write: (text: string) => void, format: PuzzleFormat) {
    this.#write = write;
    this.#format = format;
  }

  /** Writes rows' text. */
  write(text: string): void {
    if (text === "") return;
    this.#start();
    this.#write(text);
  }

  /** Ends the output; `read` whether the inputs were read. */
  end(read: boolean): void {
    if (read) this.#start();
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    const entry: PuzzleFormatEntry = PUZZLE_FORMATS[this.#format];
    if (entry.head !== undefined) this.#write(entry.head);
  }
}

const number = (value: number | null): string =>
  value === null ? "" : String(value);

/** A field as CSV writes it: quoted when it holds a comma, a quote or a line break. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A row as a line of lichess's CSV.
 *
 * @example A row with nothing that play fills
 * ```ts
 * import { csvLine } from "./rows.ts";
 * import assert from "node:assert/strict";
 * const line = csvLine({
 *   id: "a1b2c", fen: "6k1/8/8/8/8/8/5PPP/R5K1 b - - 0 1", moves: ["g8f8", "a1a8"],
 *   rating: null, ratingDeviation: null, popularity: null, nbPlays: null,
 *   themes: ["mateIn1"], gameUrl: "", openingTags: [],
 * });
 * assert.equal(line, "a1b2c,6k1/8/8/8/8/8/5PPP/R5K1 b - - 0 1,g8f8 a1a8,,,,,mateIn1,,\n");
 * ```
 */
export function csvLine(row: PuzzleRow): string {
  return [
    row.id,
    row.fen,
    row.moves.join(" "),
    number(row.rating),
    number(row.ratingDeviation),
    number(row.popularity),
    number(row.nbPlays),
    row.themes.join(" "),
    row.gameUrl,
    row.openingTags.join(" "),
  ].map(field).join(",") + "\n";
}

/** Why a line is not a puzzle row. */
export class PuzzleRowError extends SyntaxError {
  override name = "PuzzleRowError";
}

const whole = (text: string): number | null =>
  text === "" ? null : /^-?\d+$/.test(text) ? Number(text) : NaN;
const words = (text: string): string[] =>
  text === "" ? [] : text.split(" ").filter(Boolean);

/**
 * A line of lichess's CSV as its cells (lichess's fields hold no commas;
 * a quoted field is read too).
 */
export function csvCells(line: string): string[] {
  return line.includes('"') ? quotedCells(line) : line.split(",");
}

/**
 * A line's cells as a row.
 *
 * @example A row of lichess's file
 * ```ts
 * import { csvCells, rowOf } from "./rows.ts";
 * import assert from "node:assert/strict";
 * const row = rowOf(csvCells(
 *   "00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8,1760,80,83,72,mate mateIn2 middlegame short,https://lichess.org/yyznGmXs/black#34,Italian_Game Italian_Game_Classical_Variation",
 * ));
 * assert.equal(row.rating, 1760);
 * assert.deepEqual(row.themes, ["mate", "mateIn2", "middlegame", "short"]);
 * ```
 *
 * @throws {PuzzleRowError} If it has not the ten columns, numbers and UCI moves.
 */
export function rowOf(cells: readonly string[]): PuzzleRow {
  if (cells.length !== PUZZLE_COLUMNS.length) {
    throw new PuzzleRowError(
      `not a puzzle row: ${cells.length} columns, not ${PUZZLE_COLUMNS.length}`,
    );
  }
  const [id, fen, moves, rating, deviation, popularity, plays] = cells;
  const numbers = [rating, deviation, popularity, plays].map(whole);
  if (numbers.some(Number.isNaN)) {
    throw new PuzzleRowError("not a puzzle row: a number column is not one");
  }
  const line = words(moves);
  if (line.length < 2 || !line.every((m) => UCI.test(m))) {
    throw new PuzzleRowError("not a puzzle row: its moves are not UCI moves");
  }
  return {
    id,
    fen,
    moves: line,
    rating: numbers[0],
    ratingDeviation: numbers[1],
    popularity: numbers[2],
    nbPlays: numbers[3],
    themes: words(cells[7]),
    gameUrl: cells[8],
    openingTags: words(cells[9]),
  };
}

const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

function quotedCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /(?:"((?:[^"]|"")*)"|([^,]*))(,|$)/g;
  for (let m; (m = pattern.exec(line)) !== null;) {
    cells.push(m[1] !== undefined ? m[1].replaceAll('""', '"') : m[2]);
    if (m[3] === "") break;
  }
  return cells;
}

/** The position the solver faces and the solution in SAN. */
export interface SolverView {
  /** The FEN after the opponent's move. */
  fen: string;
  /** The opponent's move in SAN. */
  first: string;
  /** The solution (every move after the first) in SAN. */
  solution: string[];
}

/**
 * The position after the first move and the moves in SAN: the whole
 * solution (`all`, the default), its first move (`first`) or none
 * (`none`: its moves are not played, a FEN needs none of them).
 *
 * @throws {PuzzleRowError} If the FEN cannot be read or a move is not legal there.
 */
export function solverView(
  row: PuzzleRow,
  { solution = "all" }: { solution?: "all" | "first" | "none" } = {},
): SolverView {
  try {
    const first = playMoves(parseFen(row.fen), [row.moves[0]]);
    const rest = solution === "none" ? [] : playMoves(
      first.position,
      solution === "all" ? row.moves.slice(1) : row.moves.slice(1, 2),
    ).moves;
    return {
      fen: stringifyFen(first.position),
      first: first.moves[0].san,
      solution: rest.map((m) => m.san),
    };
  } catch (error) {
    throw new PuzzleRowError(
      `puzzle ${row.id}: ${(error as Error).message}`,
    );
  }
}

const quoteEpd = (text: string): string =>
  `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/**
 * A row in a text format (not a sheet's), with its newline.
 *
 * @throws {PuzzleRowError} For fen, epd and pgn, if its moves cannot be played.
 */
export function formatRow(row: PuzzleRow, format: PuzzleFormat): string {
  const entry: PuzzleFormatEntry = PUZZLE_FORMATS[format];
  if (entry.text === undefined) {
    throw new TypeError(`--format ${format} is a sheet of diagrams, not text`);
  }
  return entry.text(row);
}

/** A row as EPD: the position the solver faces, `bm` its first move, `id`. */
function epdLine(row: PuzzleRow): string {
  const { fen, solution } = solverView(row, { solution: "first" });
  const epd = fen.split(" ").slice(0, 4).join(" ");
  return `${epd} bm ${solution[0]}; id ${quoteEpd(row.id)};\n`;
}

/** A puzzle as a PGN game: the position the solver faces, the solution as the mainline. */
function puzzlePgn(row: PuzzleRow, view: SolverView): string {
  const tags: [string, string][] = [
    ["Event", `Puzzle ${row.id}`],
    ["Site", row.gameUrl === "" ? "?" : row.gameUrl],
    ["Result", "*"],
    ["SetUp", "1"],
    ["FEN", view.fen],
  ];
  if (row.rating !== null) tags.push(["PuzzleRating", String(row.rating)]);
  if (row.themes.length > 0) tags.push(["PuzzleThemes", row.themes.join(" ")]);
  if (row.openingTags.length > 0) {
    tags.push(["PuzzleOpening", row.openingTags.join(" ")]);
  }
  const head = tags.map(([name, value]) =>
    `[${name} "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"]\n`
  ).join("");
  return head + "\n" + wrapped([...solutionMovetext(view), "*"]) + "\n\n";
}

/**
 * The solution as PGN movetext tokens, numbered from the position the
 * solver faces (`6.` `Bxf7+` `Ke7` `7.` `Nd5#`; `5...` first for Black).
 */
export function solutionMovetext(view: SolverView): string[] {
  const [, turn, , , , full] = view.fen.split(" ");
  let number = Number(full), white = turn === "w";
  const tokens: string[] = [];
  view.solution.forEach((san, i) => {
    if (white) tokens.push(`${number}.`);
    else if (i === 0) tokens.push(`${number}...`);
    tokens.push(san);
    if (!white) number++;
    white = !white;
  });
  return tokens;
}

/** Tokens in lines of at most 79 characters. */
function wrapped(tokens: readonly string[]): string {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line !== "" && line.length + 1 + token.length > 79) {
      lines.push(line);
      line = token;
    } else line = line === "" ? token : `${line} ${token}`;
  }
  lines.push(line);
  return lines.join("\n");
}

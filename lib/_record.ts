// The record reader behind parseFen and fen2grid: the placement goes into
// CELLS (char codes, reused) so callers that only need the board, or only a
// verdict, build no Position.

import { FenSyntaxError } from "./error.ts";
import {
  isBlank,
  type PlacementTarget,
  quoteChar,
  scanPlacement,
} from "./_placement.ts";
import type { ParseFenOptions } from "./fen.ts";
import {
  type Side,
  FILES,
  type Piece,
  type Position,
  RANKS,
  type Square,
} from "./types.ts";

/** The placement of the last record read: 64 char codes, 0 for empty. */
export const CELLS: number[] = Array.from({ length: 64 }, () => 0);
const cells = CELLS;
const TO_CELLS: PlacementTarget = { out: CELLS, mark: 0, gap: 0 };

/** The fields of the last record read, other than the board (in CELLS). */
export interface RecordFields {
  /** The side to move. */
  turn: Side;
  /** The castling squares, in canonical order; reused between records. */
  castling: Square[];
  /** The en-passant square. */
  enPassant: Square | null;
  /** The halfmove clock. */
  halfmoveClock: number;
  /** The fullmove number. */
  fullmoveNumber: number;
}

/** The fields of the last record read: one object, overwritten each time. */
export const FIELDS: RecordFields = {
  turn: "w",
  castling: [],
  enPassant: null,
  halfmoveClock: 0,
  fullmoveNumber: 1,
};

/**
 * Reads the FEN record in `text` from `start` to `end` into CELLS and
 * FIELDS, allocating nothing on success; see parseFen for what is accepted.
 * Error columns count from the start of `text`.
 */
export function readRecord(
  text: string,
  start: number,
  end: number,
  options: ParseFenOptions,
  target: PlacementTarget = TO_CELLS,
): void {
  const strict = options.strict === true;
  let limit = end;
  if (strict) {
    if (limit > start && isBlank(text.charCodeAt(start))) {
      throw recordError("leading whitespace", start);
    }
  } else {
    while (start < limit && isBlank(text.charCodeAt(start))) start++;
    while (limit > start && isBlank(text.charCodeAt(limit - 1))) limit--;
    if (limit > start && text.charCodeAt(limit - 1) === 59 /* ; */) {
      limit--;
      while (limit > start && isBlank(text.charCodeAt(limit - 1))) limit--;
    }
  }
  let i = scanPlacement(text, start, limit, target, strict);

  const fields = FIELDS;
  fields.turn = "w";
  fields.castling.length = 0;
  fields.enPassant = null;
  fields.halfmoveClock = 0;
  fields.fullmoveNumber = 1;
  // Each reader starts on its field's first character and returns where
  // the field ends, so every character is read once.
  let field = 0;
  while (i < limit) {
    const separator = i++;
    if (strict) {
      if (i === limit) throw recordError("trailing whitespace", separator);
      if (
        text.charCodeAt(separator) !== 32 || isBlank(text.charCodeAt(i))
      ) {
        throw recordError(
          "fields must be separated by a single space",
          separator,
        );
      }
    } else {
      while (i < limit && isBlank(text.charCodeAt(i))) i++;
    }
    switch (field++) {
      case 0:
        i = readTurn(text, i, limit);
        break;
      case 1:
        i = readCastling(text, i, limit, strict, options, fields.castling);
        break;
      case 2:
        i = readEnPassant(text, i, limit, fields.turn, strict);
        break;
      case 3:
        i = readCounter(text, i, limit, "halfmoveClock", strict);
        break;
      case 4:
        i = readCounter(text, i, limit, "fullmoveNumber", strict);
        break;
      default:
        throw recordError(
          `unexpected seventh field "${
            text.slice(i, fieldEnd(text, i, limit))
          }" (a FEN record has six fields)`,
          i,
        );
    }
  }
  if (strict && field < 5) {
    throw recordError(`expected 6 fields, found ${field + 1}`, limit);
  }
}

/**
 * The position of the last record read: a new one, or `into` overwritten
 * (the batch mode reuses one, so a record costs no board allocation).
 */
export function toPosition(into?: Position): Position {
  const board = into?.board ?? new Array(64);
  for (let k = 0; k < 64; k++) board[k] = PIECE_OF_CODE[CELLS[k]];
  const fields = FIELDS;
  const position = into ?? {} as Position;
  position.board = board;
  position.turn = fields.turn;
  position.castling = fields.castling.slice();
  position.enPassant = fields.enPassant;
  position.halfmoveClock = fields.halfmoveClock;
  position.fullmoveNumber = fields.fullmoveNumber;
  return position;
}

/** Where the field starting at `start` ends: the next blank, or `limit`. */
function fieldEnd(text: string, start: number, limit: number): number {
  let i = start;
  while (i < limit && !isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** Whether the field ends at `i`. */
function endsAt(text: string, i: number, limit: number): boolean {
  return i === limit || isBlank(text.charCodeAt(i));
}

/** The 64 square names by board index, so reading one allocates nothing. */
const SQUARES: Square[] = Array.from(
  { length: 64 },
  (_, i) => `${FILES[i & 7]}${RANKS[7 - (i >> 3)]}` as Square,
);

/** Char code to piece letter, `null` for anything else. */
export const PIECE_OF_CODE: (Piece | null)[] = /* @__PURE__ */ (() => {
  const table: (Piece | null)[] = new Array(128).fill(null);
  for (const c of "KQRBNPkqrbnp") table[c.charCodeAt(0)] = c as Piece;
  return table;
})();

const MAX_COUNTER_DIGITS = 15; // below Number.MAX_SAFE_INTEGER

function recordError(detail: string, column: number): FenSyntaxError {
  return new FenSyntaxError(`${detail} at column ${column}`, {
    field: "record",
    column,
  });
}

function readTurn(text: string, start: number, limit: number): number {
  const c = text.charCodeAt(start);
  if ((c === 119 || c === 98) && endsAt(text, start + 1, limit)) {
    FIELDS.turn = c === 119 ? "w" : "b";
    return start + 1;
  }
  throw new FenSyntaxError(
    `side to move must be "w" or "b", found "${
      text.slice(start, fieldEnd(text, start, limit))
    }" at column ${start}`,
    { field: "turn", column: start },
  );
}

function readCastling(
  text: string,
  start: number,
  limit: number,
  strict: boolean,
  options: ParseFenOptions,
  rights: Square[],
): number {
  if (text.charCodeAt(start) === 45 /* - */ && endsAt(text, start + 1, limit)) {
    return start + 1;
  }
  let previousOrder = -1;
  let sorted = true; // records are nearly always in canonical order already
  let seen = 0; // a bit a rook square, for repeated rights
  let i = start;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) break;
    const white = c < 97;
    const lower = c | 32;
    let file: number;
    if (lower === 107 /* k */ || lower === 113 /* q */) {
      file = options.chess960
        ? outermostRookFile(
          cells,
          white ? 75 /* K */ : 107, /* k */
          white ? 82 /* R */ : 114, /* r */
          white,
          lower === 107,
        )
        : lower === 107
        ? 7
        : 0;
    } else if (
      lower >= 97 && lower <= 104 && (strict ? options.chess960 : true)
    ) {
      file = lower - 97;
    } else {
      throw new FenSyntaxError(
        c === 45
          ? `"-" at column ${i} must stand alone in the castling field`
          : `${quoteChar(c)} at column ${i} is not castling availability (${
            options.chess960 || !strict ? "KQkq or a file A-H, a-h" : "KQkq"
          })`,
        { field: "castling", column: i },
      );
    }
    const square = SQUARES[(white ? 56 : 0) + file];
    const bit = 1 << ((white ? 0 : 8) + file);
    if ((seen & bit) !== 0) {
      throw new FenSyntaxError(
        `castling right for the rook on ${square} given twice (column ${i})`,
        { field: "castling", column: i },
      );
    }
    // canonical order: White first, then from the h-file to the a-file
    const order = (white ? 0 : 8) + 7 - file;
    if (strict && order < previousOrder) {
      throw new FenSyntaxError(
        `castling "${
          text.slice(start, fieldEnd(text, start, limit))
        }" is not in KQkq order (column ${start})`,
        { field: "castling", column: start },
      );
    }
    if (order < previousOrder) sorted = false;
    previousOrder = order;
    seen |= bit;
    rights.push(square);
  }
  if (!sorted) {
    // insertion sort: at most 16 squares, and Array#sort allocates
    for (let k = 1; k < rights.length; k++) {
      const square = rights[k];
      let j = k;
      for (; j > 0 && compareCastling(rights[j - 1], square) > 0; j--) {
        rights[j] = rights[j - 1];
      }
      rights[j] = square;
    }
  }
  return i;
}

/** Sorts castling squares: White first, then from the h-file to the a-file. */
export function compareCastling(a: Square, b: Square): number {
  return a.charCodeAt(1) - b.charCodeAt(1) || b.charCodeAt(0) - a.charCodeAt(0);
}

/**
 * The file an X-FEN `K` (kingside) or `Q` names: the outermost rook on that
 * side of the king, or the h- or a-file when there is none. Shared by the
 * reader (on CELLS, char codes) and the writer (on boards, letters).
 */
export function outermostRookFile<T>(
  squares: readonly T[],
  king: T,
  rook: T,
  white: boolean,
  kingside: boolean,
): number {
  const row = white ? 56 : 0;
  const at = squares.indexOf(king, row);
  if (at >= row && at < row + 8) {
    const kingFile = at - row;
    if (kingside) {
      for (let f = 7; f > kingFile; f--) {
        if (squares[row + f] === rook) return f;
      }
    } else {
      for (let f = 0; f < kingFile; f++) {
        if (squares[row + f] === rook) return f;
      }
    }
  }
  return kingside ? 7 : 0;
}

function readEnPassant(
  text: string,
  start: number,
  limit: number,
  turn: "w" | "b",
  strict: boolean,
): number {
  if (text.charCodeAt(start) === 45 && endsAt(text, start + 1, limit)) {
    return start + 1;
  }
  const file = text.charCodeAt(start) - 97;
  const rank = text.charCodeAt(start + 1) - 49;
  if (
    !(file >= 0 && file < 8 && rank >= 0 && rank < 8) ||
    start + 2 > limit || !endsAt(text, start + 2, limit)
  ) {
    throw new FenSyntaxError(
      `en-passant target must be "-" or a square such as e3, found "${
        text.slice(start, fieldEnd(text, start, limit))
      }" at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  const square = SQUARES[(7 - rank) * 8 + file];
  if (rank !== 2 && rank !== 5) {
    throw new FenSyntaxError(
      `en-passant square ${square} cannot follow a double pawn push (rank 3 or 6 only) at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  if (strict && (rank === 5) !== (turn === "w")) {
    throw new FenSyntaxError(
      `en-passant square ${square} does not fit ${
        turn === "w" ? "White" : "Black"
      } to move (rank ${turn === "w" ? 6 : 3} expected) at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  FIELDS.enPassant = square;
  return start + 2;
}

function readCounter(
  text: string,
  start: number,
  limit: number,
  field: "halfmoveClock" | "fullmoveNumber",
  strict: boolean,
): number {
  let value = 0;
  let i = start;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    const digit = c - 48;
    if (digit < 0 || digit > 9 || i - start === MAX_COUNTER_DIGITS) {
      if (isBlank(c)) break;
      throw counterError(text, start, limit, field, "");
    }
    value = value * 10 + digit;
  }
  if (strict && i - start > 1 && text.charCodeAt(start) === 48) {
    throw counterError(text, start, limit, field, "leading zero");
  }
  if (strict && value === 0 && field === "fullmoveNumber") {
    throw counterError(text, start, limit, field, "zero");
  }
  FIELDS[field] = value;
  return i;
}

function counterError(
  text: string,
  start: number,
  limit: number,
  field: "halfmoveClock" | "fullmoveNumber",
  why: "" | "leading zero" | "zero",
): FenSyntaxError {
  const name = field === "halfmoveClock" ? "halfmove clock" : "fullmove number";
  const found = text.slice(start, fieldEnd(text, start, limit));
  const detail = why === "leading zero"
    ? `${name} "${found}" has a leading zero`
    : why === "zero"
    ? `fullmove number must be positive, found "0"`
    : `${name} must be a ${
      field === "halfmoveClock" ? "nonnegative" : "positive"
    } integer, found "${found}"`;
  return new FenSyntaxError(`${detail} at column ${start}`, {
    field,
    column: start,
  });
}

/** Whether `value` is a square name. */
export function isSquare(value: unknown): value is Square {
  if (typeof value !== "string" || value.length !== 2) return false;
  const file = value.charCodeAt(0);
  const rank = value.charCodeAt(1);
  return file >= 97 && file <= 104 && rank >= 49 && rank <= 56;
}

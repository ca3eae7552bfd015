// The record reader behind parseFen and fen2grid: the placement goes into
// CELLS (char codes, reused) so callers that only need the board, or only a
// verdict, build no Position.

import { FenSyntaxError } from "./error.ts";
import { isBlank, quoteChar, scanPlacement } from "./_placement.ts";
import type { ParseFenOptions } from "./fen.ts";
import { FILES, type Piece, type Position, type Square } from "./position.ts";

/** The placement of the last record read: 64 char codes, 0 for empty. */
export const CELLS: Uint8Array = new Uint8Array(64);
const cells = CELLS;

/** A position without its board, which {@linkcode readRecord} leaves in CELLS. */
export type RecordFields = Omit<Position, "board">;

/** Reads a FEN record; see parseFen for what is accepted. */
export function readRecord(
  text: string,
  options: ParseFenOptions = {},
): RecordFields {
  const strict = options.strict === true;
  let start = 0;
  let limit = text.length;
  if (strict) {
    if (limit > 0 && isBlank(text.charCodeAt(0))) {
      throw recordError("leading whitespace", 0);
    }
  } else {
    while (start < limit && isBlank(text.charCodeAt(start))) start++;
    while (limit > start && isBlank(text.charCodeAt(limit - 1))) limit--;
    if (limit > start && text.charCodeAt(limit - 1) === 59 /* ; */) {
      limit--;
      while (limit > start && isBlank(text.charCodeAt(limit - 1))) limit--;
    }
  }
  const placementEnd = scanPlacement(text, start, limit, cells, strict);

  // The other fields, as [start, end) pairs.
  const bounds: number[] = [];
  let i = placementEnd;
  while (i < limit) {
    const separator = i;
    while (i < limit && isBlank(text.charCodeAt(i))) i++;
    if (
      strict &&
      (i === limit || i - separator !== 1 || text.charCodeAt(separator) !== 32)
    ) {
      throw recordError(
        i === limit
          ? "trailing whitespace"
          : "fields must be separated by a single space",
        separator,
      );
    }
    if (i === limit) break;
    const fieldStart = i;
    while (i < limit && !isBlank(text.charCodeAt(i))) i++;
    if (bounds.length === 10) {
      throw recordError(
        `unexpected seventh field "${
          text.slice(fieldStart, i)
        }" (a FEN record has six fields)`,
        fieldStart,
      );
    }
    bounds.push(fieldStart, i);
  }
  if (strict && bounds.length < 10) {
    throw recordError(
      `expected 6 fields, found ${bounds.length / 2 + 1}`,
      limit,
    );
  }

  const turn = bounds.length > 0 ? readTurn(text, bounds[0], bounds[1]) : "w";
  return {
    turn,
    castling: bounds.length > 2
      ? readCastling(text, bounds[2], bounds[3], strict, options)
      : [],
    enPassant: bounds.length > 4
      ? readEnPassant(text, bounds[4], bounds[5], turn, strict)
      : null,
    halfmoveClock: bounds.length > 6
      ? readCounter(text, bounds[6], bounds[7], "halfmoveClock", strict)
      : 0,
    fullmoveNumber: bounds.length > 8
      ? readCounter(text, bounds[8], bounds[9], "fullmoveNumber", strict)
      : 1,
  };
}

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

function readTurn(text: string, start: number, end: number): "w" | "b" {
  const c = text.charCodeAt(start);
  if (end - start === 1 && (c === 119 || c === 98)) {
    return c === 119 ? "w" : "b";
  }
  throw new FenSyntaxError(
    `side to move must be "w" or "b", found "${
      text.slice(start, end)
    }" at column ${start}`,
    { field: "turn", column: start },
  );
}

function readCastling(
  text: string,
  start: number,
  end: number,
  strict: boolean,
  options: ParseFenOptions,
): Square[] {
  if (end - start === 1 && text.charCodeAt(start) === 45 /* - */) return [];
  const rights: Square[] = [];
  let previousOrder = -1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const white = c < 97;
    const lower = c | 32;
    let file: number;
    if (lower === 107 /* k */ || lower === 113 /* q */) {
      file = options.chess960
        ? outermostRook(white, lower === 107)
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
    const square = `${FILES[file]}${white ? 1 : 8}` as Square;
    if (rights.includes(square)) {
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
          text.slice(start, end)
        }" is not in KQkq order (column ${start})`,
        { field: "castling", column: start },
      );
    }
    previousOrder = order;
    rights.push(square);
  }
  if (!strict) rights.sort(compareCastling);
  return rights;
}

/** Sorts castling squares: White first, then from the h-file to the a-file. */
export function compareCastling(a: Square, b: Square): number {
  return a.charCodeAt(1) - b.charCodeAt(1) || b.charCodeAt(0) - a.charCodeAt(0);
}

/** The X-FEN file of `K`/`Q`: the outermost rook on that side of the king. */
function outermostRook(white: boolean, kingside: boolean): number {
  const row = white ? 56 : 0;
  const king = cells.indexOf(white ? 75 /* K */ : 107, /* k */ row);
  const rook = white ? 82 /* R */ : 114 /* r */;
  if (king >= row && king < row + 8) {
    const kingFile = king - row;
    if (kingside) {
      for (let f = 7; f > kingFile; f--) if (cells[row + f] === rook) return f;
    } else {
      for (let f = 0; f < kingFile; f++) if (cells[row + f] === rook) return f;
    }
  }
  return kingside ? 7 : 0;
}

function readEnPassant(
  text: string,
  start: number,
  end: number,
  turn: "w" | "b",
  strict: boolean,
): Square | null {
  if (end - start === 1 && text.charCodeAt(start) === 45) return null;
  const field = text.slice(start, end);
  if (!isSquare(field)) {
    throw new FenSyntaxError(
      `en-passant target must be "-" or a square such as e3, found "${field}" at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  const rank = field.charCodeAt(1);
  if (rank !== 51 && rank !== 54) {
    throw new FenSyntaxError(
      `en-passant square ${field} cannot follow a double pawn push (rank 3 or 6 only) at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  if (strict && (rank === 54) !== (turn === "w")) {
    throw new FenSyntaxError(
      `en-passant square ${field} does not fit ${
        turn === "w" ? "White" : "Black"
      } to move (rank ${turn === "w" ? 6 : 3} expected) at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  return field;
}

function readCounter(
  text: string,
  start: number,
  end: number,
  field: "halfmoveClock" | "fullmoveNumber",
  strict: boolean,
): number {
  const name = field === "halfmoveClock" ? "halfmove clock" : "fullmove number";
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9 || end - start > MAX_COUNTER_DIGITS) {
      throw new FenSyntaxError(
        `${name} must be a ${
          field === "halfmoveClock" ? "nonnegative" : "positive"
        } integer, found "${text.slice(start, end)}" at column ${start}`,
        { field, column: start },
      );
    }
    value = value * 10 + digit;
  }
  if (strict && end - start > 1 && text.charCodeAt(start) === 48) {
    throw new FenSyntaxError(
      `${name} "${
        text.slice(start, end)
      }" has a leading zero at column ${start}`,
      { field, column: start },
    );
  }
  if (strict && value === 0 && field === "fullmoveNumber") {
    throw new FenSyntaxError(
      `fullmove number must be positive, found "0" at column ${start}`,
      { field, column: start },
    );
  }
  return value;
}

/** Whether `value` is a square name. */
export function isSquare(value: unknown): value is Square {
  if (typeof value !== "string" || value.length !== 2) return false;
  const file = value.charCodeAt(0);
  const rank = value.charCodeAt(1);
  return file >= 97 && file <= 104 && rank >= 49 && rank <= 56;
}

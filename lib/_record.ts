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
  type Color,
  FILES,
  type Piece,
  RANKS,
  type Square,
} from "./position.ts";

/** The placement of the last record read: 64 char codes, 0 for empty. */
export const CELLS: number[] = Array.from({ length: 64 }, () => 0);
const cells = CELLS;
const TO_CELLS: PlacementTarget = { out: CELLS, mark: 0, gap: 0 };

/** The fields of the last record read, other than the board (in CELLS). */
export interface RecordFields {
  /** The side to move. */
  turn: Color;
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

const bounds = new Int32Array(10);

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
  const placementEnd = scanPlacement(text, start, limit, target, strict);

  // The other fields, as [start, end) pairs.
  let count = 0;
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
    if (count === 10) {
      throw recordError(
        `unexpected seventh field "${
          text.slice(fieldStart, i)
        }" (a FEN record has six fields)`,
        fieldStart,
      );
    }
    bounds[count++] = fieldStart;
    bounds[count++] = i;
  }
  if (strict && count < 10) {
    throw recordError(`expected 6 fields, found ${count / 2 + 1}`, limit);
  }

  const fields = FIELDS;
  fields.turn = count > 0 ? readTurn(text, bounds[0], bounds[1]) : "w";
  fields.castling.length = 0;
  if (count > 2) {
    readCastling(text, bounds[2], bounds[3], strict, options, fields.castling);
  }
  fields.enPassant = count > 4
    ? readEnPassant(text, bounds[4], bounds[5], fields.turn, strict)
    : null;
  fields.halfmoveClock = count > 6
    ? readCounter(text, bounds[6], bounds[7], "halfmoveClock", strict)
    : 0;
  fields.fullmoveNumber = count > 8
    ? readCounter(text, bounds[8], bounds[9], "fullmoveNumber", strict)
    : 1;
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
  rights: Square[],
): void {
  if (end - start === 1 && text.charCodeAt(start) === 45 /* - */) return;
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
    const square = SQUARES[(white ? 56 : 0) + file];
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
  if (!strict) {
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
  const file = text.charCodeAt(start) - 97;
  const rank = text.charCodeAt(start + 1) - 49;
  if (end - start !== 2 || !(file >= 0 && file < 8 && rank >= 0 && rank < 8)) {
    const field = text.slice(start, end);
    throw new FenSyntaxError(
      `en-passant target must be "-" or a square such as e3, found "${field}" at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  const field = SQUARES[(7 - rank) * 8 + file];
  if (rank !== 2 && rank !== 5) {
    throw new FenSyntaxError(
      `en-passant square ${field} cannot follow a double pawn push (rank 3 or 6 only) at column ${start}`,
      { field: "enPassant", column: start },
    );
  }
  if (strict && (rank === 5) !== (turn === "w")) {
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

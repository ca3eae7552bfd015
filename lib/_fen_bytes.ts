// A record written as UTF-8 bytes straight from a reader's cells and fields:
// the batch command's `--format fen`, `epd`, `json` and `unicode`, with no
// Position and no string per record (building one cost more than reading
// the record). `stringifyFen`, `stringifyEpd`, `JSON.stringify` and
// `renderUnicode` write the same records from a Position as strings; tests/unit/fen_bytes_test.ts holds the two
// sides equal on every record of the corpus and on random positions. The
// shared rules (which castling letter, which en-passant square, the
// fullmove number 0 written 1) come from lib/_fields.ts, not from here.

import { type BackRank, outermostRookFile } from "./_castling.ts";
import { fitsTurn } from "./_fields.ts";
import { FIGURINES } from "./_tables.ts";
import { type Piece, PIECES, type Side, type Square } from "./types.ts";

/** What the byte writers read; a `FenReader` is one. */
export interface RecordView {
  /** 64 char codes from a8 to h1, 0 for an empty square. */
  readonly cells: readonly number[];
  readonly turn: Side;
  /** Castling rook squares in canonical order (White first, h- to a-file). */
  readonly castling: readonly Square[];
  readonly enPassant: Square | null;
  readonly halfmoveClock: number;
  readonly fullmoveNumber: number;
}

/**
 * Bytes a record can take at most in {@linkcode writeFenBytes}: 71 for the
 * placement, 16 castling rights, two counters of 16 digits, separators.
 */
export const FEN_BYTES_MAX = 128;

/** Bytes a record can take at most in {@linkcode writeJsonBytes}. */
export const JSON_BYTES_MAX = 640;

const SPACE = 32;
const DASH = 45;
const QUOTE = 34;
const COMMA = 44;

/** The four X-FEN back ranks, by `white * 2 + kingside`: no object a right. */
const BACK_RANKS: readonly BackRank<number>[] = [
  { row: 0, king: 107, rook: 114, kingside: false },
  { row: 0, king: 107, rook: 114, kingside: true },
  { row: 56, king: 75, rook: 82, kingside: false },
  { row: 56, king: 75, rook: 82, kingside: true },
];

/**
 * Writes the placement, side to move, castling (X-FEN) and en passant at
 * `at`; returns where they end. The caller has made room for
 * {@linkcode FEN_BYTES_MAX} bytes.
 */
export function writeFourFieldBytes(
  record: RecordView,
  buffer: Uint8Array,
  at: number,
): number {
  const cells = record.cells;
  let o = at;
  for (let row = 0; row < 64; row += 8) {
    if (row > 0) buffer[o++] = 47; // "/"
    let empty = 0;
    for (let k = row; k < row + 8; k++) {
      const c = cells[k];
      if (c === 0) {
        empty++;
      } else {
        if (empty > 0) buffer[o++] = 48 + empty;
        buffer[o++] = c;
        empty = 0;
      }
    }
    if (empty > 0) buffer[o++] = 48 + empty;
  }
  const turn = record.turn;
  buffer[o++] = SPACE;
  buffer[o++] = turn === "w" ? 119 : 98;
  buffer[o++] = SPACE;
  o = writeCastlingBytes(record, buffer, o);
  buffer[o++] = SPACE;
  const square = record.enPassant;
  if (square === null || !fitsTurn(square, turn)) {
    buffer[o++] = DASH;
  } else {
    buffer[o++] = square.charCodeAt(0);
    buffer[o++] = square.charCodeAt(1);
  }
  return o;
}

function writeCastlingBytes(
  record: RecordView,
  buffer: Uint8Array,
  at: number,
): number {
  const castling = record.castling;
  if (castling.length === 0) {
    buffer[at] = DASH;
    return at + 1;
  }
  let o = at;
  for (let k = 0; k < castling.length; k++) {
    const square = castling[k];
    const white = square.charCodeAt(1) === 49; // rank 1
    const file = square.charCodeAt(0) - 97;
    let letter = 97 + file;
    if (file === 0 || file === 7) {
      const rank = BACK_RANKS[(white ? 2 : 0) + (file === 7 ? 1 : 0)];
      if (outermostRookFile(record.cells, rank) === file) {
        letter = file === 7 ? 107 : 113; // k, q
      }
    }
    buffer[o++] = white ? letter - 32 : letter;
  }
  return o;
}

/**
 * Writes the record as `stringifyFen` writes its position (six fields) at
 * `at`; returns where it ends. The caller has made room for
 * {@linkcode FEN_BYTES_MAX} bytes.
 */
export function writeFenBytes(
  record: RecordView,
  buffer: Uint8Array,
  at: number,
): number {
  let o = writeFourFieldBytes(record, buffer, at);
  buffer[o++] = SPACE;
  o = writeNaturalBytes(record.halfmoveClock, buffer, o);
  buffer[o++] = SPACE;
  const fullmove = record.fullmoveNumber;
  return writeNaturalBytes(fullmove === 0 ? 1 : fullmove, buffer, o);
}

/** Writes a safe nonnegative integer in decimal; returns where it ends. */
export function writeNaturalBytes(
  value: number,
  buffer: Uint8Array,
  at: number,
): number {
  if (value < 10) {
    buffer[at] = 48 + value;
    return at + 1;
  }
  let digits = 1;
  for (let power = 10; power <= value; power *= 10) digits++;
  let rest = value;
  for (let k = at + digits - 1; k >= at; k--) {
    const digit = rest % 10;
    buffer[k] = 48 + digit;
    rest = (rest - digit) / 10; // exact, where Math.floor(rest / 10) may round up
  }
  return at + digits;
}

const encoder = new TextEncoder();
const JSON_BOARD = encoder.encode('{"board":[');
const JSON_TURN = encoder.encode('],"turn":"');
const JSON_CASTLING = encoder.encode('","castling":[');
const JSON_EN_PASSANT = encoder.encode('],"enPassant":');
const JSON_HALFMOVE = encoder.encode(',"halfmoveClock":');
const JSON_FULLMOVE = encoder.encode(',"fullmoveNumber":');
const JSON_NULL = encoder.encode("null");

// A loop, not Uint8Array#set: for a few bytes the call costs more.
function put(bytes: Uint8Array, buffer: Uint8Array, at: number): number {
  for (let i = 0; i < bytes.length; i++) buffer[at + i] = bytes[i];
  return at + bytes.length;
}

/**
 * Writes the record as `JSON.stringify` writes the `Position` a reader
 * makes of it (same keys, same order) at `at`; returns where it ends. The
 * caller has made room for {@linkcode JSON_BYTES_MAX} bytes.
 */
export function writeJsonBytes(
  record: RecordView,
  buffer: Uint8Array,
  at: number,
): number {
  const cells = record.cells;
  let o = put(JSON_BOARD, buffer, at);
  for (let k = 0; k < 64; k++) {
    if (k > 0) buffer[o++] = COMMA;
    const c = cells[k];
    if (c === 0) { // "null", the most written word
      buffer[o] = 110;
      buffer[o + 1] = 117;
      buffer[o + 2] = 108;
      buffer[o + 3] = 108;
      o += 4;
    } else {
      buffer[o++] = QUOTE;
      buffer[o++] = c;
      buffer[o++] = QUOTE;
    }
  }
  o = put(JSON_TURN, buffer, o);
  buffer[o++] = record.turn === "w" ? 119 : 98;
  o = put(JSON_CASTLING, buffer, o);
  const castling = record.castling;
  for (let k = 0; k < castling.length; k++) {
    if (k > 0) buffer[o++] = COMMA;
    o = writeSquareBytes(castling[k], buffer, o);
  }
  o = put(JSON_EN_PASSANT, buffer, o);
  const square = record.enPassant;
  o = square === null
    ? put(JSON_NULL, buffer, o)
    : writeSquareBytes(square, buffer, o);
  o = put(JSON_HALFMOVE, buffer, o);
  o = writeNaturalBytes(record.halfmoveClock, buffer, o);
  o = put(JSON_FULLMOVE, buffer, o);
  o = writeNaturalBytes(record.fullmoveNumber, buffer, o);
  buffer[o++] = 125; // }
  return o;
}

function writeSquareBytes(
  square: Square,
  buffer: Uint8Array,
  at: number,
): number {
  buffer[at] = QUOTE;
  buffer[at + 1] = square.charCodeAt(0);
  buffer[at + 2] = square.charCodeAt(1);
  buffer[at + 3] = QUOTE;
  return at + 4;
}

/** Bytes a board takes at most in {@linkcode writeUnicodeBytes}. */
export const UNICODE_BYTES_MAX = 8 * (1 + 8 * 4 + 1) + 18;

/** Each piece's figurine as UTF-8, by the char code of its letter. */
const FIGURINE_BYTES: readonly (Uint8Array | undefined)[] = /* @__PURE__ */ (
  () => {
    const table: (Uint8Array | undefined)[] = [];
    for (const piece of PIECES) {
      table[piece.charCodeAt(0)] = encoder.encode(FIGURINES[piece as Piece]);
    }
    return table;
  }
)();
const EMPTY_SQUARE = encoder.encode(" ·");
const FILE_LABELS = encoder.encode("  a b c d e f g h\n");
const FLIPPED_FILE_LABELS = encoder.encode("  h g f e d c b a\n");

/**
 * Writes 64 cells as `renderUnicode` draws them (rank labels, figurines,
 * `·` for empty, file labels) at `at`; returns where it ends. The caller
 * has made room for {@linkcode UNICODE_BYTES_MAX} bytes.
 */
export function writeUnicodeBytes(
  cells: readonly number[],
  flip: boolean,
  buffer: Uint8Array,
  at: number,
): number {
  let o = at;
  for (let row = 0; row < 8; row++) {
    buffer[o++] = 48 + (flip ? row + 1 : 8 - row);
    for (let k = row * 8; k < row * 8 + 8; k++) {
      const figurine = FIGURINE_BYTES[cells[flip ? 63 - k : k]];
      if (figurine === undefined) {
        o = put(EMPTY_SQUARE, buffer, o);
      } else {
        buffer[o++] = SPACE;
        o = put(figurine, buffer, o);
      }
    }
    buffer[o++] = 10;
  }
  return put(flip ? FLIPPED_FILE_LABELS : FILE_LABELS, buffer, o);
}

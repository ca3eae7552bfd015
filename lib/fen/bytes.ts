/**
 * Records written as UTF-8 bytes straight from a reader's cells and fields,
 * with no Position and no string per record: the fast path behind the
 * `fen` command's `board`, `grid`, `unicode`, `fen`, `epd` and `json`
 * formats, open to library users. Each writer writes at `at` in a buffer
 * the caller has made room in, and returns where it stopped; a
 * {@linkcode FenReader} is a {@linkcode RecordView}.
 *
 * `stringifyFen`, `stringifyEpd`, `JSON.stringify`, `renderUnicode` and
 * `fen2grid` write the same records as strings, from the same rules (each
 * field's byte writer sits beside its string writer); a test holds the two
 * sides equal on a corpus and on random positions.
 *
 * @example A file of records to canonical FEN, one buffer for all
 * ```ts
 * import { FEN_BYTES_MAX, FenReader, writeFenBytes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const lines = ["8/8/8/8/8/8/8/K6k  b", "[FEN \"8/8/8/8/8/8/8/k6K w - - 3 9\"]"];
 * const reader = new FenReader();
 * const buffer = new Uint8Array(lines.length * (FEN_BYTES_MAX + 1));
 * let at = 0;
 * for (const line of lines) {
 *   reader.read(line);
 *   at = writeFenBytes(reader, buffer, at);
 *   buffer[at++] = 10; // a newline
 * }
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, at)),
 *   "8/8/8/8/8/8/8/K6k b - - 0 1\n8/8/8/8/8/8/8/k6K w - - 3 9\n",
 * );
 * ```
 *
 * @module
 */

import { writeCastlingBytes } from "./_castling.ts";
import {
  writeCounterBytes,
  writeEnPassantBytes,
  writeNaturalBytes,
  writeTurnBytes,
} from "./_fields.ts";
import { PIECE_OF_CODE, writePlacementBytes } from "./_placement.ts";
import { writeFields } from "./_write.ts";
import { FIGURINES } from "../_tables.ts";
import type { RecordView, VariantState } from "../record_view.ts";
import {
  type Piece,
  PIECES,
  type Position,
  type Square,
  type StringifyFenOptions,
} from "../types.ts";

export { writeNaturalBytes } from "./_fields.ts";
export { writePlacementBytes } from "./_placement.ts";

// The record interface is the vocabulary's (record_view.ts); named here too
// for the users of this entry point.
export type { RecordView } from "../record_view.ts";

/**
 * Bytes a record can take at most in {@linkcode writeFenBytes} (and
 * {@linkcode writeFourFieldBytes}): 71 for the placement, 16 castling
 * rights, two counters of 16 digits, separators; and for the variants, up
 * to 64 promoted marks, 64 pieces in hand and three-check's counters.
 */
export const FEN_BYTES_MAX = 256;

/**
 * Bytes a record can take at most in {@linkcode writeJsonBytes} (a
 * crazyhouse record's pockets and promoted squares included).
 */
export const JSON_BYTES_MAX = 1024;

const SPACE = 32;
const QUOTE = 34;
const COMMA = 44;

/**
 * Writes the first four fields of a record (placement, side to move,
 * castling in X-FEN, en passant) as `stringifyEpd` writes them, at `at`;
 * returns where they end. The caller has made room for
 * {@linkcode FEN_BYTES_MAX} bytes.
 *
 * @example The fields of an EPD record
 * ```ts
 * import { FEN_BYTES_MAX, FenReader, writeFourFieldBytes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 5 20 bm O-O;");
 * const buffer = new Uint8Array(FEN_BYTES_MAX);
 * const end = writeFourFieldBytes(reader, buffer, 0);
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, end)),
 *   "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
 * );
 * ```
 *
 * @param record The record: a `FenReader` after a read, or any view.
 * @param buffer Where to write.
 * @param at Where to start.
 * @param options The castling notation and variant conventions, as for `stringifyFen`.
 * @returns Where the fields end.
 */
export function writeFourFieldBytes(
  record: RecordView,
  buffer: Uint8Array,
  at: number,
  options?: StringifyFenOptions,
): number {
  const variant = record.variant;
  if (variant != null) {
    return writeVariantBytes(record, variant, {
      buffer,
      at,
      options,
      epd: true,
    });
  }
  const turn = record.turn;
  let o = writePlacementBytes(record.cells, buffer, at);
  buffer[o++] = SPACE;
  o = writeTurnBytes(turn, buffer, o);
  buffer[o++] = SPACE;
  o = writeCastlingBytes(
    record.castling,
    record.cells,
    buffer,
    o,
    options !== undefined && options.castling === "shredder",
  );
  buffer[o++] = SPACE;
  return writeEnPassantBytes(record.enPassant, turn, buffer, o);
}

/**
 * Writes the record as `stringifyFen` writes its position (six fields) at
 * `at`; returns where it ends. The caller has made room for
 * {@linkcode FEN_BYTES_MAX} bytes.
 *
 * @example Canonical FEN from a lenient record
 * ```ts
 * import { FEN_BYTES_MAX, FenReader, writeFenBytes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("8/8/8/8/4P3/8/8/K6k\tb - e3 0 0");
 * const buffer = new Uint8Array(FEN_BYTES_MAX);
 * const end = writeFenBytes(reader, buffer, 0);
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, end)),
 *   "8/8/8/8/4P3/8/8/K6k b - e3 0 1",
 * );
 * ```
 *
 * @param record The record: a `FenReader` after a read, or any view.
 * @param buffer Where to write.
 * @param at Where to start.
 * @param options The castling notation and variant conventions, as for `stringifyFen`.
 * @returns Where the record ends.
 */
export function writeFenBytes(
  record: RecordView,
  buffer: Uint8Array,
  at: number,
  options?: StringifyFenOptions,
): number {
  const variant = record.variant;
  if (variant != null) {
    return writeVariantBytes(record, variant, {
      buffer,
      at,
      options,
      epd: false,
    });
  }
  let o = writeFourFieldBytes(record, buffer, at, options);
  buffer[o++] = SPACE;
  o = writeNaturalBytes(record.halfmoveClock, buffer, o);
  buffer[o++] = SPACE;
  return writeCounterBytes(
    record.fullmoveNumber,
    "fullmoveNumber",
    buffer,
    o,
  );
}

const encoder = new TextEncoder();

/**
 * A variant's record (pockets, promoted pieces, check counters): written
 * as a string by stringifyFen's own writers, then encoded (records of the
 * standard rules never come here).
 */
function writeVariantBytes(
  record: RecordView,
  variant: VariantState,
  { buffer, at, options, epd }: {
    buffer: Uint8Array;
    at: number;
    options: StringifyFenOptions | undefined;
    epd: boolean;
  },
): number {
  const board = record.cells.map((c) => PIECE_OF_CODE[c]);
  const position: Position = {
    board,
    turn: record.turn,
    castling: [...record.castling],
    enPassant: record.enPassant,
    halfmoveClock: record.halfmoveClock,
    fullmoveNumber: record.fullmoveNumber,
  };
  if (variant.pockets !== null) {
    position.pockets = variant.pockets;
    position.promoted = [...variant.promoted];
  }
  if (variant.remainingChecks !== null) {
    position.remainingChecks = { ...variant.remainingChecks };
  }
  const text = writeFields(position, options ?? {}, {
    epd,
    action: "write FEN",
  });
  return at + encoder.encodeInto(text, buffer.subarray(at)).written;
}
const JSON_BOARD = encoder.encode('{"board":[');
const JSON_TURN = encoder.encode('"turn":"');
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
 *
 * @example The same text as JSON.stringify
 * ```ts
 * import { FenReader, JSON_BYTES_MAX, writeJsonBytes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("8/8/8/8/8/8/8/K6k w - - 0 1");
 * const buffer = new Uint8Array(JSON_BYTES_MAX);
 * const end = writeJsonBytes(reader, buffer, 0);
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, end)),
 *   JSON.stringify(reader.toPosition()),
 * );
 * ```
 *
 * @param record The record: a `FenReader` after a read, or any view.
 * @param buffer Where to write.
 * @param at Where to start.
 * @returns Where the object ends.
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
  buffer[o++] = 93; // ]
  buffer[o++] = COMMA;
  o = writeJsonFieldBytes(record, buffer, o);
  buffer[o++] = 125; // }
  return o;
}

/**
 * Writes the members of {@linkcode writeJsonBytes}'s object after the
 * board, without braces (`"turn":"w","castling":[],"enPassant":null,
 * "halfmoveClock":0,"fullmoveNumber":1`), at `at`; returns where they end:
 * for an object that leaves the board out or puts other members around
 * them. The caller has made room for {@linkcode JSON_BYTES_MAX} bytes.
 *
 * @example An object of the fields alone
 * ```ts
 * import { FenReader, JSON_BYTES_MAX, writeJsonFieldBytes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("4k2r/8/8/8/8/8/8/4K3 b k - 2 40");
 * const buffer = new Uint8Array(JSON_BYTES_MAX);
 * buffer[0] = 123; // {
 * const end = writeJsonFieldBytes(reader, buffer, 1);
 * buffer[end] = 125; // }
 * const { board: _, ...fields } = reader.toPosition();
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, end + 1)),
 *   JSON.stringify(fields),
 * );
 * ```
 *
 * @param record The record: a `FenReader` after a read, or any view.
 * @param buffer Where to write.
 * @param at Where to start.
 * @returns Where the members end.
 */
export function writeJsonFieldBytes(
  record: RecordView,
  buffer: Uint8Array,
  at: number,
): number {
  let o = put(JSON_TURN, buffer, at);
  o = writeTurnBytes(record.turn, buffer, o);
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
  const variant = record.variant;
  return variant == null ? o : writeJsonVariantBytes(variant, buffer, o);
}

/** A variant's members, as `JSON.stringify` writes a position's. */
function writeJsonVariantBytes(
  variant: VariantState,
  buffer: Uint8Array,
  at: number,
): number {
  const { pockets, promoted, remainingChecks } = variant;
  const members = pockets !== null
    ? JSON.stringify({ pockets, promoted })
    : JSON.stringify({ remainingChecks });
  // the members without their braces, after a comma
  const text = `,${members.slice(1, -1)}`;
  return at + encoder.encodeInto(text, buffer.subarray(at)).written;
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
export const UNICODE_BYTES_MAX: number = 8 * (1 + 8 * 4 + 1) + 18;

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
 *
 * @example The same text as renderUnicode
 * ```ts
 * import {
 *   FenReader,
 *   renderUnicode,
 *   UNICODE_BYTES_MAX,
 *   writeUnicodeBytes,
 * } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
 * const buffer = new Uint8Array(UNICODE_BYTES_MAX);
 * const end = writeUnicodeBytes(reader.cells, true, buffer, 0);
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, end)),
 *   renderUnicode(reader.toPosition(), { flip: true }),
 * );
 * ```
 *
 * @param cells 64 char codes from a8 to h1, 0 for an empty square.
 * @param flip Whether to draw the board from Black's side.
 * @param buffer Where to write.
 * @param at Where to start.
 * @returns Where the board ends.
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

/**
 * Writes 64 cells as 8 lines of 8 squares (each line ending in a newline),
 * the piece letters and `mark` (UTF-8 bytes) for an empty square, at `at`:
 * the board of the `fen` command's `board` and `grid` formats, and
 * `fen2grid`'s text with newlines. Returns where it ends; the caller has
 * made room for `64 * mark.length + 8` bytes. Positional arguments: it runs
 * once a record.
 *
 * @example A board with "." for empty squares
 * ```ts
 * import { FenReader, writeGridBytes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
 * const dot = new TextEncoder().encode(".");
 * const buffer = new Uint8Array(64 * dot.length + 8);
 * const end = writeGridBytes(reader.cells, dot, false, buffer, 0);
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, end)),
 *   "....k...\n........\n........\n........\n" +
 *     "........\n........\n....P...\n....K...\n",
 * );
 * ```
 *
 * @param cells 64 char codes from a8 to h1, 0 for an empty square.
 * @param mark The empty square, as UTF-8 bytes.
 * @param flip Whether to draw the board from Black's side.
 * @param buffer Where to write.
 * @param at Where to start.
 * @returns Where the board ends.
 */
export function writeGridBytes(
  cells: readonly number[],
  mark: Uint8Array,
  flip: boolean,
  buffer: Uint8Array,
  at: number,
): number {
  let o = at;
  for (let k = 0; k < 64; k++) {
    const cell = cells[flip ? 63 - k : k];
    if (cell !== 0) buffer[o++] = cell;
    else if (mark.length === 1) buffer[o++] = mark[0];
    else for (let b = 0; b < mark.length; b++) buffer[o++] = mark[b];
    if ((k & 7) === 7) buffer[o++] = 10;
  }
  return o;
}

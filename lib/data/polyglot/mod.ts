/**
 * Polyglot keys: the 64-bit Zobrist hash of the Polyglot opening-book
 * format, the de facto standard identity of a chess position (book files,
 * `pgn-extract --hashcomments`, python-chess's `zobrist_hash`).
 *
 * {@linkcode polyglotKey} hashes a {@linkcode Position} into a `bigint`;
 * {@linkcode polyglotKeyHalves} and {@linkcode PolyglotHasher} hash a
 * {@linkcode RecordView} (a `FenReader`) as two 32-bit halves or 16 hex
 * digits, allocating nothing, for streams.
 *
 * @module
 */

import { type RecordView, recordViewOf } from "../../record_view.ts";
import type { Position } from "../../types.ts";
import {
  CASTLING_BASE,
  EN_PASSANT_BASE,
  KIND_OFFSET,
  RANDOM_HI,
  RANDOM_LO,
  WHITE_TO_MOVE,
} from "./_zobrist.ts";
import { pawnTakesEnPassant } from "../../chess/attacks.ts";

export * from "../../record_view.ts";

const HEX_DIGITS: Uint8Array = /* @__PURE__ */ new TextEncoder().encode(
  "0123456789abcdef",
);

/**
 * The Polyglot key of a position, as the Polyglot book format defines it:
 * the pieces, the castling rights the record gives (a right is short when
 * its rook stands beyond the king, counted from the e-file when the king is
 * not on its back rank), the en-passant file only when a pawn of the side
 * to move stands beside the pushed pawn (whether the capture is legal does
 * not matter), and the side to move. Counters are not part of the key.
 *
 * Rights the record gives are hashed as given: repair a record first
 * (`repairPosition`) to drop rights without their king and rook, as
 * python-chess does before hashing.
 *
 * @example The Polyglot format's first test keys
 * ```ts
 * import { INITIAL_FEN, parseFen } from "@fen/fen";
 * import { polyglotKey } from "@fen/fen/polyglot";
 * import assert from "node:assert/strict";
 *
 * assert.equal(polyglotKey(parseFen(INITIAL_FEN)), 0x463b96181691fc9cn);
 * const afterE4 = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
 * );
 * assert.equal(polyglotKey(afterE4).toString(16), "823c9b50fd114196");
 * ```
 *
 * @param position The position.
 * @returns Its key, from 0 to 2 ** 64 - 1.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function polyglotKey(position: Position): bigint {
  const out = new Uint32Array(2);
  polyglotKeyHalves(recordViewOf(position), out);
  return (BigInt(out[0]) << 32n) | BigInt(out[1]);
}

/**
 * The Polyglot key of a record, as {@linkcode polyglotKey} computes it,
 * written into `out[0]` (high 32 bits) and `out[1]` (low 32 bits): no
 * allocation, for streams.
 *
 * @example Hashing what a reader read
 * ```ts
 * import { FenReader, INITIAL_FEN } from "@fen/fen";
 * import { polyglotKeyHalves } from "@fen/fen/polyglot";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * const key = new Uint32Array(2);
 * reader.read(INITIAL_FEN);
 * polyglotKeyHalves(reader, key);
 * assert.deepEqual([...key], [0x463b9618, 0x1691fc9c]);
 * ```
 *
 * @param record The record (a `FenReader` after `read`).
 * @param out Receives the two halves.
 */
export function polyglotKeyHalves(record: RecordView, out: Uint32Array): void {
  const cells = record.cells;
  let hi = 0;
  let lo = 0;
  for (let k = 0; k < 64; k++) {
    const c = cells[k];
    if (c === 0) continue;
    const offset = KIND_OFFSET[c];
    if (offset < 0) continue;
    const index = offset + (k ^ 56); // a8 = 0 in the cells, a1 = 0 in Polyglot
    hi ^= RANDOM_HI[index];
    lo ^= RANDOM_LO[index];
  }
  const castling = castlingFlags(record);
  for (let flag = 0; flag < 4; flag++) {
    if ((castling & (1 << flag)) !== 0) {
      hi ^= RANDOM_HI[CASTLING_BASE + flag];
      lo ^= RANDOM_LO[CASTLING_BASE + flag];
    }
  }
  const file = capturableFile(record);
  if (file >= 0) {
    hi ^= RANDOM_HI[EN_PASSANT_BASE + file];
    lo ^= RANDOM_LO[EN_PASSANT_BASE + file];
  }
  if (record.turn === "w") {
    hi ^= RANDOM_HI[WHITE_TO_MOVE];
    lo ^= RANDOM_LO[WHITE_TO_MOVE];
  }
  out[0] = hi >>> 0;
  out[1] = lo >>> 0;
}

/** Bit 0 white short, 1 white long, 2 black short, 3 black long. */
function castlingFlags(record: RecordView): number {
  const castling = record.castling;
  let flags = 0;
  for (let k = 0; k < castling.length; k++) {
    const square = castling[k];
    const white = square.charCodeAt(1) === 49; // rank 1
    const file = square.charCodeAt(0) - 97;
    const short = file > kingFile(record.cells, white);
    flags |= 1 << ((white ? 0 : 2) + (short ? 0 : 1));
  }
  return flags;
}

/** The file of the side's king on its back rank, the e-file if none. */
function kingFile(cells: readonly number[], white: boolean): number {
  const row = white ? 56 : 0;
  const king = white ? 75 : 107; // K, k
  for (let file = 0; file < 8; file++) {
    if (cells[row + file] === king) return file;
  }
  return 4;
}

/** The en-passant file to hash, or -1. */
function capturableFile(record: RecordView): number {
  return hashesEnPassant(record) ? record.enPassant!.charCodeAt(0) - 97 : -1;
}

/**
 * Whether the Polyglot key hashes the record's en-passant square: it must
 * fit the side to move (rank 6 with White to move, 3 with Black) and a
 * pawn of the side to move stand beside the pushed pawn. Whether the
 * capture is legal (a pin) does not matter, nor whether the pushed pawn is
 * there: python-chess hashes the same way.
 *
 * @example After 1. e4 no black pawn can take
 * ```ts
 * import { FenReader } from "@fen/fen";
 * import { hashesEnPassant } from "@fen/fen/polyglot";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * reader.read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
 * assert.equal(hashesEnPassant(reader), false);
 * reader.read("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
 * assert.equal(hashesEnPassant(reader), true);
 * ```
 *
 * @param record The record.
 * @returns `true` if the key includes the en-passant file.
 */
export function hashesEnPassant(record: RecordView): boolean {
  const square = record.enPassant;
  if (square === null) return false;
  const white = record.turn === "w";
  if (square.charCodeAt(1) !== (white ? 54 : 51)) return false; // rank 6 or 3
  const ep = (white ? 16 : 40) + square.charCodeAt(0) - 97; // a8 = 0
  return pawnTakesEnPassant(record.cells, ep, white ? 0 : 1, white ? 80 : 112); // P, p
}

/**
 * Polyglot keys for a stream of records: the two 32-bit halves of the last
 * key stay in the instance, so hashing and writing a record allocate
 * nothing.
 *
 * @example One key per line
 * ```ts
 * import { FenReader } from "@fen/fen";
 * import { PolyglotHasher } from "@fen/fen/polyglot";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * const hasher = new PolyglotHasher();
 * const buffer = new Uint8Array(64);
 * reader.read("rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4");
 * const end = hasher.write(reader, buffer, 0);
 * assert.equal(new TextDecoder().decode(buffer.subarray(0, end)), "00fdd303c946bdd9");
 * assert.equal(hasher.key[0], 0x00fdd303);
 * ```
 */
export class PolyglotHasher {
  /** Bytes {@linkcode PolyglotHasher.write} writes: 16 hex digits. */
  static readonly BYTES = 16;

  /** The last key: `[high 32 bits, low 32 bits]`, overwritten by each call. */
  readonly key: Uint32Array = new Uint32Array(2);

  /**
   * Hashes the record into {@linkcode PolyglotHasher.key}.
   *
   * @param record The record (a `FenReader` after `read`).
   * @returns The key's halves (the instance's own array).
   */
  hash(record: RecordView): Uint32Array {
    polyglotKeyHalves(record, this.key);
    return this.key;
  }

  /**
   * Writes the record's key as 16 lower-case hex digits at `at`, as
   * `polyglotKey(position).toString(16).padStart(16, "0")` writes it.
   *
   * @param record The record (a `FenReader` after `read`).
   * @param buffer Where to write: 16 bytes from `at`.
   * @param at Where to start.
   * @returns Where the digits end.
   */
  write(record: RecordView, buffer: Uint8Array, at: number): number {
    const key = this.hash(record);
    writeHexWord(key[0], buffer, at);
    writeHexWord(key[1], buffer, at + 8);
    return at + 16;
  }
}

function writeHexWord(word: number, buffer: Uint8Array, at: number): void {
  for (let i = 0; i < 8; i++) {
    buffer[at + i] = HEX_DIGITS[(word >>> (28 - 4 * i)) & 15];
  }
}

/**
 * The Polyglot book format's entry: 16 bytes, big-endian: the position's
 * Polyglot key (8), the move (2), its weight (2) and a learn field (4),
 * sorted by key. A move packs the to square's file and rank, the from
 * square's, and a promotion (1 knight ... 4 queen) in 3 bits each;
 * castling is the king taking its own rook (e1h1), in standard chess too.
 *
 * @module
 */

import type { Square } from "../types.ts";

/** Bytes of one entry. */
export const ENTRY_BYTES = 16;

/** One entry of a Polyglot book. */
export interface BookEntry {
  /** The position's Polyglot key. */
  key: bigint;
  /** The move, packed as the format packs it (see {@linkcode decodeBookMove}). */
  move: number;
  /** Its weight, 0 to 65,535. */
  weight: number;
  /** The learn field (32 bits), 0 in the books polyglot makes. */
  learn: number;
}

const PROMOTIONS = ["", "n", "b", "r", "q"] as const;

/**
 * A move in the book's packing, from its squares and promotion letter.
 *
 * @example e2e4, and White's short castling as the format writes it
 * ```ts
 * import { encodeBookMove } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * assert.equal(encodeBookMove("e2", "e4"), 0x031c);
 * assert.equal(encodeBookMove("e1", "h1"), 0x0107);
 * ```
 *
 * @param from The square the piece leaves (the king's, castling).
 * @param to The square it reaches (the castling rook's, castling).
 * @param promotion The promotion letter, if any.
 * @returns The 16-bit move.
 */
export function encodeBookMove(
  from: Square,
  to: Square,
  promotion: string | null = null,
): number {
  return squareBits(to) | squareBits(from) << 6 |
    (promotion === null ? 0 : PROMOTIONS.indexOf(promotion as "n")) << 12;
}

function squareBits(square: string): number {
  return (square.charCodeAt(0) - 97) | (square.charCodeAt(1) - 49) << 3;
}

/**
 * A book move's squares and promotion, as the format packs them (castling
 * as king to rook).
 *
 * @example
 * ```ts
 * import { decodeBookMove } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(decodeBookMove(0x4c38), { from: "a7", to: "a8", promotion: "q" });
 * ```
 *
 * @param move The 16-bit move.
 * @returns Its from and to squares and promotion letter ("" for none).
 */
export function decodeBookMove(
  move: number,
): { from: Square; to: Square; promotion: string } {
  return {
    from: squareName(move >> 6),
    to: squareName(move),
    promotion: PROMOTIONS[(move >> 12) & 7] ?? "",
  };
}

function squareName(bits: number): Square {
  return `${String.fromCharCode(97 + (bits & 7))}${
    String.fromCharCode(49 + ((bits >> 3) & 7))
  }` as Square;
}

/**
 * Writes an entry's 16 bytes at `at`.
 *
 * @example
 * ```ts
 * import { writeBookEntry } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * const bytes = new Uint8Array(16);
 * writeBookEntry(bytes, 0, { hi: 0x463b9618, lo: 0x1691fc9c, move: 0x031c, weight: 2, learn: 0 });
 * assert.equal(bytes[0], 0x46);
 * assert.equal(bytes[11], 2);
 * ```
 *
 * @param bytes Where to write.
 * @param at The offset.
 * @param entry The key's high and low 32 bits, move, weight and learn.
 */
export function writeBookEntry(
  bytes: Uint8Array,
  at: number,
  entry: {
    hi: number;
    lo: number;
    move: number;
    weight: number;
    learn: number;
  },
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  view.setUint32(at, entry.hi);
  view.setUint32(at + 4, entry.lo);
  view.setUint16(at + 8, entry.move);
  view.setUint16(at + 10, entry.weight);
  view.setUint32(at + 12, entry.learn);
}

/**
 * Reads the entry at `at` (its reader beside {@linkcode writeBookEntry}).
 *
 * @example
 * ```ts
 * import { readBookEntry, writeBookEntry } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * const bytes = new Uint8Array(16);
 * writeBookEntry(bytes, 0, { hi: 1, lo: 2, move: 3, weight: 4, learn: 5 });
 * assert.deepEqual(readBookEntry(bytes, 0), { key: (1n << 32n) | 2n, move: 3, weight: 4, learn: 5 });
 * ```
 *
 * @param bytes A book, or part of one.
 * @param at The entry's offset.
 * @returns The entry.
 */
export function readBookEntry(bytes: Uint8Array, at: number): BookEntry {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    key: view.getBigUint64(at),
    move: view.getUint16(at + 8),
    weight: view.getUint16(at + 10),
    learn: view.getUint32(at + 12),
  };
}

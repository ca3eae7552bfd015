// 64-bit hashes of a record at every dedupe level in one pass over the
// board: a Zobrist hash (one random number per piece on a square, castling
// right, en-passant square and side), where each looser level is the
// stricter one with terms taken out, and the whole record mixes in the
// counters. Equal keys at a level (PositionKeyWriter) give equal hashes;
// tests/unit/data/unique/position_hash_test.ts holds the two together.

import { fitsTurn } from "../../_tables.ts";
import { hashesEnPassant } from "../polyglot/mod.ts";
import type { RecordView } from "../../record_view.ts";
import { avalanche } from "./_mix.ts";
import { POSITION_KEY_LEVELS, type PositionKeyLevel } from "./position_key.ts";

const CASTLING_BASE = 768; // 16: white a- to h-file, then black
const CAPTURABLE_BASE = 784; // 8: an en-passant file a pawn can use
const WRITTEN_BASE = 792; // 8: an en-passant file written but unusable
const WHITE_TO_MOVE = 800;
const ENTRIES = 801;

/** The random numbers, from splitmix32 with a fixed seed: the same every run. */
const [RANDOM_HI, RANDOM_LO]: readonly Uint32Array[] = /* @__PURE__ */ (() => {
  const hi = new Uint32Array(ENTRIES);
  const lo = new Uint32Array(ENTRIES);
  let state = 0x2545f491;
  const next = (): number => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  for (let i = 0; i < ENTRIES; i++) {
    hi[i] = next();
    lo[i] = next();
  }
  return [hi, lo];
})();

/** Char code of a piece letter to 64 times its kind (0 to 11); -1 otherwise. */
const PIECE_BASE: Int16Array = /* @__PURE__ */ (() => {
  const table = new Int16Array(128).fill(-1);
  const letters = "KQRBNPkqrbnp";
  for (let kind = 0; kind < 12; kind++) {
    table[letters.charCodeAt(kind)] = kind * 64;
  }
  return table;
})();

/** Where each level's two halves start in {@linkcode PositionHasher.hashes}. */
const OFFSET: Readonly<Record<PositionKeyLevel, number>> = /* @__PURE__ */ (
  () => {
    const offsets = {} as Record<PositionKeyLevel, number>;
    POSITION_KEY_LEVELS.forEach((level, k) => offsets[level] = 2 * k);
    return offsets;
  }
)();

const AT_RECORD = OFFSET.record;
const AT_EPD = OFFSET.epd;
const AT_POSITION = OFFSET.position;
const AT_CASTLING = OFFSET.castling;
const AT_SIDE = OFFSET.side;
const AT_BOARD = OFFSET.board;

/**
 * 64-bit hashes of a record at every level of
 * {@linkcode POSITION_KEY_LEVELS} at once, with no allocation: what a
 * {@linkcode UniqueSet} takes through `addHash`. Two records with equal
 * keys at a level have equal hashes there; different keys collide with
 * probability about 2 ** -64.
 *
 * @example Counters aside, the same position
 * ```ts
 * import { FenReader } from "@fen/fen";
 * import { PositionHasher, UniqueSet } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * const hasher = new PositionHasher();
 * const set = new UniqueSet({ capacity: 1024 });
 * const at = PositionHasher.offset("epd");
 * const kept = ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 9 70"]
 *   .filter((fen) => {
 *     reader.read(fen);
 *     const hashes = hasher.hash(reader);
 *     return set.addHash(hashes[at], hashes[at + 1]);
 *   });
 * assert.equal(kept.length, 1);
 * ```
 */
export class PositionHasher {
  /** Halves of the last hashes: level `k` of POSITION_KEY_LEVELS at `2k`. */
  readonly hashes: Uint32Array = new Uint32Array(
    2 * POSITION_KEY_LEVELS.length,
  );

  /**
   * Where a level's high half is in {@linkcode PositionHasher.hashes}; its
   * low half follows.
   *
   * @param level The level.
   * @returns The index.
   */
  static offset(level: PositionKeyLevel): number {
    return OFFSET[level];
  }

  /**
   * Hashes `record` at every level into {@linkcode PositionHasher.hashes}.
   *
   * @param record The record (a `FenReader` after `read`).
   * @returns The instance's `hashes`.
   */
  hash(record: RecordView): Uint32Array {
    const cells = record.cells;
    let hi = 0;
    let lo = 0;
    for (let k = 0; k < 64; k++) {
      const c = cells[k];
      if (c === 0) continue;
      const base = PIECE_BASE[c];
      if (base < 0) continue;
      hi ^= RANDOM_HI[base + k];
      lo ^= RANDOM_LO[base + k];
    }
    const out = this.hashes;
    // from the loosest level up, each adding its terms
    out[AT_BOARD] = hi;
    out[AT_BOARD + 1] = lo;
    if (record.turn === "w") {
      hi ^= RANDOM_HI[WHITE_TO_MOVE];
      lo ^= RANDOM_LO[WHITE_TO_MOVE];
    }
    out[AT_SIDE] = hi;
    out[AT_SIDE + 1] = lo;
    const castling = record.castling;
    for (let i = 0; i < castling.length; i++) {
      const square = castling[i];
      const index = CASTLING_BASE + (square.charCodeAt(1) === 49 ? 0 : 8) +
        square.charCodeAt(0) - 97;
      hi ^= RANDOM_HI[index];
      lo ^= RANDOM_LO[index];
    }
    out[AT_CASTLING] = hi;
    out[AT_CASTLING + 1] = lo;
    const square = record.enPassant;
    if (square !== null && fitsTurn(square, record.turn)) {
      const file = square.charCodeAt(0) - 97;
      const index = hashesEnPassant(record) ? CAPTURABLE_BASE + file : -1;
      if (index >= 0) {
        hi ^= RANDOM_HI[index];
        lo ^= RANDOM_LO[index];
      }
      out[AT_POSITION] = hi;
      out[AT_POSITION + 1] = lo;
      if (index < 0) {
        hi ^= RANDOM_HI[WRITTEN_BASE + file];
        lo ^= RANDOM_LO[WRITTEN_BASE + file];
      }
    } else {
      out[AT_POSITION] = hi;
      out[AT_POSITION + 1] = lo;
    }
    out[AT_EPD] = hi;
    out[AT_EPD + 1] = lo;
    mixCounters(record, out);
    return out;
  }
}

/** The record level: the EPD level's hash with both counters mixed in. */
function mixCounters(record: RecordView, out: Uint32Array): void {
  const halfmove = record.halfmoveClock;
  const fullmove = record.fullmoveNumber === 0 ? 1 : record.fullmoveNumber;
  // counters may pass 2 ** 32: their high words are mixed in too
  let h = out[AT_EPD] ^ Math.imul(halfmove | 0, 0x9e3779b1) ^
    Math.imul((halfmove / 4294967296) | 0, 0x85ebca6b);
  let l = out[AT_EPD + 1] ^ Math.imul(fullmove | 0, 0xc2b2ae35) ^
    Math.imul((fullmove / 4294967296) | 0, 0x27d4eb2f);
  h = avalanche(h ^ avalanche(l));
  l = avalanche(l ^ h);
  out[AT_RECORD] = h;
  out[AT_RECORD + 1] = l;
}

// The key of a position under any rules, as the lichess opening explorer
// keys its index (lila-openingexplorer's KeyBuilder): the position's
// Zobrist hash, pockets, promoted pieces and remaining checks included,
// XORed with a constant per variant, so that each variant has an index of
// its own and standard chess and Chess960 share one (lichess reads both as
// shakmaty's `Chess`). Here the Zobrist hash of the pieces, castling, en
// passant and side to move is the Polyglot key (lichess's 128-bit table
// holds Polyglot's numbers in its low half), so a standard or Chess960
// position's key is its Polyglot key: the key `fen --format key` writes
// and `fen tree` counts by. The other numbers (a variant's constant, a
// pocket's count, a promoted piece's square, a side's remaining checks)
// are fen's own, drawn once from SplitMix64 with a fixed start: lichess's
// keys are not read by any other program, so only the scheme is theirs.

import type { RecordView } from "../../record_view.ts";
import type { Rules } from "../../types.ts";
import { descriptorOf } from "../../chess/variants/mod.ts";
import { polyglotKeyHalves } from "./mod.ts";

const POCKET_ROLES = ["p", "n", "b", "r", "q"] as const;
/** A pocket's count from 1 to 16 has a number (0 has none), as lichess's. */
const POCKET_COUNTS = 16;
const POCKET_BASE = 8;
const PROMOTED_BASE = POCKET_BASE + 2 * POCKET_ROLES.length * POCKET_COUNTS;
/** Remaining checks 0 to 2 have a number (3, the start, has none). */
const CHECKS_BASE = PROMOTED_BASE + 64;
const NUMBERS = CHECKS_BASE + 2 * 3;

/** The numbers' halves: high at 2i, low at 2i + 1. */
const RANDOM: Uint32Array = /* @__PURE__ */ splitMix(NUMBERS);

function splitMix(count: number): Uint32Array {
  const out = new Uint32Array(2 * count);
  const mask = (1n << 64n) - 1n;
  let state = 0x66656e2d6b657973n; // "fen-keys"
  for (let i = 0; i < count; i++) {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    z ^= z >> 31n;
    out[2 * i] = Number(z >> 32n);
    out[2 * i + 1] = Number(z & 0xffffffffn);
  }
  return out;
}

/**
 * The key of a record under `rules`, written into `out[0]` (high 32 bits)
 * and `out[1]` (low): the Polyglot key for standard chess and Chess960,
 * and for a variant the Polyglot key XOR the variant's number, and its
 * pockets' counts, promoted pieces and remaining checks (the record's
 * `variant` state), as lichess's explorer keys a variant's positions.
 *
 * @param record The record.
 * @param rules The rules its game is played under.
 * @param out Receives the two halves.
 */
export function variantKeyHalves(
  record: RecordView,
  rules: Rules,
  out: Uint32Array,
): void {
  polyglotKeyHalves(record, out);
  const slot = descriptorOf(rules).keySlot;
  if (slot === undefined) return;
  mix(out, slot);
  const state = record.variant;
  if (state === undefined || state === null) return;
  const { pockets, promoted, remainingChecks } = state;
  if (pockets !== null) {
    for (let side = 0; side < 2; side++) {
      const pocket = pockets[side === 0 ? "w" : "b"];
      for (let role = 0; role < POCKET_ROLES.length; role++) {
        const count = pocket[POCKET_ROLES[role]];
        if (count < 1 || count > POCKET_COUNTS) continue;
        mix(
          out,
          POCKET_BASE + (side * POCKET_ROLES.length + role) * POCKET_COUNTS +
            count - 1,
        );
      }
    }
  }
  for (const square of promoted) {
    const file = square.charCodeAt(0) - 97, rank = square.charCodeAt(1) - 49;
    mix(out, PROMOTED_BASE + rank * 8 + file);
  }
  if (remainingChecks !== null) {
    for (
      const [side, left] of [[0, remainingChecks.w], [1, remainingChecks.b]]
    ) {
      if (left >= 0 && left < 3) mix(out, CHECKS_BASE + side * 3 + left);
    }
  }
}

function mix(out: Uint32Array, index: number): void {
  out[0] ^= RANDOM[2 * index];
  out[1] ^= RANDOM[2 * index + 1];
}

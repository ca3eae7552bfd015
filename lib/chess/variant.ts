// What sets each variant's moves apart from standard chess, as data: one
// row of flags per rules value, read by the one generator (generate.ts) and
// the one maker (make.ts) at the few points where a variant differs, so
// that no rule of chess is written twice. The rules are python-chess's and
// chessops' (which lichess plays): where they differ, the comment says
// which one is followed.

import { type Rules, VARIANT_RULES } from "../types.ts";
import type { ChessBoard } from "./board.ts";
import { attackersTo } from "./attacks.ts";
import { KING_REACH } from "./geometry.ts";
import {
  type MoveFlags,
  STANDARD_MOVES as STANDARD_FLAGS,
  type VariantDescriptor,
} from "./variants/descriptor.ts";
import { DESCRIPTORS } from "./variants/mod.ts";

/** How a variant's moves differ from standard chess's. */
export interface VariantRules extends MoveFlags {
  /** Its name as a rules value. */
  readonly name: Rules;
  /**
   * Whether the game has ended by the variant's own goal before the side
   * to move moves: it then has no legal move, as in both peers.
   */
  readonly ended: (b: ChessBoard) => boolean;
}

function never(): boolean {
  return false;
}

/**
 * A descriptor's row: every field written out in one order, so that the
 * generator's reads of the rows stay monomorphic.
 */
function rowOf(d: VariantDescriptor): VariantRules {
  const f: MoveFlags = { ...STANDARD_FLAGS, ...d.moves };
  return {
    name: d.rules,
    royal: f.royal,
    kings: f.kings,
    castling: f.castling,
    forcedCapture: f.forcedCapture,
    kingPromotion: f.kingPromotion,
    explosions: f.explosions,
    noCheckGiving: f.noCheckGiving,
    drops: f.drops,
    countChecks: f.countChecks,
    movesMore: f.movesMore,
    ended: d.ended ?? never,
  };
}

/**
 * The rows, in VARIANT_RULES' order and indexed by
 * {@linkcode ChessBoard.variant}; 0 is standard chess. Built from the
 * variants' descriptors (`variants/`).
 */
export const VARIANT_MOVES: readonly VariantRules[] = DESCRIPTORS.map(rowOf);

/**
 * The row of `rules` in {@linkcode VARIANT_MOVES}, which follows
 * VARIANT_RULES' order (0, standard chess, for undefined).
 */
export function variantIndex(rules: Rules | undefined): number {
  if (rules === undefined) return 0;
  const index = VARIANT_RULES.indexOf(rules);
  if (index < 0) {
    throw new TypeError(`No rules "${String(rules).slice(0, 40)}"`);
  }
  return index;
}

/**
 * Whether the king of `side` on `k` is in check when `occupied` are the
 * occupied squares, by the variant's meaning of check: never in antichess;
 * in atomic, not while the enemy king stands next to it (a king cannot
 * capture, and taking it would explode both) nor when there is none.
 */
export function royalAttacked(
  b: ChessBoard,
  k: number,
  side: number,
  occupied: Int32Array,
): boolean {
  const v = VARIANT_MOVES[b.variant];
  if (!v.royal || k < 0) return false;
  if (v.explosions) {
    const enemy = b.king[side ^ 1];
    if (enemy < 0 || (KING_REACH[k * 2 + (enemy >> 5)] & 1 << enemy) !== 0) {
      return false;
    }
  }
  return attackersTo(b, k, side ^ 1, occupied, null) !== 0;
}

/**
 * How a variant ends a game without any move to look at: a king on the
 * hill, three checks given, a king exploded, a side out of pieces, a king
 * on rank 8 in racing kings. As python-chess's variant boards judge it
 * (`is_variant_end`, `_win`, `_loss`, `_draw`). Checkmate and stalemate
 * need the variant's moves: they are not judged here. Each variant's rule
 * and words are in its descriptor (`variants/`).
 *
 * @module
 */

import type { Rules } from "../types.ts";
import type { ChessBoard } from "./board.ts";
import { hasLegalMove } from "./generate.ts";
import { inCheck } from "./notation.ts";
import { VARIANT_MOVES, variantIndex } from "./variant.ts";
import type { VariantEnd } from "./variants/descriptor.ts";
import { DESCRIPTORS } from "./variants/mod.ts";

export type { VariantEnd } from "./variants/descriptor.ts";

/**
 * How the variant's own rule has ended the game on `b` (a loaded board:
 * census, attacks and the variant's state: three-check's counters), or
 * `null` while it goes on.
 */
export function variantEndOf(b: ChessBoard, rules: Rules): VariantEnd | null {
  const index = variantIndex(rules);
  // Whether the game is over is the move generator's rule (variant.ts),
  // decided once.
  if (!VARIANT_MOVES[index].ended(b)) return null;
  return DESCRIPTORS[index].end?.(b) ?? null;
}

/**
 * The check mark of the move just played on `b` under a variant's rules,
 * as python-chess writes it: `#` for checkmate and for a game the
 * variant's goal ended (a king exploded or on the hill, a third check, a
 * side out of pieces, a king home in racing kings, a side without a move
 * in antichess) but a drawn one, `+` for another check, else "".
 *
 * @param b The board after the move.
 * @param scratch Room for the replies' moves (MAX_MOVES).
 * @returns The mark.
 */
export function variantCheckMark(
  b: ChessBoard,
  scratch: Int32Array,
): "" | "+" | "#" {
  const check = inCheck(b);
  const ended = VARIANT_MOVES[b.variant].ended(b);
  const over = ended || !hasLegalMove(b, scratch);
  if (over && (check || ended || !VARIANT_MOVES[b.variant].royal)) {
    return racingKingsDraw(b) ? "" : "#";
  }
  return check ? "+" : "";
}

/** Racing kings' draw: both kings reached the eighth rank. */
function racingKingsDraw(b: ChessBoard): boolean {
  return VARIANT_MOVES[b.variant].name === "racingkings" &&
    b.king[0] >= 0 && b.king[0] < 8 && b.king[1] >= 0 && b.king[1] < 8;
}

// Atomic: a capture explodes the capturer and every piece but pawns next
// to the square; the side whose king explodes loses.

import type { ChessBoard } from "../board.ts";
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from "../geometry.ts";
import {
  START,
  type VariantDescriptor,
  type VariantEnd,
} from "./descriptor.ts";
import { bishopColors, both } from "./_shared.ts";

/** A king has exploded. */
function ended(b: ChessBoard): boolean {
  return b.counts[KING] === 0 || b.counts[8 | KING] === 0;
}

function end(b: ChessBoard): VariantEnd | null {
  const white = b.counts[KING] > 0, black = b.counts[8 | KING] > 0;
  if (white === black) return null;
  return {
    winner: white ? "w" : "b",
    reason: `${white ? "Black" : "White"}'s king exploded`,
  };
}

/** As python-chess's `AtomicBoard.has_insufficient_material`. */
function insufficient(b: ChessBoard, color: number): boolean {
  const own = color << 3, other = (color ^ 1) << 3;
  // nothing matters once the opponent's king has exploded
  if (b.counts[other | KING] === 0) return false;
  if (b.count[color] === b.counts[own | KING]) return true; // a bare king
  if (b.count[color ^ 1] > b.counts[other | KING]) {
    // the opponent's own pieces may explode next to its king, unless only
    // bishops that cannot meet are left
    const total = b.count[0] + b.count[1];
    if (total === both(b, BISHOP) + both(b, KING)) {
      const white = bishopColors(b, 0), black = bishopColors(b, 1);
      if ((white & 2) === 0) return (black & 1) === 0;
      if ((white & 1) === 0) return (black & 2) === 0;
    }
    return false;
  }
  if (both(b, QUEEN) + both(b, PAWN) > 0) return false;
  if (both(b, KNIGHT) + both(b, BISHOP) + both(b, ROOK) === 1) return true;
  if (b.count[0] + b.count[1] === both(b, KNIGHT) + both(b, KING)) {
    return both(b, KNIGHT) <= 2; // two knights cannot mate a bare king
  }
  return false;
}

/** Atomic. */
export const ATOMIC: VariantDescriptor = {
  rules: "atomic",
  keySlot: 1,
  tag: "Atomic",
  aliases: ["atom", "atomic chess"],
  start: START,
  moves: { kings: "atomic", explosions: true, movesMore: true },
  ended,
  end,
  insufficient,
};

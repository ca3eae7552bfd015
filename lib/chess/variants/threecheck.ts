// Three-check: the side that gives its third check wins.

import type { ChessBoard } from "../board.ts";
import { KING } from "../geometry.ts";
import {
  START,
  type VariantDescriptor,
  type VariantEnd,
} from "./descriptor.ts";

/** A side has given its third check. */
function ended(b: ChessBoard): boolean {
  return b.remainingChecks[0] <= 0 || b.remainingChecks[1] <= 0;
}

function end(b: ChessBoard): VariantEnd {
  const [white, black] = b.remainingChecks;
  if (white <= 0 && black <= 0) {
    return { winner: null, reason: "both sides gave three checks" };
  }
  return white <= 0
    ? { winner: "w", reason: "White gave three checks" }
    : { winner: "b", reason: "Black gave three checks" };
}

/** Three-check. */
export const THREECHECK: VariantDescriptor = {
  rules: "threecheck",
  keySlot: 4,
  tag: "Three-check",
  aliases: [
    "three check",
    "threecheck",
    "three check chess",
    "3-check",
    "3 check",
    "3check",
  ],
  start: `${START} +0+0`,
  moves: { countChecks: true },
  ended,
  end,
  // any piece but the king can give check
  insufficient: (b, color) => b.count[color] === b.counts[color << 3 | KING],
};

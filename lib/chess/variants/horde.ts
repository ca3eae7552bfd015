// Horde: White's 36 pawns and no king against Black's army; a side with
// no piece left loses.

import type { ChessBoard } from "../board.ts";
import type { VariantDescriptor, VariantEnd } from "./descriptor.ts";
import { NAMES, never, SIDES } from "./_shared.ts";

/** A side has no piece left. */
function ended(b: ChessBoard): boolean {
  return b.count[0] === 0 || b.count[1] === 0;
}

function end(b: ChessBoard): VariantEnd | null {
  if (b.count[0] > 0 && b.count[1] > 0) return null;
  if (b.count[0] + b.count[1] === 0) {
    return { winner: null, reason: "no pieces are left" };
  }
  const out = b.count[0] === 0 ? 0 : 1;
  return {
    winner: SIDES[out ^ 1],
    reason: `${NAMES[out]} has no pieces left`,
  };
}

/** Horde. */
export const HORDE: VariantDescriptor = {
  rules: "horde",
  keySlot: 5,
  tag: "Horde",
  aliases: ["horde chess"],
  start:
    "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
  moves: { kings: "horde" },
  ended,
  end,
  insufficient: never, // Black can always take the horde (python-chess's rule)
};

// Crazyhouse: captured pieces change sides into the captor's pocket and may
// be dropped on an empty square instead of a move.

import type { ChessBoard } from "../board.ts";
import { KING, PAWN, QUEEN, ROOK } from "../geometry.ts";
import type { VariantDescriptor } from "./descriptor.ts";
import { both } from "./_shared.ts";

/**
 * No pawn, rook or queen on the board or in hand, no promoted piece, and
 * three pieces at most in all (python-chess's rule; no material leaves a
 * crazyhouse game, so it holds only for set-up positions).
 */
function insufficient(b: ChessBoard): boolean {
  const p = b.pockets;
  let inHand = 0;
  for (let code = 1; code < 15; code++) inHand += p[code];
  for (const role of [PAWN, ROOK, QUEEN]) {
    if (both(b, role) + p[role] + p[8 | role] > 0) return false;
  }
  const kings = b.masks[KING * 2] | b.masks[(8 | KING) * 2];
  const kingsHigh = b.masks[KING * 2 + 1] | b.masks[(8 | KING) * 2 + 1];
  // a promoted piece but a king or a pawn (none here) goes back as a pawn
  if ((b.promoted[0] & ~kings) !== 0 || (b.promoted[1] & ~kingsHigh) !== 0) {
    return false;
  }
  return b.count[0] + b.count[1] + inHand <= 3;
}

/** Crazyhouse. */
export const CRAZYHOUSE: VariantDescriptor = {
  rules: "crazyhouse",
  keySlot: 0,
  tag: "Crazyhouse",
  aliases: ["crazy house", "house", "zh"],
  start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  moves: { drops: true, movesMore: true },
  insufficient,
};

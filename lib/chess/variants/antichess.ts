// Antichess: captures are forced, kings are not royal, and the side that
// gives all its pieces away wins.

import type { ChessBoard } from "../board.ts";
import { BISHOP, KNIGHT } from "../geometry.ts";
import type { VariantDescriptor, VariantEnd } from "./descriptor.ts";
import { both, NAMES, SIDES, squareColors } from "./_shared.ts";

/** The side to move has no piece left, and wins (chessops' test). */
function ended(b: ChessBoard): boolean {
  return b.count[b.turn] === 0;
}

function end(b: ChessBoard): VariantEnd | null {
  // the side to move with nothing left has given everything away: it wins
  if (b.count[b.turn] > 0) return null;
  return {
    winner: SIDES[b.turn],
    reason: `${NAMES[b.turn]} has no pieces left`,
  };
}

/**
 * As python-chess's `SuicideBoard.has_insufficient_material`: `color`
 * cannot give all its pieces away.
 */
function insufficient(b: ChessBoard, color: number): boolean {
  if (b.count[color] === 0) return false;
  if (b.count[color ^ 1] === 0) return true;
  const total = b.count[0] + b.count[1];
  if (total === both(b, BISHOP)) {
    // bishops only: ours cannot be taken if theirs stand on the other colour
    const ours = squareColors(b, color), theirs = squareColors(b, color ^ 1);
    return ((ours & 1) !== 0 && (theirs & 1) === 0) ||
      ((ours & 2) !== 0 && (theirs & 2) === 0);
  }
  if (total === both(b, KNIGHT) && total === 2) {
    // python-chess's parity rule: `turn == color ^ whiteOnLight ^ blackOnDark`
    const whiteOnLight = (squareColors(b, 0) & 1) !== 0;
    const blackOnDark = (squareColors(b, 1) & 2) !== 0;
    return (b.turn === 0) === ((color === 0) !== whiteOnLight !== blackOnDark);
  }
  return false;
}

/** Antichess. */
export const ANTICHESS: VariantDescriptor = {
  rules: "antichess",
  keySlot: 2,
  tag: "Antichess",
  aliases: ["anti chess", "anti"],
  start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  moves: {
    royal: false,
    kings: "any",
    castling: false,
    forcedCapture: true,
    kingPromotion: true,
  },
  ended,
  end,
  insufficient,
};

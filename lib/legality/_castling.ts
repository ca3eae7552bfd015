// Castling rights: each right's rook and king on their home squares, by
// standard or Chess960 rules, and at most one right on each side of a king.

import { isSquare, SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import { castlingSlot } from "../chess/rules.ts";
import type { Context } from "./_context.ts";
import { colorName, sideName } from "./_report.ts";

/** Whether a castling right names a rook that only Chess960 can castle. */
export function impliesChess960(castling: readonly Square[]): boolean {
  for (let i = 0; i < castling.length; i++) {
    const file = castling[i].charCodeAt(0);
    if (file !== 97 && file !== 104) return true;
  }
  return false;
}

/** Checks every castling right of the position. */
export function checkCastling(ctx: Context): void {
  const castling = ctx.position.castling;
  const chess960 = ctx.rules === undefined
    ? impliesChess960(castling)
    : ctx.rules === "chess960";
  // Bits of the king sides that have a right: white a-side, white h-side,
  // black a-side, black h-side; `doubled` those that have two.
  let sides = 0;
  let doubled = 0;
  for (let i = 0; i < castling.length; i++) {
    const bit = checkRight(ctx, castling[i], chess960);
    if ((sides & bit) !== 0) doubled |= bit;
    sides |= bit;
  }
  for (let side = 0; side < 4; side++) {
    if ((doubled & (1 << side)) !== 0) reportDoubled(ctx, side);
  }
}

/** A right to judge: the rook's square and its side's king, if single. */
interface Right {
  square: Square;
  white: boolean;
  king: number;
}

/** What can be wrong with a right, as the end of a sentence. */
const FAULTS: readonly ((right: Right) => string)[] = [
  ({ white }) => `${sideName(white)} has no single king to castle with`,
  ({ white, king }) =>
    `the ${colorName(white)} king on ${
      SQUARE_NAMES[king]
    } has left its back rank, losing every castling right`,
  ({ white, king }) =>
    `in standard chess the ${colorName(white)} king castles only from ${
      white ? "e1" : "e8"
    }, not ${SQUARE_NAMES[king]}`,
  ({ white, king }) =>
    `in Chess960 the ${
      colorName(white)
    } king starts between two rooks, on a file b to g, not on ${
      SQUARE_NAMES[king]
    }`,
  ({ square }) =>
    `in standard chess only the rooks of the a- and h-files castle, not one on ${square}`,
  ({ white, square }) => `no ${colorName(white)} rook stands on ${square}`,
];

/**
 * Reports what is wrong with one right and returns 0, or returns the bit
 * of the king side the right is on.
 */
function checkRight(ctx: Context, right: Square, chess960: boolean): number {
  if (!isSquare(right) || (right[1] !== "1" && right[1] !== "8")) {
    ctx.report.add(
      "bad-castling-rights",
      isSquare(right) ? [right] : [],
      `castling right ${
        String(right)
      }: a castling rook must stand on rank 1 or 8`,
    );
    return 0;
  }
  const white = right[1] === "1";
  const king = ctx.board.king[white ? 0 : 1];
  const home = white ? 56 : 0;
  const rook = home + right.charCodeAt(0) - 97;
  const kingFile = king - home;
  let fault = -1;
  if (king < 0) fault = 0;
  else if (kingFile < 0 || kingFile > 7) fault = 1;
  else if (!chess960 && kingFile !== 4) fault = 2;
  else if (chess960 && (kingFile === 0 || kingFile === 7)) fault = 3;
  else if (!chess960 && rook !== home && rook !== home + 7) fault = 4;
  // What is left is the rule the move generator keeps rights by.
  const slot = fault < 0 ? castlingSlot(ctx.board, rook) : -1;
  if (slot >= 0) return 1 << slot;
  if (fault < 0) fault = 5;
  ctx.report.add(
    "bad-castling-rights",
    king >= 0 && king !== rook ? [right, SQUARE_NAMES[king]] : [right],
    `castling right for the rook on ${right}: ${
      FAULTS[fault]({ square: right, white, king })
    }`,
  );
  return 0;
}

/** Reports the rights of one king side (bit `side` of checkCastling). */
function reportDoubled(ctx: Context, side: number): void {
  const white = side < 2;
  const hSide = (side & 1) === 1;
  const king = ctx.board.king[white ? 0 : 1];
  const castling = ctx.position.castling;
  const squares: Square[] = [];
  for (let i = 0; i < castling.length; i++) {
    const right = castling[i];
    if (!isSquare(right) || right[1] !== (white ? "1" : "8")) continue;
    const file = right.charCodeAt(0) - 97;
    if ((file > (king & 7)) === hSide) squares.push(right);
  }
  squares.push(SQUARE_NAMES[king]);
  ctx.report.add(
    "bad-castling-rights",
    squares,
    `castling rights for the rooks on ${
      squares.slice(0, -1).join(" and ")
    }: a king castles with only one rook on each side (the ${
      hSide ? "h" : "a"
    }-side of ${SQUARE_NAMES[king]})`,
  );
}

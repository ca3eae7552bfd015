// What several variants' rules ask of a board: where a king is, how many
// of a role, on which square colours, and standard chess's insufficient
// material, which Chess960 shares.

import type { Side } from "../../types.ts";
import type { ChessBoard } from "../board.ts";
import {
  BISHOP,
  isLight,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROOK,
} from "../geometry.ts";

/** The sides by colour index (0 White). */
export const SIDES: readonly Side[] = ["w", "b"];
/** Their names by colour index. */
export const NAMES: readonly string[] = ["White", "Black"];

/** A rule that never holds. */
export function never(): boolean {
  return false;
}

/** The square of a side's (first) king, or -1. */
export function kingOf(b: ChessBoard, color: number): number {
  const code = color << 3 | KING;
  const sq = b.sq;
  for (let k = 0; k < 64; k++) if (sq[k] === code) return k;
  return -1;
}

/** How many pieces of `role` both sides have on the board. */
export function both(b: ChessBoard, role: number): number {
  return b.counts[role] + b.counts[8 | role];
}

/** Bishops on light (1) and dark (2) squares of `color`, or of both sides (-1). */
export function bishopColors(b: ChessBoard, color: number): number {
  let found = 0;
  for (let c = 0; c < 2; c++) {
    if (color >= 0 && c !== color) continue;
    for (let j = c * 64; j < c * 64 + b.count[c]; j++) {
      const s = b.list[j];
      if ((b.sq[s] & 7) === BISHOP) found |= isLight(s) ? 1 : 2;
    }
  }
  return found;
}

/** Pieces of `color` on light (1) and dark (2) squares. */
export function squareColors(b: ChessBoard, color: number): number {
  let found = 0;
  for (let j = color * 64; j < color * 64 + b.count[color]; j++) {
    found |= isLight(b.list[j]) ? 1 : 2;
  }
  return found;
}

/** chessops' `hasInsufficientMaterial`: `color` cannot mate by any play. */
export function standardInsufficient(b: ChessBoard, color: number): boolean {
  const roles = b.counts;
  const own = color << 3, other = (color ^ 1) << 3;
  if (roles[own | PAWN] + roles[own | ROOK] + roles[own | QUEEN] > 0) {
    return false;
  }
  if (roles[own | KNIGHT] > 0) {
    return roles[own | KNIGHT] + roles[own | BISHOP] === 1 &&
      roles[other | PAWN] + roles[other | KNIGHT] + roles[other | BISHOP] +
            roles[other | ROOK] === 0;
  }
  if (roles[own | BISHOP] > 0) {
    return bishopColors(b, -1) !== 3 && both(b, PAWN) === 0 &&
      both(b, KNIGHT) === 0;
  }
  return true;
}

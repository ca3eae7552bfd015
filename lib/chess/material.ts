// Whether neither side can win by any play ("insufficient material"), per
// rules: standard chess's as chessops and lichess rule it, and each
// variant's as python-chess's variant boards do (`has_insufficient_material`
// for both colours), chosen by a table.

import type { Rules } from "../types.ts";
import type { ChessBoard } from "./board.ts";
import {
  BISHOP,
  isLight,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROOK,
} from "./geometry.ts";

/** Whether neither side of the loaded board `b` can win under `rules`. */
export function insufficientMaterial(b: ChessBoard, rules: Rules): boolean {
  const insufficient = INSUFFICIENT[rules] ?? standard;
  return insufficient(b, 0) && insufficient(b, 1);
}

/** Whether `color` (0 White, 1 Black) cannot win on `b`. */
type Insufficient = (b: ChessBoard, color: number) => boolean;

function never(): boolean {
  return false;
}

const INSUFFICIENT: Readonly<Partial<Record<Rules, Insufficient>>> = {
  crazyhouse,
  // any piece but the king can give check
  threecheck: (b, color) => b.count[color] === b.counts[color << 3 | KING],
  kingofthehill: never, // a king can walk to the hill
  atomic,
  antichess,
  horde: never, // Black can always take the horde (python-chess's rule)
  racingkings: never,
};

/** Bishops on light (1) and dark (2) squares of `color`, or of both sides (-1). */
function bishopColors(b: ChessBoard, color: number): number {
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
function squareColors(b: ChessBoard, color: number): number {
  let found = 0;
  for (let j = color * 64; j < color * 64 + b.count[color]; j++) {
    found |= isLight(b.list[j]) ? 1 : 2;
  }
  return found;
}

/** How many pieces of `role` both sides have on the board. */
function both(b: ChessBoard, role: number): number {
  return b.counts[role] + b.counts[8 | role];
}

/** chessops' `hasInsufficientMaterial`: `color` cannot mate by any play. */
function standard(b: ChessBoard, color: number): boolean {
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

/**
 * Crazyhouse: no pawn, rook or queen on the board or in hand, no promoted
 * piece, and three pieces at most in all (python-chess's rule; no material
 * leaves a crazyhouse game, so it holds only for set-up positions).
 */
function crazyhouse(b: ChessBoard): boolean {
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

/** Atomic, as python-chess's `AtomicBoard.has_insufficient_material`. */
function atomic(b: ChessBoard, color: number): boolean {
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

/**
 * Antichess, as python-chess's `SuicideBoard.has_insufficient_material`:
 * `color` cannot give all its pieces away.
 */
function antichess(b: ChessBoard, color: number): boolean {
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

// Move safety read along the lines from a king, for callers that test one
// move rather than generate all of them (the PGN fast path): whether a
// piece is pinned, whether a move leaves its king safe, whether it gives
// check. The generator finds every pin at once (generate.ts
// findChecksAndPins); both read the same ray tables and attack query.

import { attacksSquare, isAttacked } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import { makeMove, unmakeMove } from "./make.ts";
import { CASTLE, EN_PASSANT } from "./move.ts";
import {
  BISHOP,
  DIRECTION,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
} from "./geometry.ts";

/**
 * Whether the piece on `from` stands between the side to move's king on
 * `king` and an enemy slider in direction `d` (DIRECTION's numbering).
 */
export function pinnedAlong(
  b: ChessBoard,
  king: number,
  from: number,
  d: number,
): boolean {
  const sq = b.sq, them = (b.turn ^ 1) << 3;
  let passed = false;
  for (
    let j = RAY_START[king * 8 + d], e = RAY_START[king * 8 + d + 1];
    j < e;
    j++
  ) {
    const s = RAY_SQUARES[j], p = sq[s];
    if (p === 0) continue;
    if (!passed) {
      if (s !== from) return false;
      passed = true;
      continue;
    }
    return p === (them | QUEEN) || p === (them | (d < 4 ? ROOK : BISHOP));
  }
  return false;
}

/**
 * Whether pseudo-legal move `code` leaves its own king safe; `check` says
 * whether that king is in check now. Out of check, a piece other than the
 * king can only expose it along the line from the king through its square,
 * to an enemy slider behind it, unless it stays on that line: one look
 * along the ray. Otherwise the move is made, tested and taken back.
 */
export function leavesKingSafe(
  b: ChessBoard,
  code: number,
  check: boolean,
): boolean {
  const us = b.turn, from = code & 63, king = b.king[us];
  if (!check && from !== king && !(code & EN_PASSANT)) {
    const d = DIRECTION[king * 64 + from];
    if (d < 0 || DIRECTION[king * 64 + ((code >> 6) & 63)] === d) return true;
    return !pinnedAlong(b, king, from, d);
  }
  makeMove(b, code);
  const safe = !isAttacked(b, b.king[us], us ^ 1);
  unmakeMove(b);
  return safe;
}

/**
 * Whether the move just made checks the side now to move: the moved piece
 * attacks the king, or, when the square it left is on a line from the king
 * (or the move is castling, en passant or a promotion), the full test.
 */
export function givesCheck(b: ChessBoard, code: number): boolean {
  const king = b.king[b.turn], from = code & 63, to = (code >> 6) & 63;
  if (
    (code & (CASTLE | EN_PASSANT | (7 << 12))) !== 0 ||
    DIRECTION[king * 64 + from] >= 0
  ) {
    return isAttacked(b, b.king[b.turn], b.turn ^ 1);
  }
  return attacksSquare(b, to, king);
}

// The one attack query of the chess core. Every question about attacks,
// "what is" and "what if", goes through attackersTo with an occupancy: the
// board's own for the position as it stands, a changed copy for a position
// one move away (en passant, a king stepping off a line, castling through
// attacked squares, the board before a double push), as chessops'
// attacksTo and shakmaty's attacks_to take one.

import type { ChessBoard } from "./board.ts";
import {
  BISHOP,
  KING,
  KNIGHT,
  KNIGHT_START,
  KNIGHT_TARGETS,
  PAWN,
  PAWN_START,
  PAWN_TARGETS,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
} from "./geometry.ts";

/**
 * The pieces of `side` (0 White, 1 Black) that attack square `t` when the
 * squares of `occupied` (two words, as {@linkcode ChessBoard.occupied}) are
 * the occupied ones: a piece counts only if its square is in `occupied`,
 * and any square of `occupied` blocks a line, whatever stands there on the
 * board. Writes their squares into `out` (rook and bishop lines first, then
 * knights, then pawns, each from the a-side) and returns how many; with
 * `out` null, returns 1 at the first attacker found, 0 if there is none.
 */
export function attackersTo(
  b: ChessBoard,
  t: number,
  side: number,
  occupied: Int32Array,
  out: number[] | null,
): number {
  const sq = b.sq;
  const low = occupied[0], high = occupied[1];
  const own = side << 3;
  const queen = own | QUEEN, rook = own | ROOK, bishop = own | BISHOP;
  let n = 0;
  for (let d = 0; d < 8; d++) {
    const first = RAY_START[t * 8 + d], end = RAY_START[t * 8 + d + 1];
    const line = d < 4 ? rook : bishop;
    for (let j = first; j < end; j++) {
      const x = RAY_SQUARES[j];
      // A shift counts modulo 32: bit `x & 31` of the word of `x`.
      if (((x < 32 ? low : high) & (1 << x)) === 0) continue;
      const p = sq[x];
      if (p === queen || p === line || (j === first && p === (own | KING))) {
        if (out === null) return 1;
        out[n++] = x;
      }
      break;
    }
  }
  const knight = own | KNIGHT;
  for (let j = KNIGHT_START[t]; j < KNIGHT_START[t + 1]; j++) {
    const x = KNIGHT_TARGETS[j];
    if (sq[x] === knight && ((x < 32 ? low : high) & (1 << x)) !== 0) {
      if (out === null) return 1;
      out[n++] = x;
    }
  }
  const pawn = own | PAWN;
  const from = (side ^ 1) * 64 + t;
  for (let j = PAWN_START[from]; j < PAWN_START[from + 1]; j++) {
    const x = PAWN_TARGETS[j];
    if (sq[x] === pawn && ((x < 32 ? low : high) & (1 << x)) !== 0) {
      if (out === null) return 1;
      out[n++] = x;
    }
  }
  return n;
}

/**
 * Whether any piece of `side` attacks square `t` on the board as it
 * stands.
 */
export function isAttacked(b: ChessBoard, t: number, side: number): boolean {
  return attackersTo(b, t, side, b.occupied, null) !== 0;
}

/** Whether a pawn of `side` on `s` attacks `t` (wherever it stands now). */
export function pawnAttacks(side: number, s: number, t: number): boolean {
  for (let j = PAWN_START[side * 64 + s]; j < PAWN_START[side * 64 + s + 1]; j++) {
    if (PAWN_TARGETS[j] === t) return true;
  }
  return false;
}

/** Whether piece code `code` moves along lines (bishop, rook, queen). */
export function isSlider(code: number): boolean {
  const role = code & 7;
  return role === BISHOP || role === ROOK || role === QUEEN;
}

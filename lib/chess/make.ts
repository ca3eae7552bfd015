// Playing a move on the core board and taking it back: what perft and
// move matching do at every node, so without allocating (the undo records
// grow with the deepest line and are kept on the board).

import type { ChessBoard } from "./board.ts";
import { KING, PAWN, ROOK } from "./geometry.ts";
import {
  CASTLE,
  castleRook,
  DOUBLE_PUSH,
  EN_PASSANT,
  kingTarget,
  moveFrom,
  movePromotion,
  moveTo,
  rookTarget,
} from "./move.ts";

/** Words per undo record: move, captured code, castling, en passant, clock. */
const UNDO = 5;

/**
 * Plays a move from the generator on `b`, whose pieces are listed;
 * {@linkcode unmakeMove} reverts it.
 */
export function makeMove(b: ChessBoard, m: number): void {
  const sq = b.sq, us = b.turn;
  const from = moveFrom(m), to = moveTo(m);
  const u = b.ply++ * UNDO;
  const piece = sq[from];
  const undo = b.undo;
  undo[u] = m;
  undo[u + 1] = 0;
  undo[u + 2] = b.castle;
  undo[u + 3] = b.ep;
  undo[u + 4] = b.halfmove;
  b.ep = -1;
  b.halfmove++;
  if (m & CASTLE) {
    const kingTo = kingTarget(from, to), rookTo = rookTarget(from, to);
    // Off and on again: the king may land on the rook's square and the
    // rook on the king's.
    b.remove(to);
    b.shift(from, kingTo, piece);
    b.put(rookTo, us << 3 | ROOK);
  } else {
    const at = m & EN_PASSANT ? to + (us === 0 ? 8 : -8) : to;
    const captured = sq[at];
    if (captured !== 0) {
      undo[u + 1] = captured;
      b.remove(at);
      b.halfmove = 0;
    }
    const promotion = movePromotion(m);
    b.shift(from, to, promotion === 0 ? piece : us << 3 | promotion);
    if ((piece & 7) === PAWN) {
      b.halfmove = 0;
      if (m & DOUBLE_PUSH) b.ep = (from + to) >> 1;
    }
  }
  if (b.castle !== 0) loseCastling(b, from, to, (piece & 7) === KING);
  if (us === 1) b.fullmove++;
  b.turn = us ^ 1;
}

/** Drops the rights a move from `from` to `to` (by a king or not) loses. */
function loseCastling(
  b: ChessBoard,
  from: number,
  to: number,
  king: boolean,
): void {
  let castle = b.castle;
  for (let slot = 0; slot < 4; slot++) {
    const rook = castleRook(castle, slot);
    if (
      rook === from || rook === to ||
      (king && slot >> 1 === b.turn && rook >= 0)
    ) {
      castle &= ~(127 << (7 * slot));
    }
  }
  b.castle = castle;
}

/** The piece code the last move made on `b` took (0 for none), from its undo record. */
export function lastCaptured(b: ChessBoard): number {
  return b.undo[(b.ply - 1) * UNDO + 1];
}

/** Takes back the last move made on `b`. */
export function unmakeMove(b: ChessBoard): void {
  const u = --b.ply * UNDO;
  const undo = b.undo;
  const m = undo[u];
  const us = b.turn ^ 1;
  const from = moveFrom(m), to = moveTo(m);
  if (m & CASTLE) {
    const kingTo = kingTarget(from, to), rookTo = rookTarget(from, to);
    b.remove(rookTo);
    b.shift(kingTo, from, us << 3 | KING);
    b.put(to, us << 3 | ROOK);
  } else {
    const moved = movePromotion(m) !== 0 ? us << 3 | PAWN : b.sq[to];
    b.shift(to, from, moved);
    const captured = undo[u + 1];
    if (captured !== 0) {
      b.put(m & EN_PASSANT ? to + (us === 0 ? 8 : -8) : to, captured);
    }
  }
  b.castle = undo[u + 2];
  b.ep = undo[u + 3];
  b.halfmove = undo[u + 4];
  if (us === 1) b.fullmove--;
  b.turn = us;
}

/**
 * Passes the turn (a null move, PGN's `--`): the other side to move, no
 * en-passant square, the halfmove clock on, as python-chess plays it;
 * {@linkcode unmakeNullMove} takes it back. Its undo record is the board's,
 * so moves after it stack as usual.
 */
export function makeNullMove(b: ChessBoard): void {
  const u = b.ply++ * UNDO;
  const undo = b.undo;
  undo[u] = 0;
  undo[u + 1] = 0;
  undo[u + 2] = b.castle;
  undo[u + 3] = b.ep;
  undo[u + 4] = b.halfmove;
  b.ep = -1;
  b.halfmove++;
  if (b.turn === 1) b.fullmove++;
  b.turn ^= 1;
}

/** Takes back a null move made by {@linkcode makeNullMove}. */
export function unmakeNullMove(b: ChessBoard): void {
  const u = --b.ply * UNDO;
  b.ep = b.undo[u + 3];
  b.halfmove = b.undo[u + 4];
  b.turn ^= 1;
  if (b.turn === 1) b.fullmove--;
}

// Playing a move on the core board and taking it back: what perft and
// move matching do at every node, so without allocating (the undo records
// grow with the deepest line and are kept on the board).

import type { ChessBoard } from "./board.ts";
import { attackersTo } from "./attacks.ts";
import { KING, KING_START, KING_TARGETS, PAWN, ROOK } from "./geometry.ts";
import { VARIANT_MOVES } from "./variant.ts";
import {
  CASTLE,
  castleRook,
  DOUBLE_PUSH,
  DROP,
  dropRole,
  EN_PASSANT,
  kingTarget,
  moveFrom,
  movePromotion,
  moveTo,
  rookTarget,
} from "./move.ts";

/**
 * Words per undo record: move, captured code, castling, en passant, clock,
 * and what a variant changed (see VARIANT_UNDO).
 */
const UNDO = 6;

// The sixth word of an undo record: how many pieces a capture exploded
// (atomic, the low four bits), whether the captured piece and the moving
// piece were promoted ones (crazyhouse), whether the move used up one of
// the mover's checks (three-check).
const EXPLODED = 15;
const CAPTURED_PROMOTED = 1 << 4;
const MOVER_PROMOTED = 1 << 5;
const CHECK_GIVEN = 1 << 6;

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
  undo[u + 5] = 0;
  b.ep = -1;
  b.halfmove++;
  if (m & DROP) {
    const role = dropRole(m);
    b.put(to, us << 3 | role);
    b.pockets[us << 3 | role]--;
    if (role === PAWN) b.halfmove = 0;
  } else if (m & CASTLE) {
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
    if (!b.plain && VARIANT_MOVES[b.variant].movesMore) {
      undo[u + 5] = afterVariantMove(b, m, at, captured);
    }
  }
  if (b.castle !== 0) loseCastling(b, from, to, (piece & 7) === KING);
  if (us === 1) b.fullmove++;
  b.turn = us ^ 1;
  if (!b.plain && VARIANT_MOVES[b.variant].countChecks) countCheck(b, u);
}

/**
 * What a variant adds to a move but a drop or castling, once the piece has
 * moved: a crazyhouse capture's piece to the pocket (a promoted one as a
 * pawn) and the promoted marks moved along; an atomic capture's
 * explosion. Returns the undo record's sixth word.
 */
function afterVariantMove(
  b: ChessBoard,
  m: number,
  at: number,
  captured: number,
): number {
  const v = VARIANT_MOVES[b.variant];
  const us = b.turn, from = moveFrom(m), to = moveTo(m);
  let record = 0;
  if (v.drops) {
    const promoted = b.promoted;
    if (captured !== 0) {
      const was = (promoted[at >> 5] & 1 << at) !== 0;
      promoted[at >> 5] &= ~(1 << at);
      b.pockets[us << 3 | (was ? PAWN : captured & 7)]++;
      if (was) record |= CAPTURED_PROMOTED;
    }
    if ((promoted[from >> 5] & 1 << from) !== 0) {
      promoted[from >> 5] &= ~(1 << from);
      promoted[to >> 5] |= 1 << to;
      record |= MOVER_PROMOTED;
    } else if (movePromotion(m) !== 0) promoted[to >> 5] |= 1 << to;
  }
  if (v.explosions && captured !== 0) record |= explode(b, to);
  return record;
}

/**
 * Atomic: the piece that captured on `to` and every piece but pawns next
 * to it leave the board, with the castling rights of rooks and kings among
 * them. Returns how many; their squares and codes go on `b.exploded`.
 */
function explode(b: ChessBoard, to: number): number {
  const sq = b.sq, exploded = b.exploded;
  exploded.push(to | sq[to] << 6);
  b.remove(to);
  let count = 1;
  for (let j = KING_START[to]; j < KING_START[to + 1]; j++) {
    const t = KING_TARGETS[j], code = sq[t];
    if (code === 0 || (code & 7) === PAWN) continue;
    exploded.push(t | code << 6);
    b.remove(t);
    count++;
    if (b.castle !== 0) {
      const king = (code & 7) === KING;
      // A king's rights go with it, whichever side's it is.
      const turn = b.turn;
      b.turn = code >> 3;
      loseCastling(b, t, t, king);
      b.turn = turn;
    }
  }
  return count;
}

/**
 * Three-check: if the move just made gives check, the mover has one check
 * fewer to give; the undo record at `u` says so.
 */
function countCheck(b: ChessBoard, u: number): void {
  const k = b.king[b.turn];
  if (k >= 0 && attackersTo(b, k, b.turn ^ 1, b.occupied, null) !== 0) {
    b.remainingChecks[b.turn ^ 1]--;
    b.undo[u + 5] |= CHECK_GIVEN;
  }
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
  // Three-check's record says a check was given; the others' moves more.
  if (!b.plain && (VARIANT_MOVES[b.variant].movesMore || undo[u + 5] !== 0)) {
    undoVariantMove(b, m, undo[u + 5], undo[u + 1]);
  }
  if (m & DROP) {
    b.remove(to);
  } else if (m & CASTLE) {
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
 * Takes back what afterVariantMove, a drop and countCheck did for move
 * `m` (`record` its undo record's sixth word), leaving the board as the
 * standard take-back expects it: the capturer back on its target square.
 */
function undoVariantMove(
  b: ChessBoard,
  m: number,
  record: number,
  captured: number,
): void {
  const us = b.turn ^ 1, to = moveTo(m);
  if (record & CHECK_GIVEN) b.remainingChecks[us]++;
  for (let n = record & EXPLODED; n > 0; n--) {
    const entry = b.exploded.pop()!;
    b.put(entry & 63, entry >> 6);
  }
  if (m & DROP) {
    b.pockets[us << 3 | dropRole(m)]++;
    return;
  }
  if (!VARIANT_MOVES[b.variant].drops || m & CASTLE) return;
  const promoted = b.promoted, from = moveFrom(m);
  promoted[to >> 5] &= ~(1 << to);
  if (record & MOVER_PROMOTED) promoted[from >> 5] |= 1 << from;
  if (captured !== 0) {
    const was = (record & CAPTURED_PROMOTED) !== 0;
    b.pockets[us << 3 | (was ? PAWN : captured & 7)]--;
    // En passant takes a pawn, never a promoted piece: `to` is the square.
    if (was) promoted[to >> 5] |= 1 << to;
  }
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
  undo[u + 5] = 0;
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

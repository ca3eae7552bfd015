// The legal moves under a variant's rules: standard chess's generator
// (generate.ts) with what variant.ts's row for the rules adds (drops) and
// takes away (a goal already reached, captures forced, explosions that
// leave the king, checks given in racing kings). Where a king is not royal
// or not there (antichess, a horde without one) every pseudo-legal move is
// legal; atomic's moves are pseudo-legal moves kept if the king survives
// them unchecked, as both peers decide it, since an explosion breaks the
// pin and check reasoning the standard generator rests on.

import { attackersTo } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import {
  castling,
  enPassant,
  nextStamp,
  pieceMoves,
  royalMoves,
} from "./generate.ts";
import { KING, KING_START, KING_TARGETS, PAWN, QUEEN } from "./geometry.ts";
import { makeMove, unmakeMove } from "./make.ts";
import { EN_PASSANT, encodeDrop, encodeMove, moveTo } from "./move.ts";
import { royalAttacked, VARIANT_MOVES, type VariantRules } from "./variant.ts";

/**
 * generate.ts's generateMoves for a board whose rules are a variant's:
 * writes the legal moves into `out` from `start` and returns the end;
 * `b.checks` is then 1 if the side to move is in check (by the variant's
 * meaning), else 0, or the number of checkers under royal rules.
 */
export function variantMoves(
  b: ChessBoard,
  out: Int32Array,
  start: number,
): number {
  const v = VARIANT_MOVES[b.variant];
  if (v.ended(b)) {
    b.checks = royalAttacked(b, b.king[b.turn], b.turn, b.occupied) ? 1 : 0;
    return start;
  }
  let n: number;
  if (v.royal && !v.explosions && b.king[b.turn] >= 0) {
    n = royalMoves(b, out, start);
    if (v.drops) n = drops(b, out, n);
  } else {
    n = pseudoMoves(b, out, start, v);
  }
  if (v.forcedCapture) n = capturesIfAny(b, out, start, n);
  if (v.explosions) n = keep(b, out, start, n, survives);
  if (v.noCheckGiving) n = keep(b, out, start, n, givesNoCheck);
  return n;
}

/**
 * Every pseudo-legal move: each piece's (every king's among them, since a
 * non-royal king may have company), en passant, and castling as the
 * variant's check allows it (atomic). No pins, no checks.
 */
function pseudoMoves(
  b: ChessBoard,
  out: Int32Array,
  n: number,
  v: VariantRules,
): number {
  nextStamp(b);
  const us = b.turn, sq = b.sq, k = b.king[us];
  const inCheck = royalAttacked(b, k, us, b.occupied);
  b.checks = inCheck ? 1 : 0;
  for (let i = us * 64, end = i + b.count[us]; i < end; i++) {
    const s = b.list[i];
    if ((sq[s] & 7) !== KING) continue;
    for (let j = KING_START[s]; j < KING_START[s + 1]; j++) {
      const t = KING_TARGETS[j];
      if (sq[t] === 0 || sq[t] >> 3 !== us) out[n++] = encodeMove(s, t);
    }
  }
  n = pieceMoves(b, out, n, false);
  if (b.ep >= 0) n = enPassant(b, out, n, true);
  if (v.castling && k >= 0 && !inCheck && b.castle !== 0) {
    n = castling(b, out, n);
  }
  return n;
}

/** Crazyhouse drops: on empty squares, blocking a single check if any. */
function drops(b: ChessBoard, out: Int32Array, n: number): number {
  if (b.checks >= 2) return n;
  const sq = b.sq, own = b.turn << 3, pockets = b.pockets;
  let roles = 0; // bit per role in hand
  for (let role = PAWN; role <= QUEEN; role++) {
    if (pockets[own | role] > 0) roles |= 1 << role;
  }
  if (roles === 0) return n;
  const check = b.checks === 1, block = b.blockStamp, stamp = b.stamp;
  for (let t = 0; t < 64; t++) {
    if (sq[t] !== 0 || (check && block[t] !== stamp)) continue;
    // No pawn on the first or last rank.
    const first = t < 8 || t >= 56 ? PAWN + 1 : PAWN;
    for (let role = first; role <= QUEEN; role++) {
      if (roles & 1 << role) out[n++] = encodeDrop(role, t);
    }
  }
  return n;
}

/**
 * Keeps only the captures among `out[start..n)` when there is one (en
 * passant included), as antichess obliges; returns the new end.
 */
function capturesIfAny(
  b: ChessBoard,
  out: Int32Array,
  start: number,
  n: number,
): number {
  const sq = b.sq;
  let kept = start;
  for (let i = start; i < n; i++) {
    const m = out[i];
    if ((m & EN_PASSANT) !== 0 || sq[moveTo(m)] !== 0) out[kept++] = m;
  }
  return kept === start ? n : kept;
}

/** Keeps the moves of `out[start..n)` that `test` passes once made. */
function keep(
  b: ChessBoard,
  out: Int32Array,
  start: number,
  n: number,
  test: (b: ChessBoard) => boolean,
): number {
  let kept = start;
  for (let i = start; i < n; i++) {
    const m = out[i];
    makeMove(b, m);
    const legal = test(b);
    unmakeMove(b);
    if (legal) out[kept++] = m;
  }
  return kept;
}

/**
 * Atomic, after a move: the mover's king is still there, and not in check
 * unless the other king has exploded (or stands next to it).
 */
function survives(b: ChessBoard): boolean {
  const mover = b.turn ^ 1;
  if (b.counts[mover << 3 | KING] === 0) return false;
  if (b.counts[b.turn << 3 | KING] === 0) return true;
  return !royalAttacked(b, b.king[mover], mover, b.occupied);
}

/** Racing kings, after a move: the side now to move is not in check. */
function givesNoCheck(b: ChessBoard): boolean {
  const k = b.king[b.turn];
  return k < 0 || attackersTo(b, k, b.turn ^ 1, b.occupied, null) === 0;
}

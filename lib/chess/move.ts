// A move as one integer, so that perft and move matching keep lists of
// moves in typed arrays: from | to << 6 | promotion role << 12 | flags.
// Every reader of the fields goes through the accessors below.

import type { Rules } from "../types.ts";

/** An en-passant capture: the captured pawn is not on `to`. */
export const EN_PASSANT = 1 << 15;
/** The king's move when castling; its `to` is the castling rook's square. */
export const CASTLE = 1 << 16;
/** A pawn's two-square advance, which sets the en-passant square. */
export const DOUBLE_PUSH = 1 << 17;

/**
 * A crazyhouse drop: `from` and `to` are both the square (as python-chess
 * has it, so that what reads a move's squares needs no exception), the
 * role dropped is in the promotion field (see {@linkcode encodeDrop}).
 */
export const DROP = 1 << 18;

/** A drop of `role` (PAWN to QUEEN) on square `to`. */
export function encodeDrop(role: number, to: number): number {
  return to | to << 6 | role << 12 | DROP;
}

/** The role a drop puts on the board (read only when `m & DROP`). */
export function dropRole(m: number): number {
  return (m >> 12) & 7;
}

/** The move from `from` to `to`, with a promotion role and flags (or 0). */
export function encodeMove(from: number, to: number, extra = 0): number {
  return from | to << 6 | extra;
}

/** The square the moving piece (the king, for castling) leaves. */
export function moveFrom(m: number): number {
  return m & 63;
}

/** The square the move goes to: the castling rook's, for castling. */
export function moveTo(m: number): number {
  return (m >> 6) & 63;
}

/** The role a pawn promotes to, 0 if none. */
export function movePromotion(m: number): number {
  return (m >> 12) & 7;
}

/** The promotion bits for `role`, to add to {@linkcode encodeMove}. */
export function promotionBits(role: number): number {
  return role << 12;
}

/**
 * Where the king lands when castling with the rook on `rook`: the c- or
 * g-file of the rook's back rank, in Chess960 as in standard chess.
 */
export function kingTarget(king: number, rook: number): number {
  return (rook & 56) + (rook < king ? 2 : 6);
}

/** Where the rook lands when castling: the d- or f-file. */
export function rookTarget(king: number, rook: number): number {
  return (rook & 56) + (rook < king ? 3 : 5);
}

/** Where the king lands: for castling, not the rook's square. */
export function kingDestination(m: number): number {
  return m & CASTLE ? kingTarget(moveFrom(m), moveTo(m)) : moveTo(m);
}

/**
 * The castling rook of slot `color * 2 + side` (side 0 towards the a-file,
 * 1 towards the h-file) in the packed rights `castle`: square, or -1.
 */
export function castleRook(castle: number, slot: number): number {
  return ((castle >>> (7 * slot)) & 127) - 1;
}

/** `castle` with the rook of `slot` set to `rook` (-1 to clear it). */
export function withCastleRook(
  castle: number,
  slot: number,
  rook: number,
): number {
  return (castle & ~(127 << (7 * slot))) | (rook + 1) << (7 * slot);
}

/** The bit of a drop in a {@linkcode packedMove}. */
export const PACKED_DROP = 1 << 15;

/**
 * A move as UCI names it, in 16 bits: from | to << 6 | promotion << 12
 * (knight 1, bishop 2, rook 3, queen 4, antichess's king 5), squares a8 =
 * 0; castling's `to` is the king's square, in Chess960 the rook's (king
 * takes rook); a drop is its square twice, the role dropped (pawn 1 to
 * queen 5) << 12 and {@linkcode PACKED_DROP}. The packing `fen db` stores
 * a game's moves in (lib/db/moves.ts), made from the core's code without
 * a square's name.
 */
export function packedMove(m: number, rules: Rules): number {
  if (m & DROP) return (m & 4095) | dropRole(m) << 12 | PACKED_DROP;
  const to = m & CASTLE && rules !== "chess960"
    ? kingDestination(m)
    : moveTo(m);
  const promotion = movePromotion(m);
  return moveFrom(m) | to << 6 | (promotion === 0 ? 0 : promotion - 1) << 12;
}

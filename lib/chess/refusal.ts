// Why a move named in SAN or UCI is not legal, when the plain "no knight
// can move to f3" would hide the rule that refused it: castling's
// conditions, antichess's forced capture, racing kings' checkless moves and
// atomic's explosions. Notation.parse matches text against the legal moves
// and asks here only once nothing fits; every reason is worded here.

import { SQUARE_NAMES } from "../_tables.ts";
import { attackersTo } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import { KING, KING_REACH } from "./geometry.ts";
import { generateMoves, MAX_MOVES } from "./generate.ts";
import {
  castleRook,
  EN_PASSANT,
  kingTarget,
  moveFrom,
  moveTo,
  rookTarget,
} from "./move.ts";
import { royalAttacked, VARIANT_MOVES } from "./variant.ts";

const SIDE_NAMES = ["White", "Black"];
const WINGS = ["queenside", "kingside"];

/** Whether move `m` of `b` (legal or not) takes something. */
function isCapture(b: ChessBoard, m: number): boolean {
  return (m & EN_PASSANT) !== 0 || b.sq[moveTo(m)] !== 0;
}

/**
 * Why castling on a wing (0 towards the a-file, 1 the h-file) is not legal
 * for the side to move: no castling in these rules, no right, in check, a
 * piece in the way, or a square the king crosses or lands on attacked.
 */
export function castlingRefusal(b: ChessBoard, wing: number): string {
  const v = VARIANT_MOVES[b.variant];
  const us = b.turn, side = SIDE_NAMES[us], k = b.king[us];
  if (!v.castling) return `${v.name} has no castling`;
  const rook = castleRook(b.castle, us * 2 + wing);
  if (rook < 0 || k < 0) {
    return `${side} has no right to castle ${WINGS[wing]}`;
  }
  if (kingAttacked(b, k, k)) return `${side}'s king is in check`;
  const kingTo = kingTarget(k, rook), rookTo = rookTarget(k, rook);
  const low = Math.min(k, kingTo, rook, rookTo);
  const high = Math.max(k, kingTo, rook, rookTo);
  for (let t = low; t <= high; t++) {
    if (t !== k && t !== rook && b.sq[t] !== 0) {
      return `${SQUARE_NAMES[t]} stands between king and rook`;
    }
  }
  const step = kingTo > k ? 1 : -1;
  for (let t = k + step; kingTo !== k; t += step) {
    if (kingAttacked(b, k, t)) {
      return t === kingTo
        ? `${side}'s king would land in check on ${SQUARE_NAMES[t]}`
        : `${side}'s king would pass through check on ${SQUARE_NAMES[t]}`;
    }
    if (t === kingTo) break;
  }
  return `${side} cannot castle ${WINGS[wing]} here`;
}

/** Whether the king on `k` would be attacked on `t` (itself lifted). */
function kingAttacked(b: ChessBoard, k: number, t: number): boolean {
  const occupied = b.whatIf;
  occupied[0] = b.occupied[0];
  occupied[1] = b.occupied[1];
  occupied[k >> 5] &= ~(1 << k);
  return b.plain
    ? attackersTo(b, t, b.turn ^ 1, occupied, null) !== 0
    : royalAttacked(b, t, b.turn, occupied);
}

/** The legal moves of a position, and their SAN. */
export interface LegalMoves {
  readonly moves: Int32Array;
  readonly length: number;
  san(m: number): string;
}

/** What a move's text names: which moves fit, and its target square. */
export interface Named {
  fits(m: number): boolean;
  /** The square it moves to (a capture when occupied), if it names one. */
  to?: number;
}

/**
 * Why no legal move of `b` fits a move's text, when a variant's rule is the
 * reason, or `null`: antichess's forced capture of a move that takes
 * nothing, or, in racing kings and atomic, a move standard chess would
 * allow that the variant's own rule forbids.
 */
export function variantRefusal(
  b: ChessBoard,
  legal: LegalMoves,
  named: Named,
): string | null {
  if (b.plain) return null;
  const v = VARIANT_MOVES[b.variant];
  if (v.forcedCapture) {
    if (named.to === undefined || b.sq[named.to] !== 0) return null;
    const captures: string[] = [];
    for (let i = 0; i < legal.length; i++) {
      const m = legal.moves[i];
      if (!isCapture(b, m)) return null;
      captures.push(legal.san(m));
    }
    if (captures.length === 0) return null;
    captures.sort();
    const shown = captures.length > 4
      ? `${captures.slice(0, 4).join(", ")}, ...`
      : captures.join(", ");
    return `a capture must be made (${shown})`;
  }
  const fits = named.fits;
  if (!v.noCheckGiving && !v.explosions) return null;
  const m = standardMove(b, fits);
  if (m === null) return null;
  if (v.noCheckGiving) return "no move may give check in racing kings";
  const from = moveFrom(m), to = moveTo(m), us = b.turn;
  if (!isCapture(b, m)) return null;
  if ((b.sq[from] & 7) === KING) return "a king cannot capture in atomic";
  const k = b.king[us];
  if (k >= 0 && (KING_REACH[to * 2 + (k >> 5)] & 1 << k) !== 0) {
    return `the explosion on ${SQUARE_NAMES[to]} would take ${
      SIDE_NAMES[us]
    }'s own king`;
  }
  return null;
}

/** The move of standard chess's rules that fits, on `b` as it stands. */
function standardMove(
  b: ChessBoard,
  fits: (m: number) => boolean,
): number | null {
  const { variant, plain } = b;
  if (b.king[0] < 0 || b.king[1] < 0) return null;
  const moves = new Int32Array(MAX_MOVES);
  b.variant = 0;
  b.plain = true;
  let n = 0;
  try {
    n = generateMoves(b, moves, 0);
  } finally {
    b.variant = variant;
    b.plain = plain;
    // The generator's check-and-pin scan is the board's: make it the rules' again.
    generateMoves(b, new Int32Array(MAX_MOVES), 0);
  }
  for (let i = 0; i < n; i++) if (fits(moves[i])) return moves[i];
  return null;
}

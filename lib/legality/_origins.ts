// Where the last move can have come from: the squares a checker can have
// left, and whether leaving one of them uncovers another checker's line.
// The side not to move made that move; its king's opponent is the side to
// move, whose king is in check.

import { isSlider } from "../chess/attacks.ts";
import {
  between,
  BISHOP,
  KING,
  KNIGHT,
  KNIGHT_START,
  KNIGHT_TARGETS,
  PAWN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
} from "../chess/geometry.ts";
import { pawnsOnFirstRank } from "../chess/rules.ts";
import type { Context } from "./_context.ts";

/** Returned by originsOf when castling, which moves two pieces, may explain it. */
export const CASTLED = -1;

/**
 * Writes into `ctx.buffers.origins` the empty squares from which the piece
 * on `square` (of the side not to move) can have made the last move, and
 * returns how many, or {@linkcode CASTLED} for a rook that castling may have
 * put there.
 */
export function originsOf(ctx: Context, square: number): number {
  const { board: { sq }, buffers: { origins: out } } = ctx;
  const white = !ctx.white;
  const own = white ? 0 : 8; // the side not to move's color bits
  const piece = sq[square];
  const back = white ? 8 : -8; // one row towards the side's first rank
  const file = square & 7;
  const row = square >> 3;
  let n = 0;
  if (piece === (own | PAWN)) {
    const from = square + back;
    // Pawns stand on their own first rank only in a horde, and step from
    // it one square or two.
    const first = pawnsOnFirstRank(ctx.board, white ? 0 : 1);
    if (from < 0 || from >= 64 || (!first && (from < 8 || from >= 56))) {
      return 0;
    }
    const twoFrom = white ? 4 : 3, twoFromFirst = white ? 5 : 2;
    if (sq[from] === 0) {
      out[n++] = from;
      if (
        (row === twoFrom || (first && row === twoFromFirst)) &&
        sq[from + back] === 0
      ) {
        out[n++] = from + back;
      }
    }
    if (file > 0 && sq[from - 1] === 0) out[n++] = from - 1;
    if (file < 7 && sq[from + 1] === 0) out[n++] = from + 1;
    return n;
  }
  if (piece === (own | KNIGHT)) {
    for (let j = KNIGHT_START[square]; j < KNIGHT_START[square + 1]; j++) {
      if (sq[KNIGHT_TARGETS[j]] === 0) out[n++] = KNIGHT_TARGETS[j];
    }
  } else if (isSlider(piece)) {
    if (piece === (own | ROOK)) {
      // After either castling the rook is on the f- or d-file next to the
      // king on g or c, whatever their files before (Chess960 too).
      const home = white ? 56 : 0;
      if (
        (square === home + 5 && sq[home + 6] === (own | KING)) ||
        (square === home + 3 && sq[home + 2] === (own | KING))
      ) {
        return CASTLED;
      }
    }
    const first = piece === (own | BISHOP) ? 4 : 0;
    const last = piece === (own | ROOK) ? 4 : 8;
    for (let d = first; d < last; d++) {
      const end = RAY_START[square * 8 + d + 1];
      for (let j = RAY_START[square * 8 + d]; j < end; j++) {
        if (sq[RAY_SQUARES[j]] !== 0) break;
        out[n++] = RAY_SQUARES[j];
      }
    }
  }
  if (row === (white ? 0 : 7)) {
    // A promotion: the pawn came from the row behind, straight or capturing.
    const from = square + back;
    if (sq[from] === 0) out[n++] = from;
    if (file > 0 && sq[from - 1] === 0) out[n++] = from - 1;
    if (file < 7 && sq[from + 1] === 0) out[n++] = from + 1;
  }
  return n;
}

/**
 * Whether the piece on `mover` can have just moved there from a square
 * between `line` and the king, uncovering the check from `line`.
 */
export function uncovers(ctx: Context, mover: number, line: number): boolean {
  if (!isSlider(ctx.board.sq[line])) return false;
  const { line: gap, origins } = ctx.buffers;
  const m = between(line, ctx.board.king[ctx.us], gap);
  const n = originsOf(ctx, mover);
  if (n === CASTLED) return true;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) if (origins[i] === gap[j]) return true;
  }
  return false;
}

/** The squares an en-passant capture empties, and where the capturer lands. */
interface Capture {
  /** Where the capturing pawn stands now. */
  to: number;
  /** Where the captured pawn stood. */
  captured: number;
  /** The squares the capturer can have come from, -1 if none. */
  left: number;
  right: number;
}

/**
 * Whether an en-passant capture by the side not to move can explain checks
 * from `a` and `b`: it empties two squares, the capturer's and the captured
 * pawn's, so it can uncover two lines besides the capturer's own check.
 */
export function enPassantUncovers(
  ctx: Context,
  a: number,
  b: number,
): boolean {
  const sq = ctx.board.sq;
  const white = !ctx.white;
  const pawn = white ? PAWN : 8 | PAWN;
  const row = white ? 2 : 5; // where the capturer lands
  for (let to = row * 8; to < row * 8 + 8; to++) {
    if (sq[to] !== pawn) continue;
    const captured = white ? to + 8 : to - 8;
    if (sq[captured] !== 0) continue;
    const left = (to & 7) > 0 && sq[captured - 1] === 0 ? captured - 1 : -1;
    const right = (to & 7) < 7 && sq[captured + 1] === 0 ? captured + 1 : -1;
    if (left < 0 && right < 0) continue;
    const capture = { to, captured, left, right };
    if (explains(ctx, a, capture) && explains(ctx, b, capture)) return true;
  }
  return false;
}

/** Whether `capture` gives the check from `checker` or uncovers its line. */
function explains(ctx: Context, checker: number, capture: Capture): boolean {
  if (checker === capture.to) return true;
  if (!isSlider(ctx.board.sq[checker])) return false;
  const gap = ctx.buffers.line;
  const m = between(checker, ctx.board.king[ctx.us], gap);
  for (let j = 0; j < m; j++) {
    const k = gap[j];
    if (k === capture.captured || k === capture.left || k === capture.right) {
      return true;
    }
  }
  return false;
}

// Where the last move can have come from: the squares a checker can have
// left, and whether leaving one of them uncovers another checker's line.
// The side not to move made that move; its king's opponent is the side to
// move, whose king is in check.

import { between, BLACK, isSlider, KNIGHT, RAYS, WHITE } from "../_attacks.ts";
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
  const { board, buffers: { origins: out } } = ctx;
  const white = !ctx.white;
  const side = white ? WHITE : BLACK;
  const piece = board[square];
  const back = white ? 8 : -8; // one row towards the side's first rank
  const file = square & 7;
  const row = square >> 3;
  let n = 0;
  if (piece === side.pawn) {
    const from = square + back;
    // Pawns never stand on their own first rank.
    if (from < 8 || from >= 56) return 0;
    if (board[from] === null) {
      out[n++] = from;
      if (row === (white ? 4 : 3) && board[from + back] === null) {
        out[n++] = from + back;
      }
    }
    if (file > 0 && board[from - 1] === null) out[n++] = from - 1;
    if (file < 7 && board[from + 1] === null) out[n++] = from + 1;
    return n;
  }
  if (piece === side.knight) {
    for (const k of KNIGHT[square]) if (board[k] === null) out[n++] = k;
  } else if (isSlider(piece)) {
    if (piece === side.rook) {
      // After either castling the rook is on the f- or d-file next to the
      // king on g or c, whatever their files before (Chess960 too).
      const home = white ? 56 : 0;
      if (
        (square === home + 5 && board[home + 6] === side.king) ||
        (square === home + 3 && board[home + 2] === side.king)
      ) {
        return CASTLED;
      }
    }
    const first = piece === side.bishop ? 4 : 0;
    const last = piece === side.rook ? 4 : 8;
    for (let d = first; d < last; d++) {
      const ray = RAYS[square * 8 + d];
      for (let i = 0; i < ray.length && board[ray[i]] === null; i++) {
        out[n++] = ray[i];
      }
    }
  }
  if (row === (white ? 0 : 7)) {
    // A promotion: the pawn came from the row behind, straight or capturing.
    const from = square + back;
    if (board[from] === null) out[n++] = from;
    if (file > 0 && board[from - 1] === null) out[n++] = from - 1;
    if (file < 7 && board[from + 1] === null) out[n++] = from + 1;
  }
  return n;
}

/**
 * Whether the piece on `mover` can have just moved there from a square
 * between `line` and the king, uncovering the check from `line`.
 */
export function uncovers(ctx: Context, mover: number, line: number): boolean {
  if (!isSlider(ctx.board[line])) return false;
  const { line: gap, origins } = ctx.buffers;
  const m = between(line, ctx.census.king(ctx.white), gap);
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
  const board = ctx.board;
  const white = !ctx.white;
  const pawn = white ? "P" : "p";
  const row = white ? 2 : 5; // where the capturer lands
  for (let to = row * 8; to < row * 8 + 8; to++) {
    if (board[to] !== pawn) continue;
    const captured = white ? to + 8 : to - 8;
    if (board[captured] !== null) continue;
    const left = (to & 7) > 0 && board[captured - 1] === null
      ? captured - 1
      : -1;
    const right = (to & 7) < 7 && board[captured + 1] === null
      ? captured + 1
      : -1;
    if (left < 0 && right < 0) continue;
    const capture = { to, captured, left, right };
    if (explains(ctx, a, capture) && explains(ctx, b, capture)) return true;
  }
  return false;
}

/** Whether `capture` gives the check from `checker` or uncovers its line. */
function explains(ctx: Context, checker: number, capture: Capture): boolean {
  if (checker === capture.to) return true;
  if (!isSlider(ctx.board[checker])) return false;
  const gap = ctx.buffers.line;
  const m = between(checker, ctx.census.king(ctx.white), gap);
  for (let j = 0; j < m; j++) {
    const k = gap[j];
    if (k === capture.captured || k === capture.left || k === capture.right) {
      return true;
    }
  }
  return false;
}

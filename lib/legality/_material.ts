// The rules about what stands on the board, read from the board's counts:
// kings, pawns on rank 1 or 8, and more pieces than a side starts with or
// can promote to.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import type { ChessBoard } from "../chess/board.ts";
import {
  BISHOP,
  isLight,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROOK,
} from "../chess/geometry.ts";
import { backRankPawn } from "../chess/rules.ts";
import type { Context } from "./_context.ts";
import { sideName } from "./_report.ts";

/**
 * Checks every material rule of the board. The report orders what they
 * find by code, so each side's rules run together.
 */
export function checkMaterial(ctx: Context): void {
  const { board, report } = ctx;
  if (board.count[0] + board.count[1] === 0) {
    report.add("empty-board", [], "the board is empty");
  }
  if (backRankPawn(board) >= 0) pawnOnBackRank(ctx);
  checkSide(ctx, 0);
  checkSide(ctx, 1);
}

function checkSide(ctx: Context, color: number): void {
  checkKings(ctx, color);
  checkPawns(ctx, color);
  checkPieces(ctx, color);
  checkPromotions(ctx, color);
}

/** The squares of the piece `code`, in board order (a8 first). */
function squaresOf(board: ChessBoard, code: number): Square[] {
  const squares: Square[] = [];
  const sq = board.sq;
  for (let k = 0; k < 64; k++) {
    if (sq[k] === code) squares.push(SQUARE_NAMES[k]);
  }
  return squares;
}

function checkKings(ctx: Context, color: number): void {
  const { board, report } = ctx;
  const king = color << 3 | KING;
  const kings = board.counts[king];
  if (kings === 0) {
    report.add("no-king", [], `${sideName(color === 0)} has no king`);
  } else if (kings > 1) {
    report.add(
      "too-many-kings",
      squaresOf(board, king),
      `${sideName(color === 0)} has ${kings} kings`,
    );
  }
}

function pawnOnBackRank(ctx: Context): void {
  const squares: Square[] = [];
  const sq = ctx.board.sq;
  for (let k = 0; k < 64; k++) {
    if ((sq[k] & 7) === PAWN && (k < 8 || k >= 56)) {
      squares.push(SQUARE_NAMES[k]);
    }
  }
  ctx.report.add(
    "pawn-on-back-rank",
    squares,
    `${
      squares.length === 1 ? "a pawn stands" : "pawns stand"
    } on rank 1 or 8 (${
      squares.join(", ")
    }), where no pawn can be: it starts on rank 2 or 7 and promotes on reaching the far end`,
  );
}

function checkPawns(ctx: Context, color: number): void {
  const { board, report } = ctx;
  const pawn = color << 3 | PAWN;
  const pawns = board.counts[pawn];
  if (pawns <= 8) return;
  report.add(
    "too-many-pawns",
    squaresOf(board, pawn),
    `${
      sideName(color === 0)
    } has ${pawns} pawns; a side starts with 8 and never gains one`,
  );
}

function checkPieces(ctx: Context, color: number): void {
  const count = ctx.board.count[color];
  if (count <= 16) return;
  ctx.report.add(
    "too-many-pieces",
    [],
    `${
      sideName(color === 0)
    } has ${count} pieces; a side starts with 16 and never gains one`,
  );
}

/** Light squares (a8 is light) as the two words of a square set. */
const LIGHT: Int32Array = /* @__PURE__ */ (() => {
  const words = new Int32Array(2);
  for (let k = 0; k < 64; k++) if (isLight(k)) words[k >> 5] |= 1 << (k & 31);
  return words;
})();

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many bishops of `color` stand on light squares. */
function lightBishops(board: ChessBoard, color: number): number {
  const slot = (color << 3 | BISHOP) * 2;
  return popcount(board.masks[slot] & LIGHT[0]) +
    popcount(board.masks[slot + 1] & LIGHT[1]);
}

/**
 * Promoted pieces are those beyond the initial set (one queen, two rooks,
 * two knights, one bishop per square color); each one costs a pawn.
 */
function checkPromotions(ctx: Context, color: number): void {
  const board = ctx.board, counts = board.counts, own = color << 3;
  const queens = counts[own | QUEEN];
  const rooks = counts[own | ROOK];
  const knights = counts[own | KNIGHT];
  const bishops = counts[own | BISHOP];
  // Nothing is promoted without a second queen or bishop, or a third rook
  // or knight: the common case skips the bishops' square colors.
  if (queens <= 1 && rooks <= 2 && knights <= 2 && bishops <= 1) return;
  const light = lightBishops(board, color);
  const dark = bishops - light;
  const promoted = Math.max(queens - 1, 0) + Math.max(rooks - 2, 0) +
    Math.max(knights - 2, 0) + Math.max(light - 1, 0) +
    Math.max(dark - 1, 0);
  const missing = Math.max(8 - counts[own | PAWN], 0);
  if (promoted <= missing) return;
  ctx.report.add(
    "too-many-promotions",
    promotedSquares(board, { own, queens, rooks, knights, light, dark }),
    `${sideName(color === 0)} has ${promoted} piece${
      promoted === 1 ? "" : "s"
    } more than a side starts with, each a promoted pawn, but ${
      missing === 0
        ? "none of its pawns is missing"
        : `only ${missing} of its pawns ${missing === 1 ? "is" : "are"} missing`
    }`,
  );
}

interface Counts {
  /** The side's color bits, `color << 3`. */
  own: number;
  queens: number;
  rooks: number;
  knights: number;
  light: number;
  dark: number;
}

/** The squares of every kind of piece a side has more of than it starts with. */
function promotedSquares(board: ChessBoard, counts: Counts): Square[] {
  const { own, queens, rooks, knights, light, dark } = counts;
  const squares: Square[] = [];
  const sq = board.sq;
  for (let k = 0; k < 64; k++) {
    const code = sq[k];
    if (
      (code === (own | QUEEN) && queens > 1) ||
      (code === (own | ROOK) && rooks > 2) ||
      (code === (own | KNIGHT) && knights > 2) ||
      (code === (own | BISHOP) && (isLight(k) ? light : dark) > 1)
    ) {
      squares.push(SQUARE_NAMES[k]);
    }
  }
  return squares;
}

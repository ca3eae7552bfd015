// The rules about what stands on the board, read from the census: kings,
// pawns on rank 1 or 8, and more pieces than a side starts with or can
// promote to.

import { BLACK, type SideLetters, WHITE } from "../_attacks.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import type { Piece, Square } from "../types.ts";
import type { Context } from "./_context.ts";
import { sideName } from "./_report.ts";

/**
 * Checks every material rule of the census. The report orders what they
 * find by code, so each side's rules run together.
 */
export function checkMaterial(ctx: Context): void {
  const { census, report } = ctx;
  if (census.pieces === 0) {
    report.add("empty-board", [], "the board is empty");
  }
  if (census.hasBackRankPawn()) pawnOnBackRank(ctx);
  checkSide(ctx, true);
  checkSide(ctx, false);
}

function checkSide(ctx: Context, white: boolean): void {
  checkKings(ctx, white);
  checkPawns(ctx, white);
  checkPieces(ctx, white);
  checkPromotions(ctx, white);
}

function checkKings(ctx: Context, white: boolean): void {
  const { census, report } = ctx;
  const king = white ? "K" : "k";
  const kings = census.count(king);
  if (kings === 0) {
    report.add("no-king", [], `${sideName(white)} has no king`);
  } else if (kings > 1) {
    report.add(
      "too-many-kings",
      census.squaresOf(king),
      `${sideName(white)} has ${kings} kings`,
    );
  }
}

function pawnOnBackRank(ctx: Context): void {
  const squares: Square[] = [];
  for (let k = 0; k < 64; k++) {
    const piece = ctx.board[k];
    if ((piece === "P" || piece === "p") && (k < 8 || k >= 56)) {
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

function checkPawns(ctx: Context, white: boolean): void {
  const { census, report } = ctx;
  const pawn = white ? "P" : "p";
  const pawns = census.count(pawn);
  if (pawns <= 8) return;
  report.add(
    "too-many-pawns",
    census.squaresOf(pawn),
    `${
      sideName(white)
    } has ${pawns} pawns; a side starts with 8 and never gains one`,
  );
}

function checkPieces(ctx: Context, white: boolean): void {
  const { census, report } = ctx;
  const count = census.sidePieces(white);
  if (count <= 16) return;
  report.add(
    "too-many-pieces",
    [],
    `${
      sideName(white)
    } has ${count} pieces; a side starts with 16 and never gains one`,
  );
}

// A light square has an even file + row sum here (a8 is light).
function isLight(k: number): boolean {
  return (((k & 7) + (k >> 3)) & 1) === 0;
}

/**
 * Promoted pieces are those beyond the initial set (one queen, two rooks,
 * two knights, one bishop per square color); each one costs a pawn.
 */
function checkPromotions(ctx: Context, white: boolean): void {
  const census = ctx.census;
  const side = white ? WHITE : BLACK;
  const queens = census.count(side.queen);
  const rooks = census.count(side.rook);
  const knights = census.count(side.knight);
  const bishops = census.count(side.bishop);
  // Nothing is promoted without a second queen or bishop, or a third rook
  // or knight: the common case skips the bishops' square colors.
  if (queens <= 1 && rooks <= 2 && knights <= 2 && bishops <= 1) return;
  const light = census.lightBishops(side.bishop);
  const dark = bishops - light;
  const promoted = Math.max(queens - 1, 0) + Math.max(rooks - 2, 0) +
    Math.max(knights - 2, 0) + Math.max(light - 1, 0) +
    Math.max(dark - 1, 0);
  const missing = Math.max(8 - census.count(side.pawn), 0);
  if (promoted <= missing) return;
  ctx.report.add(
    "too-many-promotions",
    promotedSquares(ctx.board, { side, queens, rooks, knights, light, dark }),
    `${sideName(white)} has ${promoted} piece${
      promoted === 1 ? "" : "s"
    } beyond the initial set, so promoted, but only ${missing} pawn${
      missing === 1 ? " is" : "s are"
    } missing to have promoted`,
  );
}

interface Counts {
  side: SideLetters;
  queens: number;
  rooks: number;
  knights: number;
  light: number;
  dark: number;
}

/** The squares of every kind of piece a side has more of than it starts with. */
function promotedSquares(
  board: readonly (Piece | null)[],
  counts: Counts,
): Square[] {
  const { side, queens, rooks, knights, light, dark } = counts;
  const squares: Square[] = [];
  for (let k = 0; k < 64; k++) {
    const piece = board[k];
    if (
      (piece === side.queen && queens > 1) ||
      (piece === side.rook && rooks > 2) ||
      (piece === side.knight && knights > 2) ||
      (piece === side.bishop && (isLight(k) ? light : dark) > 1)
    ) {
      squares.push(SQUARE_NAMES[k]);
    }
  }
  return squares;
}

// The en-passant square: a pawn of the side not to move has just advanced
// two squares over it, and (a warning only) a pawn of the side to move can
// take it.

import { attackersOf } from "../_attacks.ts";
import { isSquare, SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import type { Context } from "./_context.ts";
import { colorName, sideName } from "./_report.ts";

/**
 * Checks the en-passant square against the board and returns its index if
 * a pawn can have just passed over it, -1 if there is none or it is wrong.
 */
export function checkEnPassant(ctx: Context): number {
  const enPassant = ctx.position.enPassant;
  if (enPassant === null) return -1;
  if (!isSquare(enPassant)) {
    ctx.report.add(
      "bad-en-passant",
      [],
      `the en-passant square ${String(enPassant)} is not a square`,
    );
    return -1;
  }
  const { board, white } = ctx;
  const ep = (56 - enPassant.charCodeAt(1)) * 8 + enPassant.charCodeAt(0) - 97;
  const to = white ? ep + 8 : ep - 8;
  const from = white ? ep - 8 : ep + 8;
  const rank = white ? "6" : "3";
  if (enPassant[1] !== rank) {
    reportBadEnPassant(
      ctx,
      [enPassant],
      `with ${sideName(white)} to move it must be on rank ${rank}, behind a ${
        colorName(!white)
      } pawn that has just advanced two squares`,
    );
  } else if (board[to] !== (white ? "p" : "P")) {
    reportBadEnPassant(
      ctx,
      [enPassant, SQUARE_NAMES[to]],
      `no ${colorName(!white)} pawn stands on ${
        SQUARE_NAMES[to]
      } to have just advanced two squares`,
    );
  } else if (board[ep] !== null || board[from] !== null) {
    const blocked = board[ep] !== null ? ep : from;
    reportBadEnPassant(
      ctx,
      [enPassant, SQUARE_NAMES[blocked]],
      `the pawn on ${SQUARE_NAMES[to]} cannot have just passed over ${
        SQUARE_NAMES[blocked]
      }, which is occupied`,
    );
  } else {
    return ep;
  }
  return -1;
}

function reportBadEnPassant(
  ctx: Context,
  squares: Square[],
  reason: string,
): void {
  ctx.report.add(
    "bad-en-passant",
    squares,
    `en-passant square ${ctx.position.enPassant}: ${reason}`,
  );
}

/**
 * Warns when no pawn of the side to move can legally capture on `ep`, the
 * index checkEnPassant returned (nothing to do for -1).
 */
export function checkEnPassantCapture(ctx: Context, ep: number): void {
  if (ep < 0 || canCaptureEnPassant(ctx, ep)) return;
  ctx.report.add(
    "pointless-en-passant",
    [SQUARE_NAMES[ep]],
    `no ${
      colorName(ctx.white)
    } pawn can capture en passant on ${ctx.position.enPassant} (allowed by the PGN standard, omitted by most programs)`,
  );
}

/** Whether a pawn of the side to move can legally capture on `ep`. */
function canCaptureEnPassant(ctx: Context, ep: number): boolean {
  const { board, white } = ctx;
  const pushedTo = white ? ep + 8 : ep - 8;
  const king = ctx.census.king(white);
  const pawn = white ? "P" : "p";
  const file = pushedTo & 7;
  for (let side = -1; side <= 1; side += 2) {
    if ((side < 0 && file === 0) || (side > 0 && file === 7)) continue;
    const from = pushedTo + side;
    if (board[from] !== pawn) continue;
    if (king < 0) return true;
    // The board after the capture, where the king must not be in check.
    const after = ctx.buffers.board;
    for (let k = 0; k < 64; k++) after[k] = board[k];
    after[from] = null;
    after[pushedTo] = null;
    after[ep] = pawn;
    if (attackersOf(after, king, !white, ctx.buffers.attackers) === 0) {
      return true;
    }
  }
  return false;
}

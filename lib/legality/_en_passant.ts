// The en-passant square: a pawn of the side not to move has just advanced
// two squares over it, and (a warning only) a pawn of the side to move can
// take it.

import { isSquare, SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import { PAWN, PAWN_START, PAWN_TARGETS, squareOf } from "../chess/geometry.ts";
import { VARIANT_MOVES } from "../chess/variant.ts";
import {
  EN_PASSANT_BLOCKED,
  EN_PASSANT_NO_PAWN,
  EN_PASSANT_RANK,
  enPassantFault,
  enPassantIsLegal,
} from "../chess/rules.ts";
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
  const ep = squareOf(enPassant);
  const to = white ? ep + 8 : ep - 8;
  const rank = white ? "6" : "3";
  const fault = enPassantFault(board, ep);
  if (fault === EN_PASSANT_RANK) {
    reportBadEnPassant(
      ctx,
      [enPassant],
      `with ${sideName(white)} to move it must be on rank ${rank}, behind a ${
        colorName(!white)
      } pawn that has just advanced two squares`,
    );
  } else if (fault === EN_PASSANT_NO_PAWN) {
    reportBadEnPassant(
      ctx,
      [enPassant, SQUARE_NAMES[to]],
      `no ${colorName(!white)} pawn stands on ${
        SQUARE_NAMES[to]
      } to have just advanced two squares`,
    );
  } else if (fault === EN_PASSANT_BLOCKED) {
    const blocked = board.sq[ep] !== 0 ? ep : white ? ep - 8 : ep + 8;
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

/**
 * Whether a pawn of the side to move can legally capture on `ep`, as the
 * move generator judges it (rules.ts enPassantIsLegal).
 */
function canCaptureEnPassant(ctx: Context, ep: number): boolean {
  const { board, us } = ctx;
  const sq = board.sq, pawn = us << 3 | PAWN;
  const royal = VARIANT_MOVES[board.variant].royal;
  // The squares from which a pawn of the side to move attacks `ep`.
  const from = (us ^ 1) * 64 + ep;
  for (let j = PAWN_START[from]; j < PAWN_START[from + 1]; j++) {
    const s = PAWN_TARGETS[j];
    // Without a royal king (antichess) no capture exposes one.
    if (sq[s] === pawn && (!royal || enPassantIsLegal(board, s, ep))) {
      return true;
    }
  }
  return false;
}

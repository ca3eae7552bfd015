// The counters of a record against the rest of it: warnings, since a wrong
// clock changes no move.

import { isSquare } from "../_tables.ts";
import type { Context } from "./_context.ts";
import { sideName } from "./_report.ts";

/** Checks the halfmove clock against the en-passant square and the move number. */
export function checkClocks(ctx: Context): void {
  const { enPassant, halfmoveClock, fullmoveNumber } = ctx.position;
  if (enPassant !== null && halfmoveClock > 0) {
    ctx.report.add(
      "en-passant-clock",
      isSquare(enPassant) ? [enPassant] : [],
      `the en-passant square ${enPassant} says a pawn has just moved, but the halfmove clock is ${halfmoveClock}, not 0`,
    );
  }
  const plies = 2 * Math.max(fullmoveNumber - 1, 0) + (ctx.white ? 0 : 1);
  if (halfmoveClock > plies) {
    ctx.report.add(
      "halfmove-clock-too-large",
      [],
      `the halfmove clock is ${halfmoveClock}, but only ${plies} halfmove${
        plies === 1 ? " has" : "s have"
      } been played by fullmove ${fullmoveNumber} with ${
        sideName(ctx.white)
      } to move`,
    );
  }
}

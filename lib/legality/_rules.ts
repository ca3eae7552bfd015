// Every rule, run on the position a context has loaded: what checkPosition,
// PositionChecker and the command's check-with-status share.

import { checkCastling } from "./_castling.ts";
import { checkChecks, checkOppositeCheck } from "./_checks.ts";
import { checkClocks } from "./_clocks.ts";
import type { Context } from "./_context.ts";
import { checkEnPassant, checkEnPassantCapture } from "./_en_passant.ts";
import { checkMaterial } from "./_material.ts";
import { checkVariant } from "./_variants.ts";

/**
 * Runs every rule on the position loaded into `ctx`, leaving what they find
 * in `ctx.report`. The report orders the problems, so the rules may run in
 * any order that feeds each its inputs (the en-passant square's index).
 */
export function runRules(ctx: Context): void {
  checkMaterial(ctx);
  checkCastling(ctx);
  const ep = checkEnPassant(ctx);
  checkOppositeCheck(ctx);
  checkChecks(ctx, ep);
  checkEnPassantCapture(ctx, ep);
  checkClocks(ctx);
  checkVariant(ctx);
}

// Checks judged from the last move: the side not to move made it, so it
// cannot be in check, and every check on the side to move is one that move
// gave, directly, by uncovering a line, or both.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import { attackersTo, isSlider, pawnAttacks } from "../chess/attacks.ts";
import { between, collinear, KING, PAWN } from "../chess/geometry.ts";
import type { Context } from "./_context.ts";
import { enPassantUncovers, originsOf, uncovers } from "./_origins.ts";
import { colorName, sideName } from "./_report.ts";

/** Reports the king of the side not to move in check. */
export function checkOppositeCheck(ctx: Context): void {
  const { board, white, us } = ctx;
  const theirs = board.king[us ^ 1];
  if (theirs < 0) return;
  const attackers = ctx.buffers.attackers;
  const n = attackersTo(board, theirs, us, board.occupied, attackers);
  if (n === 0) return;
  const squares = [SQUARE_NAMES[theirs]];
  for (let i = 0; i < n; i++) squares.push(SQUARE_NAMES[attackers[i]]);
  ctx.report.add(
    "opposite-check",
    squares,
    `${sideName(!white)} is in check (king on ${SQUARE_NAMES[theirs]}) with ${
      sideName(white)
    } to move: ${sideName(!white)} cannot have made the last move`,
  );
}

/**
 * Reports checks on the king of the side to move that the last move cannot
 * have given. `ep` is the en-passant square's index if a pawn has just
 * advanced two squares over it, else -1. One move gives at most two checks
 * and uncovers one line (two for an en-passant capture).
 */
export function checkChecks(ctx: Context, ep: number): void {
  const { board, white, us } = ctx;
  const king = board.king[us];
  if (king < 0) return;
  const checkers = ctx.buffers.checkers;
  const n = attackersTo(board, king, us ^ 1, board.occupied, checkers);
  // Without a double push to judge, only a check needs a look.
  if (n === 0 && ep < 0) return;
  const theirKing = (us ^ 1) << 3 | KING;
  for (let i = 0; i < n; i++) {
    // Kings side by side are already an opposite check, whoever is to move.
    if (board.sq[checkers[i]] === theirKing) return;
  }
  if (n > 2) {
    const involved = involvedSquares(ctx, n, -1);
    ctx.report.add(
      "too-many-checkers",
      involved,
      `the ${colorName(white)} king on ${
        SQUARE_NAMES[king]
      } is in check from ${n} pieces (${
        involved.slice(1).join(", ")
      }); one move can give at most two checks`,
    );
    return;
  }
  const message = ep >= 0
    ? doublePushFault(ctx, ep, n)
    : n === 2
    ? doubleCheckFault(ctx)
    : n === 1 && ctx.rules !== "crazyhouse" // a drop checks from anywhere
    ? singleCheckFault(ctx)
    : "";
  if (message !== "") {
    ctx.report.add("impossible-check", involvedSquares(ctx, n, ep), message);
  }
}

/** The king's square, the `n` checkers' and the en-passant square if any. */
function involvedSquares(ctx: Context, n: number, ep: number): Square[] {
  const squares: Square[] = [SQUARE_NAMES[ctx.board.king[ctx.us]]];
  const checkers = ctx.buffers.checkers;
  for (let i = 0; i < n; i++) squares.push(SQUARE_NAMES[checkers[i]]);
  if (ep >= 0) squares.push(SQUARE_NAMES[ep]);
  return squares;
}

/** "The white king on e1 is in check, but " and `reason`. */
function inCheckBut(ctx: Context, reason: string): string {
  const king = SQUARE_NAMES[ctx.board.king[ctx.us]];
  return `the ${
    colorName(ctx.white)
  } king on ${king} is in check, but ${reason}`;
}

/**
 * What is wrong with `n` checks after a double push over `ep`, or "". The
 * push gives at most one, and the king cannot have been in check before it.
 */
function doublePushFault(ctx: Context, ep: number, n: number): string {
  if (n === 2) {
    return inCheckBut(
      ctx,
      `a double pawn push (en-passant square ${
        SQUARE_NAMES[ep]
      }) cannot give two checks`,
    );
  }
  const { board, white, us } = ctx;
  const king = board.king[us];
  const pushedTo = white ? ep + 8 : ep - 8;
  const pushedFrom = white ? ep - 8 : ep + 8;
  // The board before the push: the pawn back on its square, which the
  // occupancy cannot say, so its own attack is asked apart.
  const before = board.whatIf;
  before[0] = board.occupied[0];
  before[1] = board.occupied[1];
  before[pushedTo >> 5] &= ~(1 << pushedTo);
  before[pushedFrom >> 5] |= 1 << pushedFrom;
  if (
    attackersTo(board, king, us ^ 1, before, null) === 0 &&
    !pawnAttacks(us ^ 1, pushedFrom, king)
  ) {
    return "";
  }
  return `the ${colorName(white)} king on ${
    SQUARE_NAMES[king]
  } was already in check before the double push to ${
    SQUARE_NAMES[pushedTo]
  } (en-passant square ${SQUARE_NAMES[ep]}), with ${sideName(!white)} to move`;
}

/** What is wrong with the two checks of the checkers buffer, or "". */
function doubleCheckFault(ctx: Context): string {
  const sq = ctx.board.sq;
  const king = ctx.board.king[ctx.us];
  const a = ctx.buffers.checkers[0], b = ctx.buffers.checkers[1];
  if (collinear(a, b, king)) {
    return inCheckBut(
      ctx,
      `the checkers on ${SQUARE_NAMES[a]} and ${
        SQUARE_NAMES[b]
      } stand on one line through the king, and no move opens two opposite lines`,
    );
  }
  if (!isSlider(sq[a]) && !isSlider(sq[b])) {
    return inCheckBut(
      ctx,
      `neither checker (${SQUARE_NAMES[a]}, ${
        SQUARE_NAMES[b]
      }) moves along lines, so only one of them can have given check by the last move`,
    );
  }
  if (
    uncovers(ctx, a, b) || uncovers(ctx, b, a) || enPassantUncovers(ctx, a, b)
  ) {
    return "";
  }
  return inCheckBut(
    ctx,
    `no single move can have given check from both ${SQUARE_NAMES[a]} and ${
      SQUARE_NAMES[b]
    }`,
  );
}

/** What is wrong with the one check of the checkers buffer, or "". */
function singleCheckFault(ctx: Context): string {
  const king = ctx.board.king[ctx.us];
  const c = ctx.buffers.checkers[0];
  const piece = ctx.board.sq[c];
  // A line with a gap may have been uncovered; else the checker just moved.
  if (isSlider(piece) && between(c, king, ctx.buffers.line) > 0) return "";
  if (originsOf(ctx, c) !== 0) return "";
  const kind = isSlider(piece)
    ? "piece"
    : (piece & 7) === PAWN
    ? "pawn"
    : "knight";
  return inCheckBut(
    ctx,
    `the ${kind} on ${
      SQUARE_NAMES[c]
    } cannot have just moved there, and no other move can have uncovered its check`,
  );
}

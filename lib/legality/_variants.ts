// The variants' rules of legality, as python-chess's variant boards judge
// them: the standard rules run first, then each variant takes back what it
// allows and adds what it forbids, in its own words. One function per
// variant, chosen by a table; standard chess and Chess960 have none.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Rules, Square } from "../types.ts";
import { attackersTo } from "../chess/attacks.ts";
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from "../chess/geometry.ts";
import type { Context } from "./_context.ts";
import { sideName } from "./_report.ts";

/** Runs the variant's rules on the position `ctx` has checked. */
export function checkVariant(ctx: Context): void {
  const rules = ctx.rules;
  if (rules === undefined) return;
  VARIANT_CHECKS[rules]?.(ctx);
}

const VARIANT_CHECKS: Readonly<Partial<Record<Rules, (ctx: Context) => void>>> =
  {
    crazyhouse: checkCrazyhouse,
    threecheck: checkThreeCheck,
    atomic: checkAtomic,
    antichess: checkAntichess,
    horde: checkHorde,
    racingkings: checkRacingKings,
  };

/** Pieces of `code` on the board. */
function countOf(ctx: Context, code: number): number {
  return ctx.board.counts[code];
}

function squaresWhere(
  ctx: Context,
  test: (code: number, k: number) => boolean,
): Square[] {
  const squares: Square[] = [];
  const sq = ctx.board.sq;
  for (let k = 0; k < 64; k++) {
    if (sq[k] !== 0 && test(sq[k], k)) squares.push(SQUARE_NAMES[k]);
  }
  return squares;
}

// --- crazyhouse -------------------------------------------------------------

/**
 * Captured pieces go to the captor's hand, so a side may have more than 16
 * pieces or 8 pawns: only the totals on the board and in hand count (16
 * pawns, 32 men). Promotions are judged by the same totals.
 */
function checkCrazyhouse(ctx: Context): void {
  const { report } = ctx;
  const pockets = ctx.variant()?.pockets ?? null;
  const inHand = (key: "p" | "n" | "b" | "r" | "q" | "k"): number =>
    pockets === null ? 0 : pockets.w[key] + pockets.b[key];
  const pawns = countOf(ctx, PAWN) + countOf(ctx, 8 | PAWN) + inHand("p");
  const hand = pockets === null
    ? 0
    : (["p", "n", "b", "r", "q", "k"] as const).reduce(
      (n, key) => n + inHand(key),
      0,
    );
  if (pawns <= 16) report.drop("too-many-pawns");
  if (ctx.board.count[0] + ctx.board.count[1] + hand <= 32) {
    report.drop("too-many-pieces");
  }
  report.drop("too-many-promotions");
  if (inHand("k") > 0) {
    report.add(
      "bad-pockets",
      [],
      "a king is in hand: kings are never captured",
    );
  }
}

// --- three-check ------------------------------------------------------------

function checkThreeCheck(ctx: Context): void {
  const checks = ctx.variant()?.remainingChecks ?? null;
  if (checks === null) return;
  const { w, b } = checks;
  const bad = (n: number) => !Number.isInteger(n) || n < 0 || n > 3;
  if (bad(w) || bad(b)) {
    ctx.report.add(
      "bad-check-counters",
      [],
      `three-check counters must be 0 to 3 checks left, found ${w}+${b}`,
    );
  } else if (w === 0 && b === 0) {
    ctx.report.add(
      "bad-check-counters",
      [],
      "both sides have given three checks: the game ended at the first",
    );
  }
}

// --- atomic -----------------------------------------------------------------

/**
 * Kings may stand side by side (a king next to the other cannot be
 * checked: capturing would explode both), the side to move may have lost
 * its king (the game is over), and the side not to move may be "in check"
 * (its king attacked, as the explosions allow). A check the last move
 * cannot have given is judged only after a double push.
 */
function checkAtomic(ctx: Context): void {
  const { report } = ctx;
  report.drop("opposite-check");
  if (countOf(ctx, ctx.us << 3 | KING) === 0) {
    dropSide(ctx, "no-king", ctx.white);
  }
  report.drop("too-many-checkers");
  if (ctx.position.enPassant === null) report.drop("impossible-check");
}

/** Takes back the `code` problems about one side (their message names it). */
function dropSide(
  ctx: Context,
  code: "no-king" | "too-many-pieces" | "too-many-pawns",
  white: boolean,
): void {
  const { report } = ctx;
  const other = report.problems.filter((p) =>
    p.code === code && !p.message.startsWith(sideName(white))
  );
  report.drop(code);
  for (const problem of other) {
    report.add(code, problem.squares, problem.message);
  }
}

// --- antichess --------------------------------------------------------------

/**
 * No king is royal: any number of kings, none, and kings in "check", on
 * either side and from any number of pieces (python-chess's antichess
 * board has no checkers).
 */
function checkAntichess(ctx: Context): void {
  const { report } = ctx;
  report.drop("no-king");
  report.drop("too-many-kings");
  report.drop("opposite-check");
  report.drop("too-many-checkers");
  report.drop("impossible-check");
}

// --- horde ------------------------------------------------------------------

/**
 * White has 36 pawns and no king; White's pawns may stand on the first
 * rank (they start there), never on the eighth.
 */
function checkHorde(ctx: Context): void {
  const { report } = ctx;
  dropSide(ctx, "no-king", true);
  if (ctx.board.count[0] <= 36) {
    dropSide(ctx, "too-many-pieces", true);
    dropSide(ctx, "too-many-pawns", true);
  }
  report.drop("too-many-promotions");
  if (report.drop("pawn-on-back-rank")) {
    const squares = squaresWhere(
      ctx,
      (code, k) =>
        (code & 7) === PAWN && (k < 8 || (code >> 3 === 1 && k >= 56)),
    );
    if (squares.length > 0) {
      report.add(
        "pawn-on-back-rank",
        squares,
        `pawns on ${
          squares.join(", ")
        }: in horde only White's pawns may stand on rank 1, and no pawn on rank 8`,
      );
    }
  }
  const kings = countOf(ctx, KING);
  if (kings > 0) {
    report.add(
      "too-many-kings",
      squaresWhere(ctx, (code) => code === KING),
      "White has a king: in horde White has none",
    );
  }
}

// --- racing kings -----------------------------------------------------------

const RACE_LIMITS: readonly [number, number, string][] = [
  [KNIGHT, 2, "knights"],
  [BISHOP, 2, "bishops"],
  [ROOK, 2, "rooks"],
  [QUEEN, 1, "queen"],
];

/**
 * No move may give check, so no king is in check; the race ends when White
 * reaches rank 8 and Black cannot follow at once; no pawns, and no more
 * pieces of a kind than a side starts with (two knights, bishops and rooks,
 * one queen).
 */
function checkRacingKings(ctx: Context): void {
  const { board, report } = ctx;
  const king = board.king[ctx.us];
  if (king >= 0) {
    const checkers = ctx.buffers.checkers;
    const n = attackersTo(board, king, ctx.us ^ 1, board.occupied, checkers);
    if (n > 0) {
      const squares = [SQUARE_NAMES[king]];
      for (let i = 0; i < n; i++) squares.push(SQUARE_NAMES[checkers[i]]);
      report.add(
        "race-check",
        squares,
        `${
          sideName(ctx.white)
        } is in check: in racing kings no move may give check`,
      );
    }
  }
  const onEighth = (color: number) => {
    const k = board.king[color];
    return k >= 0 && k < 8;
  };
  if (!ctx.white && onEighth(0) && onEighth(1)) {
    report.add(
      "race-over",
      [SQUARE_NAMES[board.king[0]], SQUARE_NAMES[board.king[1]]],
      "both kings are on rank 8 with Black to move: the race ended before",
    );
  }
  const pawns = squaresWhere(ctx, (code) => (code & 7) === PAWN);
  if (pawns.length > 0) {
    report.add(
      "race-material",
      pawns,
      `racing kings has no pawns (on ${pawns.join(", ")})`,
    );
  }
  for (const color of [0, 1]) {
    for (const [role, most, name] of RACE_LIMITS) {
      const n = countOf(ctx, color << 3 | role);
      if (n > most) {
        report.add(
          "race-material",
          squaresWhere(ctx, (code) => code === (color << 3 | role)),
          `${sideName(color === 0)} has ${n} ${
            role === QUEEN ? "queens" : name
          }: a side races with at most ${most} ${name}`,
        );
      }
    }
  }
}

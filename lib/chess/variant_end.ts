/**
 * How a variant ends a game without any move to look at: a king on the
 * hill, three checks given, a king exploded, a side out of pieces, a king
 * on rank 8 in racing kings. As python-chess's variant boards judge it
 * (`is_variant_end`, `_win`, `_loss`, `_draw`). Checkmate and stalemate
 * need the variant's moves: they are not judged here.
 *
 * @module
 */

import { SQUARE_NAMES } from "../_tables.ts";
import type { Rules, Side } from "../types.ts";
import type { ChessBoard } from "./board.ts";
import { KING } from "./geometry.ts";
import { VARIANT_MOVES, variantIndex } from "./variant.ts";

/** A game a variant's rule has ended. */
export interface VariantEnd {
  /** The winner, or `null` for a draw. */
  winner: Side | null;
  /** Why, in the variant's words. */
  reason: string;
}

/** The centre squares of king of the hill: d5, e5, d4, e4 (a8 is 0). */
const HILL = [27, 28, 35, 36];

/**
 * How the variant's own rule has ended the game on `b` (a loaded board:
 * census, attacks and the variant's state: three-check's counters), or
 * `null` while it goes on.
 */
export function variantEndOf(b: ChessBoard, rules: Rules): VariantEnd | null {
  // Whether the game is over is the move generator's rule (variant.ts),
  // decided once.
  if (!VARIANT_MOVES[variantIndex(rules)].ended(b)) return null;
  return ENDS[rules]?.(b) ?? null;
}

const SIDES: readonly Side[] = ["w", "b"];
const NAMES = ["White", "Black"];

const ENDS: Readonly<
  Partial<
    Record<
      Rules,
      (b: ChessBoard) => VariantEnd | null
    >
  >
> = {
  kingofthehill(b) {
    for (const color of [b.turn, b.turn ^ 1]) {
      const king = kingOf(b, color);
      if (king >= 0 && HILL.includes(king)) {
        return {
          winner: SIDES[color],
          reason: `${NAMES[color]}'s king reached the hill (${
            SQUARE_NAMES[king]
          })`,
        };
      }
    }
    return null;
  },
  threecheck(b) {
    const [white, black] = b.remainingChecks;
    if (white <= 0 && black <= 0) {
      return { winner: null, reason: "both sides gave three checks" };
    }
    return white <= 0
      ? { winner: "w", reason: "White gave three checks" }
      : { winner: "b", reason: "Black gave three checks" };
  },
  atomic(b) {
    const white = b.counts[KING] > 0, black = b.counts[8 | KING] > 0;
    if (white === black) return null;
    return {
      winner: white ? "w" : "b",
      reason: `${white ? "Black" : "White"}'s king exploded`,
    };
  },
  antichess(b) {
    // the side to move with nothing left has given everything away: it wins
    if (b.count[b.turn] > 0) return null;
    return {
      winner: SIDES[b.turn],
      reason: `${NAMES[b.turn]} has no pieces left`,
    };
  },
  horde(b) {
    if (b.count[0] > 0 && b.count[1] > 0) return null;
    if (b.count[0] + b.count[1] === 0) {
      return { winner: null, reason: "no pieces are left" };
    }
    const out = b.count[0] === 0 ? 0 : 1;
    return {
      winner: SIDES[out ^ 1],
      reason: `${NAMES[out]} has no pieces left`,
    };
  },
  racingkings: raceEnd,
};

/** The square of a side's (first) king, or -1. */
function kingOf(b: ChessBoard, color: number): number {
  const code = color << 3 | KING;
  const sq = b.sq;
  for (let k = 0; k < 64; k++) if (sq[k] === code) return k;
  return -1;
}

/**
 * Racing kings, once over (variant.ts's goalReached: a king on rank 8,
 * and Black, to move, unable to follow White there at once): both kings
 * there is a draw, else the one there wins.
 */
function raceEnd(b: ChessBoard): VariantEnd | null {
  const white = kingOf(b, 0), black = kingOf(b, 1);
  const home = (k: number) => k >= 0 && k < 8;
  if (home(white) && home(black)) {
    return { winner: null, reason: "both kings reached rank 8" };
  }
  if (home(black)) {
    return { winner: "b", reason: "Black's king reached rank 8" };
  }
  return { winner: "w", reason: "White's king reached rank 8" };
}

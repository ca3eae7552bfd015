// What sets each variant's moves apart from standard chess, as data: one
// row of flags per rules value, read by the one generator (generate.ts) and
// the one maker (make.ts) at the few points where a variant differs, so
// that no rule of chess is written twice. The rules are python-chess's and
// chessops' (which lichess plays): where they differ, the comment says
// which one is followed.

import { type Rules, VARIANT_RULES } from "../types.ts";
import type { ChessBoard } from "./board.ts";
import { attackersTo } from "./attacks.ts";
import { KING, KING_REACH } from "./geometry.ts";

/** How a variant's moves differ from standard chess's. */
export interface VariantRules {
  /** Its name as a rules value. */
  readonly name: Rules;
  /** Kings are royal: check and checkmate exist (all but antichess). */
  readonly royal: boolean;
  /**
   * How many kings a playable position has: one a side (`"each"`), any
   * number (`"any"`, antichess), one for the side not to move and at most
   * one for the other (`"atomic"`: it may have exploded), one in all
   * (`"horde"`: the horde has none).
   */
  readonly kings: "each" | "any" | "atomic" | "horde";
  /** Castling rights are kept (not in antichess and racing kings). */
  readonly castling: boolean;
  /** A capture, when there is one, must be made (antichess). */
  readonly forcedCapture: boolean;
  /** Pawns may promote to a king (antichess). */
  readonly kingPromotion: boolean;
  /**
   * A capture explodes the capturer and every piece but pawns next to the
   * square, and kings standing side by side give no check (atomic).
   */
  readonly explosions: boolean;
  /** No move may give check (racing kings). */
  readonly noCheckGiving: boolean;
  /** Captured pieces go to the capturer's pocket and may be dropped (crazyhouse). */
  readonly drops: boolean;
  /** Checks given are counted down from three (three-check). */
  readonly countChecks: boolean;
  /**
   * A move does more than standard chess's (drops or explosions): make.ts
   * calls its hooks only then.
   */
  readonly movesMore: boolean;
  /**
   * Whether the game has ended by the variant's own goal before the side
   * to move moves: it then has no legal move, as in both peers.
   */
  readonly ended: (b: ChessBoard) => boolean;
}

/** The four centre squares d5, e5, d4, e4 as board words (word 0, 1). */
const CENTRE = [(1 << 27) | (1 << 28), (1 << 3) | (1 << 4)] as const;

function never(): boolean {
  return false;
}

/** King of the hill: a king stands on d4, e4, d5 or e5. */
function onHill(b: ChessBoard): boolean {
  const m = b.masks, white = KING * 2, black = (8 | KING) * 2;
  return ((m[white] | m[black]) & CENTRE[0]) !== 0 ||
    ((m[white + 1] | m[black + 1]) & CENTRE[1]) !== 0;
}

/** Three-check: a side has given its third check. */
function thirdCheck(b: ChessBoard): boolean {
  return b.remainingChecks[0] <= 0 || b.remainingChecks[1] <= 0;
}

/** Atomic: a king has exploded. */
function kingExploded(b: ChessBoard): boolean {
  return b.counts[KING] === 0 || b.counts[8 | KING] === 0;
}

/** Horde: a side has no piece left. */
function sideEmpty(b: ChessBoard): boolean {
  return b.count[0] === 0 || b.count[1] === 0;
}

/** Antichess: the side to move has no piece left, and wins (chessops' test). */
function givenAway(b: ChessBoard): boolean {
  return b.count[b.turn] === 0;
}

/**
 * Racing kings: a king is on the eighth rank, unless White got there first
 * and Black, to move, can still reach it with a king step onto a square
 * White does not attack (python-chess's test, on the board as it stands).
 */
function goalReached(b: ChessBoard): boolean {
  const white = b.king[0], black = b.king[1];
  const whiteIn = white >= 0 && white < 8, blackIn = black >= 0 && black < 8;
  if (!whiteIn && !blackIn) return false;
  if (b.turn === 0 || blackIn || black < 0) return true;
  // Black's king is on rank 7 (it could step up): its targets on rank 8.
  const reach = KING_REACH[black * 2];
  for (let t = 0; t < 8; t++) {
    if ((reach & 1 << t) === 0) continue;
    const p = b.sq[t];
    if (p !== 0 && p >> 3 === 1) continue;
    if (attackersTo(b, t, 0, b.occupied, null) === 0) return false;
  }
  return true;
}

const STANDARD: Omit<VariantRules, "name"> = {
  royal: true,
  kings: "each",
  castling: true,
  forcedCapture: false,
  kingPromotion: false,
  explosions: false,
  noCheckGiving: false,
  drops: false,
  countChecks: false,
  movesMore: false,
  ended: never,
};

/**
 * The rows, in VARIANT_RULES' order and indexed by
 * {@linkcode ChessBoard.variant}; 0 is standard chess.
 */
export const VARIANT_MOVES: readonly VariantRules[] = [
  { ...STANDARD, name: "chess" },
  { ...STANDARD, name: "chess960" },
  { ...STANDARD, name: "crazyhouse", drops: true, movesMore: true },
  { ...STANDARD, name: "threecheck", countChecks: true, ended: thirdCheck },
  { ...STANDARD, name: "kingofthehill", ended: onHill },
  {
    ...STANDARD,
    name: "atomic",
    kings: "atomic",
    explosions: true,
    movesMore: true,
    ended: kingExploded,
  },
  {
    ...STANDARD,
    name: "antichess",
    royal: false,
    kings: "any",
    castling: false,
    forcedCapture: true,
    kingPromotion: true,
    ended: givenAway,
  },
  { ...STANDARD, name: "horde", kings: "horde", ended: sideEmpty },
  {
    ...STANDARD,
    name: "racingkings",
    castling: false,
    noCheckGiving: true,
    ended: goalReached,
  },
];

/**
 * The row of `rules` in {@linkcode VARIANT_MOVES}, which follows
 * VARIANT_RULES' order (0, standard chess, for undefined).
 */
export function variantIndex(rules: Rules | undefined): number {
  if (rules === undefined) return 0;
  const index = VARIANT_RULES.indexOf(rules);
  if (index < 0) {
    throw new TypeError(`No rules "${String(rules).slice(0, 40)}"`);
  }
  return index;
}

/**
 * Whether the king of `side` on `k` is in check when `occupied` are the
 * occupied squares, by the variant's meaning of check: never in antichess;
 * in atomic, not while the enemy king stands next to it (a king cannot
 * capture, and taking it would explode both) nor when there is none.
 */
export function royalAttacked(
  b: ChessBoard,
  k: number,
  side: number,
  occupied: Int32Array,
): boolean {
  const v = VARIANT_MOVES[b.variant];
  if (!v.royal || k < 0) return false;
  if (v.explosions) {
    const enemy = b.king[side ^ 1];
    if (enemy < 0 || (KING_REACH[k * 2 + (enemy >> 5)] & 1 << enemy) !== 0) {
      return false;
    }
  }
  return attackersTo(b, k, side ^ 1, occupied, null) !== 0;
}

// What a variant is, in one value: the flags its moves differ by, how its
// own goal ends a game and in what words, when neither side can win, and
// its names and start. Each variant's file (`<name>.ts` here) declares one,
// and the per-concern tables the generator, the status and the name reader
// read (variant.ts's rows, variant_end.ts, material.ts, variant_names.ts)
// are built from them, so a variant is written in one place: as
// python-chess's variant boards carry their names and hooks together,
// while the moves keep one flag-row generator for every variant.

import type { Rules, Side } from "../../types.ts";
import type { ChessBoard } from "../board.ts";

/** How a variant's moves differ from standard chess's. */
export interface MoveFlags {
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
}

/** A game a variant's rule has ended. */
export interface VariantEnd {
  /** The winner, or `null` for a draw. */
  winner: Side | null;
  /** Why, in the variant's words. */
  reason: string;
}

/** Whether `color` (0 White, 1 Black) cannot win on the loaded board `b`. */
export type Insufficient = (b: ChessBoard, color: number) => boolean;

/** One variant, whole. */
export interface VariantDescriptor {
  /** Its rules value. */
  readonly rules: Rules;
  /** Its PGN `Variant` tag as lichess writes it (`"King of the Hill"`). */
  readonly tag: string;
  /** Other names read for it, compared without case. */
  readonly aliases: readonly string[];
  /** Its starting position (FEN, in lichess's convention). */
  readonly start: string;
  /** Where its moves differ from standard chess's (none: standard). */
  readonly moves?: Partial<MoveFlags>;
  /**
   * Whether the game has ended by the variant's own goal before the side
   * to move moves (it then has no legal move, as in both peers); the move
   * generator asks, so it must be cheap. None: the variant has no goal of
   * its own.
   */
  readonly ended?: (b: ChessBoard) => boolean;
  /**
   * Who won and why, asked only once `ended` holds (`null` if its words
   * find no end after all).
   */
  readonly end?: (b: ChessBoard) => VariantEnd | null;
  /** When a side cannot win by any play. */
  readonly insufficient: Insufficient;
  /**
   * Its slot among the constants a database's position keys are XORed with
   * (lib/data/polyglot/variant_key.ts), so that it has an index of its own:
   * fixed once given, as stored keys depend on it. None: keyed as standard
   * chess, as lichess keys Chess960.
   */
  readonly keySlot?: number;
}

/** Standard chess's flags, which a descriptor's `moves` amend. */
export const STANDARD_MOVES: MoveFlags = {
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
};

/**
 * King of the hill's hill, d5, e5, d4, e4, as square indexes (a8 is 0):
 * the rule's squares, the move generator's masks and the drawing's marks
 * come from these.
 */
export const HILL: readonly number[] = Object.freeze([27, 28, 35, 36]);

/** The standard start (FEN). */
export const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

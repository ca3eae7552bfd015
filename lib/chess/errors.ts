/**
 * The errors of the move functions: a move that cannot be played, and a
 * position that cannot be played from.
 *
 * @module
 */

import type { UnplayableCode } from "./rules.ts";
import type { Side } from "../types.ts";

/**
 * Why a move cannot be played:
 *
 * | code             | meaning                                                    |
 * | ---------------- | ---------------------------------------------------------- |
 * | `malformed`      | neither SAN (`Nf3`, `exd6`, `O-O`) nor UCI (`g1f3`)        |
 * | `no-such-square` | a square off the board, such as `e9` or `i4`               |
 * | `illegal`        | well-formed, but not a legal move in the position          |
 * | `ambiguous`      | SAN that more than one legal move fits (`Nd7` for two)     |
 *
 * @example Telling the problems apart
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { MoveError, type MoveErrorCode, playMoves } from "@fen/fen/moves";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * function problem(moves: string): MoveErrorCode | null {
 *   try {
 *     playMoves(start, moves);
 *     return null;
 *   } catch (error) {
 *     if (error instanceof MoveError) return error.code;
 *     throw error;
 *   }
 * }
 * assert.deepEqual(
 *   ["e4", "e4 e5 Ke3", "e4 e9", "e4 e5 xyz"].map(problem),
 *   [null, "illegal", "no-such-square", "malformed"],
 * );
 * ```
 */
export type MoveErrorCode =
  | "malformed"
  | "no-such-square"
  | "illegal"
  | "ambiguous";

/**
 * The fields of a {@linkcode MoveError}.
 *
 * @example Making the error by hand
 * ```ts
 * import { MoveError, type MoveErrorOptions } from "./errors.ts";
 * import assert from "node:assert/strict";
 *
 * const options: MoveErrorOptions = {
 *   move: "Nd7",
 *   index: 5,
 *   code: "ambiguous",
 *   reason: "ambiguous, Nbd7 or Nfd7",
 * };
 * assert.equal(
 *   new MoveError(options).message,
 *   'Cannot play move 5 "Nd7": ambiguous, Nbd7 or Nfd7',
 * );
 * ```
 */
export interface MoveErrorOptions extends ErrorOptions {
  /** The move as given. */
  move: string;
  /** Its 1-based number in the list of moves (move numbers not counted). */
  index: number;
  /** The kind of problem. */
  code: MoveErrorCode;
  /** The problem in words, such as `no such square` or `ambiguous, Nbd7 or Nfd7`. */
  reason: string;
}

/**
 * A move that cannot be played: its message is
 * `Cannot play move ${index} "${move}": ${reason}`, and the same facts are
 * fields for programs. A `RangeError`, like an argument outside the values a
 * function accepts: the move is not among the position's legal moves.
 *
 * @example Naming the move and the reason
 * ```ts
 * import { MoveError } from "./errors.ts";
 * import { playMoves } from "../moves/play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * assert.throws(() => playMoves(start, "e4 e9"), {
 *   name: "MoveError",
 *   message: 'Cannot play move 2 "e9": no such square',
 *   index: 2,
 *   code: "no-such-square",
 * });
 * assert.throws(
 *   () => playMoves(start, "e4 e5 Ke3"),
 *   (error: unknown) => error instanceof MoveError && error.code === "illegal",
 * );
 * ```
 */
export class MoveError extends RangeError {
  /** The move as given. */
  readonly move: string;
  /** Its 1-based number in the list of moves (move numbers not counted). */
  readonly index: number;
  /** The kind of problem. */
  readonly code: MoveErrorCode;
  /** The problem in words. */
  readonly reason: string;

  /**
   * Makes the error; the message is built from the fields.
   *
   * @param options The move, its number, and what is wrong with it.
   */
  constructor(options: MoveErrorOptions) {
    super(
      `Cannot play move ${options.index} "${options.move}": ${options.reason}`,
      options,
    );
    this.name = "MoveError";
    this.move = options.move;
    this.index = options.index;
    this.code = options.code;
    this.reason = options.reason;
  }
}

export type { UnplayableCode } from "./rules.ts";
const UNPLAYABLE_REASONS: Readonly<
  Record<UnplayableCode, (subject: string) => string>
> = {
  "no-king": (side) => `${sideName(side)} has no king`,
  "too-many-kings": (side) => `${sideName(side)} has more than one king`,
  "pawn-on-back-rank": (square) => `a pawn stands on ${square}, a back rank`,
  "opposite-check": (side) =>
    `${sideName(side)} to move, but ${
      sideName(side === "w" ? "b" : "w")
    } is in check`,
  "variant": (rule) => rule,
};

function sideName(side: string): string {
  return side === "w" ? "White" : "Black";
}

/**
 * A position in which the rules cannot be applied: a side without exactly
 * one king, a pawn on a back rank, or a king that could be captured. The
 * message is `Cannot play from this position: ${reason}`.
 *
 * @example A position without a black king
 * ```ts
 * import { UnplayablePositionError } from "./errors.ts";
 * import { legalMoves } from "../moves/play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => legalMoves(parseFen("8/8/8/8/8/8/8/4K3 w - - 0 1")), {
 *   name: "UnplayablePositionError",
 *   code: "no-king",
 *   message: "Cannot play from this position: Black has no king",
 * });
 * assert.ok(new UnplayablePositionError("opposite-check", "w") instanceof RangeError);
 * ```
 */
export class UnplayablePositionError extends RangeError {
  /** What is wrong. */
  readonly code: UnplayableCode;
  /** What is wrong, in words (the message without "Cannot play ..."). */
  readonly reason: string;

  /**
   * Makes the error; the message is built from the code and its subject.
   *
   * @param code What is wrong.
   * @param subject The side (`"w"`, `"b"`) or, for a pawn, the square.
   */
  constructor(code: UnplayableCode, subject: Side | string) {
    const reason = UNPLAYABLE_REASONS[code](subject);
    super(`Cannot play from this position: ${reason}`);
    this.name = "UnplayablePositionError";
    this.code = code;
    this.reason = reason;
  }
}

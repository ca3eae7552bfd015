/**
 * A puzzle as lichess publishes it: the position before the opponent's
 * move, that move and the solver's line, and the solution's evaluation.
 * The generator (lib/puzzle) makes them, the theme tagger reads them.
 *
 * @module
 */

/**
 * One puzzle's line, in lichess's puzzle shape.
 *
 * @example A puzzle line
 * ```ts
 * import type { PuzzleLine } from "./puzzle.ts";
 * import { equal } from "node:assert/strict";
 * const line: PuzzleLine = {
 *   fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
 *   moves: ["g8f8", "a1a8"],
 *   cp: 999_999_998,
 * };
 * equal(line.moves.length, 2);
 * ```
 */
export interface PuzzleLine {
  /** The position before the opponent's move. */
  fen: string;
  /** The moves in UCI, the first the opponent's (the one the puzzle follows). */
  moves: readonly string[];
  /**
   * The solution's evaluation for the solver in centipawns; a mate as
   * lichess-puzzler scores it (a large number less the moves to mate).
   */
  cp: number;
}

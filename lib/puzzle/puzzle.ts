/**
 * A puzzle as lichess publishes it: the position before the opponent's
 * move, the moves in UCI starting with that move, and the eval the
 * solution reaches for the solver.
 *
 * @module
 */

/**
 * A puzzle's line, as lichess's puzzle file writes it (`FEN`, `Moves`) and
 * as its generator scores it (`cp`).
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
  /** The moves in UCI; the first is the opponent's, then the solver's. */
  moves: readonly string[];
  /**
   * The solution's eval for the solver in centipawns, as lichess-puzzler's
   * generator writes it: 999999999 for a mate puzzle, 999999998 for a
   * puzzle whose last eval is a mate, else the engine's centipawns.
   */
  cp: number;
}

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

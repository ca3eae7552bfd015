/**
 * The one theme of lichess's that takes an engine: `zugzwang`, decided as
 * lichess-puzzler's tagger decides it (`tagger/zugzwang.py`), with the
 * engine's searches left to the caller.
 *
 * @module
 */

import { winningChances } from "../analysis/judgement.ts";
import type { Score } from "../engine/uci.ts";
import { replay, solverNodes } from "./_line.ts";
import type { PuzzleLine } from "./puzzle.ts";

/**
 * An engine's eval of the position `fen` for its side to move: what a
 * search under the caller's engine options gives (lichess-puzzler's
 * tagger searches to depth 30, 10 s or 12M nodes, whichever comes first).
 */
export type EvaluatePosition = (fen: string) => Promise<Score>;

/** lichess's bound on the opponent's choice: more legal moves, no zugzwang. */
const MAX_MOVES = 15;
/** How much better the opponent would stand if it could pass. */
const MARGIN = 0.3;

/** Winning chances in [-1, 1] of a score, for the side it is from. */
function chances(score: Score): number {
  return "cp" in score ? winningChances(score.cp) : score.mate > 0 ? 1 : -1;
}

/** A score for the other side. */
function negated(score: Score): Score {
  return "cp" in score ? { cp: -score.cp } : { mate: -score.mate };
}

/**
 * Whether the puzzle is a zugzwang, as lichess tags it: after one of the
 * solver's moves, the opponent (not in check, with at most 15 legal
 * moves) stands worse by 0.3 winning chances than it would if it could
 * pass the turn. `evaluate` is asked twice per such position, the second
 * time with the turn passed.
 *
 * @example The opponent to move must give up its pawn
 * ```ts
 * import { puzzleZugzwang } from "./zugzwang.ts";
 * import assert from "node:assert/strict";
 *
 * // Whoever is to move loses its pawn: a fake engine that says so.
 * const evaluate = () => Promise.resolve({ cp: -500 });
 * const zugzwang = await puzzleZugzwang({
 *   fen: "8/8/8/3p1K2/3P4/1k6/8/8 b - - 0 1",
 *   moves: ["b3c4", "f5e5"],
 *   cp: 500,
 * }, evaluate);
 * assert.equal(zugzwang, true);
 * ```
 *
 * @param puzzle The line, as for `puzzleThemes`.
 * @param evaluate The engine's eval of a FEN for its side to move.
 * @returns Whether lichess would tag the puzzle `zugzwang`.
 * @throws As `puzzleThemes` does for a bad line; what `evaluate` throws.
 */
export async function puzzleZugzwang(
  puzzle: PuzzleLine,
  evaluate: EvaluatePosition,
): Promise<boolean> {
  for (const node of solverNodes(replay(puzzle))) {
    const board = node.after;
    if (board.isCheck() || board.legalMoves().length > MAX_MOVES) continue;
    // Both scores from the opponent's side: its own move, then the turn
    // passed to the solver (whose score the engine gives).
    const score = await evaluate(board.fen());
    const passed = negated(await evaluate(board.pass().fen()));
    if (chances(score) < chances(passed) - MARGIN) return true;
  }
  return false;
}

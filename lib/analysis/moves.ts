/**
 * A game's positions' evaluations turned into what lichess says about each
 * move, the way lila builds its analysis from fishnet's answers: the move
 * gets the evaluation of the position after it; the engine's line from the
 * position before it (at most 12 plies) is the better line when it starts
 * with another move; a move is judged only when there is such a line; the
 * first move is judged against lichess's fixed start evaluation (+0.15);
 * a final checkmate position is dropped, so the mating move has no
 * evaluation.
 *
 * @module
 */

import {
  type Advice,
  type Evaluation,
  judge,
  type JudgementRules,
} from "./judgement.ts";

/** What the engine said about one position, from White's side. */
export interface PositionEval {
  /** The evaluation (`{ mate: 0 }`: the side to move is mated), or `null`. */
  eval: Evaluation | null;
  /** The engine's line from the position, in UCI. */
  pv: readonly string[];
}

/** What the analysis says about one move. */
export interface MoveVerdict {
  /** The evaluation after the move, or `null` when there is none. */
  eval: Evaluation | null;
  /** The evaluation before it, as the judgement used it. */
  before: Evaluation | null;
  /** What is wrong with the move, or `null`. */
  advice: Advice | null;
  /** The better line (UCI) when the move is judged, else empty. */
  line: readonly string[];
}

/** lila's `Info.LineMaxPlies`: the longest line kept. */
export const LINE_MAX_PLIES = 12;
/** lila's `Info.start`: the evaluation before a game's first move. */
export const START_EVAL: Evaluation = { cp: 15 };

/**
 * The verdict on each move of a line.
 *
 * @example A move that was not the engine's and lost a pawn
 * ```ts
 * import { judgeMoves } from "./moves.ts";
 * import assert from "node:assert/strict";
 *
 * const [verdict] = judgeMoves(
 *   [{ eval: { cp: 20 }, pv: ["e2e4", "e7e5"] }, { eval: { cp: -120 }, pv: [] }],
 *   ["f2f3"],
 *   { whiteFirst: true, rules: "lichess" },
 * );
 * assert.equal(verdict.advice?.judgement, "mistake");
 * assert.deepEqual(verdict.line, ["e2e4", "e7e5"]);
 * ```
 *
 * @param positions The evaluation of each position, the start first
 * (`moves.length + 1` entries; `null` for one not analysed).
 * @param moves The moves played, in UCI.
 * @param options Who moves first, and the judgement's rules.
 * @returns One verdict per move.
 */
export function judgeMoves(
  positions: readonly (PositionEval | null)[],
  moves: readonly string[],
  options: { whiteFirst: boolean; rules: JudgementRules },
): MoveVerdict[] {
  const kept = positions.filter((p) =>
    !(p?.eval !== null && p?.eval !== undefined && "mate" in p.eval &&
      p.eval.mate === 0)
  );
  const verdicts: MoveVerdict[] = [];
  let before: Evaluation | null = START_EVAL;
  for (let i = 0; i < moves.length; i++) {
    const prior = kept[i], after = kept[i + 1];
    if (after === undefined) {
      verdicts.push({ eval: null, before, advice: null, line: [] });
      before = null;
      continue;
    }
    const evaluation = after?.eval ?? null;
    const pv = prior && after ? prior.pv.slice(0, LINE_MAX_PLIES) : [];
    const line = pv.length > 0 && pv[0] !== moves[i] ? pv : [];
    const white = (i % 2 === 0) === options.whiteFirst;
    const advice = line.length > 0
      ? judge(before, evaluation, white, options.rules)
      : null;
    verdicts.push({
      eval: evaluation,
      before,
      advice,
      line: advice === null ? [] : line,
    });
    before = evaluation;
  }
  return verdicts;
}

/**
 * A game's summary as lichess computes it from the moves' evaluations:
 * average centipawn loss per side (lila's `AccuracyCP`), counts of
 * inaccuracies, mistakes and blunders, and the accuracy percentage (lila's
 * `AccuracyPercent.gameAccuracy`: per move, an accuracy from the drop of
 * the mover's win percentage; per side, the mean of a volatility-weighted
 * mean and a harmonic mean).
 *
 * @module
 */

import {
  type Evaluation,
  type Judgement,
  winningChances,
} from "./judgement.ts";
import { type MoveVerdict, START_EVAL } from "./moves.ts";

/** One side's figures. */
export interface SideSummary {
  /** Average centipawn loss, rounded, or `null` without evaluations. */
  acpl: number | null;
  /** lichess's accuracy in percent (one decimal), or `null`. */
  accuracy: number | null;
  inaccuracy: number;
  mistake: number;
  blunder: number;
}

/** Both sides' figures. */
export interface GameSummary {
  white: SideSummary;
  black: SideSummary;
}

const CEILING = 1000;
const INT_MAX = 2147483647;
const INT_MIN = -2147483648;

/** lila's `forceAsCp`: a mate as the largest centipawns, then `ceiled`. */
function forcedCp(value: Evaluation | null): number | null {
  if (value === null) return null;
  const cp = "cp" in value
    ? value.cp
    : value.mate < 0
    ? INT_MIN - value.mate
    : INT_MAX - value.mate;
  return Math.max(-CEILING, Math.min(CEILING, cp));
}

/**
 * The summary of a game's move verdicts.
 *
 * @example White loses a pawn, Black loses nothing
 * ```ts
 * import { summarize } from "./summary.ts";
 * import assert from "node:assert/strict";
 *
 * const verdict = (cp: number) => ({ eval: { cp }, before: null, advice: null, line: [] });
 * const { white, black } = summarize([verdict(-85), verdict(-85)], true);
 * assert.equal(white.acpl, 100);
 * assert.equal(black.acpl, 0);
 * assert.equal(black.accuracy, 100);
 * ```
 *
 * @param verdicts The verdicts, one per move.
 * @param whiteFirst Whether White made the first move.
 * @returns Both sides' figures.
 */
export function summarize(
  verdicts: readonly MoveVerdict[],
  whiteFirst: boolean,
): GameSummary {
  const accuracy = gameAccuracy(verdicts.map((v) => v.eval), whiteFirst);
  const side = (white: boolean): SideSummary => {
    const counts: Record<Judgement, number> = {
      inaccuracy: 0,
      mistake: 0,
      blunder: 0,
    };
    verdicts.forEach((verdict, i) => {
      const mover = (i % 2 === 0) === whiteFirst;
      if (mover === white && verdict.advice !== null) {
        counts[verdict.advice.judgement]++;
      }
    });
    return {
      acpl: averageLoss(verdicts, white, whiteFirst),
      accuracy: accuracy === null
        ? null
        : Math.round((white ? accuracy[0] : accuracy[1]) * 10) / 10,
      ...counts,
    };
  };
  return { white: side(true), black: side(false) };
}

/** lila's `AccuracyCP.mean`: pairs (before, after) of the side's moves. */
function averageLoss(
  verdicts: readonly MoveVerdict[],
  white: boolean,
  whiteFirst: boolean,
): number | null {
  const evals: (Evaluation | null)[] = verdicts.map((v) => v.eval);
  if (white === whiteFirst) evals.unshift(START_EVAL);
  const losses: number[] = [];
  for (let i = 0; i + 1 < evals.length; i += 2) {
    const before = forcedCp(evals[i]), after = forcedCp(evals[i + 1]);
    if (before === null || after === null) continue;
    losses.push(Math.max(0, (after - before) * (white ? -1 : 1)));
  }
  if (losses.length === 0) return null;
  return Math.round(losses.reduce((a, b) => a + b, 0) / losses.length);
}

function winPercent(cp: number): number {
  return 50 + 50 * winningChances(Math.max(-CEILING, Math.min(CEILING, cp)));
}

/** lila's `AccuracyPercent.fromWinPercents`. */
function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  const raw = 103.1668100711649 *
      Math.exp(-0.04354415386753951 * (before - after)) +
    -3.166924740191411;
  return Math.max(0, Math.min(100, raw + 1));
}

function deviation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(
    values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / values.length,
  );
}

/** lila's `gameAccuracy`: [White's, Black's], or `null`. */
function gameAccuracy(
  evals: readonly (Evaluation | null)[],
  whiteFirst: boolean,
): [number, number] | null {
  const cps = evals.map(forcedCp).filter((cp) => cp !== null);
  const wins = [forcedCp(START_EVAL)!, ...cps].map(winPercent);
  const size = Math.max(2, Math.min(8, Math.floor(cps.length / 10)));
  const windows: number[][] = [];
  for (let i = 0; i < Math.min(size, wins.length) - 2; i++) {
    windows.push(wins.slice(0, size));
  }
  if (wins.length <= size) windows.push(wins.slice());
  else {
    for (let i = 0; i + size <= wins.length; i++) {
      windows.push(wins.slice(i, i + size));
    }
  }
  const weights = windows.map((w) => Math.max(0.5, Math.min(12, deviation(w))));
  const sides: [number, number][][] = [[], []];
  for (let i = 0; i + 1 < wins.length && i < weights.length; i++) {
    const white = (i % 2 === 0) === whiteFirst;
    const [prev, next] = [wins[i], wins[i + 1]];
    const accuracy = white
      ? moveAccuracy(prev, next)
      : moveAccuracy(100 - prev, 100 - next);
    sides[white ? 0 : 1].push([accuracy, weights[i]]);
  }
  const side = (list: [number, number][]): number | null => {
    if (list.length === 0) return null;
    const weight = list.reduce((a, [, w]) => a + w, 0);
    if (weight === 0) return null;
    const weighted = list.reduce((a, [v, w]) => a + v * w, 0) / weight;
    const harmonic = list.length /
      list.reduce((a, [v]) => a + 1 / Math.max(1, v), 0);
    return (weighted + harmonic) / 2;
  };
  const white = side(sides[0]), black = side(sides[1]);
  return white === null || black === null ? null : [white, black];
}

// `fen analyse`'s progress line (lib/program/progress.ts draws it):
// positions done of those queued, positions per second, cache hits, time left.

import type { CliIo } from "../program/io.ts";
import {
  duration,
  ProgressLine,
  type ProgressMode,
} from "../program/progress.ts";
import type { EvaluationCounts } from "./_evaluate.ts";

/** The line of a run, over the evaluator's counts. */
export class Progress {
  readonly #line: ProgressLine;

  constructor(io: CliIo, counts: EvaluationCounts, mode: ProgressMode) {
    this.#line = new ProgressLine(io, {
      mode,
      text: (seconds) => Progress.text(counts, seconds),
    });
    this.#line.start();
  }

  /** The line's text. */
  static text(counts: EvaluationCounts, seconds: number): string {
    const rate = seconds > 0 ? counts.done / seconds : 0;
    const left = rate > 0 ? (counts.positions - counts.done) / rate : 0;
    return `fen: ${counts.done}/${counts.positions} positions, ${
      rate.toFixed(1)
    }/s, ${counts.cacheHits} from the cache, ${duration(left)} left`;
  }

  /** Clears the line (before other output on stderr). */
  clear(): void {
    this.#line.clear();
  }

  /** Stops redrawing and clears the line. */
  stop(): void {
    this.#line.stop();
  }
}

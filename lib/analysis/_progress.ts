// The progress line on stderr, only when stderr is a terminal: positions
// done of those queued, positions per second, cache hits, time left.

import type { CliIo } from "../program/io.ts";
import { writeText } from "../program/io.ts";
import type { EvaluationCounts } from "./_evaluate.ts";

/** Redraws one line every half second while a run goes on. */
export class Progress {
  readonly #io: CliIo;
  readonly #counts: EvaluationCounts;
  readonly #timer: ReturnType<typeof setInterval> | null = null;
  readonly #start = Date.now();
  #shown = false;

  constructor(io: CliIo, counts: EvaluationCounts) {
    this.#io = io;
    this.#counts = counts;
    if (io.stderr.isTerminal?.() === true) {
      this.#timer = setInterval(() => this.#draw(), 500);
    }
  }

  /** The line's text. */
  static text(counts: EvaluationCounts, seconds: number): string {
    const rate = seconds > 0 ? counts.done / seconds : 0;
    const left = rate > 0 ? (counts.positions - counts.done) / rate : 0;
    return `fen: ${counts.done}/${counts.positions} positions, ${
      rate.toFixed(1)
    }/s, ${counts.cacheHits} from the cache, ${Math.ceil(left)} s left`;
  }

  #draw(): void {
    const seconds = (Date.now() - this.#start) / 1000;
    writeText(
      this.#io.stderr,
      `\r\x1b[K${Progress.text(this.#counts, seconds)}`,
    );
    this.#shown = true;
  }

  /** Clears the line (before other output on stderr). */
  clear(): void {
    if (!this.#shown) return;
    writeText(this.#io.stderr, "\r\x1b[K");
    this.#shown = false;
  }

  /** Stops redrawing and clears the line. */
  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.clear();
  }
}

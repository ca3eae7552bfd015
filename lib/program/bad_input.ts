// The bad-input stop every program keeps: a stream whose first items all
// fail to read (a log, an executable's text, the wrong file) is taken for
// something else after INVALID_RUN of them and stopped with one line,
// instead of one line per item. Once an item has been read, a bad one is
// never a reason to stop.

/**
 * Items that cannot be read in a row, with none read before them, after
 * which a stream is taken for something else and stopped.
 */
export const INVALID_RUN = 20;

/**
 * A stream's bad items before its first good one.
 *
 * @example Twenty bad lines stop; one good line before them does not
 * ```ts
 * import { BadRun, INVALID_RUN } from "./bad_input.ts";
 * import assert from "node:assert/strict";
 *
 * const junk = new BadRun();
 * const stops = Array.from({ length: INVALID_RUN }, () => junk.bad());
 * assert.equal(stops.indexOf(true), INVALID_RUN - 1);
 * const records = new BadRun();
 * records.good();
 * assert.ok(Array.from({ length: 50 }, () => records.bad()).every((s) => !s));
 * ```
 */
export class BadRun {
  #anyGood = false;
  #run = 0;

  /** An item was read. */
  good(): void {
    this.#anyGood = true;
    this.#run = 0;
  }

  /**
   * An item could not be read.
   *
   * @returns Whether the stream is now taken for something else: stop.
   */
  bad(): boolean {
    return !this.#anyGood && ++this.#run >= INVALID_RUN;
  }
}

/**
 * The line that stops such a stream, after `fen: PROGRAM: `: `items`
 * names what could not be read, `kind` what the input should hold.
 */
export function notInputMessage(
  { items, kind }: { items: string; kind: string },
): string {
  return `${INVALID_RUN} ${items} and none read: this input does not hold ${kind}; stopping`;
}

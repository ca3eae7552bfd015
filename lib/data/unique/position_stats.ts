// What `--stats` prints at the end of a stream: counts of records by what
// they are, and of distinct positions at every dedupe level, gathered by
// one object per stream.

import { PositionHasher } from "./position_hash.ts";
import { POSITION_KEY_LEVELS, type PositionKeyLevel } from "./position_key.ts";
import type { RecordView } from "../../record_view.ts";
import { RecordClassifier, recordKindBit } from "./record_kinds.ts";
import { UniqueSet, type UniqueSetOptions } from "./unique_set.ts";
import type { Rules, RulesOptions } from "../../types.ts";

/**
 * The counts {@linkcode PositionStats} gathers. `records` is `invalid +
 * legal + illegal`; `checks`, `checkmates` and `stalemates` count legal
 * records (checkmates are among the checks); `unique` counts distinct valid
 * records at each level, `overflow` the keys a full set could not remember
 * (nonzero: a unique count may be too high).
 *
 * @example A summary is plain data
 * ```ts
 * import type { StatsSummary } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const empty: Pick<StatsSummary, "records" | "invalid"> = { records: 0, invalid: 0 };
 * assert.equal(empty.records, 0);
 * ```
 */
export interface StatsSummary {
  /** Records read, valid or not. */
  records: number;
  /** Records that are not FEN (a syntax error). */
  invalid: number;
  /** Valid records of a legal position. */
  legal: number;
  /** Valid records of an illegal position. */
  illegal: number;
  /** Legal records with the side to move in check. */
  checks: number;
  /** Legal records that are checkmate. */
  checkmates: number;
  /** Legal records that are stalemate. */
  stalemates: number;
  /** Distinct valid records at each level. */
  unique: Record<PositionKeyLevel, number>;
  /** Keys not remembered at each level because its set was full. */
  overflow: Record<PositionKeyLevel, number>;
}

/** Keys each level's set remembers unless told: six sets share the memory. */
const STATS_CAPACITY = 1 << 20;

const LEGAL = recordKindBit("legal");
const ILLEGAL = recordKindBit("illegal");
const CHECK = recordKindBit("check");
const CHECKMATE = recordKindBit("checkmate");
const STALEMATE = recordKindBit("stalemate");

/**
 * Counts for a stream of records (`fen --stats`): feed it every record,
 * valid or not, then read {@linkcode PositionStats.summary}. One
 * {@linkcode UniqueSet} per level, each of the capacity given.
 *
 * @example Three records, two of them the same position
 * ```ts
 * import { FenReader } from "@fen/fen";
 * import { formatStats, PositionStats } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const stats = new PositionStats({ capacity: 1024 });
 * const reader = new FenReader();
 * for (const fen of [
 *   "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
 *   "4k3/8/8/8/8/8/8/4K2R w K - 7 30",
 *   "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1",
 * ]) {
 *   reader.read(fen);
 *   stats.add(reader);
 * }
 * stats.addInvalid();
 * const summary = stats.summary();
 * assert.equal(summary.records, 4);
 * assert.equal(summary.checkmates, 1);
 * assert.equal(summary.unique.record, 3);
 * assert.equal(summary.unique.epd, 2);
 * assert.match(formatStats(summary), /^records: 4\ninvalid: 1\n/);
 * ```
 */
export class PositionStats {
  readonly #classifier: RecordClassifier;
  readonly #hasher = new PositionHasher();
  readonly #sets: UniqueSet[];
  #invalid = 0;
  #legal = 0;
  #illegal = 0;
  #checks = 0;
  #checkmates = 0;
  #stalemates = 0;

  /**
   * Empty counts.
   *
   * @param options The capacity of each level's set: 16 bytes a key, six
   * sets; the default here is 1,048,576 keys a level (96 MiB in all); and
   * the rules records are judged by (legal, check, mate, stalemate).
   */
  constructor(options: UniqueSetOptions & RulesOptions = {}) {
    this.#classifier = new RecordClassifier(options);
    const capacity = options.capacity ?? STATS_CAPACITY;
    this.#sets = POSITION_KEY_LEVELS.map(() => new UniqueSet({ capacity }));
  }

  /** Counts a record that could not be read. */
  addInvalid(): void {
    this.#invalid++;
  }

  /**
   * Counts the record `reader` last read.
   *
   * @param reader A reader after a successful `read` (or any record view).
   * @param rules The record's own rules (a game's Variant tag), if they
   * differ from the counts'.
   */
  add(reader: RecordView, rules?: Rules): void {
    const hashes = this.#hasher.hash(reader);
    const sets = this.#sets;
    // strictest level first: a record seen at one level is seen at every
    // looser one, so the probes stop there (a stream of repeats costs less)
    for (let level = 0; level < sets.length; level++) {
      if (!sets[level].addHash(hashes[2 * level], hashes[2 * level + 1])) break;
    }
    const kinds = this.#classifier.kinds(reader, rules);
    if ((kinds & ILLEGAL) !== 0) this.#illegal++;
    if ((kinds & LEGAL) !== 0) this.#legal++;
    if ((kinds & CHECK) !== 0) this.#checks++;
    if ((kinds & CHECKMATE) !== 0) this.#checkmates++;
    if ((kinds & STALEMATE) !== 0) this.#stalemates++;
  }

  /**
   * The counts so far (a new object).
   *
   * @returns The counts.
   */
  summary(): StatsSummary {
    const unique = {} as Record<PositionKeyLevel, number>;
    const overflow = {} as Record<PositionKeyLevel, number>;
    POSITION_KEY_LEVELS.forEach((level, k) => {
      unique[level] = this.#sets[k].size + this.#sets[k].overflow;
      overflow[level] = this.#sets[k].overflow;
    });
    return {
      records: this.#invalid + this.#legal + this.#illegal,
      invalid: this.#invalid,
      legal: this.#legal,
      illegal: this.#illegal,
      checks: this.#checks,
      checkmates: this.#checkmates,
      stalemates: this.#stalemates,
      unique,
      overflow,
    };
  }
}

/** The counts of {@linkcode StatsSummary} in the order `--stats` prints them. */
const COUNT_LINES = [
  "records",
  "invalid",
  "legal",
  "illegal",
  "checks",
  "checkmates",
  "stalemates",
] as const;

/**
 * The summary as `name: count` lines, uniques as `unique LEVEL: count`
 * (with the overflow, if any, in parentheses), each line ending in `\n`.
 *
 * @example The lines `--stats` prints
 * ```ts
 * import { formatStats, PositionStats } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const text = formatStats(new PositionStats({ capacity: 1 }).summary());
 * assert.equal(text.split("\n")[7], "unique record: 0");
 * ```
 *
 * @param summary The counts.
 * @returns The text.
 */
export function formatStats(summary: StatsSummary): string {
  let text = "";
  for (const name of COUNT_LINES) text += `${name}: ${summary[name]}\n`;
  for (const level of POSITION_KEY_LEVELS) {
    const overflow = summary.overflow[level];
    text += `unique ${level}: ${summary.unique[level]}${
      overflow > 0 ? ` (at most: ${overflow} past the set's capacity)` : ""
    }\n`;
  }
  return text;
}

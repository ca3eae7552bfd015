// The stages of data work that count: `--only` (a filter), `--unique`
// (dedupe in fixed memory) and `--stats` (the counts at the end), each
// counting what it drops so `--stats` can say so.

import { statsJson } from "../data/unique/stats_json.ts";
import type { Shard } from "./option_settings_scale.ts";
import {
  formatStats,
  PositionHasher,
  type PositionKeyLevel,
  PositionStats,
  RecordClassifier,
  type RecordKind,
  recordKindBit,
  UniqueSet,
} from "../data/unique/mod.ts";
import type { Rules } from "../types.ts";
import type { Diagnostics } from "./diagnostics.ts";
import type { Output } from "./io.ts";
import type { Current } from "./record.ts";
import type { Transform } from "./pipeline.ts";

/**
 * `--only KIND`: keeps the records of one kind, the others silently (that
 * is the point), counted for `--stats`. `invalid` keeps none here: the
 * pipeline writes invalid records as they were given.
 */
export class OnlyTransform implements Transform {
  /** Records not selected. */
  dropped = 0;
  readonly #bit: number;
  readonly #classifier: RecordClassifier;

  constructor(kind: RecordKind, rules: Rules = "chess") {
    this.#bit = kind === "invalid" ? 0 : recordKindBit(kind);
    this.#classifier = new RecordClassifier({ rules });
  }

  apply(record: Current): boolean {
    if (
      this.#bit !== 0 &&
      (this.#classifier.kinds(record, record.game?.rules) & this.#bit) !== 0
    ) {
      return true;
    }
    this.dropped++;
    return false;
  }
}

/**
 * `--unique[=LEVEL]`: keeps the first record of each position at a level,
 * in a set of fixed memory (`UniqueSet`, 64 MiB for 4,194,304 positions);
 * beyond it, a new position is still kept but not remembered, and the end
 * of the run says how many were.
 */
export class UniqueTransform implements Transform {
  /** Duplicates dropped. */
  dropped = 0;
  readonly #at: number;
  readonly #hasher = new PositionHasher();
  readonly #set = new UniqueSet();
  readonly #diagnostics: Diagnostics;

  constructor(level: PositionKeyLevel, diagnostics: Diagnostics) {
    this.#at = PositionHasher.offset(level);
    this.#diagnostics = diagnostics;
  }

  apply(record: Current): boolean {
    const hashes = this.#hasher.hash(record);
    const at = this.#at;
    if (this.#set.addHash(hashes[at], hashes[at + 1])) return true;
    this.dropped++;
    return false;
  }

  finish(): void {
    const { overflow, capacity } = this.#set;
    if (overflow === 0) return;
    this.#diagnostics.say(
      `fen: --unique remembers ${capacity} positions: ${overflow} later ones were kept without being remembered, so a repeat of them may have been kept too\n`,
    );
  }
}

/** Where `--stats` writes its counts, and the filters whose drops it counts. */
export interface StatsParts {
  /** stdout when the run writes no records, else `null` for stderr. */
  out: Output | null;
  diagnostics: Diagnostics;
  unique: UniqueTransform | null;
  only: OnlyTransform | null;
  /** `--stats=json`: one object (which fen merge adds up), and the run's `--shard`. */
  json?: { shard: Shard | null } | null;
  /** The run's rules, which legality, checks and mates are judged by. */
  rules?: Rules;
}

/**
 * `--stats`: counts every record as read (before any other transform), and
 * at the end writes them as `name: count` lines: on stdout when no records
 * are written, else on stderr (as `fen: name: count`), so stdout holds
 * records alone.
 */
export class StatsTransform implements Transform {
  readonly #stats: PositionStats;
  readonly #parts: StatsParts;

  constructor(parts: StatsParts) {
    this.#parts = parts;
    this.#stats = new PositionStats({ rules: parts.rules ?? "chess" });
  }

  apply(record: Current): boolean {
    this.#stats.add(record, record.game?.rules);
    return true;
  }

  finish(): void {
    const { out, diagnostics, unique, only } = this.#parts;
    const summary = this.#stats.summary();
    summary.invalid = diagnostics.invalidRecords;
    summary.records += summary.invalid;
    if (this.#parts.json) {
      const line = statsJson(summary, {
        duplicates: unique?.dropped ?? null,
        notSelected: only?.dropped ?? null,
        shard: this.#parts.json.shard,
      });
      // on stderr, after the command's prefix, the object whole on its line
      if (out === null) diagnostics.say(`fen: stats: ${line}`);
      else out.write(line);
      return;
    }
    let text = formatStats(summary);
    if (unique !== null) text += `duplicates: ${unique.dropped}\n`;
    if (only !== null) text += `not selected: ${only.dropped}\n`;
    // on stderr, every line is the command's: "fen: records: 5"
    if (out === null) diagnostics.say(text.replace(/^(?=.)/gm, "fen: "));
    else out.write(text);
  }
}

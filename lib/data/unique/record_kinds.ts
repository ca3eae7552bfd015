// What a record is, for `--only` and `--stats`: one classification, so the
// filter and the counts cannot disagree.

import { PositionChecker } from "../../legality/mod.ts";
import type { RecordView } from "../../record_view.ts";
import { type Rules, rulesFor, type RulesOptions } from "../../types.ts";
import { RECORD_KINDS } from "./names.ts";

export { RECORD_KINDS };

/**
 * A kind of record; see {@linkcode RECORD_KINDS}.
 *
 * @example A kind by name
 * ```ts
 * import type { RecordKind } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const kind: RecordKind = "checkmate";
 * assert.equal(kind, "checkmate");
 * ```
 */
export type RecordKind = typeof RECORD_KINDS[number];

/**
 * The bit of a kind in what {@linkcode RecordClassifier.kinds} returns.
 *
 * @example One bit per kind
 * ```ts
 * import { recordKindBit } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * assert.equal(recordKindBit("invalid"), 1);
 * assert.equal(recordKindBit("legal"), 2);
 * ```
 *
 * @param kind The kind.
 * @returns `1 << its index` in {@linkcode RECORD_KINDS}.
 * @throws {TypeError} If `kind` is not a kind.
 */
export function recordKindBit(kind: RecordKind): number {
  const index = RECORD_KINDS.indexOf(kind);
  if (index < 0) {
    throw new TypeError(`Cannot select records: no kind "${kind}"`);
  }
  return 1 << index;
}

const LEGAL = 1 << 1;
const ILLEGAL = 1 << 2;
const CHECK = 1 << 3;
const CHECKMATE = 1 << 4;
const STALEMATE = 1 << 5;

/**
 * Classifies records one after the other, reusing its legality work space
 * (one per stream): the legality check and the status come from one load
 * of the record's cells, and no `Position` is made.
 *
 * @example `--only checkmate`
 * ```ts
 * import { FenReader } from "@fen/fen";
 * import { RecordClassifier, recordKindBit } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * const classifier = new RecordClassifier();
 * const wanted = recordKindBit("checkmate");
 * const kept = [
 *   "4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
 *   "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
 * ].filter((fen) => {
 *   reader.read(fen);
 *   return (classifier.kinds(reader) & wanted) !== 0;
 * });
 * assert.equal(kept.length, 1);
 * ```
 */
export class RecordClassifier {
  readonly #checker: PositionChecker;
  readonly #rules: Rules | undefined;
  /** Checkers for a game's own rules (its Variant tag), by rules. */
  readonly #others = new Map<Rules, PositionChecker>();

  /**
   * A classifier judging by `options.rules` (standard chess unless given):
   * legality, check, checkmate and stalemate are the variant's.
   *
   * @param options The rules.
   */
  constructor(options: RulesOptions = {}) {
    this.#rules = rulesFor(null, options);
    this.#checker = new PositionChecker(options);
  }

  /**
   * The kinds of the record `reader` last read, as bits (see
   * {@linkcode recordKindBit}): `legal` or `illegal`, and for a legal
   * record `check`, `checkmate`, `stalemate` as they apply.
   *
   * @param reader A reader after a successful `read` (or any record view).
   * @param rules The record's own rules (a game's Variant tag), if they
   * differ from the classifier's.
   * @returns The bits.
   */
  kinds(reader: RecordView, rules?: Rules): number {
    const checker = this.#checkerFor(rules);
    const problems = checker.checkCodes(reader.cells, reader);
    for (let i = 0; i < problems.length; i++) {
      if (problems[i].severity === "error") return ILLEGAL;
    }
    const status = checker.status(NO_COUNT);
    return LEGAL | (status.check ? CHECK : 0) |
      (status.checkmate ? CHECKMATE : 0) | (status.stalemate ? STALEMATE : 0);
  }

  #checkerFor(rules: Rules | undefined): PositionChecker {
    if (rules === undefined || rules === this.#rules) return this.#checker;
    let checker = this.#others.get(rules);
    if (checker === undefined) {
      checker = new PositionChecker({ rules });
      this.#others.set(rules, checker);
    }
    return checker;
  }
}

// The status without counting moves: whether there is one will do.
const NO_COUNT = Object.freeze({ countMoves: false });

/**
 * Duplicates in streams of records: the levels at which two records are
 * the same position ({@linkcode POSITION_KEY_LEVELS}), the key of a record
 * at a level as text ({@linkcode PositionKeyWriter}) or as 64-bit hashes of
 * every level at once ({@linkcode PositionHasher}), a set of keys in fixed memory
 * ({@linkcode UniqueSet}), what kind each record is
 * ({@linkcode RecordClassifier}, for `--only`), and the end-of-stream counts
 * ({@linkcode PositionStats}).
 *
 * @example Keeping the first record of each position, counters aside
 * ```ts
 * import { FenReader } from "@fen/fen";
 * import { PositionKeyWriter, UniqueSet } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * const writer = new PositionKeyWriter("epd");
 * const seen = new UniqueSet({ capacity: 1024 });
 * const kept = [
 *   "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
 *   "4k3/8/8/8/8/8/8/4K3 w - - 12 40",
 *   "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
 * ].filter((fen) => {
 *   reader.read(fen);
 *   return seen.add(writer.buffer, writer.write(reader));
 * });
 * assert.equal(kept.length, 2);
 * ```
 *
 * @module
 */

export * from "../../record_view.ts";
export { FenReader } from "../../fen/reader.ts";
export {
  POSITION_KEY_LEVELS,
  type PositionKeyLevel,
  PositionKeyWriter,
} from "./position_key.ts";
export { PositionHasher } from "./position_hash.ts";
export {
  RECORD_KINDS,
  RecordClassifier,
  type RecordKind,
  recordKindBit,
} from "./record_kinds.ts";
export {
  formatStats,
  PositionStats,
  type StatsSummary,
} from "./position_stats.ts";
export {
  hashKeyBytes,
  UniqueSet,
  type UniqueSetOptions,
} from "./unique_set.ts";

// `--shard I/N --shard-by key`: the records whose position falls in part I
// of N by its key, so that every record of one position goes to one part
// and each part's `--unique` (and `--stats` uniques) are the whole input's.
// The key is the loosest level's (the board alone): records equal at any
// level are equal there. (`--shard-by record` keeps lines or games by
// their number, at the source: lib/cli/_sources.ts, _pgn_source.ts.)

import { PositionHasher } from "../data/unique/position_hash.ts";
import type { Current } from "./record.ts";
import type { Transform } from "./pipeline.ts";
import type { Shard } from "./option_settings_scale.ts";

/** Keeps the records of one part of N by position key (before any other stage). */
export class KeyShardTransform implements Transform {
  readonly #hasher = new PositionHasher();
  readonly #at = PositionHasher.offset("board") + 1; // the low half
  readonly #count: number;
  readonly #kept: number;

  constructor(shard: Shard) {
    this.#count = shard.count;
    this.#kept = shard.index - 1;
  }

  apply(record: Current): boolean {
    const hashes = this.#hasher.hash(record);
    return hashes[this.#at] % this.#count === this.#kept;
  }
}

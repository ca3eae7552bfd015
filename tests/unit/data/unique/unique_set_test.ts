// UniqueSet: first occurrences, the bound and its overflow count, no
// collision among many distinct keys; PositionStats on a constructed
// stream.

import assert from "node:assert/strict";
import { FenReader } from "../../../../lib/fen/reader.ts";
import {
  formatStats,
  PositionStats,
  UniqueSet,
} from "../../../../lib/data/unique/mod.ts";

const encoder = new TextEncoder();

function add(set: UniqueSet, text: string): boolean {
  const bytes = encoder.encode(text);
  return set.add(bytes, bytes.length);
}

Deno.test("UniqueSet: 200,000 distinct keys are all new, then all seen", () => {
  const set = new UniqueSet({ capacity: 200_000 });
  for (let i = 0; i < 200_000; i++) assert.ok(add(set, `key ${i}`), `key ${i}`);
  assert.equal(set.size, 200_000);
  for (let i = 0; i < 200_000; i += 7) {
    assert.equal(add(set, `key ${i}`), false);
  }
});

Deno.test("UniqueSet: beyond the capacity new keys pass, are counted, are not remembered", () => {
  const set = new UniqueSet({ capacity: 1 });
  assert.equal(set.capacity, 1024);
  for (let i = 0; i < 1024; i++) add(set, `k${i}`);
  assert.equal(set.size, 1024);
  assert.equal(add(set, "k0"), false); // remembered keys are still found
  assert.equal(add(set, "new"), true);
  assert.equal(add(set, "new"), true); // not remembered
  assert.equal(set.overflow, 2);
  assert.equal(set.size, 1024);
});

Deno.test("UniqueSet: addHash takes 64-bit hashes, zero included", () => {
  const set = new UniqueSet({ capacity: 1024 });
  assert.equal(set.addHash(0, 0), true);
  assert.equal(set.addHash(0, 0), false);
  assert.equal(set.addHash(0x463b9618, 0x1691fc9c), true);
  assert.equal(set.addHash(0x463b9618, 0x1691fc9d), true);
  assert.equal(set.addHash(0x463b9618, 0x1691fc9c), false);
});

Deno.test("UniqueSet: a capacity out of range is refused", () => {
  assert.throws(() => new UniqueSet({ capacity: 0 }), RangeError);
  assert.throws(() => new UniqueSet({ capacity: 2 ** 29 }), RangeError);
});

Deno.test("PositionStats: counts by kind and uniques by level", () => {
  const stats = new PositionStats({ capacity: 1024 });
  const reader = new FenReader();
  const records = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 9", // same but counters
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", // other rights
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", // other side
    "4k3/8/8/8/8/8/8/4K2R b - - 0 1", // a plain position
    "4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", // back-rank mate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate
    "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", // illegal: Black in check, White to move
  ];
  for (const fen of records) {
    reader.read(fen);
    stats.add(reader);
  }
  stats.addInvalid();
  const s = stats.summary();
  assert.deepEqual(
    [
      s.records,
      s.invalid,
      s.legal,
      s.illegal,
      s.checks,
      s.checkmates,
      s.stalemates,
    ],
    [9, 1, 7, 1, 1, 1, 1],
  );
  assert.deepEqual(s.unique, {
    record: 8,
    epd: 7,
    position: 7,
    castling: 7,
    side: 6,
    board: 5,
  });
  assert.deepEqual(Object.values(s.overflow), [0, 0, 0, 0, 0, 0]);
});

Deno.test("PositionStats: past a set's capacity the count is an upper bound, and says so", () => {
  const stats = new PositionStats({ capacity: 1 });
  const reader = new FenReader();
  for (let clock = 0; clock < 1030; clock++) {
    reader.read(`4k3/8/8/8/8/8/8/4K3 w - - ${clock} 600`);
    stats.add(reader);
  }
  const summary = stats.summary();
  assert.equal(summary.unique.record, 1030);
  assert.equal(summary.overflow.record, 6);
  assert.equal(summary.unique.epd, 1);
  assert.match(
    formatStats(summary),
    /\nunique record: 1030 \(at most: 6 past the set's capacity\)\nunique epd: 1\n/,
  );
});

// PositionHasher against PositionKeyWriter: at every level, two records
// have equal hashes exactly when they have equal keys, over the records of
// tests/testdata/sample.fen and variants of each that differ in one field
// (counters, en passant capturable or not, castling rights, side to move).

import assert from "node:assert/strict";
import { FenReader } from "../../../../lib/fen/reader.ts";
import {
  POSITION_KEY_LEVELS,
  PositionHasher,
  PositionKeyWriter,
} from "../../../../lib/data/unique/mod.ts";

const SAMPLE = new URL("../../../testdata/sample.fen", import.meta.url);

/** A record and its one-field variants. */
function variants(fen: string): string[] {
  const [placement, turn, castling, ep, half, full] = fen.split(" ");
  const rank = turn === "w" ? "6" : "3";
  return [
    fen,
    `${placement} ${turn} ${castling} ${ep} ${Number(half) + 5} ${
      Number(full) + 1
    }`,
    ...[..."abcdefgh"].map((file) =>
      `${placement} ${turn} ${castling} ${file}${rank} ${half} ${full}`
    ),
    `${placement} ${turn} - ${ep} ${half} ${full}`,
    `${placement} ${turn === "w" ? "b" : "w"} ${castling} - ${half} ${full}`,
  ];
}

Deno.test("PositionHasher: equal hashes exactly where the keys are equal, at every level", async () => {
  const records = (await Deno.readTextFile(SAMPLE)).split("\n").filter(Boolean)
    .slice(0, 300).flatMap(variants);
  const reader = new FenReader();
  const hasher = new PositionHasher();
  const writers = POSITION_KEY_LEVELS.map((level) =>
    new PositionKeyWriter(level)
  );
  const decoder = new TextDecoder();
  const byKey = POSITION_KEY_LEVELS.map(() => new Map<string, string>());
  const byHash = POSITION_KEY_LEVELS.map(() => new Map<string, string>());
  for (const fen of records) {
    reader.read(fen);
    const hashes = hasher.hash(reader);
    POSITION_KEY_LEVELS.forEach((level, k) => {
      const writer = writers[k];
      const key = decoder.decode(
        writer.buffer.subarray(0, writer.write(reader)),
      );
      const at = PositionHasher.offset(level);
      const hash = `${hashes[at]}:${hashes[at + 1]}`;
      const hashOfKey = byKey[k].get(key);
      const keyOfHash = byHash[k].get(hash);
      assert.ok(
        hashOfKey === undefined || hashOfKey === hash,
        `${level}: ${fen}`,
      );
      assert.ok(
        keyOfHash === undefined || keyOfHash === key,
        `${level}: ${fen}`,
      );
      byKey[k].set(key, hash);
      byHash[k].set(hash, key);
    });
  }
  // the variants made duplicates at every level but the strictest
  const distinct = byKey.map((map) => map.size);
  for (let k = 1; k < distinct.length; k++) {
    assert.ok(distinct[k] < distinct[k - 1], `${distinct}`);
  }
});

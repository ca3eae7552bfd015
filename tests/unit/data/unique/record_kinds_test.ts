// RecordClassifier: each kind on a constructed record, and the kinds that
// go together (a checkmate is a legal check).

import assert from "node:assert/strict";
import { FenReader } from "../../../../lib/fen/reader.ts";
import {
  RECORD_KINDS,
  RecordClassifier,
  type RecordKind,
  recordKindBit,
} from "../../../../lib/data/unique/mod.ts";

function kinds(fen: string): RecordKind[] {
  const reader = new FenReader();
  reader.read(fen);
  const bits = new RecordClassifier().kinds(reader);
  return RECORD_KINDS.filter((kind) => (bits & recordKindBit(kind)) !== 0);
}

Deno.test("RecordClassifier: each kind on a constructed record", () => {
  assert.deepEqual(kinds("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), ["legal"]);
  assert.deepEqual(kinds("4k3/8/8/8/8/8/8/4RK2 w - - 0 1"), ["illegal"]);
  assert.deepEqual(kinds("4k3/8/8/8/8/8/8/4RK2 b - - 0 1"), ["legal", "check"]);
  assert.deepEqual(kinds("4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), [
    "legal",
    "check",
    "checkmate",
  ]);
  assert.deepEqual(kinds("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), [
    "legal",
    "stalemate",
  ]);
  // no king: illegal, and no status asked of it
  assert.deepEqual(kinds("8/8/8/8/8/8/8/4K3 w - - 0 1"), ["illegal"]);
});

Deno.test("recordKindBit: one bit per kind, unknown kinds refused", () => {
  const bits = RECORD_KINDS.map(recordKindBit);
  assert.equal(new Set(bits).size, RECORD_KINDS.length);
  assert.ok(bits.every((bit) => (bit & (bit - 1)) === 0));
  assert.throws(() => recordKindBit("mate" as RecordKind), TypeError);
});

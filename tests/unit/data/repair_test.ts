// repairPosition and repairFen: each entry of the REPAIRS table on a
// constructed record, refusals with their reasons, and on a fuzz corpus of
// broken records: a repaired position has no problem left, the same
// pieces, and repairs to itself.

import assert from "node:assert/strict";
import { parseFen, stringifyFen } from "../../../lib/fen/mod.ts";
import { checkPosition, PROBLEM_CODES } from "../../../lib/legality/mod.ts";
import {
  repairFen,
  repairPosition,
  REPAIRS,
  UnrepairableError,
} from "../../../lib/data/repair.ts";
import { brokenRecords } from "../../_broken_records.ts";

function repaired(fen: string): [string, string[]] {
  const result = repairPosition(parseFen(fen));
  return [stringifyFen(result.position), result.changes];
}

Deno.test("repairPosition: a position without problems is returned unchanged", () => {
  const fen = "r3k2r/8/8/8/4pP2/8/8/R3K2R b KQkq f3 0 20";
  assert.deepEqual(repaired(fen), [fen, []]);
});

Deno.test("repairPosition: castling rights without king or rook are dropped, the others kept", () => {
  const [fen, changes] = repaired("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
  assert.equal(fen, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
  assert.deepEqual(changes.map((change) => change.split(" (")[0]), [
    "dropped the castling right of a1",
    "dropped the castling right of h8",
  ]);
});

Deno.test("repairPosition: en-passant squares no pawn used, or none can take, are dropped", () => {
  assert.equal(
    repaired("4k3/8/8/8/8/8/8/4K3 w - e6 0 1")[0],
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  );
  assert.equal(
    repaired("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")[0],
    "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
  );
  // a capturable square is kept, and its clock set to 0
  const [fen, changes] = repaired("4k3/8/8/8/3pP3/8/8/4K3 b - e3 7 30");
  assert.equal(fen, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 30");
  assert.match(changes[0], /^set the halfmove clock 7 to 0 \(/);
});

Deno.test("repairPosition: counters are made to fit each other", () => {
  assert.equal(
    repaired("4k3/8/8/8/8/8/8/4K3 w - - 40 1")[0],
    "4k3/8/8/8/8/8/8/4K3 w - - 40 21",
  );
  assert.equal(
    repaired("4k3/8/8/8/8/8/8/4K3 b - - 41 1")[0],
    "4k3/8/8/8/8/8/8/4K3 b - - 41 21",
  );
  const fullmoveZero = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 0");
  assert.equal(fullmoveZero.fullmoveNumber, 0);
  assert.equal(repairPosition(fullmoveZero).position.fullmoveNumber, 1);
});

Deno.test("repairPosition: pieces that cannot be are refused with the reason", () => {
  const cases: [string, string][] = [
    ["8/8/8/8/8/8/8/8 w - - 0 1", "empty-board"],
    ["4k3/8/8/8/8/8/8/8 w - - 0 1", "no-king"],
    ["4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "too-many-kings"],
    ["4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn-on-back-rank"],
    ["4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "opposite-check"],
  ];
  for (const [fen, code] of cases) {
    assert.throws(
      () => repairPosition(parseFen(fen)),
      (error: unknown) =>
        error instanceof UnrepairableError && error instanceof RangeError &&
        error.problems[0].code === code &&
        error.message.startsWith("Cannot repair: "),
      fen,
    );
  }
});

Deno.test("repairPosition: allow lets a refused code through unchanged", () => {
  const fen = "4k3/8/8/8/8/8/8/4RK2 w - - 0 1";
  const result = repairPosition(parseFen(fen), { allow: ["opposite-check"] });
  assert.equal(stringifyFen(result.position), fen);
  assert.deepEqual(result.changes, []);
});

Deno.test("repairPosition: the input position is not changed", () => {
  const position = parseFen("4k3/8/8/8/8/8/8/4K3 w KQ e6 9 0");
  const copy = structuredClone(position);
  repairPosition(position);
  assert.deepEqual(position, copy);
});

Deno.test("REPAIRS: every problem code has an entry", () => {
  assert.deepEqual(Object.keys(REPAIRS).sort(), [...PROBLEM_CODES].sort());
});

Deno.test("repairFen: missing fields are filled and told", () => {
  const result = repairFen("4k3/8/8/8/8/8/8/4K2R");
  assert.equal(result.fen, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
  assert.deepEqual(result.changes, [
    "added the missing side to move w",
    "added the missing castling -",
    "added the missing en passant -",
    "added the missing halfmove clock 0",
    "added the missing fullmove number 1",
  ]);
  const epd = repairFen("4k3/8/8/8/8/8/8/4K2R w K -");
  assert.equal(epd.fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  assert.equal(epd.changes.length, 2);
});

Deno.test("repair of a fuzz corpus: no problem left, same pieces, a fixed point", async () => {
  let repairedCount = 0;
  let refusedCount = 0;
  for (const record of await brokenRecords(400, 7)) {
    let result;
    try {
      result = repairFen(record);
    } catch (error) {
      assert.ok(error instanceof UnrepairableError, record);
      assert.ok(error.problems.every((p) => REPAIRS[p.code] === "refuse"));
      refusedCount++;
      continue;
    }
    repairedCount++;
    assert.deepEqual(checkPosition(result.position), [], record);
    assert.equal(result.fen.split(" ")[0], record.split(" ")[0], record);
    assert.deepEqual(repairFen(result.fen).changes, [], record);
  }
  assert.ok(
    repairedCount > 100 && refusedCount > 20,
    `${repairedCount} ${refusedCount}`,
  );
});

Deno.test("repairPosition: one repair at a time, so a zeroed clock needs no other move number", () => {
  // en-passant-clock and halfmove-clock-too-large at once: setting the
  // clock to 0 settles both, and the move number stays
  const [fen, changes] = repaired("4k3/8/8/8/3pP3/8/8/4K3 b - e3 10 3");
  assert.equal(fen, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 3");
  assert.equal(changes.length, 1);
});

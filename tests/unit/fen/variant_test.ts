// The FEN codec's variant fields: crazyhouse pockets and promoted pieces,
// three-check counters, in both conventions each; errors name the field
// and the column.

import assert from "node:assert/strict";
import {
  FEN_BYTES_MAX,
  FenReader,
  FenSyntaxError,
  parseFen,
  stringifyEpd,
  stringifyFen,
  writeFenBytes,
} from "../../../mod.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

Deno.test("crazyhouse: pockets in brackets or as a ninth rank, promoted pieces, written lichess's way or as a rank", () => {
  const brackets = parseFen(`${START}[QRbpp] w KQkq - 0 1`, {
    rules: "crazyhouse",
  });
  const rank = parseFen(`${START}/QRbpp w KQkq - 0 1`, { rules: "crazyhouse" });
  assert.deepEqual(brackets, rank);
  assert.deepEqual(brackets.pockets, {
    w: { p: 0, n: 0, b: 0, r: 1, q: 1, k: 0 },
    b: { p: 2, n: 0, b: 1, r: 0, q: 0, k: 0 },
  });
  assert.deepEqual(brackets.promoted, []);
  // letters in any order read; written queens to pawns, White's first
  const shuffled = parseFen(`${START}[ppbRQ] w KQkq - 0 1`, {
    rules: "crazyhouse",
  });
  assert.equal(stringifyFen(shuffled), `${START}[QRbpp] w KQkq - 0 1`);
  assert.equal(
    stringifyFen(shuffled, { pockets: "rank" }),
    `${START}/QRbpp w KQkq - 0 1`,
  );
  const promoted = parseFen("4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1", {
    rules: "crazyhouse",
  });
  assert.deepEqual(promoted.promoted, ["b7"]);
  assert.equal(stringifyFen(promoted), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1");
  assert.equal(stringifyEpd(promoted), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - -");
  // no pockets given: empty pockets (python-chess reads it so too)
  assert.deepEqual(
    parseFen(`${START} w KQkq - 0 1`, { rules: "crazyhouse" }).pockets?.w,
    { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 },
  );
});

Deno.test("three-check: remaining checks before the clocks, checks given after them (lichess)", () => {
  const remaining = parseFen(`${START} w KQkq - 2+1 0 1`, {
    rules: "threecheck",
  });
  const given = parseFen(`${START} w KQkq - 0 1 +1+2`, { rules: "threecheck" });
  assert.deepEqual(remaining, given);
  assert.deepEqual(remaining.remainingChecks, { w: 2, b: 1 });
  assert.equal(stringifyFen(remaining), `${START} w KQkq - 0 1 +1+2`);
  assert.equal(
    stringifyFen(remaining, { checks: "remaining" }),
    `${START} w KQkq - 2+1 0 1`,
  );
  assert.equal(stringifyEpd(remaining), `${START} w KQkq - 2+1`);
  assert.deepEqual(
    parseFen(`${START} w KQkq -`, { rules: "threecheck" }).remainingChecks,
    { w: 3, b: 3 },
  );
  // EPD with the counters as its fifth field, as python-chess writes it
  assert.deepEqual(
    parseFen(`${START} w KQkq - 1+1`, { rules: "threecheck" }).remainingChecks,
    { w: 1, b: 1 },
  );
});

Deno.test("the byte writer writes variant records as stringifyFen does", () => {
  for (
    const [fen, rules] of [
      ["4k3/1Q~6/8/8/4b3/8/Kpp5/8[Nq] b - - 0 1", "crazyhouse"],
      [`${START} w KQkq - 0 1 +1+2`, "threecheck"],
    ] as const
  ) {
    const reader = new FenReader({ rules });
    reader.read(fen);
    const buffer = new Uint8Array(FEN_BYTES_MAX);
    const end = writeFenBytes(reader, buffer, 0);
    assert.equal(new TextDecoder().decode(buffer.subarray(0, end)), fen);
    assert.equal(stringifyFen(reader.toPosition()), fen);
  }
});

Deno.test("variant fields' errors name the field and the column", () => {
  const cases: [
    string,
    "crazyhouse" | "threecheck" | "chess",
    string,
    number,
  ][] = [
    [`${START}[Qx] w - - 0 1`, "crazyhouse", "pockets", 46],
    [`${START}[Q w - - 0 1`, "crazyhouse", "pockets", 46],
    [`${START}[Q]x w - - 0 1`, "crazyhouse", "pockets", 47],
    ["~7/8/8/8/8/8/8/8 w - - 0 1", "crazyhouse", "placement", 1],
    [`${START}[Q] w - - 0 1`, "chess", "placement", 44],
    [`${START} w - - 4+0 0 1`, "threecheck", "checks", 51],
    [`${START} w - - 0 1 +1+9`, "threecheck", "checks", 55],
    [`${START} w - - 3+3 0 1 +0+0`, "threecheck", "checks", 59],
    [`${START} w - - 0 1 +0+0`, "chess", "record", 55],
  ];
  for (const [fen, rules, field, column] of cases) {
    assert.throws(() => parseFen(fen, { rules }), (error: unknown) => {
      assert.ok(error instanceof FenSyntaxError, fen);
      assert.equal(error.field, field, `${fen}: ${error.message}`);
      assert.equal(error.column, column, `${fen}: ${error.message}`);
      return true;
    });
  }
});

// The FEN codec's variant fields: crazyhouse pockets and promoted pieces,
// three-check counters, in both conventions each; errors name the field
// and the column.

import assert from "node:assert/strict";
import {
  fen2grid,
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
    // A pawn or a king is never what a pawn promoted to (python-chess drops
    // such a mark unsaid).
    ["4k3/8/8/8/8/8/8/4K~3 w - - 0 1", "crazyhouse", "placement", 19],
    ["4k3/8/8/8/8/8/P~7/4K3 w - - 0 1", "crazyhouse", "placement", 16],
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

Deno.test("fen2grid() reads variant records under their rules, and standard ones after them", () => {
  const last = (grid: string) => grid.split("\n").at(-1);
  assert.equal(
    last(
      fen2grid("4k3/8/8/8/8/8/8/3Q~K3/Qn w - - 0 1", { rules: "crazyhouse" }),
    ),
    "***QK***",
  );
  assert.equal(last(fen2grid("4k3/8/8/8/8/8/8/3K4 w - - 0 1")), "***K****");
  assert.throws(
    () => fen2grid("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1"),
    FenSyntaxError,
  );
  assert.equal(
    last(
      fen2grid("4k3/8/8/8/8/8/8/2K5[Qn] w - - 0 1", { rules: "crazyhouse" }),
    ),
    "**K*****",
  );
});

Deno.test("chessops's variant FEN cases read and written back (its pockets' letter order aside)", () => {
  // chessops writes the checks left before the clocks and pockets pawns
  // first (`[NNpn]`); python-chess and lichess queens first (`[NNnp]`).
  const cases: [string, "threecheck" | "crazyhouse" | "horde", string][] = [
    [
      "8/8/8/8/8/8/8/8 w - - 1+2 12 42",
      "threecheck",
      "8/8/8/8/8/8/8/8 w - - 1+2 12 42",
    ],
    [
      "8/8/8/8/8/8/8/8[Q] b - - 0 1",
      "crazyhouse",
      "8/8/8/8/8/8/8/8[Q] b - - 0 1",
    ],
    [
      "r3k2r/8/8/8/8/8/8/R3K2R[] w Qkq - 0 1",
      "crazyhouse",
      "r3k2r/8/8/8/8/8/8/R3K2R[] w Qkq - 0 1",
    ],
    [
      "r3kb1r/p1pN1ppp/2p1p3/8/2Pn4/3Q4/PP3PPP/R1B2q~K1[] w kq - 0 1",
      "crazyhouse",
      "r3kb1r/p1pN1ppp/2p1p3/8/2Pn4/3Q4/PP3PPP/R1B2q~K1[] w kq - 0 1",
    ],
    [
      "rQ~q1kb1r/pp2pppp/2p5/8/3P1Bb1/4PN2/PPP3PP/R2QKB1R[NNpn] b KQkq - 0 9",
      "crazyhouse",
      "rQ~q1kb1r/pp2pppp/2p5/8/3P1Bb1/4PN2/PPP3PP/R2QKB1R[NNnp] b KQkq - 0 9",
    ],
    [
      "rnb1kbnr/ppp1pppp/2Pp2PP/1P3PPP/PPP1PPPP/PPP1PPPP/PPP1PPP1/PPPqPP2 w kq - 0 1",
      "horde",
      "rnb1kbnr/ppp1pppp/2Pp2PP/1P3PPP/PPP1PPPP/PPP1PPPP/PPP1PPP1/PPPqPP2 w kq - 0 1",
    ],
  ];
  for (const [fen, rules, written] of cases) {
    const position = parseFen(fen, { rules });
    assert.equal(stringifyFen(position, { checks: "remaining" }), written);
    assert.deepEqual(parseFen(stringifyFen(position), { rules }), position);
  }
});

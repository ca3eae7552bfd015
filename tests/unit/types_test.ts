import assert from "node:assert/strict";
import {
  FILES,
  PIECES,
  pieceSide,
  RANKS,
  rulesFor,
  rulesOf,
  type Square,
  squareIndex,
  squareName,
} from "../../mod.ts";

Deno.test("squareIndex() and squareName() are inverse over the 64 squares", () => {
  for (let index = 0; index < 64; index++) {
    assert.equal(squareIndex(squareName(index)), index);
  }
  const names = FILES.flatMap((f) => RANKS.map((r) => `${f}${r}` as Square));
  assert.equal(new Set(names.map(squareIndex)).size, 64);
  assert.equal(squareIndex("h1"), 63);
  assert.equal(squareName(7), "h8");
});

Deno.test("squareIndex() and squareName() refuse what is not a square", () => {
  for (const bad of ["i1", "a0", "a9", "A1", "a", "a10", ""]) {
    assert.throws(() => squareIndex(bad as Square), RangeError, bad);
  }
  for (const bad of [-1, 64, 1.5, NaN]) {
    assert.throws(() => squareName(bad), RangeError, String(bad));
  }
});

Deno.test("pieceSide() tells White's upper case from Black's lower case", () => {
  assert.deepEqual(PIECES.map(pieceSide), [..."wwwwwwbbbbbb"]);
});

Deno.test('rules: "chess960" and the older chess960: true agree in every API that takes them', async () => {
  const { parseFen } = await import("../../lib/fen/mod.ts");
  const { checkPosition } = await import("../../lib/legality/mod.ts");
  const { legalMoves, playMoves } = await import("../../lib/moves/mod.ts");
  const { perftDivide } = await import("../../lib/moves/perft_divide.ts");
  const { repairFen } = await import("../../lib/data/repair.ts");
  const { convertEpdMoves } = await import("../../lib/data/epd_moves.ts");
  const fen = "4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1";
  const calls: [string, (options: object) => unknown][] = [
    ["parseFen", (o) => parseFen(fen, o)],
    ["checkPosition", (o) => checkPosition(parseFen(fen, o), o)],
    ["legalMoves", (o) => legalMoves(parseFen(fen, o), o)],
    ["playMoves", (o) => playMoves(parseFen(fen, o), "O-O", o).moves],
    ["perftDivide", (o) => perftDivide(parseFen(fen, o), 1, o)],
    ["repairFen", (o) => repairFen(fen, o).fen],
    [
      "convertEpdMoves",
      (o) => convertEpdMoves(`${fen.split(" 0 ")[0]} bm O-O;`, "uci", o),
    ],
  ];
  const outcome = (call: (options: object) => unknown, options: object) => {
    try {
      return call(options);
    } catch (error) {
      return String(error);
    }
  };
  for (const [name, call] of calls) {
    const by960 = outcome(call, { rules: "chess960" });
    assert.deepEqual(outcome(call, { chess960: true }), by960, name);
    assert.deepEqual(
      outcome(call, { rules: "chess960", chess960: false }),
      by960,
      name,
    );
    assert.deepEqual(
      outcome(call, { rules: "chess" }),
      outcome(call, { chess960: false }),
      name,
    );
  }
  // The rules change what they should: X-FEN letters, UCI castling.
  assert.deepEqual(parseFen(fen, { rules: "chess960" }).castling, ["g1", "b1"]);
  assert.ok(
    legalMoves(parseFen(fen, { rules: "chess960" }), { rules: "chess960" })
      .includes("e1g1"),
  );
  // FEN, legality and the move functions know every variant.
  assert.equal(parseFen(fen, { rules: "atomic" }).castling.length, 2);
  assert.ok(legalMoves(parseFen(fen), { rules: "atomic" }).includes("e1e2"));
  assert.throws(
    () => legalMoves(parseFen(fen), { rules: "suicide" as never }),
    new TypeError(
      'No rules "suicide": expected chess, chess960, crazyhouse, threecheck, kingofthehill, atomic, antichess, horde, racingkings',
    ),
  );
  assert.throws(
    () => parseFen(fen, { rules: "shogi" as never }),
    new TypeError(
      'No rules "shogi": expected chess, chess960, crazyhouse, threecheck, kingofthehill, atomic, antichess, horde, racingkings',
    ),
  );
});

Deno.test("rulesOf() gives standard chess when nothing names rules; rulesFor(null) tells", () => {
  assert.equal(rulesOf(), "chess");
  assert.equal(rulesOf({}), "chess");
  assert.equal(rulesOf({ strict: true } as never), "chess");
  assert.equal(rulesOf({ chess960: true }), "chess960");
  assert.equal(rulesOf({ chess960: false }), "chess");
  assert.equal(rulesOf({ rules: "atomic", chess960: true }), "atomic");
  assert.equal(rulesFor(null, {}), undefined);
  assert.equal(rulesFor(null, { chess960: true }), "chess960");
  assert.equal(rulesFor({ rules: "horde" }, { chess960: true }), "chess960");
  assert.equal(rulesFor({ rules: "horde" }, {}), "horde");
  assert.throws(
    () => rulesOf({ rules: "suicide" as never }),
    { name: "TypeError", message: /^No rules "suicide": expected chess, / },
  );
});

// perftDivide against the published totals of tests/testdata/perft.json
// (the rows must sum to them); row for row against Stockfish's `go perft`
// in tests/oracle/perft_divide_stockfish_test.ts.

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { perftDivide } from "../../../lib/moves/perft_divide.ts";
import { INITIAL_FEN } from "../../../lib/types.ts";
import { deepestWithin, PERFT, type PerftEntry } from "../../_shared.ts";

const CASES = PERFT;
/** The largest total divided here, to keep the test short. */
const BUDGET = 100_000;

/** Each case at the deepest depth within the budget. */
function deepest(entry: PerftEntry): [number, number] {
  return deepestWithin(entry, BUDGET);
}

Deno.test("perftDivide: rows sum to the published totals", () => {
  for (const entry of CASES) {
    if (entry.perft["1"] === undefined) continue;
    const [depth, total] = deepest(entry);
    const rows = perftDivide(
      parseFen(entry.fen, { chess960: entry.chess960 ?? false }),
      depth,
      {
        chess960: entry.chess960 ?? false,
      },
    );
    assert.equal(rows.length, entry.perft["1"], entry.name);
    assert.equal(
      rows.reduce((sum, row) => sum + row.nodes, 0),
      total,
      entry.name,
    );
  }
});

Deno.test("perftDivide: Kiwipete at depth 2: castling, captures, a fork, as engines count them", () => {
  const rows = new Map(
    perftDivide(
      parseFen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      ),
      2,
    ).map((row) => [row.move, row.nodes]),
  );
  // castling both ways, the pawn takes, a knight fork: as published
  assert.equal(rows.get("e1g1"), 43);
  assert.equal(rows.get("e1c1"), 43);
  assert.equal(rows.get("d5e6"), 46);
  assert.equal(rows.get("e5f7"), 44);
  assert.equal(rows.get("g2h3"), 43);
});

Deno.test("perftDivide: depth must be from 1 to 100", () => {
  const start = parseFen(INITIAL_FEN);
  assert.throws(() => perftDivide(start, 0), RangeError);
  assert.throws(() => perftDivide(start, 1.5), RangeError);
});

// Perft against the published node counts of tests/testdata/perft.json:
// every depth whose count is at most NODE_BUDGET, so the file runs in a few
// seconds. Deeper counts are checked by bench/moves_bench.ts, and every
// count here is also compared with chessops' perft in
// tests/oracle/moves_diff_test.ts.

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { perft } from "../../../lib/moves/perft.ts";
import { PERFT } from "../../_shared.ts";

/** The most leaf nodes a single count may have to be run here. */
const NODE_BUDGET = 1_500_000;

const entries = PERFT;

for (const entry of entries) {
  Deno.test(`perft: ${entry.name}`, () => {
    const position = parseFen(entry.fen, { chess960: entry.chess960 ?? false });
    let run = 0;
    for (const [depth, nodes] of Object.entries(entry.perft)) {
      if (nodes > NODE_BUDGET) continue;
      assert.equal(perft(position, Number(depth)), nodes, `depth ${depth}`);
      run++;
    }
    assert.ok(run > 0, "no published count within the node budget");
  });
}

Deno.test("perft: depth 0 is one node, bad depths throw", () => {
  const position = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  assert.equal(perft(position, 0), 1);
  assert.equal(perft(position, 1), 5);
  for (const depth of [-1, 1.5, NaN, 101]) {
    assert.throws(() => perft(position, depth), RangeError);
  }
});

Deno.test("perft: the position is left as it was", () => {
  const fen =
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
  const position = parseFen(fen);
  const copy = structuredClone(position);
  perft(position, 3);
  assert.deepEqual(position, copy);
});

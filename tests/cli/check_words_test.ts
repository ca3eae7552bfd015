// --check's words for a position with more promoted pieces than missing
// pawns: the count said as a person reads it ("none of its pawns is
// missing", not "only 0 pawns are missing").

import assert from "node:assert/strict";
import { runMain } from "./_harness.ts";

Deno.test("too many promotions: the missing pawns counted in words", async () => {
  const cases: [string, string][] = [
    [
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQNR w - - 0 1",
      "White has 1 piece more than a side starts with, each a promoted pawn, but none of its pawns is missing",
    ],
    [
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPP2/QQQQKQNR w - - 0 1",
      "White has 4 pieces more than a side starts with, each a promoted pawn, but only 2 of its pawns are missing",
    ],
    [
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RQBQKQNR w - - 0 1",
      "White has 2 pieces more than a side starts with, each a promoted pawn, but only 1 of its pawns is missing",
    ],
  ];
  for (const [fen, words] of cases) {
    const run = await runMain(["--check", fen]);
    assert.equal(run.code, 3, run.stderr);
    assert.equal(run.stdout, `error too-many-promotions: ${words}\n`, fen);
  }
});

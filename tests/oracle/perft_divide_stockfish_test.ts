// perftDivide row for row against Stockfish's `go perft` table, where
// Stockfish is installed (skipped, saying why, where it is not).

import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import { perftDivide } from "../../lib/moves/perft_divide.ts";
import { findStockfish, UciSession } from "../_stockfish.ts";
import { deepestWithin, PERFT } from "../_shared.ts";

const CASES = PERFT;
/** The largest total divided here, as the unit test's. */
const BUDGET = 100_000;

const stockfish = findStockfish();
Deno.test({
  name: "perftDivide agrees row for row with Stockfish's go perft",
  ignore: stockfish === null,
  async fn() {
    const engine = new UciSession(stockfish!);
    try {
      await divideAll(engine);
    } finally {
      await engine.close();
    }
  },
});

/** Every case's table, ours against the engine's. */
async function divideAll(engine: UciSession): Promise<void> {
  for (const entry of CASES) {
    if (entry.perft["1"] === undefined) continue;
    const chess960 = entry.chess960 ?? false;
    const depth = Math.min(deepestWithin(entry, BUDGET)[0], 3);
    const ours = perftDivide(parseFen(entry.fen, { chess960 }), depth, {
      chess960,
    });
    const theirs = await engine.divide(entry.fen, { depth, chess960 });
    assert.deepEqual(
      new Map(ours.map((row) => [row.move, row.nodes])),
      theirs,
      entry.name,
    );
  }
}

// The repair gate against a real engine, Stockfish (Debian's `stockfish`):
// it dies of a signal on broken records, here the FENs of its own issue
// tracker (tests/testdata/engine_crash_fens.json) and a fuzz corpus of
// broken records (tests/_broken_records.ts); on what repairFen makes of
// them it never does. Refused records are not sent: refusing is the gate.
// Skipped, saying why, when Stockfish is not installed.

import assert from "node:assert/strict";
import { repairFen, UnrepairableError } from "../../lib/data/repair.ts";
import { brokenRecords } from "../_broken_records.ts";
import { findStockfish, UciSession } from "../_stockfish.ts";

const stockfish = findStockfish();
if (stockfish === null) {
  console.warn("repair engine test skipped: no stockfish");
}

/** Depth for the tracker's FENs: two of them crash only this deep. */
const DEPTH = 12;
/** Depth for the fuzz corpus: shallower, for 300 records on a shared machine. */
const FUZZ_DEPTH = 8;
const FUZZ_RECORDS = 300;

interface Tally {
  crashed: number;
  searched: number;
}

/**
 * Searches each record, a new engine after each crash; the crash count.
 * With `untilCrash`, stops at the first crash: all that the unrepaired
 * records must show is that the engine dies on some (each crash costs a new
 * engine, which loads its network: most of this test's time when it searched
 * them all).
 */
async function searchAll(
  path: string,
  records: string[],
  options: { depth: number; untilCrash?: boolean },
): Promise<Tally> {
  let session = new UciSession(path);
  let crashed = 0;
  let searched = 0;
  for (const fen of records) {
    searched++;
    if (!(await session.search(fen, options.depth))) {
      crashed++;
      if (options.untilCrash) return { crashed, searched };
      await session.close();
      session = new UciSession(path);
    }
  }
  const status = await session.close();
  assert.equal(status.signal, null, "the engine died on quit");
  return { crashed, searched };
}

/** What the gate passes: repaired records, refused ones counted. */
function gate(records: string[]): { passed: string[]; refused: number } {
  const passed: string[] = [];
  let refused = 0;
  for (const fen of records) {
    try {
      passed.push(repairFen(fen).fen);
    } catch (error) {
      if (!(error instanceof UnrepairableError)) throw error;
      refused++;
    }
  }
  return { passed, refused };
}

Deno.test({
  name:
    "Stockfish crashes on its tracker's FENs, never on what repairFen passes",
  ignore: stockfish === null,
  async fn() {
    const cases: { fen: string }[] = JSON.parse(
      await Deno.readTextFile(
        new URL("../testdata/engine_crash_fens.json", import.meta.url),
      ),
    );
    const records = cases.map((entry) => entry.fen);
    const before = await searchAll(stockfish!, records, {
      depth: DEPTH,
      untilCrash: true,
    });
    const { passed, refused } = gate(records);
    const after = await searchAll(stockfish!, passed, { depth: DEPTH });
    console.log(
      `tracker FENs: unrepaired, the engine died at record ${before.searched} of ${records.length}; ` +
        `${refused} refused, ${after.crashed} of ${after.searched} repaired crash`,
    );
    assert.ok(before.crashed > 0, "the engine no longer crashes: a stale test");
    assert.equal(after.crashed, 0);
  },
});

Deno.test({
  name: "Stockfish never crashes on repaired records of a fuzz corpus",
  ignore: stockfish === null,
  async fn() {
    const records = await brokenRecords(FUZZ_RECORDS, 20261123);
    const { passed, refused } = gate(records);
    const after = await searchAll(stockfish!, passed, { depth: FUZZ_DEPTH });
    const before = await searchAll(stockfish!, records, {
      depth: FUZZ_DEPTH,
      untilCrash: true,
    });
    console.log(
      `fuzz corpus: unrepaired, the engine died at record ${before.searched} of ${records.length}; ` +
        `${refused} refused, ${after.crashed} of ${after.searched} repaired crash`,
    );
    assert.ok(passed.length > FUZZ_RECORDS / 4, "too few records repaired");
    assert.ok(before.crashed > 0, "the corpus breaks nothing: a weak corpus");
    assert.equal(after.crashed, 0);
  },
});

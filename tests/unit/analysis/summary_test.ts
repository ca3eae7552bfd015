// A game's summary (lila's average centipawn loss and accuracy) and the
// evaluation cache, on evaluations made by hand.

import assert from "node:assert/strict";
import { summarize } from "../../../lib/analysis/summary.ts";
import type { MoveVerdict } from "../../../lib/analysis/moves.ts";
import type { Evaluation } from "../../../lib/analysis/judgement.ts";
import { EvalCache } from "../../../lib/analysis/cache.ts";

function verdicts(evals: (Evaluation | null)[]): MoveVerdict[] {
  return evals.map((value) => ({
    eval: value,
    before: null,
    advice: null,
    line: [],
  }));
}

Deno.test("no loss: average loss 0, accuracy 100 for both sides", () => {
  const s = summarize(
    verdicts([{ cp: 15 }, { cp: 15 }, { cp: 15 }, { cp: 15 }]),
    true,
  );
  assert.deepEqual(s.white, {
    acpl: 0,
    accuracy: 100,
    inaccuracy: 0,
    mistake: 0,
    blunder: 0,
  });
  assert.deepEqual(s.black, {
    acpl: 0,
    accuracy: 100,
    inaccuracy: 0,
    mistake: 0,
    blunder: 0,
  });
});

Deno.test("average loss as lila's AccuracyCP: pairs of the side's moves, gains count 0, mates at 1000", () => {
  // White 15 -> -85 (loses 100), Black -85 -> -85, White -85 -> 300 (gains), Black 300 -> 100 (gains)
  const s = summarize(
    verdicts([{ cp: -85 }, { cp: -85 }, { cp: 300 }, { cp: 100 }]),
    true,
  );
  assert.equal(s.white.acpl, 50);
  assert.equal(s.black.acpl, 0);
  const mated = summarize(verdicts([{ mate: -2 }]), true);
  assert.equal(mated.white.acpl, 1015, "15 to a mate against: 1015");
  assert.ok(s.white.accuracy! < 100 && s.black.accuracy === 100);
  const worse = summarize(
    verdicts([{ cp: -385 }, { cp: -385 }, { cp: 300 }, { cp: 100 }]),
    true,
  );
  assert.ok(
    worse.white.accuracy! < s.white.accuracy!,
    "a bigger loss, a lower accuracy",
  );
});

Deno.test("a game from a position with Black to move pairs Black's moves from the start", () => {
  const s = summarize(verdicts([{ cp: 215 }, { cp: 215 }]), false);
  assert.equal(s.black.acpl, 200);
  assert.equal(s.white.acpl, 0);
});

Deno.test("missing evaluations are left out; counts come from the verdicts", () => {
  const v = verdicts([{ cp: 15 }, null, { cp: 15 }]);
  v[1] = { ...v[1], advice: { judgement: "blunder", mate: null } };
  const s = summarize(v, true);
  assert.equal(s.black.blunder, 1);
  assert.equal(s.white.acpl, 0);
  assert.equal(s.black.acpl, null, "no pair with both evaluations");
});

Deno.test("the cache keeps lichess's eval-db shape and answers only searches at least as deep", async () => {
  const path = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const cache = await EvalCache.open(path);
    await cache.put(
      "463b96181691fc9c",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
      {
        lines: [{ eval: { cp: 31 }, pv: ["e2e4", "e7e5"] }],
        nodes: 20_123,
        depth: 14,
        limit: { nodes: 20_000 },
      },
    );
    const line = JSON.parse((await Deno.readTextFile(path)).trim());
    assert.deepEqual(line, {
      key: "463b96181691fc9c",
      fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
      evals: [{
        pvs: [{ cp: 31, line: "e2e4 e7e5" }],
        knodes: 21,
        depth: 14,
        limit: { nodes: 20000 },
      }],
    });
    const again = await EvalCache.open(path);
    assert.deepEqual(
      again.get("463b96181691fc9c", { nodes: 20_000 }, 1)?.lines[0].pv,
      ["e2e4", "e7e5"],
    );
    assert.equal(
      again.get("463b96181691fc9c", { nodes: 50_000 }, 1),
      undefined,
    );
    assert.equal(
      again.get("463b96181691fc9c", { nodes: 20_000 }, 2),
      undefined,
    );
    assert.equal(again.get("0000000000000000", { nodes: 1 }, 1), undefined);
    await Deno.writeTextFile(path, "not json\n", { append: true });
    await assert.rejects(EvalCache.open(path), {
      name: "CacheFormatError",
      line: 2,
    });
  } finally {
    await Deno.remove(path);
  }
});

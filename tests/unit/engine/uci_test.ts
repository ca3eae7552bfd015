// The UCI driver and the engine pool against Stockfish (skipped, saying
// why, when it is not installed) and against a fake engine that dies,
// hangs or answers garbage (tests/_fake_uci.ts).

import { FAKE_ENGINE, PLAIN_FAKE_ENGINE } from "../../_fake_engine.ts";
import { holdEnv } from "../../_env_lock.ts";
import assert from "node:assert/strict";
import {
  type EngineError,
  goCommand,
  UciEngine,
} from "../../../lib/engine/uci.ts";
import { parseInfo } from "../../../lib/engine/_info.ts";
import { EnginePool } from "../../../lib/engine/pool.ts";
import { findStockfish } from "../../_stockfish.ts";

const stockfish = findStockfish();
if (stockfish === null) console.warn("Stockfish tests skipped: no stockfish");
const FAKE = FAKE_ENGINE;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Runs `fn` with the fake engine in `mode`, a fresh marker folder. */
async function withFake<T>(mode: string, fn: () => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir();
  const release = await holdEnv({ FAKE_UCI: mode, FAKE_UCI_STATE: dir });
  try {
    return await fn();
  } finally {
    release();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("parseInfo reads score, depth, nodes, multipv and pv", () => {
  const info = parseInfo(
    "info depth 8 seldepth 10 multipv 2 score cp -33 upperbound nodes 5006 nps 625750 hashfull 0 tbhits 0 time 8 pv c7c5 g1f3",
  );
  assert.deepEqual(info, {
    depth: 8,
    nodes: 5006,
    line: {
      multipv: 2,
      depth: 8,
      score: { cp: -33 },
      bound: true,
      pv: ["c7c5", "g1f3"],
    },
  });
  assert.deepEqual(parseInfo("info depth 0 score mate 0")?.line?.score, {
    mate: 0,
  });
  assert.equal(parseInfo("info string NNUE evaluation enabled")?.line, null);
  assert.equal(parseInfo("info depth x"), null);
  assert.equal(parseInfo("info score cp"), null);
  assert.equal(parseInfo("info score wdl 1 2 3"), null);
});

Deno.test("goCommand writes the limits, nodes 1000000 by default", () => {
  assert.equal(goCommand({ nodes: 5000 }), "go nodes 5000");
  assert.equal(goCommand({ depth: 12 }), "go depth 12");
  assert.equal(goCommand({ movetime: 50 }), "go movetime 50");
  assert.equal(goCommand({}), "go nodes 1000000");
});

Deno.test({
  name: "Stockfish: handshake, options, a search with its lines and best move",
  ignore: stockfish === null,
  async fn() {
    const engine = await UciEngine.start(stockfish!, {
      options: [["Threads", "1"], ["Hash", "16"]],
    });
    try {
      assert.match(engine.name, /^Stockfish/);
      const result = await engine.search(
        { fen: START, moves: ["e2e4"] },
        { nodes: 3000 },
        { multipv: 2, timeoutMs: 20_000 },
      );
      assert.match(result.bestmove ?? "", /^[a-h][1-8][a-h][1-8]$/);
      assert.equal(result.lines.length, 2);
      assert.equal(result.lines[0].pv[0], result.bestmove);
      assert.ok(result.nodes >= 3000);
      const again = await engine.search(
        { fen: START, moves: ["e2e4"] },
        { nodes: 3000 },
        { multipv: 2, timeoutMs: 20_000 },
      );
      assert.deepEqual(again, result, "the same nodes give the same answer");
      const mate = await engine.search(
        { fen: "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1" },
        { nodes: 1000 },
        { timeoutMs: 20_000 },
      );
      assert.equal(mate.bestmove, null);
      assert.deepEqual(mate.lines[0].score, { mate: 0 });
    } finally {
      await engine.close();
    }
  },
});

Deno.test({
  name: "Stockfish refuses an option it does not have, by name",
  ignore: stockfish === null,
  async fn() {
    await assert.rejects(
      UciEngine.start(stockfish!, { options: [["Hashh", "16"]] }),
      (error: EngineError) =>
        error.kind === "garbage" && /has no option "Hashh"/.test(error.message),
    );
  },
});

Deno.test("a missing binary is a 'missing' fault naming the path", async () => {
  await assert.rejects(
    UciEngine.start("/nonexistent/engine"),
    (error: EngineError) =>
      error.kind === "missing" &&
      error.message ===
        'Cannot run the engine: "/nonexistent/engine": not found',
  );
});

for (
  const [mode, kind] of [["die", "died"], ["hang", "hung"], [
    "garbage",
    "garbage",
  ]] as const
) {
  Deno.test(`the fake engine's '${mode}' is a '${kind}' fault`, async () => {
    await withFake(mode, async () => {
      const engine = await UciEngine.start(FAKE);
      try {
        await assert.rejects(
          engine.search({ fen: START }, { nodes: 1 }, { timeoutMs: 1500 }),
          (error: EngineError) => error.kind === kind,
        );
      } finally {
        await engine.close();
      }
    });
  });
}

Deno.test("the plain fake engine answers as by default while another test's FAKE_UCI says 'die'", async () => {
  await withFake("die", async () => {
    const engine = await UciEngine.start(PLAIN_FAKE_ENGINE);
    try {
      const result = await engine.search({ fen: START }, { nodes: 1 }, {
        timeoutMs: 20_000,
      });
      assert.match(result.bestmove ?? "", /^[a-h][1-8][a-h][1-8]/);
    } finally {
      await engine.close();
    }
  });
});

for (const mode of ["die-once", "hang-once", "garbage-once"]) {
  Deno.test(`the pool restarts after '${mode}' and retries the position once`, async () => {
    await withFake(mode, async () => {
      const faults: string[] = [];
      const pool = await EnginePool.start({
        path: FAKE,
        options: [],
        jobs: 1,
        limit: { nodes: 1 },
        timeoutMs: 1500,
        onFault: (error, retry) => faults.push(`${error.kind} ${retry}`),
      });
      try {
        const answer = await pool.search({ position: { fen: START } });
        assert.equal(answer.ok, true);
        assert.equal(pool.searches, 2);
        assert.equal(faults.length, 1);
        assert.match(faults[0], / true$/);
        const next = await pool.search({
          position: { fen: START, moves: ["e2e4"] },
        });
        assert.equal(next.ok, true, "the new engine goes on");
      } finally {
        await pool.close();
      }
    });
  });
}

Deno.test("the pool reports a position that fails twice, and goes on", async () => {
  await withFake("die-twice", async () => {
    const pool = await EnginePool.start({
      path: FAKE,
      options: [],
      jobs: 1,
      limit: { nodes: 1 },
      timeoutMs: 1500,
    });
    try {
      const answers = await Promise.all([
        pool.search({ position: { fen: START } }),
        pool.search({ position: { fen: START, moves: ["d2d4"] } }),
      ]);
      assert.deepEqual(answers.map((a) => a.ok), [false, true]);
      assert.equal(pool.searches, 3);
      assert.equal(answers[0].ok === false && answers[0].error.kind, "died");
      assert.equal(pool.gaveUp, false);
    } finally {
      await pool.close();
    }
  });
});

Deno.test("the pool gives up after 3 failures in a row: the rest answer at once, unsearched", async () => {
  await withFake("die", async () => {
    const faults: boolean[] = [];
    let gaveUp = 0;
    const pool = await EnginePool.start({
      path: FAKE,
      options: [],
      jobs: 1,
      limit: { nodes: 1 },
      timeoutMs: 1500,
      onFault: (_, retry) => faults.push(retry),
      onGiveUp: () => gaveUp++,
    });
    try {
      const moves = ["d2d4", "e2e4", "c2c4", "g1f3"];
      const answers = await Promise.all(
        moves.map((move) =>
          pool.search({ position: { fen: START, moves: [move] } })
        ),
      );
      assert.deepEqual(answers.map((a) => a.ok), [false, false, false, false]);
      assert.equal(pool.searches, 3);
      assert.equal(faults.length, 3);
      assert.equal(faults.at(-1), false, "the last is not retried");
      assert.equal(gaveUp, 1);
      assert.equal(pool.gaveUp, true);
    } finally {
      await pool.close();
    }
  });
});

// Judgement, comment texts and the export form held against lichess: a
// game as lichess exports it after fishnet's analysis
// (tests/testdata/lichess_analysis_export.json) is judged again from its
// own evaluations and written again, byte for byte; the mate rules and the
// older centipawn table against lila's source, case by case.

import assert from "node:assert/strict";
import { parsePgn, type PgnMove } from "../../../lib/pgn/mod.ts";
import {
  adviceComment,
  evalArgument,
  type Evaluation,
  judge,
  JUDGEMENTS,
  showEvaluation,
  winningChances,
} from "../../../lib/analysis/judgement.ts";
import { judgeMoves, START_EVAL } from "../../../lib/analysis/moves.ts";
import {
  lichessLine,
  type LichessMove,
  writeLichessPgn,
} from "../../../lib/analysis/lichess_pgn.ts";

const fixture: { pgn: string } = JSON.parse(
  await Deno.readTextFile(
    new URL("../../testdata/lichess_analysis_export.json", import.meta.url),
  ),
);

function evaluationOf(move: PgnMove): Evaluation {
  const value = move.eval!;
  return value.mate !== null
    ? { mate: value.mate }
    : { cp: Math.round(value.pawns! * 100) };
}

Deno.test("lichess's export is judged and written again byte for byte from its evaluations", () => {
  const [game] = parsePgn(fixture.pgn);
  const moves: LichessMove[] = [];
  let before: Evaluation = START_EVAL;
  let judged = 0;
  game.mainline.moves.forEach((move, i) => {
    const after = evaluationOf(move);
    const white = i % 2 === 0;
    const bestLine = move.variations[0]?.moves[0]?.san ?? null;
    const advised = move.nags.length > 0;
    const advice = judge(before, after, white);
    const comments: string[] = [];
    let nags: number[] = [];
    if (advised) {
      assert.ok(advice !== null, `move ${i + 1} ${move.san} is judged`);
      assert.deepEqual(
        [JUDGEMENTS[advice.judgement].nag],
        move.nags,
        `move ${i + 1} ${move.san}`,
      );
      const text = adviceComment(advice, before, after, bestLine);
      assert.equal(text, move.comments[0]);
      comments.push(text);
      nags = [JUDGEMENTS[advice.judgement].nag];
      judged++;
    }
    comments.push(`[%eval ${evalArgument(after)}]`);
    comments.push(
      ...move.comments.slice(advised ? 1 : 0).filter((c) =>
        !c.startsWith("[%eval ")
      ),
    );
    moves.push({
      san: move.san,
      nags,
      comments,
      variations: move.variations.map(lichessLine),
    });
    before = after;
  });
  assert.equal(judged, 21);
  const text = writeLichessPgn({
    tags: new Map(),
    comments: [],
    moves,
    startPly: 0,
  });
  assert.equal(text, fixture.pgn);
});

Deno.test("judgeMoves follows lila: a line only when another move was best, +0.15 before the first", () => {
  const verdicts = judgeMoves(
    [
      { eval: { cp: 20 }, pv: ["e2e4", "e7e5"] },
      { eval: { cp: -40 }, pv: ["e7e5"] },
      { eval: { cp: 200 }, pv: ["d2d4"] },
      { eval: { mate: 0 }, pv: [] },
    ],
    ["f2f3", "g7g5", "d1h5"],
    { whiteFirst: true, rules: "lichess" },
  );
  assert.deepEqual(verdicts[0], {
    eval: { cp: -40 },
    before: { cp: 15 },
    advice: { judgement: "inaccuracy", mate: null },
    line: ["e2e4", "e7e5"],
  });
  assert.equal(verdicts[1].advice?.judgement, "blunder");
  assert.deepEqual(verdicts[2], {
    eval: null,
    before: { cp: 200 },
    advice: null,
    line: [],
  }, "the mating move has no evaluation: lila drops the checkmate");
  const same = judgeMoves(
    [{ eval: { cp: 15 }, pv: ["f2f3"] }, { eval: { cp: -400 }, pv: [] }],
    ["f2f3"],
    { whiteFirst: true, rules: "lichess" },
  );
  assert.equal(same[0].advice, null, "the engine's own move is not judged");
  const long = judgeMoves(
    [{ eval: { cp: 15 }, pv: Array(20).fill("a2a3") }, {
      eval: { cp: -400 },
      pv: [],
    }],
    ["f2f3"],
    { whiteFirst: true, rules: "lichess" },
  );
  assert.equal(long[0].line.length, 12);
});

Deno.test("winning chances: lila's formula and its thresholds", () => {
  assert.equal(winningChances(0), 0);
  assert.ok(Math.abs(winningChances(100) - 0.1820) < 1e-4);
  assert.ok(Math.abs(winningChances(-100) + winningChances(100)) < 1e-12);
  assert.ok(winningChances(100_000) <= 1);
  // exactly 0.1 of White's chances lost is an inaccuracy, just under is not
  const cpAt = (chances: number) =>
    Math.log((1 + chances) / (1 - chances)) / 0.00368208;
  const target = cpAt(0.3);
  assert.equal(
    judge({ cp: target }, { cp: 0 }, true)?.judgement ?? null,
    winningChances(target) >= 0.3 ? "blunder" : "mistake",
  );
  assert.equal(judge({ cp: 0 }, { cp: -52 }, true), null);
  assert.equal(judge({ cp: 0 }, { cp: -56 }, true)?.judgement, "inaccuracy");
  assert.equal(judge({ cp: 0 }, { cp: 56 }, false)?.judgement, "inaccuracy");
});

Deno.test("the mate rules: created, lost, and the centipawns around them", () => {
  // Black to move had a forced mate (-3, Black mating) and lost it
  assert.deepEqual(judge({ mate: -3 }, { cp: -500 }, false), {
    judgement: "blunder",
    mate: "lost",
  });
  assert.deepEqual(judge({ mate: -3 }, { cp: -800 }, false), {
    judgement: "mistake",
    mate: "lost",
  });
  assert.deepEqual(judge({ mate: -3 }, { cp: -1000 }, false), {
    judgement: "inaccuracy",
    mate: "lost",
  });
  assert.deepEqual(judge({ mate: 4 }, { mate: -2 }, true), {
    judgement: "blunder",
    mate: "lost",
  });
  // White walks into a mate
  assert.deepEqual(judge({ cp: -1200 }, { mate: -6 }, true), {
    judgement: "inaccuracy",
    mate: "created",
  });
  assert.deepEqual(judge({ cp: -800 }, { mate: -6 }, true), {
    judgement: "mistake",
    mate: "created",
  });
  assert.deepEqual(judge({ cp: 30 }, { mate: -6 }, true), {
    judgement: "blunder",
    mate: "created",
  });
  // a slower mate is not judged (lila's MateDelayed has no judgement)
  assert.equal(judge({ mate: 2 }, { mate: 5 }, true), null);
  assert.equal(
    adviceComment(
      { judgement: "blunder", mate: "created" },
      { cp: -478 },
      { mate: -6 },
      "Ba3",
    ),
    "(-4.78 → Mate in 6) Checkmate is now unavoidable. Ba3 was best.",
  );
  assert.equal(
    adviceComment(
      { judgement: "mistake", mate: "lost" },
      { mate: 3 },
      { cp: 760 },
      "Qh7+",
    ),
    "(Mate in 3 → 7.60) Lost forced checkmate sequence. Qh7+ was best.",
  );
});

Deno.test("--judgement cp: the older 50/100/300 table, centipawns ceiled at 1000", () => {
  assert.equal(judge({ cp: 0 }, { cp: -49 }, true, "cp"), null);
  assert.equal(
    judge({ cp: 0 }, { cp: -50 }, true, "cp")?.judgement,
    "inaccuracy",
  );
  assert.equal(
    judge({ cp: 0 }, { cp: -100 }, true, "cp")?.judgement,
    "mistake",
  );
  assert.equal(
    judge({ cp: 0 }, { cp: 300 }, false, "cp")?.judgement,
    "blunder",
  );
  assert.equal(judge({ cp: 1500 }, { cp: 1100 }, true, "cp"), null);
});

Deno.test("evaluation texts: [%eval] as lichess writes pawns, the advice's two decimals", () => {
  assert.deepEqual(
    [0, 40, -399, 1234, -5, 100].map((cp) => evalArgument({ cp })),
    ["0.0", "0.4", "-3.99", "12.34", "-0.05", "1.0"],
  );
  assert.equal(evalArgument({ mate: -3 }), "#-3");
  assert.deepEqual(
    [0, 40, -399, -5].map((cp) => showEvaluation({ cp })),
    ["0.00", "0.40", "-3.99", "-0.05"],
  );
});

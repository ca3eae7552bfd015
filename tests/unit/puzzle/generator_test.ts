// The generator's rules on a scripted engine (each position's two best
// lines given): an advantage line cut back to end on a solver's only move,
// a line whose second solver move is not an only move dropped as a
// one-mover, a line that stops winning dropped, a side already up in
// material skipped, mates in one judged by the other moves' chances.

import assert from "node:assert/strict";
import {
  findPuzzle,
  type PuzzleEngine,
  type Score,
  type ScoredMove,
  winChances,
} from "../../../lib/puzzle/generator.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { playMoves } from "../../../lib/moves/mod.ts";

/** A knight fork after Black's queen blunder (20... Qe6?? 21. Nc7+). */
const FORK = "3rk2r/pp1q1ppp/8/1N6/8/8/PPQ2PPP/R5K1 b k - 0 20";

type Script = Record<string, [string, Score][]>;

/** An engine answering from `script` (moves after the game's start → lines). */
function scripted(script: Script, asked: string[] = []): PuzzleEngine {
  return {
    lines(moves: readonly string[], multipv: number): Promise<ScoredMove[]> {
      const key = moves.join(" ");
      asked.push(key);
      const lines = script[key];
      if (lines === undefined) throw new Error(`not scripted: ${key}`);
      return Promise.resolve(
        lines.slice(0, multipv).map(([move, score]) => ({ move, score })),
      );
    },
  };
}

/** The game of `moves` from `fen`, White's evaluations as given. */
function game(fen: string, moves: string[], evals: Score[]) {
  const start = parseFen(fen);
  const positions = [start];
  for (const move of moves) {
    positions.push(playMoves(positions[positions.length - 1], [move]).position);
  }
  return { startFen: fen, positions, moves, evals };
}

const FORK_LINE: Script = {
  "d7e6": [["b5c7", { cp: 604 }], ["c2c5", { cp: -306 }]],
  "d7e6 b5c7": [["e8e7", { cp: -604 }], ["e8f8", { cp: -620 }]],
  "d7e6 b5c7 e8e7": [["c7e6", { cp: 600 }], ["c2a4", { cp: -69 }]],
  "d7e6 b5c7 e8e7 c7e6": [["d8d5", { cp: -600 }], ["f7e6", { cp: -620 }]],
  // two good moves: the line ends before this one
  "d7e6 b5c7 e8e7 c7e6 d8d5": [["c2e4", { cp: 610 }], ["c2c4", { cp: 590 }]],
};

Deno.test("findPuzzle: an advantage line is cut back to end on the solver's last only move", async () => {
  const found = await findPuzzle(
    game(FORK, ["d7e6"], [{ cp: 15 }, { cp: 609 }]),
    scripted(FORK_LINE),
  );
  assert.deepEqual(found, {
    fen: FORK,
    moves: ["d7e6", "b5c7", "e8e7", "c7e6"],
    cp: 600,
    index: 0,
    kind: "advantage",
  });
});

Deno.test("findPuzzle: a line whose second solver move is not an only move is a one-mover, dropped", async () => {
  const script = {
    ...FORK_LINE,
    "d7e6 b5c7 e8e7": [["c7e6", { cp: 600 }], ["c2a4", { cp: 450 }]] as [
      string,
      Score,
    ][],
  };
  const found = await findPuzzle(
    game(FORK, ["d7e6"], [{ cp: 15 }, { cp: 609 }]),
    scripted(script),
  );
  assert.equal(found, null);
});

Deno.test("findPuzzle: a line that falls below +2 for the solver is dropped", async () => {
  const script = {
    ...FORK_LINE,
    "d7e6 b5c7 e8e7 c7e6": [["d8d5", { cp: -150 }], ["f7e6", { cp: -160 }]] as [
      string,
      Score,
    ][],
  };
  assert.equal(
    await findPuzzle(
      game(FORK, ["d7e6"], [{ cp: 15 }, { cp: 609 }]),
      scripted(script),
    ),
    null,
  );
});

Deno.test("findPuzzle: no candidate without a swing, and no search", async () => {
  const asked: string[] = [];
  const small = await findPuzzle(
    game(FORK, ["d7e6"], [{ cp: 15 }, { cp: 150 }]),
    scripted(FORK_LINE, asked),
  );
  assert.equal(small, null);
  assert.deepEqual(asked, [], "no search without a candidate");
});

Deno.test("findPuzzle: a mate in one is the solver's move unless another move keeps winning chances above 0.6", async () => {
  // 1... b6?? 2. Ra8#: the back rank
  const fen = "6k1/1p3ppp/8/8/8/8/1r3PPP/R5K1 b - - 0 1";
  const evals: Score[] = [{ cp: 0 }, { mate: 1 }];
  const alone = await findPuzzle(
    game(fen, ["b7b6"], evals),
    scripted({ "b7b6": [["a1a8", { mate: 1 }], ["g2g3", { cp: 10 }]] }),
  );
  assert.deepEqual(alone?.moves, ["b7b6", "a1a8"]);
  assert.equal(alone?.kind, "mate");
  const winningOther = await findPuzzle(
    game(fen, ["b7b6"], evals),
    scripted({ "b7b6": [["a1a8", { mate: 1 }], ["a1a7", { cp: 500 }]] }),
  );
  assert.equal(winningOther, null);
  assert.ok(winChances({ cp: 500 }) > 0.6);
});

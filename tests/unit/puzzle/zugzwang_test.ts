// puzzleZugzwang, lichess-puzzler's engine theme: the rule with a fake
// engine (a table of evals by side to move), then with Stockfish on the
// trébuchet, the mutual zugzwang of two blocked pawns (skipped, saying
// why, where Stockfish is missing).

import assert from "node:assert/strict";
import { UciEngine } from "../../../lib/engine/uci.ts";
import type { Score } from "../../../lib/engine/uci.ts";
import { puzzleZugzwang } from "../../../lib/puzzle/zugzwang.ts";
import { findStockfish } from "../../_stockfish.ts";

/**
 * Black's king comes to attack White's pawn, White's king steps in to
 * guard it and attack Black's: Black to move must let its pawn go.
 */
const TREBUCHET = {
  fen: "8/8/8/3p1K2/3P4/1k6/8/8 b - - 0 1",
  moves: ["b3c4", "f5e5"],
  cp: 999999998,
};

/** A fake engine: `toMove` for the side to move in each position asked. */
function engine(toMove: { w: Score; b: Score }, asked: string[]) {
  return (fen: string): Promise<Score> => {
    asked.push(fen);
    return Promise.resolve(fen.split(" ")[1] === "w" ? toMove.w : toMove.b);
  };
}

Deno.test("puzzleZugzwang: the opponent would rather pass: zugzwang", async () => {
  const asked: string[] = [];
  const evaluate = engine({ w: { cp: -600 }, b: { cp: -600 } }, asked);
  assert.equal(await puzzleZugzwang(TREBUCHET, evaluate), true);
  // The position after the solver's move, then the same with White to move.
  assert.deepEqual(asked, [
    "8/8/8/3pK3/2kP4/8/8/8 b - - 2 2",
    "8/8/8/3pK3/2kP4/8/8/8 w - - 3 3",
  ]);
});

Deno.test("puzzleZugzwang: passing would not help by 0.3 chances: none", async () => {
  // Black stands as badly with White to move: -100 for Black either way.
  const evaluate = engine({ w: { cp: 100 }, b: { cp: -100 } }, []);
  assert.equal(await puzzleZugzwang(TREBUCHET, evaluate), false);
});

Deno.test("puzzleZugzwang: mate scores count as whole wins and losses", async () => {
  const mated = engine({ w: { mate: -3 }, b: { mate: -3 } }, []);
  assert.equal(await puzzleZugzwang(TREBUCHET, mated), true);
  const winning = engine({ w: { mate: -3 }, b: { mate: 5 } }, []);
  assert.equal(await puzzleZugzwang(TREBUCHET, winning), false);
});

Deno.test("puzzleZugzwang: a check or more than 15 moves is never asked", async () => {
  const asked: string[] = [];
  const evaluate = engine({ w: { cp: -600 }, b: { cp: -600 } }, asked);
  // A smothered mate: the last position is check.
  const mate = {
    fen: "6rk/p5pp/8/6N1/8/8/8/6K1 b - - 0 1",
    moves: ["a7a6", "g5f7"],
    cp: 999999999,
  };
  assert.equal(await puzzleZugzwang(mate, evaluate), false);
  // The opening: White has more than 15 moves after 1. e4 Nf6.
  const opening = {
    fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    moves: ["e2e4", "g8f6"],
    cp: 0,
  };
  assert.equal(await puzzleZugzwang(opening, evaluate), false);
  assert.deepEqual(asked, []);
});

const stockfish = findStockfish();

Deno.test({
  name:
    "puzzleZugzwang: Stockfish finds the trébuchet a zugzwang, and not a lone king's mate",
  ignore: stockfish === null,
  async fn() {
    const uci = await UciEngine.start(stockfish!);
    try {
      const evaluate = async (fen: string): Promise<Score> => {
        const result = await uci.search({ fen }, { nodes: 200_000 }, {
          timeoutMs: 60_000,
        });
        return result.lines[0].score;
      };
      assert.equal(await puzzleZugzwang(TREBUCHET, evaluate), true);
      // A lone king against a queen is lost whoever is to move.
      const lost = {
        fen: "7k/8/8/8/8/8/1Q6/K7 b - - 0 1",
        moves: ["h8g8", "b2b7"],
        cp: 999999998,
      };
      assert.equal(await puzzleZugzwang(lost, evaluate), false);
    } finally {
      await uci.close();
    }
  },
});

if (stockfish === null) console.log("skipped: Stockfish is not installed");

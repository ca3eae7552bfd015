// recheckPuzzle: a puzzle's line held to the generator's rules with a
// fake engine (a table of the best two moves by the moves played from the
// puzzle's FEN): Legal's mate holds as a mate line; a second move as good,
// another best move, and a one-mover do not. bench/puzzles_recheck.ts runs
// it with Stockfish on the puzzles the command finds.

import assert from "node:assert/strict";
import {
  type PuzzleEngine,
  recheckPuzzle,
  type ScoredMove,
} from "../../../lib/puzzle/generator.ts";

const LEGAL = {
  fen: "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P1b1/2N5/PPPP1PPP/R1BQK2R b KQkq - 0 5",
  moves: ["g4d1", "c4f7", "e8e7", "c3d5"],
  cp: 999999999,
};

/** A fake engine: the lines of each position, by the moves from the puzzle's FEN. */
function engine(table: Record<string, ScoredMove[]>): PuzzleEngine {
  return {
    lines: (moves, multipv) =>
      Promise.resolve((table[moves.join(" ")] ?? []).slice(0, multipv)),
  };
}

/** Legal's mate as an engine sees it: Bxf7+ mates in two, Nd5 in one; `first` the first position's lines. */
function legal(first: ScoredMove[]): PuzzleEngine {
  return engine({
    "g4d1": first,
    "g4d1 c4f7": [{ move: "e8e7", score: { mate: -1 } }],
    "g4d1 c4f7 e8e7": [
      { move: "c3d5", score: { mate: 1 } },
      { move: "e1d1", score: { cp: 100 } },
    ],
  });
}

Deno.test("recheckPuzzle: Legal's mate holds as a mate line when Bxf7+ is the only move", async () => {
  const check = await recheckPuzzle(
    LEGAL,
    legal([
      { move: "c4f7", score: { mate: 2 } },
      { move: "e1d1", score: { cp: -300 } },
    ]),
  );
  assert.deepEqual(check, { holds: "mate", reason: null, otherDefences: 0 });
});

Deno.test("recheckPuzzle: a second move that also wins, or another best move, fails", async () => {
  const twoWins = await recheckPuzzle(
    LEGAL,
    legal([
      { move: "c4f7", score: { mate: 2 } },
      { move: "e1d1", score: { cp: 800 } },
    ]),
  );
  assert.equal(twoWins.holds, null);
  assert.equal(twoWins.reason, "ply 1: not the only move");
  const other = await recheckPuzzle(
    LEGAL,
    legal([
      { move: "c3d5", score: { mate: 2 } },
      { move: "e1d1", score: { cp: -300 } },
    ]),
  );
  assert.equal(other.holds, null);
  assert.equal(other.reason, "ply 1: c4f7 is not the engine's best, c3d5");
});

Deno.test("recheckPuzzle: an advantage line of one solver move is a one-mover; a defence the engine would not play is counted", async () => {
  // The skewer's first move alone: the king's answer, then no more moves.
  const skewer = {
    fen: "3q4/r5pp/4k3/8/8/3B4/PP3PPP/3R2K1 b - - 0 30",
    moves: ["d8g8", "d3c4"],
    cp: 900,
  };
  const check = await recheckPuzzle(
    skewer,
    engine({
      "d8g8": [
        { move: "d3c4", score: { cp: 900 } },
        { move: "d1d2", score: { cp: 0 } },
      ],
      "d8g8 d3c4": [
        { move: "e6f6", score: { cp: -900 } },
        { move: "e6e7", score: { cp: -950 } },
      ],
    }),
  );
  assert.deepEqual(check, {
    holds: null,
    reason: "a one-mover",
    otherDefences: 0,
  });
  const defended = await recheckPuzzle(
    { ...skewer, moves: [...skewer.moves, "e6e7", "c4g8"] },
    engine({
      "d8g8": [
        { move: "d3c4", score: { cp: 900 } },
        { move: "d1d2", score: { cp: 0 } },
      ],
      "d8g8 d3c4": [{ move: "e6f6", score: { cp: -900 } }],
      "d8g8 d3c4 e6e7": [
        { move: "c4g8", score: { cp: 900 } },
        { move: "c4b5", score: { cp: 0 } },
      ],
    }),
  );
  assert.deepEqual(defended, {
    holds: "advantage",
    reason: null,
    otherDefences: 1,
  });
});

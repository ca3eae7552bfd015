// findPuzzle's repetitions, as lichess's generator keys them
// (python-chess's epd() and is_repetition): a double pawn push that no
// pawn can take en passant leaves the position as if it were a single one,
// so a position met again after the kings walk away and back is a
// repetition and skipped; with a pawn that could take, it is not. A fake
// engine (each position's first legal moves, an only move for the solver)
// and the games' evals stand in for Stockfish.

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { legalMoves, playMoves } from "../../../lib/moves/mod.ts";
import {
  type AnalysedGame,
  findPuzzle,
  type PuzzleEngine,
} from "../../../lib/puzzle/generator.ts";

/** The pawn goes two squares; the kings step aside and back: the position after the push again, Black to move. */
const MOVES = ["d2d4", "e8d8", "e1d1", "d8e8", "d1e1"];
/** White's evals: level, then Black winning in the position met again. */
const EVALS = [0, 0, 0, 0, 0, -500];

function game(fen: string): AnalysedGame {
  const start = parseFen(fen);
  return {
    startFen: fen,
    positions: [
      start,
      ...MOVES.map((_, i) => playMoves(start, MOVES.slice(0, i + 1)).position),
    ],
    moves: MOVES,
    evals: EVALS.map((cp) => ({ cp })),
  };
}

/**
 * Black's first legal move is its only one for two moves (+5 against -1),
 * White answers with its first, and the third has a second as good.
 */
function engine(fen: string): PuzzleEngine {
  return {
    lines(moves, multipv) {
      const position = playMoves(parseFen(fen), moves).position;
      const [first, second] = legalMoves(position);
      const black = position.turn === "b";
      const late = moves.length >= MOVES.length + 4;
      const lines = [
        { move: first, score: { cp: black ? 500 : -500 } },
        { move: second, score: { cp: black && !late ? -100 : 500 } },
      ];
      return Promise.resolve(lines.slice(0, multipv));
    },
  };
}

Deno.test("findPuzzle: the position after a double push no pawn can take, met again, is a repetition and skipped", async () => {
  const fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1";
  assert.equal(await findPuzzle(game(fen), engine(fen)), null);
});

Deno.test("findPuzzle: after a double push a pawn could take en passant, the same placement met again is no repetition", async () => {
  const fen = "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1";
  const found = await findPuzzle(game(fen), engine(fen));
  assert.equal(found?.index, 4);
  assert.equal(found?.kind, "advantage");
  assert.equal(found?.moves.length, 4);
});

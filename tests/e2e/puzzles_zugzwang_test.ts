// `fen puzzles` tags `zugzwang` as lichess's tagger does, with the engine
// of the run (its --engine and --nodes): two king and pawn endings of
// lichess's puzzle database (tests/testdata/puzzles/zugzwang.pgn), one
// lichess tags zugzwang and one it does not, found again by the built
// command in-process with Stockfish (skipped, saying why, without it).

import assert from "node:assert/strict";
import { runFen } from "../cli/_harness.ts";
import { findStockfish } from "../_stockfish.ts";
import { parseFen } from "../../lib/fen/mod.ts";
import { legalMoves, playMoves, positionStatus } from "../../lib/moves/mod.ts";

const stockfish = findStockfish();
if (stockfish === null) {
  console.warn("puzzles zugzwang test skipped: no stockfish");
}
const GAMES =
  new URL("../testdata/puzzles/zugzwang.pgn", import.meta.url).pathname;

/** Whether the engine is asked about the line: a position after a solver's move, not check, with at most 15 moves. */
function asksEngine(fen: string, moves: string[]): boolean {
  for (let i = 2; i <= moves.length; i += 2) {
    const after = playMoves(parseFen(fen), moves.slice(0, i)).position;
    const check = positionStatus(after, { countMoves: false }).check;
    if (!check && legalMoves(after).length <= 15) return true;
  }
  return false;
}

Deno.test({
  name:
    "fen puzzles tags zugzwang with the run's engine, as lichess tags its puzzles: a king and pawn ending lichess tags zugzwang, and one it does not",
  ignore: stockfish === null,
  async fn() {
    const run = await runFen(
      ["puzzles", "--engine", stockfish!, "--nodes", "300000", GAMES],
      { permissions: ["--allow-all"] },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    const rows = run.stdout.trimEnd().split("\n").slice(1)
      .map((line) => line.split(","));
    // lichess's puzzles 01tUB and 00347, their moves and their themes
    // (less lichess's own "endgame")
    assert.deepEqual(rows.map((row) => [row[2], row[7]]), [
      ["f4f3 f6f5 f3e3 f5g4", "crushing pawnEndgame short zugzwang"],
      ["e3d3 h5h4 d3c4 e5d6", "crushing pawnEndgame quietMove short"],
    ]);
    // the second is no zugzwang by the engine's answer, not by the rule's
    // bounds: the engine was asked about it
    assert.ok(asksEngine(rows[1][1], rows[1][2].split(" ")));
  },
});

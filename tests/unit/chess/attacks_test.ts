// The check a move gives, read from the move (`checksAfter`: the piece
// that moved, the line it opened), is the one the attack query finds
// looking at every piece, after every legal move of many random games
// and of positions made for the rarer checks.

import assert from "node:assert/strict";
import { checksAfter, isAttacked } from "../../../lib/chess/attacks.ts";
import { ChessBoard } from "../../../lib/chess/board.ts";
import { loadPosition } from "../../../lib/chess/convert.ts";
import { generateMoves } from "../../../lib/chess/generate.ts";
import { makeMove, unmakeMove } from "../../../lib/chess/make.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { randomOf } from "../_random.ts";

/**
 * Compares both answers after each legal move of the position on `board`;
 * how many moves checked.
 */
function compareMoves(board: ChessBoard, moves: Int32Array): number {
  let checks = 0;
  const count = generateMoves(board, moves, 0);
  for (let i = 0; i < count; i++) {
    const code = moves[i];
    makeMove(board, code);
    const expected = isAttacked(board, board.king[board.turn], board.turn ^ 1);
    assert.equal(checksAfter(board, code), expected, `move ${code}`);
    if (expected) checks++;
    unmakeMove(board);
  }
  return checks;
}

Deno.test("the check a move gives, read from the move, is the attack query's, after every legal move of random games", () => {
  const random = randomOf(7);
  const board = new ChessBoard(), moves = new Int32Array(256);
  let checks = 0, positions = 0;
  for (let game = 0; game < 300; game++) {
    loadPosition(
      board,
      parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    );
    for (let ply = 0; ply < 160; ply++) {
      checks += compareMoves(board, moves);
      positions++;
      const count = generateMoves(board, moves, 0);
      if (count === 0) break;
      makeMove(board, moves[random(count)]);
    }
  }
  assert.ok(positions > 20_000, `${positions} positions`);
  assert.ok(checks > 5_000, `${checks} checks`);
});

Deno.test("the check a move gives, read from the move: discovered, by a king stepping off a line, by promotion, castling and en passant", () => {
  const board = new ChessBoard(), moves = new Int32Array(256);
  const cases: [string, number][] = [
    // a bishop steps off the rook's file: a discovered check
    ["4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", 1],
    // the king steps off the queen's diagonal (and back onto it)
    ["7k/8/8/8/3K4/8/1Q6/8 w - - 0 1", 0],
    // promotions that check (to a queen and a rook), a king stepping aside
    ["3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", 0],
    ["k7/2P5/8/8/8/8/8/7K w - - 0 1", 2],
    // en passant opens the rank to the king
    ["8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 0],
    ["8/8/8/k2pP2R/8/8/8/7K w - d6 0 1", 1],
    // castling: the rook checks
    ["5k2/8/8/8/8/8/8/4K2R w K - 0 1", 1],
    ["3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 1],
    // a knight and a pawn give check
    ["4k3/8/3P4/8/4N3/8/8/4K3 w - - 0 1", 2],
  ];
  let checks = 0;
  for (const [fen, atLeast] of cases) {
    loadPosition(board, parseFen(fen));
    const found = compareMoves(board, moves);
    assert.ok(found >= atLeast, `${fen}: ${found} checks`);
    checks += found;
  }
  assert.ok(checks >= 8, `${checks} checks`);
});

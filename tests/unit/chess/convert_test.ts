// The core's conversions between a position's three shapes (Position,
// record view, ChessBoard), each way, on the published perft positions and
// random Chess960 starts: what goes in comes back out.

import assert from "node:assert/strict";
import { ChessBoard } from "../../../lib/chess/board.ts";
import {
  castlingOf,
  loadPosition,
  loadView,
  toPosition,
  writeCells,
} from "../../../lib/chess/convert.ts";
import { makeMove } from "../../../lib/chess/make.ts";
import { generateMoves, MAX_MOVES } from "../../../lib/chess/generate.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { FenReader } from "../../../lib/fen/reader.ts";
import { recordViewOf } from "../../../lib/record_view.ts";
import { chess960Start, mulberry32, PERFT } from "../../_shared.ts";

const FENS: string[] = [
  ...PERFT.map((entry) => entry.fen),
  ...Array.from({ length: 20 }, (_, i) => chess960Start(mulberry32(i + 1))),
];

Deno.test("Position to board and back gives the position (en passant as given)", () => {
  for (const fen of FENS) {
    const position = parseFen(fen, { rules: "chess960" });
    const b = new ChessBoard();
    loadPosition(b, position);
    assert.deepEqual(toPosition(b, position.enPassant), position, fen);
  }
});

Deno.test("record view to board and back gives the view's cells and castling", () => {
  const reader = new FenReader({ rules: "chess960" });
  for (const fen of FENS) {
    reader.read(fen);
    const b = new ChessBoard();
    loadView(b, reader);
    const cells = new Array(64).fill(-1);
    writeCells(b, cells);
    assert.deepEqual(cells, [...reader.cells], fen);
    assert.deepEqual(castlingOf(b, []), [...reader.castling], fen);
    // The view of the Position parsed from the same text is the same view.
    const view = recordViewOf(parseFen(fen, { rules: "chess960" }));
    assert.deepEqual(view.cells, cells, fen);
  }
});

Deno.test("writeCells rewrites only the squares it is given", () => {
  const b = new ChessBoard();
  loadPosition(b, parseFen(PERFT[0].fen));
  const cells = new Array(64).fill(0);
  writeCells(b, cells);
  const before = [...cells];
  const moves = new Int32Array(MAX_MOVES);
  generateMoves(b, moves, 0);
  const move = moves[0], from = move & 63, to = (move >> 6) & 63;
  makeMove(b, move);
  writeCells(b, cells, [from, to], 2);
  const all = new Array(64).fill(0);
  writeCells(b, all);
  assert.deepEqual(cells, all);
  assert.notDeepEqual(cells, before);
});

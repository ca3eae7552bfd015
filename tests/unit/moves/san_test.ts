// toSan: disambiguation, captures, promotions, castling and check marks,
// for moves given in UCI or in another SAN spelling.

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { MoveError } from "../../../lib/chess/errors.ts";
import { legalMoves, toSan } from "../../../lib/moves/play.ts";

function san(fen: string, move: string): string {
  return toSan(parseFen(fen, { chess960: true }), move);
}

Deno.test("toSan: pieces and pawns", () => {
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  assert.equal(san(start, "e2e4"), "e4");
  assert.equal(san(start, "g1f3"), "Nf3");
  assert.equal(san(start, "Ng1f3"), "Nf3");
  assert.equal(san(start, "b1c3"), "Nc3");
});

Deno.test("toSan: captures, en passant and promotions", () => {
  const fen = "r3k3/1P6/8/3pP3/8/8/8/4K3 w q d6 0 2";
  assert.equal(san(fen, "e5d6"), "exd6");
  assert.equal(san(fen, "b7a8q"), "bxa8=Q+");
  assert.equal(san(fen, "b7b8n"), "b8=N");
  assert.equal(san(fen, "b7a8r"), "bxa8=R+");
  assert.equal(san("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "c4d5"), "cxd5");
  assert.equal(san("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
});

Deno.test("toSan: disambiguation by file, by rank, by both", () => {
  assert.equal(san("4k3/8/8/8/8/8/8/1N3NK1 w - - 0 1", "b1d2"), "Nbd2");
  assert.equal(san("4k3/8/8/R7/8/8/8/R5K1 w - - 0 1", "a1a3"), "R1a3");
  assert.equal(san("4k3/8/8/R7/8/8/8/R5K1 w - - 0 1", "a5a3"), "R5a3");
  const queens = "k7/8/1Q3Q2/8/8/8/1Q6/7K w - - 0 1";
  assert.equal(san(queens, "b6d4"), "Qb6d4");
  assert.equal(san(queens, "b2d4"), "Q2d4");
  assert.equal(san(queens, "f6d4"), "Qfd4");
  // A pinned knight does not make the other one ambiguous.
  assert.equal(san("4k3/8/8/8/8/6N1/r2N3K/8 w - - 0 1", "g3e4"), "Ne4");
  assert.equal(san("4k3/8/8/8/8/6N1/3N3K/8 w - - 0 1", "g3e4"), "Nge4");
});

Deno.test("toSan: check and checkmate marks", () => {
  assert.equal(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
  assert.equal(san("6k1/6pp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8+");
  assert.equal(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a7"), "Ra7");
});

Deno.test("toSan: castling in standard chess and Chess960", () => {
  const standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  assert.equal(san(standard, "e1g1"), "O-O");
  assert.equal(san(standard, "e1h1"), "O-O");
  assert.equal(san(standard, "e1c1"), "O-O-O");
  assert.equal(san("3rk3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O");
  assert.equal(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
  assert.equal(san("6k1/8/8/8/8/8/8/RK5R w HA - 0 1", "b1a1"), "O-O-O");
  assert.equal(san("6k1/8/8/8/8/8/8/RK5R w HA - 0 1", "b1h1"), "O-O");
});

Deno.test("toSan: the SAN list of legalMoves is toSan of each UCI move", () => {
  const fen =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const position = parseFen(fen);
  const fromUci = legalMoves(position).map((m) => toSan(position, m));
  assert.deepEqual(fromUci, legalMoves(position, { notation: "san" }));
  assert.equal(new Set(fromUci).size, fromUci.length);
});

Deno.test("toSan: an illegal move is a MoveError with index 1", () => {
  assert.throws(
    () => san("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e3"),
    (error: unknown) => error instanceof MoveError && error.index === 1,
  );
});

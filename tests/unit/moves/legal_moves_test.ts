// legalMoves on positions whose move lists are known by hand: pins, checks,
// en passant, castling in standard chess and Chess960, and the positions
// no move can be generated from.

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { UnplayablePositionError } from "../../../lib/chess/errors.ts";
import { legalMoves } from "../../../lib/moves/play.ts";

function moves(fen: string, chess960 = false): string[] {
  return legalMoves(parseFen(fen, { chess960 }), { chess960 }).sort();
}

function from(fen: string, square: string, chess960 = false): string[] {
  return moves(fen, chess960).filter((m) => m.startsWith(square));
}

Deno.test("legalMoves: the twenty first moves", () => {
  assert.deepEqual(
    moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    [
      "a2a3",
      "a2a4",
      "b1a3",
      "b1c3",
      "b2b3",
      "b2b4",
      "c2c3",
      "c2c4",
      "d2d3",
      "d2d4",
      "e2e3",
      "e2e4",
      "f2f3",
      "f2f4",
      "g1f3",
      "g1h3",
      "g2g3",
      "g2g4",
      "h2h3",
      "h2h4",
    ],
  );
});

Deno.test("legalMoves: a pinned rook moves only along the pin", () => {
  const fen = "k3q3/8/8/8/8/8/4R3/4K3 w - - 0 1";
  assert.deepEqual(from(fen, "e2"), [
    "e2e3",
    "e2e4",
    "e2e5",
    "e2e6",
    "e2e7",
    "e2e8",
  ]);
  assert.deepEqual(from(fen, "e1"), ["e1d1", "e1d2", "e1f1", "e1f2"]);
});

Deno.test("legalMoves: pinned knights and diagonally pinned pawns", () => {
  // The knight on d2 is pinned by the bishop on a5; the pawn on f2 by the
  // bishop on h4, which it may capture.
  const fen = "4k3/8/8/b7/6Pb/8/3N1P2/4K3 w - - 0 1";
  assert.deepEqual(from(fen, "d2"), []);
  assert.deepEqual(from(fen, "f2"), []);
  const capture = "4k3/8/8/b7/8/6b1/3N1P2/4K3 w - - 0 1";
  assert.deepEqual(from(capture, "f2"), ["f2g3"]);
});

Deno.test("legalMoves: out of check by king, block or capture only", () => {
  assert.deepEqual(moves("4k3/8/8/8/8/2N5/8/r3K3 w - - 0 1"), [
    "c3b1",
    "c3d1",
    "e1d2",
    "e1e2",
    "e1f2",
  ]);
  // The king may not step back along the checking line.
  assert.deepEqual(moves("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), [
    "e1d2",
    "e1e2",
    "e1f2",
  ]);
});

Deno.test("legalMoves: in double check only the king moves", () => {
  // The rook on h4 could take the bishop, were it not for the rook on a1.
  const fen = "4k3/8/8/8/1b5R/8/8/r3K3 w - - 0 1";
  assert.deepEqual(moves(fen), ["e1e2", "e1f2"]);
  assert.ok(moves("4k3/8/8/8/1b5R/8/8/4K3 w - - 0 1").includes("h4b4"));
});

Deno.test("legalMoves: en passant, and when it would expose the king", () => {
  assert.deepEqual(from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5"), [
    "e5d6",
    "e5e6",
  ]);
  // Both pawns leave the fifth rank: the rook on h5 would take the king.
  assert.deepEqual(from("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "b5"), ["b5b6"]);
  // Capturing en passant removes the checking pawn.
  assert.ok(moves("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2").includes("e5d6"));
  // No en-passant square, no capture.
  assert.deepEqual(from("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "e5"), ["e5e6"]);
});

Deno.test("legalMoves: promotions come in four", () => {
  assert.deepEqual(from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7"), [
    "b7b8b",
    "b7b8n",
    "b7b8q",
    "b7b8r",
  ]);
});

Deno.test("legalMoves: castling, and what prevents it", () => {
  const open = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  assert.deepEqual(
    from(open, "e1").filter((m) =>
      m[2] !== "d" && m[2] !== "f" && m[2] !== "e"
    ),
    ["e1c1", "e1g1"],
  );
  assert.ok(moves(open, true).includes("e1h1"));
  assert.ok(moves(open, true).includes("e1a1"));
  assert.ok(!moves(open, true).includes("e1g1"));
  // Through an attacked square (f1), in check, and blocked.
  assert.ok(!moves("4kr2/8/8/8/8/8/8/4K2R w K - 0 1").includes("e1g1"));
  assert.ok(!moves("4k3/8/8/8/8/8/8/r3K2R w K - 0 1").includes("e1g1"));
  assert.ok(!moves("4k3/8/8/8/8/8/8/4KN1R w K - 0 1").includes("e1g1"));
  // Queen-side: b1 may be attacked, as only the rook crosses it.
  assert.ok(moves("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1").includes("e1c1"));
  // Without the right, or without the rook, no castling.
  assert.ok(!moves("4k3/8/8/8/8/8/8/4K2R w - - 0 1").includes("e1g1"));
  assert.ok(!moves("4k3/8/8/8/8/8/8/4K3 w K - 0 1").includes("e1g1"));
});

Deno.test("legalMoves: Chess960 castling as the king taking its rook", () => {
  // King b1, rooks a1 and h1: both sides.
  const fen = "1k6/8/8/8/8/8/8/RK5R w HA - 0 1";
  assert.ok(moves(fen, true).includes("b1a1"));
  assert.ok(moves(fen, true).includes("b1h1"));
  // The standard notation has no form for these: king-takes-rook as well.
  assert.ok(moves(fen).includes("b1a1"));
});

Deno.test("legalMoves: Chess960 castling where the king or rook stays", () => {
  // The king is already on g1: only the rook moves (h1 to f1).
  assert.ok(moves("6k1/8/8/8/8/8/8/6KR w H - 0 1", true).includes("g1h1"));
  // The rook is already on d1: only the king moves (e1 to c1).
  assert.ok(moves("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", true).includes("e1d1"));
  // A piece between king and rook blocks, even off the king's path.
  assert.ok(!moves("4k3/8/8/8/8/8/8/RN2K3 w A - 0 1", true).includes("e1a1"));
});

Deno.test("legalMoves: Chess960, the rook leaving uncovers its king", () => {
  // Rook b1 shields the king on c1 from the queen on a1; castling would
  // leave the king (already on c1) attacked along the rank.
  const fen = "6k1/8/8/8/8/8/8/qRK5 w B - 0 1";
  assert.ok(!moves(fen, true).includes("c1b1"));
  assert.deepEqual(from(fen, "b1"), ["b1a1"]);
});

Deno.test("legalMoves: SAN notation lists the same moves", () => {
  const position = parseFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const san = legalMoves(position, { notation: "san" });
  assert.equal(san.length, legalMoves(position).length);
  assert.ok(san.includes("O-O") && san.includes("O-O-O"));
  assert.ok(san.includes("Rxa8+") && san.includes("Kd2"));
  assert.throws(
    () => legalMoves(position, { notation: "lan" as "uci" }),
    TypeError,
  );
});

Deno.test("legalMoves: no moves in checkmate and stalemate", () => {
  assert.deepEqual(moves("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), []);
  assert.deepEqual(moves("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1"), []);
});

Deno.test("legalMoves: positions without rules to apply throw", () => {
  const cases: [string, string][] = [
    ["8/8/8/8/8/8/8/4K3 w - - 0 1", "no-king"],
    ["4k3/8/8/8/8/8/8/8 w - - 0 1", "no-king"],
    ["4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "too-many-kings"],
    ["P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn-on-back-rank"],
    ["4k3/8/8/8/8/8/8/4K2p b - - 0 1", "pawn-on-back-rank"],
    ["4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "opposite-check"],
  ];
  for (const [fen, code] of cases) {
    assert.throws(
      () => legalMoves(parseFen(fen)),
      (error: unknown) =>
        error instanceof UnplayablePositionError && error.code === code &&
        error.message.startsWith("Cannot play from this position: "),
      fen,
    );
  }
  const broken = { ...parseFen("4k3/8/8/8/8/8/8/4K3"), board: [] };
  assert.throws(() => legalMoves(broken), TypeError);
});

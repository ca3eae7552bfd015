// playMoves: the notations it reads, the bookkeeping it does (counters,
// castling rights, en passant), what it returns for diagrams, and the
// errors it throws.

import assert from "node:assert/strict";
import { parseFen, stringifyFen } from "../../../lib/fen/mod.ts";
import { MoveError } from "../../../lib/chess/errors.ts";
import { playMoves } from "../../../lib/moves/play.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

function fenAfter(
  fen: string,
  moves: string | string[],
  options?: Parameters<typeof playMoves>[2],
): string {
  return stringifyFen(playMoves(parseFen(fen), moves, options).position);
}

function moveError(fen: string, moves: string | string[]): MoveError {
  try {
    playMoves(parseFen(fen), moves);
  } catch (error) {
    if (error instanceof MoveError) return error;
    throw error;
  }
  throw new Error(`no error for ${moves}`);
}

Deno.test("playMoves: SAN and UCI give the same position", () => {
  const san = fenAfter(START, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O");
  const uci = fenAfter(START, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1");
  const mixed = fenAfter(START, [
    "e2e4",
    "e5",
    "Ng1f3",
    "b8c6",
    "Bb5",
    "a6",
    "Ba4",
    "g8f6",
    "e1h1",
  ]);
  const expected =
    "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5";
  assert.equal(san, expected);
  assert.equal(uci, expected);
  assert.equal(mixed, expected);
});

Deno.test("playMoves: move numbers, check marks and annotations are skipped", () => {
  const plain = fenAfter(START, "f3 e5 g4 Qh4");
  assert.equal(fenAfter(START, "1. f3 e5 2. g4 Qh4#"), plain);
  assert.equal(fenAfter(START, "1.f3 e5 2.g4?? Qh4#!"), plain);
  assert.equal(fenAfter(START, "1.f3?! 1...e5 2.g4 2...Qh4+"), plain);
  assert.equal(fenAfter(START, "  f3\n e5\tg4  Qh4 "), plain);
});

Deno.test("playMoves: other SAN spellings", () => {
  const fen = "4k3/P7/8/8/8/8/8/4K1N1 w - - 0 1";
  const promoted = "Q3k3/8/8/8/8/8/8/4K1N1 b - - 0 1";
  for (const move of ["a8=Q", "a8Q", "a8=Q+", "a8=q", "a7a8q", "a7a8Q"]) {
    assert.equal(fenAfter(fen, move), promoted, move);
  }
  const knight = "4k3/P7/8/8/8/5N2/8/4K3 b - - 1 1";
  for (const move of ["Nf3", "Ngf3", "N1f3", "Ng1f3", "Nxf3"]) {
    assert.equal(fenAfter(fen, move), knight, move);
  }
  const castled = fenAfter("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "0-0");
  assert.equal(castled, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
});

Deno.test("playMoves: underpromotion and en passant", () => {
  assert.equal(
    fenAfter("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=N"),
    "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1",
  );
  assert.equal(
    fenAfter("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d5 exd6"),
    "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2",
  );
});

Deno.test("playMoves: counters", () => {
  const position = playMoves(parseFen(START), "Nf3 Nf6 Ng1 Ng8 e4").position;
  assert.equal(position.halfmoveClock, 0);
  assert.equal(position.fullmoveNumber, 3);
  const quiet = playMoves(parseFen(START), "Nf3 Nf6 Ng1 Ng8").position;
  assert.equal(quiet.halfmoveClock, 4);
  assert.equal(quiet.fullmoveNumber, 3);
  const capture = playMoves(parseFen(START), "Nf3 d5 Nd4 e5 Nf5 Bxf5").position;
  assert.equal(capture.halfmoveClock, 0);
  assert.equal(capture.fullmoveNumber, 4);
});

Deno.test("playMoves: castling rights follow king and rook moves and captures", () => {
  const fen = "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1";
  assert.deepEqual(playMoves(parseFen(fen), "Bxh1").position.castling, [
    "a1",
    "h8",
    "a8",
  ]);
  assert.deepEqual(playMoves(parseFen(fen), "Rh7").position.castling, [
    "h1",
    "a1",
    "a8",
  ]);
  assert.deepEqual(playMoves(parseFen(fen), "Kd7").position.castling, [
    "h1",
    "a1",
  ]);
  assert.deepEqual(playMoves(parseFen(fen), "O-O-O").position.castling, [
    "h1",
    "a1",
  ]);
  // Moving the rook away and back does not restore the right.
  assert.deepEqual(playMoves(parseFen(fen), "Rb8 Kd2 Ra8").position.castling, [
    "h8",
  ]);
});

Deno.test("playMoves: castling rights that cannot be used are dropped", () => {
  // No rook on h1; and Black's king is off its back rank.
  const position = parseFen("8/8/8/4k3/8/8/8/R3K3 w KQkq - 0 1");
  assert.deepEqual(playMoves(position, []).position.castling, ["a1"]);
});

Deno.test("playMoves: the en-passant square in each mode", () => {
  const fen = "4k3/8/8/8/3p4/8/2P1P3/4K3 w - - 0 1";
  const after = (moves: string, mode: "always" | "pseudo-legal" | "legal") =>
    playMoves(parseFen(fen), moves, { enPassant: mode }).position.enPassant;
  // c4 and e4 can both be taken by the pawn on d4.
  assert.equal(after("c4", "always"), "c3");
  assert.equal(after("c4", "pseudo-legal"), "c3");
  assert.equal(after("c4", "legal"), "c3");
  assert.equal(after("c4 Kd7", "always"), null);
  // Nothing beside a4's pawn: only "always" writes the square.
  const lone = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
  assert.equal(fenAfter(lone, "a4"), "4k3/8/8/8/P7/8/8/4K3 b - a3 0 1");
  assert.equal(
    fenAfter(lone, "a4", { enPassant: "legal" }),
    "4k3/8/8/8/P7/8/8/4K3 b - - 0 1",
  );
  // Pseudo-legal, not legal: taking would open the rank to the rook.
  const pin = "8/8/8/8/R2p3k/8/2P5/K7 w - - 0 1";
  assert.equal(
    fenAfter(pin, "c4", { enPassant: "pseudo-legal" }).split(" ")[3],
    "c3",
  );
  assert.equal(fenAfter(pin, "c4", { enPassant: "legal" }).split(" ")[3], "-");
});

Deno.test("playMoves: no moves keeps the record's en-passant square as given", () => {
  const fen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1";
  assert.equal(playMoves(parseFen(fen), "").position.enPassant, "e3");
  assert.equal(
    playMoves(parseFen(fen), [], { enPassant: "legal" }).position.enPassant,
    null,
  );
});

Deno.test("playMoves: the moves played, for printing and highlighting", () => {
  const { moves } = playMoves(parseFen(START), "e2e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7");
  assert.deepEqual(moves.map((m) => m.san), [
    "e4",
    "e5",
    "Qh5",
    "Nc6",
    "Bc4",
    "Nf6",
    "Qxf7#",
  ]);
  assert.deepEqual(moves[6], {
    uci: "h5f7",
    san: "Qxf7#",
    from: "h5",
    to: "f7",
  });
  assert.equal(
    playMoves(parseFen(START), "e4 e5 Bc4 Nc6 Bxf7").moves[4].san,
    "Bxf7+",
  );
  const castle = playMoves(parseFen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "O-O-O");
  assert.deepEqual(castle.moves[0], {
    uci: "e1c1",
    san: "O-O-O",
    from: "e1",
    to: "c1",
  });
  const chess960 = playMoves(
    parseFen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"),
    "O-O-O",
    { chess960: true },
  );
  assert.equal(chess960.moves[0].uci, "e1a1");
  assert.equal(chess960.moves[0].to, "c1");
});

Deno.test("playMoves: Chess960 castling, king-takes-rook and O-O", () => {
  const fen = "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1";
  // X-FEN: the b8 rook is the outermost on the king's a-side, so `q`.
  const expected = "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1";
  assert.equal(fenAfter(fen, "O-O"), expected);
  assert.equal(fenAfter(fen, "g1h1"), expected);
  const long = stringifyFen(
    playMoves(parseFen(fen), "O-O-O").position,
    { castling: "shredder" },
  );
  assert.equal(long, "1r4kr/8/8/8/8/8/8/2KR3R b hb - 1 1");
});

Deno.test("playMoves: the input position is not changed", () => {
  const position = parseFen(START);
  const copy = structuredClone(position);
  playMoves(position, "e4 e5 Nf3");
  assert.deepEqual(position, copy);
});

Deno.test("playMoves: errors name the move, its number and the reason", () => {
  const cases: [string, string, number, string, string][] = [
    [START, "e4 e9", 2, "no-such-square", "no such square"],
    [START, "e4 Ni6", 2, "no-such-square", "no such square i6"],
    [START, "e2e0", 1, "no-such-square", "no such square e0"],
    [START, "e4 hello", 2, "malformed", "not a move in SAN or UCI"],
    [START, "1. e4 e5 2. Ke3", 3, "illegal", "illegal: no king can move to e3"],
    [START, "e3e4", 1, "illegal", "no piece on e3"],
    [START, "e7e5", 1, "illegal", "the piece on e7 is not White's"],
    [START, "e2e5", 1, "illegal", "illegal"],
    [START, "O-O", 1, "illegal", "illegal: f1 stands between king and rook"],
    [
      "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
      "O-O",
      1,
      "illegal",
      "illegal: White has no right to castle kingside",
    ],
    [
      "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1",
      "O-O",
      1,
      "illegal",
      "illegal: White's king would pass through check on f1",
    ],
    [
      "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1",
      "e1g1",
      1,
      "illegal",
      "illegal: White's king would land in check on g1",
    ],
    [
      "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
      "O-O-O",
      1,
      "illegal",
      "illegal: White's king is in check",
    ],
    [
      "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
      "a8",
      1,
      "illegal",
      "a pawn reaching the last rank must promote",
    ],
    [
      "4k3/8/8/8/8/8/8/1N3NK1 w - - 0 1",
      "Nd2",
      1,
      "ambiguous",
      "ambiguous, Nbd2 or Nfd2",
    ],
    [START, "f3 e5 g4 Qh4 a3", 5, "illegal", "the game is over (checkmate)"],
  ];
  for (const [fen, moves, index, code, reason] of cases) {
    const error = moveError(fen, moves);
    const move = moves.split(" ").at(-1)!;
    assert.equal(error.index, index, moves);
    assert.equal(error.code, code, moves);
    assert.equal(error.reason, reason, moves);
    assert.equal(error.move, move, moves);
    assert.equal(
      error.message,
      `Cannot play move ${index} "${move}": ${reason}`,
    );
    assert.ok(error instanceof RangeError);
    assert.equal(error.name, "MoveError");
  }
});

Deno.test("playMoves: ambiguity among three pieces lists all of them", () => {
  const error = moveError("k7/8/1Q3Q2/8/8/8/1Q6/7K w - - 0 1", "Qd4");
  assert.equal(error.reason, "ambiguous, Q2d4, Qb6d4 or Qfd4");
});

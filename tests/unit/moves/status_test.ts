// positionStatus and enPassantSquare: check, mate, stalemate, the draw
// rules, and the en-passant modes.

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { UnplayablePositionError } from "../../../lib/chess/errors.ts";
import { enPassantSquare, positionStatus } from "../../../lib/chess/status.ts";
import { PERFT } from "../../_shared.ts";
import type { Rules } from "../../../lib/types.ts";

function status(fen: string) {
  return positionStatus(parseFen(fen));
}

Deno.test("positionStatus: the initial position", () => {
  assert.deepEqual(
    status("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    {
      king: "e1",
      check: false,
      checkers: [],
      legalMoveCount: 20,
      checkmate: false,
      stalemate: false,
      insufficientMaterial: false,
      fiftyMoves: false,
      seventyFiveMoves: false,
      end: null,
    },
  );
});

Deno.test("positionStatus: check, double check, checkmate, stalemate", () => {
  const check = status("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
  assert.deepEqual([check.check, check.checkers, check.king], [
    true,
    ["a1"],
    "e1",
  ]);
  assert.equal(check.checkmate, false);
  const double = status("4k3/8/8/8/1b5R/8/8/r3K3 w - - 0 1");
  assert.deepEqual(double.checkers, ["a1", "b4"]);
  const knightAndPawn = status("4k3/8/8/8/8/3n4/5p2/4K3 w - - 0 1");
  assert.deepEqual(knightAndPawn.checkers, ["d3", "f2"]);
  const mate = status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
  assert.deepEqual([mate.checkmate, mate.stalemate, mate.king], [
    true,
    false,
    "g8",
  ]);
  const stalemate = status("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1");
  assert.deepEqual(
    [stalemate.check, stalemate.checkmate, stalemate.stalemate],
    [false, false, true],
  );
});

Deno.test("positionStatus: insufficient material as chessops rules it", () => {
  const cases: [string, boolean][] = [
    ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", true],
    ["4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true],
    ["4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true],
    ["4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true], // bishops on one color
    ["4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false], // on both colors
    ["4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false], // two knights
    ["4k3/8/8/8/8/8/8/3BKN2 w - - 0 1", false],
    ["3qk3/8/8/8/8/8/8/4KN2 w - - 0 1", false], // the queen can mate
    ["4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false], // knight against knight
    ["4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false],
    ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false],
  ];
  for (const [fen, expected] of cases) {
    assert.equal(status(fen).insufficientMaterial, expected, fen);
  }
});

Deno.test("positionStatus: fifty and seventy-five moves", () => {
  const flags = (clock: number, fen = "4k3/8/8/8/8/8/8/R3K3 b - -") => {
    const s = status(`${fen} ${clock} 100`);
    return [s.fiftyMoves, s.seventyFiveMoves];
  };
  assert.deepEqual(flags(99), [false, false]);
  assert.deepEqual(flags(100), [true, false]);
  assert.deepEqual(flags(149), [true, false]);
  assert.deepEqual(flags(150), [true, true]);
  // Checkmate and stalemate end the game first (FIDE Laws 5.1, 5.2, 9.3).
  assert.deepEqual(flags(150, "R5k1/5ppp/8/8/8/8/8/6K1 b - -"), [false, false]);
  assert.deepEqual(flags(100, "R5k1/5ppp/8/8/8/8/8/6K1 b - -"), [false, false]);
  assert.deepEqual(flags(120, "7k/5Q2/6K1/8/8/8/8/8 b - -"), [false, false]);
});

Deno.test("positionStatus: no draw claim after checkmate (fool's mate at 100 halfmoves)", () => {
  const s = status(
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 100 3",
  );
  assert.deepEqual(
    [s.checkmate, s.fiftyMoves, s.seventyFiveMoves],
    [true, false, false],
  );
});

Deno.test("positionStatus: throws for positions without rules", () => {
  assert.throws(
    () => status("8/8/8/8/8/8/8/8 w - - 0 1"),
    UnplayablePositionError,
  );
});

Deno.test("enPassantSquare: the three modes", () => {
  const playable = parseFen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  for (const mode of ["always", "pseudo-legal", "legal"] as const) {
    assert.equal(enPassantSquare(playable, mode), "d6", mode);
  }
  const pinned = parseFen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
  assert.equal(enPassantSquare(pinned, "always"), "c6");
  assert.equal(enPassantSquare(pinned, "pseudo-legal"), "c6");
  assert.equal(enPassantSquare(pinned, "legal"), null);
  // No pawn that can have just passed d6: dropped except as given.
  const stray = parseFen("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2");
  assert.equal(enPassantSquare(stray, "always"), "d6");
  assert.equal(enPassantSquare(stray, "pseudo-legal"), null);
  const none = parseFen("4k3/8/8/4P3/8/8/8/4K3 w - - 0 2");
  assert.equal(enPassantSquare(none, "legal"), null);
  assert.throws(
    () => enPassantSquare(playable, "sometimes" as "legal"),
    TypeError,
  );
});

Deno.test("positionStatus: countMoves false only says whether there is a move", async () => {
  const lines = (await Deno.readTextFile(
    new URL("../../testdata/sample.fen", import.meta.url),
  )).split("\n").filter((line) => line !== "");
  const perft = PERFT;
  const fens = [
    ...lines,
    ...perft.map((p) => p.fen),
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // mate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate
    "7k/8/8/8/8/8/5r2/6K1 w - - 0 1", // only the king moves
    "4k3/8/8/8/8/8/3PPP2/rr2K3 w - - 0 1", // mated with pieces that could move
  ];
  let noMove = 0;
  for (const fen of fens) {
    const position = parseFen(fen);
    const full = positionStatus(position);
    const quick = positionStatus(position, { countMoves: false });
    assert.deepEqual(quick, {
      ...full,
      legalMoveCount: Math.min(full.legalMoveCount, 1),
    }, fen);
    if (full.legalMoveCount === 0) noMove++;
  }
  assert.ok(noMove >= 3, "positions without a move are covered");
});

Deno.test("positionStatus: a variant's rules, and the game's one end", () => {
  const of = (rules: Rules, fen: string) =>
    positionStatus(parseFen(fen, { rules }), { rules });
  // horde: White has no king to mark
  const horde = of(
    "horde",
    "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
  );
  assert.deepEqual([horde.king, horde.legalMoveCount, horde.end], [
    null,
    8,
    null,
  ]);
  // atomic: the queen's "check" is void while the kings touch
  const atomic = of("atomic", "8/8/8/8/8/8/k6q/1K6 w - - 0 1");
  assert.deepEqual([atomic.check, atomic.checkers], [false, []]);
  // king of the hill: the goal reached is the end, not a stalemate
  const hill = of("kingofthehill", "8/8/8/4k3/8/8/8/4K3 w - - 0 1");
  assert.deepEqual([hill.stalemate, hill.end], [false, {
    winner: "b",
    termination: "variant-loss",
    reason: "Black's king reached the hill (e5)",
  }]);
  // under standard rules two bare kings are a draw; on the hill, a race
  assert.equal(
    positionStatus(parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).end?.termination,
    "insufficient-material",
  );
  assert.equal(of("kingofthehill", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").end, null);
  // racing kings: both kings home is a draw
  assert.deepEqual(of("racingkings", "K6k/8/8/8/8/8/8/8 w - - 0 1").end, {
    winner: null,
    termination: "variant-draw",
    reason: "both kings reached rank 8",
  });
  // standard chess: mate and the seventy-five-move draw in one end each
  assert.deepEqual(
    positionStatus(parseFen("7k/5Q2/6K1/8/8/8/8/8 b - - 150 80")).end,
    {
      winner: null,
      termination: "stalemate",
      reason: "Black has no legal move",
    },
  );
  assert.deepEqual(
    positionStatus(parseFen("4k3/8/8/8/8/8/8/R3K3 w - - 150 90")).end,
    {
      winner: null,
      termination: "seventy-five-moves",
      reason: "75 moves without a capture or pawn move",
    },
  );
});

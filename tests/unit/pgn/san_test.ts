// SAN as people write it: the lenient spellings the peers read, refused
// with `strict`, and never read as a different move than the text says.

import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFen, stringifyFen } from "../../../lib/fen/mod.ts";
import { legalMoves, playMoves } from "../../../lib/moves/play.ts";
import {
  parsePgn,
  type PgnGame,
  PgnMoveError,
  PgnReader,
} from "../../../lib/pgn/mod.ts";

/** The one game of `movetext` from `fen`, errors kept. */
function read(movetext: string, fen?: string, strict = false): PgnGame {
  const tags = fen === undefined ? "" : `[SetUp "1"]\n[FEN "${fen}"]\n\n`;
  const reader = new PgnReader({ strict });
  const games = [...reader.push(tags + movetext + " *"), ...reader.end()];
  assert.equal(games.length, 1);
  return games[0];
}

function uci(game: PgnGame): string[] {
  if (game.error !== null) throw game.error;
  return game.mainline.moves.map((m) => m.uci);
}

Deno.test("lenient SAN: long algebraic, with or without a dash or an x", () => {
  assert.deepEqual(
    uci(read("1. Nb1-c3 Ng8-f6 2. e2-e4 d7-d5 3. e4xd5 Nf6xd5")),
    [
      "b1c3",
      "g8f6",
      "e2e4",
      "d7d5",
      "e4d5",
      "f6d5",
    ],
  );
  assert.deepEqual(uci(read("1. e2e4 e7e5 2. g1f3")), ["e2e4", "e7e5", "g1f3"]);
  assert.deepEqual(uci(read("1. a2-a3 a7a6 2. Ng1f3")), [
    "a2a3",
    "a7a6",
    "g1f3",
  ]);
  assert.deepEqual(read("1. Nb1-c3").mainline.moves[0].san, "Nc3");
});

Deno.test("lenient SAN: pawn captures without x, with a colon, a P in front", () => {
  assert.deepEqual(uci(read("1. e4 d5 2. ed5 Qxd5 3. Pd4")), [
    "e2e4",
    "d7d5",
    "e4d5",
    "d8d5",
    "d2d4",
  ]);
  assert.deepEqual(uci(read("1. e4 d5 2. e:d5 Q:d5")), [
    "e2e4",
    "d7d5",
    "e4d5",
    "d8d5",
  ]);
  assert.equal(read("1. e4 d5 2. ed5").mainline.moves[2].san, "exd5");
});

Deno.test("lenient SAN: castling with zeros, check marks right or wrong", () => {
  const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  assert.deepEqual(uci(read("1. 0-0 0-0-0", fen)), ["e1g1", "e8c8"]);
  assert.deepEqual(uci(read("1. O-O+ O-O-O#", fen)), ["e1g1", "e8c8"]);
  // A mark that is wrong does not change the move, and SAN is rewritten.
  const game = read("1. e4+ e5# 2. Qh5", undefined);
  assert.deepEqual(game.mainline.moves.map((m) => m.san), ["e4", "e5", "Qh5"]);
});

Deno.test("lenient SAN: promotions as e8=Q, e8Q, e8(Q), e8/Q, lowercase", () => {
  const fen = "8/4P1k1/8/8/8/8/1K2p3/8 w - - 0 1";
  for (
    const [white, black] of [
      ["e8=Q", "e1=Q"],
      ["e8Q", "e1Q"],
      ["e8(Q)", "e1(Q)"],
      ["e8/Q", "e1/Q"],
      ["e8=q", "e1=q"],
    ]
  ) {
    const game = read(`1. ${white} ${black}`, fen);
    assert.deepEqual(uci(game), ["e7e8q", "e2e1q"], white);
    assert.deepEqual(game.mainline.moves.map((m) => m.san), ["e8=Q", "e1=Q"]);
  }
  assert.deepEqual(uci(read("1. e8(R) e1(N)", fen)), ["e7e8r", "e2e1n"]);
  // e8 followed by a real variation stays an error: a pawn must promote.
  const game = read("1. e8 (1. Kc3)", fen);
  assert.ok(game.error instanceof PgnMoveError);
  assert.equal(game.error.reason, "a pawn reaching the last rank must promote");
});

Deno.test("strict: only the move's SAN, check marks included", () => {
  const fen = "8/4P1k1/8/8/8/8/1K2p3/8 w - - 0 1";
  assert.deepEqual(uci(read("1. e8=Q e1=Q", fen, true)), ["e7e8q", "e2e1q"]);
  const parenthesized = read("1. e8(Q)", fen, true).error;
  assert.ok(parenthesized instanceof PgnMoveError);
  assert.equal(
    parenthesized.reason,
    "a pawn reaching the last rank must promote",
  );
  for (const text of ["1. e8Q", "1. e8=Q+", "1. e7e8q", "1. Pe8=Q"]) {
    const game = read(text, fen, true);
    assert.ok(game.error instanceof PgnMoveError, text);
    assert.equal(game.error.code, "malformed", text);
  }
  for (
    const text of [
      "1. Nb1-c3",
      "1. e2-e4",
      "1. 0-0",
      "1. e4 d5 2. ed5",
      "1. e4+",
    ]
  ) {
    const error = read(text, undefined, true).error;
    assert.ok(error instanceof PgnMoveError, text);
  }
  assert.deepEqual(uci(read("1. e4!? d5?! 2. exd5", undefined, true)), [
    "e2e4",
    "d7d5",
    "e4d5",
  ]);
});

Deno.test("never a different move: the text's squares and piece are kept", () => {
  // Nb1-c3 names the knight on b1: with a knight on a2 that can also reach c3... none here.
  const fen = "4k3/8/8/8/8/8/N7/1N2K3 w - - 0 1";
  const ambiguous = read("1. Nc3", fen);
  assert.ok(ambiguous.error instanceof PgnMoveError);
  assert.equal(ambiguous.error.reason, "ambiguous, Nac3 or Nbc3");
  assert.deepEqual(uci(read("1. Nb1-c3", fen)), ["b1c3"]);
  assert.deepEqual(uci(read("1. Na2c3", fen)), ["a2c3"]);
  // A long form naming an empty square or the wrong piece is an error, not another move.
  assert.ok(read("1. Nd1-c3", fen).error instanceof PgnMoveError);
  assert.ok(read("1. Bb1-c3", fen).error instanceof PgnMoveError);
  assert.ok(read("1. e2-e4", fen).error instanceof PgnMoveError);
});

Deno.test("every legal move, written as SAN, UCI and long SAN, reads as itself", () => {
  const start = parseFen(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  );
  fc.assert(
    fc.property(fc.array(fc.nat(), { maxLength: 60 }), (choices) => {
      let position = start;
      const written: string[] = [];
      for (const choice of choices) {
        const moves = legalMoves(position);
        if (moves.length === 0) break;
        const move = moves[choice % moves.length];
        const [san] = playMoves(position, [move]).moves.map((m) => m.san);
        written.push(
          choice % 3 === 0
            ? san
            : choice % 3 === 1
            ? move
            : move.slice(0, 2) + "-" + move.slice(2),
        );
        position = playMoves(position, [move]).position;
      }
      const game = parsePgn(written.join(" ") + " *")[0];
      const last = [...game.positions()].at(-1)!;
      assert.equal(last.fen, stringifyFen(position));
    }),
    { numRuns: 60 },
  );
});

Deno.test("the fast SAN path reads a token alone: a token cut short after a longer one, or before more bytes, is no move", async () => {
  const { quickMatch, quickMatchAt } = await import(
    "../../../lib/pgn/_quick_match.ts"
  );
  const { ChessBoard } = await import("../../../lib/chess/board.ts");
  const { loadPosition } = await import("../../../lib/chess/convert.ts");
  const board = new ChessBoard();
  // 1. e4 d5: White's pawn takes on d5, or nothing does
  loadPosition(
    board,
    parseFen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
  );
  const out = { wantSan: true, body: "", check: -1 };
  const exd5 = quickMatch(board, "exd5+", out);
  assert.ok(exd5 >= 0);
  assert.equal(out.body, "exd5");
  // the last token's bytes are not this one's
  for (const cut of ["exd", "ex", "e"]) {
    assert.equal(quickMatch(board, cut, out), -1, cut);
  }
  // bytes of a stream: the token from `from` to `to` only
  const bytes = new TextEncoder().encode("12. exd5 exd {exd5} O-O-O Nf3!?");
  const at = (token: string, from = 0): [number, number] => {
    const start = new TextDecoder().decode(bytes).indexOf(token, from);
    return [start, start + token.length];
  };
  assert.equal(quickMatchAt(board, bytes, ...at("exd5"), out), exd5);
  assert.equal(quickMatchAt(board, bytes, ...at("exd", 9), out), -1);
  assert.equal(quickMatchAt(board, bytes, ...at("O-O-O"), out), -1);
  assert.ok(quickMatchAt(board, bytes, ...at("Nf3!?"), out) >= 0);
  assert.equal(out.body, "Nf3");
  // a letter of several bytes is the slow path's
  assert.equal(quickMatch(board, "exd5\u00e9", out), -1);
});

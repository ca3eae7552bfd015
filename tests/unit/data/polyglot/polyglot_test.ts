// The Polyglot book format document's test keys (also python-chess's
// test_polyglot), each reached by playing its moves from the initial
// position; and the stream variants agreeing with polyglotKey.

import assert from "node:assert/strict";
import { parseFen, stringifyFen } from "../../../../lib/fen/mod.ts";
import { FenReader } from "../../../../lib/fen/reader.ts";
import { playMoves } from "../../../../lib/moves/play.ts";
import {
  PolyglotHasher,
  polyglotKey,
  polyglotKeyHalves,
} from "../../../../lib/data/polyglot/mod.ts";
import { INITIAL_FEN } from "../../../../lib/types.ts";

/** Moves from the start, the FEN they reach, and the published key. */
const PUBLISHED: readonly [string, string, string][] = [
  [
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "463b96181691fc9c",
  ],
  [
    "e4",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "823c9b50fd114196",
  ],
  [
    "e4 d5",
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    "0756b94461c50fb0",
  ],
  [
    "e4 d5 e5",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
    "662fafb965db29d4",
  ],
  [
    "e4 d5 e5 f5",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "22a48b5a8e47ff78",
  ],
  [
    "e4 d5 e5 f5 Ke2",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3",
    "652a607ca3f242c1",
  ],
  [
    "e4 d5 e5 f5 Ke2 Kf7",
    "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4",
    "00fdd303c946bdd9",
  ],
  [
    "a4 b5 h4 b4 c4",
    "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
    "3c8123ea7b067637",
  ],
  [
    "a4 b5 h4 b4 c4 bxc3 Ra3",
    "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4",
    "5c3f9b829b279560",
  ],
];

Deno.test("polyglotKey: the nine published test keys, by their moves", () => {
  for (const [moves, fen, key] of PUBLISHED) {
    const { position } = playMoves(parseFen(INITIAL_FEN), moves);
    assert.equal(stringifyFen(position), fen, moves);
    assert.equal(
      polyglotKey(position).toString(16).padStart(16, "0"),
      key,
      moves,
    );
  }
});

Deno.test("polyglotKey: en passant counts only beside a pawn of the side to move", () => {
  // e3 after 1. e4: no black pawn on d4 or f4, so the key is the one
  // without the square; d6 after 1. e4 d5 likewise (no white pawn on e5 yet)
  const withSquare = parseFen(PUBLISHED[1][1]);
  const without = { ...withSquare, enPassant: null };
  assert.equal(polyglotKey(withSquare), polyglotKey(without));
  // f6 with the white pawn on e5: the file is hashed
  const capturable = parseFen(PUBLISHED[4][1]);
  assert.notEqual(
    polyglotKey(capturable),
    polyglotKey({ ...capturable, enPassant: null }),
  );
  // a square on the wrong rank for the side to move is never hashed
  const wrongRank = parseFen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
  assert.equal(
    polyglotKey({ ...wrongRank, enPassant: "d3" }),
    polyglotKey(wrongRank),
  );
});

Deno.test("polyglotKey: counters are not part of the key", () => {
  const a = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const b = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 37 90");
  assert.equal(polyglotKey(a), polyglotKey(b));
});

Deno.test("polyglotKey: Chess960 rights are short or long by the king's file", () => {
  // a right's number in the key is what the right adds: X-FEN rights on the
  // g- and b-files with the king on c1 add the numbers of the standard
  // h- and a-file rights with the king on e1
  const added = (placement: string, right: string) =>
    polyglotKey(parseFen(`${placement} w ${right} - 0 1`)) ^
    polyglotKey(parseFen(`${placement} w - - 0 1`));
  const standard = "r3k2r/8/8/8/8/8/8/R3K2R";
  const chess960 = "1rk3r1/8/8/8/8/8/8/1RK3R1";
  assert.equal(added(chess960, "G"), added(standard, "K"));
  assert.equal(added(chess960, "B"), added(standard, "Q"));
  assert.equal(added(chess960, "g"), added(standard, "k"));
  assert.equal(added(chess960, "b"), added(standard, "q"));
  assert.notEqual(added(standard, "K"), added(standard, "Q"));
});

Deno.test("PolyglotHasher and polyglotKeyHalves agree with polyglotKey", () => {
  const reader = new FenReader();
  const hasher = new PolyglotHasher();
  const halves = new Uint32Array(2);
  const buffer = new Uint8Array(40);
  for (const [, fen, key] of PUBLISHED) {
    reader.read(fen);
    polyglotKeyHalves(reader, halves);
    assert.equal(
      (BigInt(halves[0]) << 32n) | BigInt(halves[1]),
      polyglotKey(parseFen(fen)),
    );
    const end = hasher.write(reader, buffer, 3);
    assert.equal(end, 3 + PolyglotHasher.BYTES);
    assert.equal(new TextDecoder().decode(buffer.subarray(3, end)), key);
  }
});

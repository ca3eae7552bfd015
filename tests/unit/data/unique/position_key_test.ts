// Dedupe levels on constructed duplicates: for each level, pairs of records
// that are the same at that level (and every looser one) but not at the
// stricter ones; keys read as the fields they keep.

import assert from "node:assert/strict";
import { FenReader } from "../../../../lib/fen/reader.ts";
import {
  POSITION_KEY_LEVELS,
  type PositionKeyLevel,
  PositionKeyWriter,
} from "../../../../lib/data/unique/mod.ts";

const reader = new FenReader();
const decoder = new TextDecoder();

function key(fen: string, level: PositionKeyLevel): string {
  const writer = new PositionKeyWriter(level);
  reader.read(fen);
  return decoder.decode(writer.buffer.subarray(0, writer.write(reader)));
}

/** Two records, and the strictest level at which they are the same. */
const PAIRS: [string, string, PositionKeyLevel][] = [
  [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20",
    "record",
  ],
  // the same position, other counters
  [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "epd",
  ],
  // an en-passant square no pawn can use (the Stockfish books' 531)
  [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "position",
  ],
  // a capturable en-passant square: other moves, other position
  [
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
    "castling",
  ],
  // other castling rights
  [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
    "side",
  ],
  // the other side to move
  [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1",
    "board",
  ],
];

Deno.test("position keys: constructed duplicates are equal from their level on, and only there", () => {
  for (const [a, b, level] of PAIRS) {
    const from = POSITION_KEY_LEVELS.indexOf(level);
    POSITION_KEY_LEVELS.forEach((each, k) => {
      const same = key(a, each) === key(b, each);
      assert.equal(same, k >= from, `${a} | ${b} at ${each}`);
    });
  }
});

Deno.test("position keys: each level writes the FEN fields it keeps", () => {
  const fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  const placement = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR";
  assert.deepEqual(POSITION_KEY_LEVELS.map((level) => key(fen, level)), [
    fen,
    `${placement} w KQkq f6`,
    `${placement} w KQkq f6`,
    `${placement} w KQkq`,
    `${placement} w`,
    placement,
  ]);
  // no rights, no square
  const bare = "8/8/8/8/8/8/8/K6k b - - 0 1";
  assert.equal(key(bare, "castling"), "8/8/8/8/8/8/8/K6k b -");
  assert.equal(key(bare, "side"), "8/8/8/8/8/8/8/K6k b");
});

Deno.test("PositionKeyWriter: an unknown level is refused", () => {
  assert.throws(
    () => new PositionKeyWriter("moves" as PositionKeyLevel),
    TypeError,
  );
});

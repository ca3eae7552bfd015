import assert from "node:assert/strict";
import { FenReader } from "../../../lib/fen/reader.ts";
import { FenSyntaxError } from "../../../lib/errors.ts";
import { parseFen, stringifyFen } from "../../../lib/fen/mod.ts";
import { fen2grid } from "../../../lib/fen/grid.ts";

Deno.test("FenReader.read() reads a record inside a longer text, in place", () => {
  const text = "junk 4k3/8/8/8/8/8/8/4K2R w K - 3 40\nmore";
  const reader = new FenReader();
  reader.read(text, 5, text.indexOf("\n"));
  assert.equal(
    stringifyFen(reader.toPosition()),
    "4k3/8/8/8/8/8/8/4K2R w K - 3 40",
  );
  assert.equal(reader.cells[63], "R".charCodeAt(0));
  assert.equal(reader.cells[0], 0);
  assert.equal(reader.fieldsGiven, 6);
  assert.equal(reader.operations, null);
});

Deno.test("FenReader.read() counts error offsets from the record's start", () => {
  const text = "8/8/8/8/8/8/8/8 w - - 0 1\n8/8/8/8/8/8/8/8 x - - 0 1\n";
  const reader = new FenReader();
  assert.throws(() => reader.read(text, 26, 51), (error: unknown) => {
    assert.ok(error instanceof FenSyntaxError);
    assert.equal(error.field, "turn");
    assert.equal(error.offset, 16);
    assert.equal(error.column, 17);
    assert.match(error.message, / at column 17$/);
    return true;
  });
});

Deno.test("readers do not share state: X-FEN castling uses this record's board", () => {
  // A record with a rook on h1 first, then one whose outermost kingside
  // rook is on g1: K must mean g1 for the second, whoever read the first.
  const first = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
  const second = "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1";
  const a = new FenReader({ chess960: true });
  const b = new FenReader({ chess960: true });
  a.read(first);
  b.read(second);
  assert.deepEqual(a.castling, ["h1"]);
  assert.deepEqual(b.castling, ["g1"]);
  parseFen(first, { chess960: true });
  assert.deepEqual(parseFen(second, { chess960: true }).castling, ["g1"]);
  // fen2grid reads into its own layout and still resolves X-FEN there.
  fen2grid(first, { chess960: true });
  assert.equal(
    fen2grid(second, { chess960: true, empty: "." }).slice(-8),
    "....K.R.",
  );
});

Deno.test("FenReader.toPosition() fills a given position instead of making one", () => {
  const reader = new FenReader();
  reader.read("8/8/8/8/8/8/8/K6k b - - 0 1");
  const reused = reader.toPosition();
  const board = reused.board;
  reader.read("8/8/8/8/8/8/8/k6K w - - 5 9");
  const again = reader.toPosition(reused);
  assert.equal(again, reused);
  assert.equal(again.board, board);
  assert.equal(stringifyFen(again), "8/8/8/8/8/8/8/k6K w - - 5 9");
});

Deno.test("FenReader reads pasted records leniently and refuses them strictly", () => {
  const lenient = new FenReader();
  const strict = new FenReader({ strict: true });
  const pasted = [
    '[FEN "8/8/8/8/8/8/8/K6k b - - 0 1"]',
    '"8/8/8/8/8/8/8/K6k b - - 0 1"',
    "\uFEFF8/8/8/8/8/8/8/K6k b - - 0 1",
    "8/8/8/8/8/8/8/K6k\u00a0b - - 0 1",
    "8/8/8/8/8/8/8/K6k b - - 0 1 # a comment",
    "  8/8/8/8/8/8/8/K6k b - - 0 1;  ",
  ];
  for (const text of pasted) {
    lenient.read(text);
    assert.equal(
      stringifyFen(lenient.toPosition()),
      "8/8/8/8/8/8/8/K6k b - - 0 1",
      text,
    );
    assert.throws(() => strict.read(text), FenSyntaxError, text);
  }
});

Deno.test("FenReader keeps EPD operations; hmvc and fmvn set the counters", () => {
  const reader = new FenReader();
  reader.read(
    '8/8/8/8/8/8/8/K6k b - - hmvc 7; fmvn 31; c0 "a; b"; bm Kb2 Kb1;',
  );
  assert.equal(reader.halfmoveClock, 7);
  assert.equal(reader.fullmoveNumber, 31);
  assert.deepEqual(reader.operations, [
    { opcode: "hmvc", operands: ["7"] },
    { opcode: "fmvn", operands: ["31"] },
    { opcode: "c0", operands: ["a; b"] },
    { opcode: "bm", operands: ["Kb2", "Kb1"] },
  ]);
  assert.equal(reader.fieldsGiven, 4);
  assert.throws(() => reader.read("8/8/8/8/8/8/8/K6k b - - hmvc x;"), {
    field: "operations",
  });
  reader.read("8/8/8/8/8/8/8/K6k b - - 0 1");
  assert.equal(reader.operations, null);
});

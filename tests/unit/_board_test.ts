import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import { assertBoard, toBoard } from "../../lib/_board.ts";
import { renderSvg } from "../../lib/svg/mod.ts";
import { renderUnicode } from "../../lib/unicode.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

Deno.test("assertBoard() accepts 64 squares of piece letters and null", () => {
  const board = parseFen(START).board;
  assertBoard(board, "test");
  assertBoard(new Array(64).fill(null), "test");
});

Deno.test("assertBoard() names the square of anything else", () => {
  const cases: [number, unknown, string][] = [
    [0, "toString", 'a8 (board[0]) holds "toString"'],
    [63, "x", 'h1 (board[63]) holds "x"'],
    [36, undefined, "e4 (board[36]) holds undefined"],
    [8, 5, "a7 (board[8]) holds number 5"],
    [9, "KQ", 'b7 (board[9]) holds "KQ"'],
    [10, {}, "c7 (board[10]) holds an object"],
  ];
  for (const [index, value, detail] of cases) {
    const board: unknown[] = parseFen(START).board;
    board[index] = value;
    assert.throws(
      () => assertBoard(board, "draw"),
      new TypeError(
        `Cannot draw: ${detail}, not a piece letter (KQRBNP, kqrbnp) or null`,
      ),
    );
  }
  for (const board of [[], new Array(63).fill(null), "8/8", null]) {
    assert.throws(
      () => assertBoard(board, "draw"),
      new TypeError("Cannot draw: board must have 64 squares"),
    );
  }
});

Deno.test("toBoard() reads FEN text, a position or a bare board", () => {
  const text = toBoard(`${START} b KQkq - 0 1`, "draw");
  assert.equal(text.board[0], "r");
  assert.equal(text.position?.turn, "b");
  const position = parseFen(START);
  assert.deepEqual(toBoard(position, "draw"), {
    board: position.board,
    position,
  });
  assert.deepEqual(toBoard(position.board, "draw"), {
    board: position.board,
    position: null,
  });
  assert.throws(() => toBoard("8/8", "draw"), SyntaxError);
  assert.throws(
    () => toBoard(42 as unknown as string, "draw"),
    new TypeError(
      "Cannot draw: expected a position, a board or a FEN string, got number 42",
    ),
  );
});

Deno.test("renderSvg() and renderUnicode() refuse a bad board alike, naming the square", () => {
  const position = parseFen(START);
  (position.board as unknown[])[12] = "Z";
  const detail =
    'e7 (board[12]) holds "Z", not a piece letter (KQRBNP, kqrbnp) or null';
  assert.throws(
    () => renderSvg(position),
    new TypeError(`Cannot render SVG: ${detail}`),
  );
  assert.throws(
    () => renderSvg(position, { style: "vector" }),
    new TypeError(`Cannot render SVG: ${detail}`),
  );
  assert.throws(
    () => renderUnicode(position),
    new TypeError(`Cannot render Unicode: ${detail}`),
  );
  assert.throws(
    () => renderUnicode(position.board),
    new TypeError(`Cannot render Unicode: ${detail}`),
  );
});

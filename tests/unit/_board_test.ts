import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import { toBoard } from "../../lib/_board.ts";
import { assertBoard } from "../../lib/chess/convert.ts";
import { renderSvg } from "../../lib/svg/mod.ts";
import { renderUnicode } from "../../lib/text/unicode.ts";
import type { Piece, Position } from "../../lib/types.ts";

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

Deno.test("every API that takes a Position refuses a malformed board with assertBoard's message", async () => {
  const { checkPosition, isLegalPosition, PositionChecker } = await import(
    "../../lib/legality/mod.ts"
  );
  const {
    enPassantSquare,
    legalMoves,
    perft,
    playMoves,
    positionStatus,
    toSan,
  } = await import("../../lib/moves/mod.ts");
  const apis: [string, (position: Position) => unknown][] = [
    ["check position", (p) => checkPosition(p)],
    ["check position", (p) => isLegalPosition(p)],
    ["check position", (p) => new PositionChecker().check(p)],
    ["render SVG", (p) => renderSvg(p)],
    ["render Unicode", (p) => renderUnicode(p)],
    ["play", (p) => legalMoves(p)],
    ["play", (p) => playMoves(p, "Kd1")],
    ["play", (p) => toSan(p, "Kd1")],
    ["play", (p) => positionStatus(p)],
    ["play", (p) => enPassantSquare(p, "legal")],
    ["play", (p) => perft(p, 1)],
  ];
  const position = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const bad: [unknown[], string][] = [
    [
      position.board.with(4, "x" as Piece),
      'e8 (board[4]) holds "x", not a piece letter (KQRBNP, kqrbnp) or null',
    ],
    [
      position.board.with(20, undefined as unknown as null),
      "e6 (board[20]) holds undefined, not a piece letter (KQRBNP, kqrbnp) or null",
    ],
    [
      position.board.with(4, "kk" as Piece),
      'e8 (board[4]) holds "kk", not a piece letter (KQRBNP, kqrbnp) or null',
    ],
    [position.board.slice(1), "board must have 64 squares"],
  ];
  for (const [action, api] of apis) {
    for (const [board, detail] of bad) {
      assert.throws(
        () => api({ ...position, board: board as Position["board"] }),
        new TypeError(`Cannot ${action}: ${detail}`),
        action,
      );
    }
  }
});

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { renderUnicode } from "../../../lib/text/unicode.ts";
import { boardTextToFen } from "../../../lib/text/board_text.ts";

Deno.test("renderUnicode() draws ranks, symbols and files", () => {
  assert.equal(
    renderUnicode(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ),
    [
      "8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜",
      "7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟",
      "6 · · · · · · · ·",
      "5 · · · · · · · ·",
      "4 · · · · ♙ · · ·",
      "3 · · · · · · · ·",
      "2 ♙ ♙ ♙ ♙ · ♙ ♙ ♙",
      "1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖",
      "  a b c d e f g h",
      "",
    ].join("\n"),
  );
});

Deno.test("renderUnicode() flips to Black's side", () => {
  const lines = renderUnicode("k7/8/8/8/8/8/8/6QK", { flip: true }).split("\n");
  assert.equal(lines[0], "1 ♔ ♕ · · · · · ·");
  assert.equal(lines[7], "8 · · · · · · · ♚");
  assert.equal(lines[8], "  h g f e d c b a");
});

Deno.test("renderUnicode() takes a position or a bare board as well as FEN text", () => {
  const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  const text = renderUnicode(fen);
  assert.equal(renderUnicode(parseFen(fen)), text);
  assert.equal(renderUnicode(parseFen(fen).board), text);
  assert.equal(text.split("\n")[6], "2 · · · · ♙ · · ·");
});

Deno.test("renderUnicode() draws a variant's pockets and checks on lines the board reader skips", () => {
  const house = parseFen("r3k3/8/8/8/8/8/8/4K3[QRbpp] w - - 0 1", {
    rules: "crazyhouse",
  });
  const text = renderUnicode(house, { flip: true });
  const lines = text.split("\n");
  assert.deepEqual([lines[0], lines[10]], ["  [♕ ♖]", "  [♝ ♟ ♟]"]);
  assert.equal(lines.length, 12);
  assert.equal(boardTextToFen(text), "r3k3/8/8/8/8/8/8/4K3");
  const checks = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0", {
    rules: "threecheck",
  });
  const drawn = renderUnicode(checks).split("\n");
  assert.deepEqual([drawn[0], drawn[10]], ["  +0", "  +2"]);
  // Standard chess adds no line.
  assert.equal(
    renderUnicode(parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).split("\n").length,
    10,
  );
});

import assert from "node:assert/strict";
import { parseFen } from "../../../lib/fen/mod.ts";
import { renderUnicode } from "../../../lib/text/unicode.ts";

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

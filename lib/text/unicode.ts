/**
 * A board for the terminal, drawn with the Unicode chess symbols.
 *
 * @module
 */

import { type BoardInput, toBoard } from "../_board.ts";
import { FIGURINES } from "../_tables.ts";

/** Options for {@linkcode renderUnicode}. */
export interface RenderUnicodeOptions {
  /** Draw the board from Black's side: h1 top left, labels reversed. */
  flip?: boolean;
}

/**
 * Draws a board as 9 lines of text: each rank with its digit, the pieces as
 * Unicode chess symbols, `·` for empty squares, and the file letters below.
 * The text ends in a newline.
 *
 * @example
 * ```ts
 * import { renderUnicode } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const lines = renderUnicode("4k3/8/8/8/8/8/4P3/4K3").split("\n");
 * assert.equal(lines[0], "8 · · · · ♚ · · ·");
 * assert.equal(lines[7], "1 · · · · ♔ · · ·");
 * assert.equal(lines[8], "  a b c d e f g h");
 * ```
 *
 * @param board A position, a board of 64 squares, or FEN text to parse (a
 * placement alone is enough).
 * @param options The orientation.
 * @returns The board as text.
 * @throws {FenSyntaxError} If `board` is malformed FEN text.
 * @throws {TypeError} If the board is not 64 squares of piece letters and
 * `null`; the message names the square.
 */
export function renderUnicode(
  board: BoardInput,
  options: RenderUnicodeOptions = {},
): string {
  const squares = toBoard(board, "render Unicode").board;
  const flip = options.flip === true;
  let text = "";
  for (let row = 0; row < 8; row++) {
    text += flip ? row + 1 : 8 - row;
    for (let file = 0; file < 8; file++) {
      const k = row * 8 + file;
      const piece = squares[flip ? 63 - k : k];
      text += piece == null ? " ·" : ` ${FIGURINES[piece]}`;
    }
    text += "\n";
  }
  return text + (flip ? "  h g f e d c b a\n" : "  a b c d e f g h\n");
}

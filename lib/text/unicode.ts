/**
 * A board for the terminal, drawn with the Unicode chess symbols.
 *
 * @module
 */

import { type BoardInput, toBoard } from "../_board.ts";
import { FIGURINES } from "../_tables.ts";
import { variantStateOfPosition } from "../record_view.ts";
import { variantLines } from "./variant_lines.ts";

/** Options for {@linkcode renderUnicode}. */
export interface RenderUnicodeOptions {
  /** Draw the board from Black's side: h1 top left, labels reversed. */
  flip?: boolean;
}

/**
 * Draws a board as 9 lines of text: each rank with its digit, the pieces as
 * Unicode chess symbols, `·` for empty squares, and the file letters below.
 * The text ends in a newline. A crazyhouse position's pockets (`[♕ ♞]`) and
 * a three-check position's checks given (`+1`) take a line above the board
 * for the side drawn at the top and one below the file letters for the
 * other, as lichess shows them beside the board.
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
 * @example A crazyhouse position's pockets
 * ```ts
 * import { parseFen, renderUnicode } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/8/4K3[Qnn] w - - 0 1", {
 *   rules: "crazyhouse",
 * });
 * const lines = renderUnicode(position).split("\n");
 * assert.equal(lines[0], "  [♞ ♞]");
 * assert.equal(lines[10], "  [♕]");
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
  const read = toBoard(board, "render Unicode");
  const squares = read.board;
  const flip = options.flip === true;
  const lines = read.position === null ? null : variantLines(
    variantStateOfPosition(read.position),
    { flip, figurines: true },
  );
  let text = lines === null ? "" : `  ${lines.top}\n`;
  for (let row = 0; row < 8; row++) {
    text += flip ? row + 1 : 8 - row;
    for (let file = 0; file < 8; file++) {
      const k = row * 8 + file;
      const piece = squares[flip ? 63 - k : k];
      text += piece == null ? " ·" : ` ${FIGURINES[piece]}`;
    }
    text += "\n";
  }
  text += flip ? "  h g f e d c b a\n" : "  a b c d e f g h\n";
  return lines === null ? text : `${text}  ${lines.bottom}\n`;
}

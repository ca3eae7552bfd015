/**
 * A chessboard as an SVG document, byte for byte the drawing of the classic
 * `fen` shell exercise: a black frame, dark squares as one rectangle, light
 * squares as two dashed paths, optional file and rank labels, and each piece
 * as a Unicode chess symbol.
 *
 * @module
 */

import { parseFen } from "./fen.ts";
import type { Position } from "./types.ts";
import { isCssColor } from "./css_color.ts";

/** Options for {@linkcode renderSvg}. */
export interface RenderSvgOptions {
  /** Draw the file letters and rank digits around the board. */
  labels?: boolean;
  /** The colour of the light squares, `#ffce9e` unless given. */
  light?: string;
  /** The colour of the dark squares, `#d28c45` unless given. */
  dark?: string;
  /** Draw the board from Black's side: h1 top left, labels reversed. */
  flip?: boolean;
}

const HEAD = '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" ' +
  'width="400" height="400" viewBox="-1 -1 9 9">\n<style>\n' +
  "text{font-family:consolas;font-size:0.2px;}\n" +
  "text.piece{text-anchor:middle;dominant-baseline:mathematical;" +
  "font-size:0.8px;}\n";

const LABEL_STYLE =
  "text.horizontal{text-anchor:middle;dominant-baseline:middle;fill:grey;}\n" +
  "text.vertical{writing-mode:tb;glyph-orientation-vertical:0;fill:grey;}\n" +
  "text.vertical{writing-mode:vertical-rl;text-orientation:upright;}\n";

const FRAME = "</style>\n" +
  '<rect x="-1" y="-1" width="9" height="9" fill="black" rx="0.2"/>\n';

function labelLines(files: string, ranks: string): string {
  return `<text class="horizontal" x="3.5" y="-.75" textLength="7.1">${files}</text>\n` +
    `<text class="horizontal" x="3.5" y="7.75" textLength="7.1">${files}</text>\n` +
    `<text class="vertical" x="-.75" y="-.2" textLength="7.3">${ranks}</text>\n` +
    `<text class="vertical" x="7.75" y="-.2" textLength="7.3">${ranks}</text>\n`;
}

const LABELS = labelLines("abcdefgh", "87654321");
const FLIPPED_LABELS = labelLines("hgfedcba", "12345678");

/** The Unicode chess symbols, as decimal character references. */
const GLYPHS = {
  K: "&#9812;",
  Q: "&#9813;",
  R: "&#9814;",
  B: "&#9815;",
  N: "&#9816;",
  P: "&#9817;",
  k: "&#9818;",
  q: "&#9819;",
  r: "&#9820;",
  b: "&#9821;",
  n: "&#9822;",
  p: "&#9823;",
} as const;

/**
 * Draws a board as an SVG document ending in a newline. Pieces are written
 * in reading order, at x = column 0-7 and y = row 0-7 from the top left.
 *
 * @example The document's frame and a piece
 * ```ts
 * import { renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg("8/8/8/8/8/8/8/4K3", { dark: "#6aaa64" });
 * assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
 * assert.ok(svg.includes('fill="#6aaa64"'));
 * assert.ok(svg.endsWith('<text class="piece" x="4" y="7">&#9812;</text>\n</svg>\n'));
 * assert.ok(!svg.includes("abcdefgh"));
 * ```
 *
 * @param board A position, or a FEN record or placement to parse.
 * @param options Labels, colours and orientation.
 * @returns The SVG document.
 * @throws {FenSyntaxError} If `board` is a malformed FEN string.
 * @throws {RangeError} If a colour is not a CSS colour (see
 * {@linkcode isCssColor}): nothing unchecked reaches the document.
 */
export function renderSvg(
  board: Position | string,
  options: RenderSvgOptions = {},
): string {
  const squares = typeof board === "string"
    ? parseFen(board).board
    : board.board;
  const light = checkColor(options.light ?? "#ffce9e", "light");
  const dark = checkColor(options.dark ?? "#d28c45", "dark");
  let svg = options.labels ? HEAD + LABEL_STYLE + FRAME : HEAD + FRAME;
  svg += `<rect x="-0.5" y="-0.5" width="8" height="8" fill="${dark}"/>\n` +
    `<path d="M-.5,0h7M.5,1h7M-.5,2h7M.5,3h7" stroke="${light}" stroke-dasharray="1"/>\n` +
    `<path d="M-.5,4h7M.5,5h7M-.5,6h7M.5,7h7" stroke="${light}" stroke-dasharray="1"/>\n`;
  if (options.labels) svg += options.flip ? FLIPPED_LABELS : LABELS;
  for (let k = 0; k < 64; k++) {
    const piece = squares[options.flip ? 63 - k : k];
    if (piece == null) continue;
    const glyph: unknown = GLYPHS[piece];
    if (typeof glyph !== "string") { // also refuses inherited names such as "toString"
      throw new TypeError(`Cannot render SVG: board[${k}] is not a piece`);
    }
    svg += `<text class="piece" x="${k & 7}" y="${k >> 3}">${glyph}</text>\n`;
  }
  return svg + "</svg>\n";
}

function checkColor(color: string, which: string): string {
  if (isCssColor(color)) return color;
  throw new RangeError(
    `Cannot render SVG: ${which} colour ${
      JSON.stringify(color)
    } is not a CSS colour (#rgb, #rrggbb, a name such as "teal", rgb() or hsl())`,
  );
}

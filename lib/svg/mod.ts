/**
 * A chessboard as an SVG document, in two styles.
 *
 * - `"classic"` (the default) is byte for byte the drawing of the classic
 *   `fen` shell script: a black frame, dark squares as one rectangle, light
 *   squares as two dashed paths, optional file and rank labels, and each
 *   piece as a Unicode chess symbol in `<text>`. What it looks like depends
 *   on the fonts of whoever opens it.
 * - `"vector"` keeps that geometry and those colors but draws pieces and
 *   labels as outlines from DejaVu Sans: no font, no CSS, no `<text>`. White
 *   pieces are opaque white with a black outline, black pieces keep white
 *   details, and every renderer (browsers, librsvg, resvg) draws the same
 *   picture.
 *
 * Both styles take a size, highlighted squares, arrows, the last move, a
 * disc under a king in check, a marker for the side to move and a text
 * alternative; none of them is drawn unless asked for, except that the
 * vector style marks checks and carries its text alternative by default.
 *
 * @module
 */

import { type BoardInput, toBoard } from "../_board.ts";
import {
  classicHead,
  classicLabels,
  classicPieces,
  squares,
} from "./_classic.ts";
import { FRAME } from "./_classic.ts";
import { arrows, checkMarks, kingsInCheck, sideMark, tints } from "./_marks.ts";
import { readOptions } from "./_options.ts";
import { textAlternative } from "./_text.ts";
import { vectorDefs, vectorLabels, vectorPieces } from "./_vector.ts";

export {
  DEFAULT_ARROW_COLOR,
  DEFAULT_CHECK_COLOR,
  DEFAULT_DARK,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_LAST_MOVE_COLOR,
  DEFAULT_LIGHT,
  DEFAULT_SIZE,
  MAX_SIZE,
  SVG_STYLES,
} from "./_defaults.ts";
export type { Board, BoardInput } from "../_board.ts";

/** A diagram style: see {@linkcode SVG_STYLES}. */
export type SvgStyle = "classic" | "vector";

/** A move between two squares, such as `{ from: "e2", to: "e4" }`. */
export interface Move {
  /** The square the move starts from, such as `"e2"`. */
  from: string;
  /** The square the move ends on, such as `"e4"`. */
  to: string;
}

/** An arrow from one square's center to another's. */
export interface Arrow extends Move {
  /** Its color, {@linkcode RenderSvgOptions.arrowColor} unless given. */
  color?: string;
}

/**
 * Options for {@linkcode renderSvg}. Every color must pass
 * {@linkcode isCssColor}; squares are names such as `"e4"`; moves are
 * `"e2e4"` (a promotion letter may follow) or `{ from, to }`.
 */
export interface RenderSvgOptions {
  /** The drawing: `"classic"` (the default) or `"vector"`. */
  style?: SvgStyle;
  /** Draw the file letters and rank digits around the board. */
  labels?: boolean;
  /** The color of the light squares, {@linkcode DEFAULT_LIGHT} unless given. */
  light?: string;
  /** The color of the dark squares, {@linkcode DEFAULT_DARK} unless given. */
  dark?: string;
  /** Draw the board from Black's side: h1 top left, labels and marks turned. */
  flip?: boolean;
  /** Width and height in pixels, {@linkcode DEFAULT_SIZE} unless given. */
  size?: number;
  /** Squares to tint, such as `["e4", "d5"]`. */
  highlight?: readonly string[];
  /** The tint, {@linkcode DEFAULT_HIGHLIGHT_COLOR} unless given. */
  highlightColor?: string;
  /** Arrows over the pieces, such as `["g1f3"]`. */
  arrows?: readonly (string | Arrow)[];
  /** The arrows' color, {@linkcode DEFAULT_ARROW_COLOR} unless given. */
  arrowColor?: string;
  /** The move that led here: both its squares are tinted. */
  lastMove?: string | Move;
  /** Its tint, {@linkcode DEFAULT_LAST_MOVE_COLOR} unless given. */
  lastMoveColor?: string;
  /**
   * Draw a disc under each king that the other side attacks. Defaults to
   * `false` in the classic style and `true` in the vector style.
   */
  check?: boolean;
  /** The disc's color, {@linkcode DEFAULT_CHECK_COLOR} unless given. */
  checkColor?: string;
  /**
   * Mark the side to move (the position's `turn`) in the frame's corner on
   * its side, and name it in the text alternative. Defaults to `false`:
   * FEN text that is only a placement still parses with White to move, so
   * the caller says when the turn is real. Without a position (a bare
   * board) there is no marker.
   */
  sideToMove?: boolean;
  /**
   * Give the document `role="img"`, an `aria-label` and a `<title>` with
   * the FEN, and a `<desc>` listing the pieces and annotations in words.
   * Defaults to `false` in the classic style and `true` in the vector style.
   */
  accessible?: boolean;
}

/**
 * Draws a board as an SVG document ending in a newline. With no options it
 * is the classic `fen` shell script's diagram, byte for byte.
 *
 * @example The classic document's frame and a piece
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
 * @example A self-contained diagram with a highlight and an arrow
 * ```ts
 * import { parseFen, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen(
 *   "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
 * );
 * const svg = renderSvg(position, {
 *   style: "vector",
 *   size: 240,
 *   highlight: ["e5"],
 *   arrows: ["g1f3"],
 *   sideToMove: true,
 * });
 * assert.ok(svg.includes('width="240"'));
 * assert.ok(!svg.includes("<text"));
 * assert.ok(svg.includes("<title>Chess diagram: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2, White to move</title>"));
 * ```
 *
 * @param board A position, a board of 64 squares, or FEN text to parse (a
 * placement alone is enough).
 * @param options The style, size, colors, orientation and annotations.
 * @returns The SVG document.
 * @throws {FenSyntaxError} If `board` is malformed FEN text.
 * @throws {TypeError} If the board is not 64 squares of piece letters and
 * `null`; the message names the square.
 * @throws {RangeError} If an option is out of range: a color that is not a
 * CSS color (see {@linkcode isCssColor}), a square or move that is not
 * one, a size that is not a whole number from 1 to {@linkcode MAX_SIZE}.
 * Nothing unchecked reaches the document.
 */
export function renderSvg(
  board: BoardInput,
  options: RenderSvgOptions = {},
): string {
  const input = toBoard(board, "render SVG");
  const drawing = readOptions(options);
  const vector = drawing.style === "vector";
  const checked = drawing.check ? kingsInCheck(input.board) : [];
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" ' +
    (vector ? 'xmlns:xlink="http://www.w3.org/1999/xlink" ' : "") +
    `version="1.1" width="${drawing.size}" height="${drawing.size}" ` +
    'viewBox="-1 -1 9 9"';
  if (drawing.accessible) {
    const { label, description } = textAlternative(input, drawing, checked);
    svg += ` role="img" aria-label="${label}">\n<title>${label}</title>\n` +
      `<desc>${description}</desc>\n`;
  } else svg += ">\n";
  if (vector) {
    svg += vectorDefs(input.board, drawing.labels) + FRAME +
      squares(drawing.light, drawing.dark);
    if (drawing.labels) svg += vectorLabels(drawing.flip);
  } else {
    svg += classicHead(drawing.labels) + squares(drawing.light, drawing.dark);
    if (drawing.labels) svg += classicLabels(drawing.flip);
  }
  svg += tints(drawing) + checkMarks(checked, drawing) +
    (vector
      ? vectorPieces(input.board, drawing.flip)
      : classicPieces(input.board, drawing.flip)) +
    arrows(drawing);
  if (drawing.sideToMove && input.position !== null) {
    svg += sideMark(input.position.turn, drawing.flip);
  }
  return svg + "</svg>\n";
}

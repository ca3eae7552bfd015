/**
 * A chessboard as an SVG document, in two styles.
 *
 * - `"classic"` (the default) is byte for byte the drawing of the classic
 *   `fen` shell script: a black frame, dark squares as one rectangle, light
 *   squares as two dashed paths, optional file and rank labels, and each
 *   piece as a Unicode chess symbol in `<text>`. What it looks like depends
 *   on the fonts of whoever opens it.
 * - `"vector"` looks like a lichess diagram: Colin M. L. Burnett's pieces
 *   (or DejaVu Sans's symbols) on lichess's board colors, by theme, with no
 *   frame, a thin one or the classic one, and coordinates outside, inside
 *   the edge squares or none. Pieces and coordinates are outlines: no font,
 *   no CSS, no `<text>`, and every renderer (browsers, librsvg, resvg) draws
 *   the same picture.
 *
 * Both styles take a size, highlighted squares and arrows (colored by
 * lichess's letters, see {@linkcode parseArrows}), the last move, a disc
 * under a king in check, a marker for the side to move and a text
 * alternative; none of them is drawn unless asked for, except that the
 * vector style marks checks and carries its text alternative by default.
 * The vector style also draws move-quality badges.
 *
 * @module
 */

import { type BoardInput, toBoard } from "../_board.ts";
import { classicDocument, GLYPHS, type Grow } from "./classic.ts";
import { arrows, checkedKings, checkMarks, sideMark, tints } from "./marks.ts";
import { type Drawing, readOptions, SvgOptionError } from "./options.ts";
import {
  bothRows,
  classicLook,
  type Strips,
  strips,
  stripSize,
  vectorBeside,
} from "./pockets.ts";
import { textAlternative } from "./_text.ts";
import { vectorDocument } from "./vector.ts";

export {
  BOARD_THEMES,
  COORDINATES,
  DEFAULT_ARROW_COLOR,
  DEFAULT_CHECK_COLOR,
  DEFAULT_DARK,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_LAST_MOVE_COLOR,
  DEFAULT_LIGHT,
  DEFAULT_SIZE,
  DEFAULT_THEME,
  FRAMES,
  MARK_COLORS,
  MAX_SIZE,
  MOVE_GLYPHS,
  PIECE_SETS,
  SVG_STYLES,
} from "./defaults.ts";
export { parseArrows, parseSquareMarks } from "./letters.ts";
export type { Board, BoardInput } from "../_board.ts";

export type {
  Arrow,
  Badge,
  BoardTheme,
  ColorLetter,
  Coordinates,
  Frame,
  Move,
  MoveGlyph,
  PieceSet,
  RenderSvgOptions,
  SquareMark,
  SvgStyle,
} from "./types.ts";
import type { RenderSvgOptions } from "./types.ts";

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
  const checked = checkedKings(input.board, drawing);
  let open = ">\n";
  if (drawing.accessible) {
    const { label, description } = textAlternative(input, drawing, checked);
    open = ` role="img" aria-label="${label}">\n<title>${label}</title>\n` +
      `<desc>${description}</desc>\n`;
  }
  const under = tints(drawing) + checkMarks(checked, drawing);
  let over = arrows(drawing);
  if (drawing.sideToMove && input.position !== null) {
    over += sideMark(
      input.position.turn,
      drawing.flip,
      drawing.frame === "labels",
    );
  }
  const rows = strips(input.position, drawing.flip);
  if (drawing.style !== "vector") {
    const parts = { open, under, over };
    return classicDocument(
      input.board,
      drawing,
      rows === null
        ? parts
        : { ...parts, beside: classicBeside(rows, drawing) },
    );
  }
  const parts = { open, under, over };
  return vectorDocument(
    input.board,
    drawing,
    rows === null ? parts : { ...parts, beside: vectorBeside(rows, drawing) },
  );
}

/** The classic drawing's pocket rows, outside its frame (-1 to 8). */
function classicBeside(
  rows: Strips,
  drawing: Drawing,
): { grow: Grow; svg: string } {
  const grow = stripSize(drawing.size / 9);
  const svg = bothRows(rows, {
    top: -1,
    bottom: 8,
    units: grow.units,
    look: classicLook(GLYPHS),
  });
  return { grow, svg };
}

/**
 * Checks diagram options without drawing: what {@linkcode renderSvg} would
 * refuse, in words, or `null` when it would draw with them.
 *
 * @example Checking options before a batch
 * ```ts
 * import { checkSvgOptions } from "@fen/fen/svg";
 * import assert from "node:assert/strict";
 *
 * assert.equal(checkSvgOptions({ size: 240, light: "teal" }), null);
 * assert.match(checkSvgOptions({ size: 0 }) ?? "", /size/);
 * ```
 *
 * @param options The options, as `renderSvg` takes them.
 * @returns What is wrong (the message of `renderSvg`'s error, without its
 * "Cannot render SVG: "), or `null`.
 */
export function checkSvgOptions(options: RenderSvgOptions): string | null {
  try {
    readOptions(options);
    return null;
  } catch (error) {
    if (error instanceof SvgOptionError) return error.detail;
    throw error;
  }
}

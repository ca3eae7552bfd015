// The classic diagram, byte for byte the drawing of the classic `fen` shell
// script: CSS in a <style>, pieces as Unicode chess symbols in <text>. The
// annotations slot in between its lines only when asked for, so the default
// output never changes.

import type { Board } from "../_board.ts";
import { FILES, type Piece, RANKS } from "../types.ts";
import type { Drawing } from "./options.ts";

const STYLE = "<style>\n" +
  "text{font-family:consolas;font-size:0.2px;}\n" +
  "text.piece{text-anchor:middle;dominant-baseline:mathematical;" +
  "font-size:0.8px;}\n";

const LABEL_STYLE =
  "text.horizontal{text-anchor:middle;dominant-baseline:middle;fill:grey;}\n" +
  "text.vertical{writing-mode:tb;glyph-orientation-vertical:0;fill:grey;}\n" +
  "text.vertical{writing-mode:vertical-rl;text-orientation:upright;}\n";

/** The frame, and the board: dark squares as one rect, light ones as dashes. */
export const FRAME =
  '<rect x="-1" y="-1" width="9" height="9" fill="black" rx="0.2"/>\n';

function labelLines(files: string, ranks: string): string {
  return `<text class="horizontal" x="3.5" y="-.75" textLength="7.1">${files}</text>\n` +
    `<text class="horizontal" x="3.5" y="7.75" textLength="7.1">${files}</text>\n` +
    `<text class="vertical" x="-.75" y="-.2" textLength="7.3">${ranks}</text>\n` +
    `<text class="vertical" x="7.75" y="-.2" textLength="7.3">${ranks}</text>\n`;
}

const LABELS = labelLines(FILES.join(""), RANKS.toReversed().join(""));
const FLIPPED_LABELS = labelLines(FILES.toReversed().join(""), RANKS.join(""));

/** The Unicode chess symbols, as decimal character references. */
export const GLYPHS: Readonly<Record<Piece, string>> = {
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
};

/** The squares in the given colors, the same in both styles. */
export function squares(light: string, dark: string): string {
  return `<rect x="-0.5" y="-0.5" width="8" height="8" fill="${dark}"/>\n` +
    `<path d="M-.5,0h7M.5,1h7M-.5,2h7M.5,3h7" stroke="${light}" stroke-dasharray="1"/>\n` +
    `<path d="M-.5,4h7M.5,5h7M-.5,6h7M.5,7h7" stroke="${light}" stroke-dasharray="1"/>\n`;
}

/** The style sheet, and the frame; with `labels`, the label rules too. */
export function classicHead(labels: boolean): string {
  return labels
    ? STYLE + LABEL_STYLE + "</style>\n" + FRAME
    : STYLE + "</style>\n" + FRAME;
}

/** The label lines, reversed when flipped. */
export function classicLabels(flip: boolean): string {
  return flip ? FLIPPED_LABELS : LABELS;
}

/** Each piece as a symbol in reading order, at x = column, y = row. */
export function classicPieces(board: Board, flip: boolean): string {
  let svg = "";
  for (let k = 0; k < 64; k++) {
    const piece = board[flip ? 63 - k : k];
    if (piece !== null) {
      svg += `<text class="piece" x="${k & 7}" y="${k >> 3}">${
        GLYPHS[piece]
      }</text>\n`;
    }
  }
  return svg;
}

/**
 * The opening tag up to its last attribute, the same in both styles; `grow`
 * adds a row above and below the frame (a variant's pockets), each
 * `pixels` high, `units` in the board's units.
 */
export function svgOpen(
  size: number,
  vector: boolean,
  grow: Grow = NO_GROW,
): string {
  const head = '<svg xmlns="http://www.w3.org/2000/svg" ' +
    (vector ? 'xmlns:xlink="http://www.w3.org/1999/xlink" ' : "");
  if (grow.pixels === 0) {
    return head +
      `version="1.1" width="${size}" height="${size}" viewBox="-1 -1 9 9"`;
  }
  // Three decimals, as marks.ts writes numbers (not imported: the one-shot
  // diagram loads this file alone).
  const short = (v: number): number => Math.round(v * 1000) / 1000;
  const [top, height] = [short(-1 - grow.units), short(9 + 2 * grow.units)];
  return head +
    `version="1.1" width="${size}" height="${
      size + 2 * grow.pixels
    }" viewBox="-1 ${top} 9 ${height}"`;
}

/** Rows added above and below the board: their height in pixels and units. */
export interface Grow {
  pixels: number;
  units: number;
}

const NO_GROW: Grow = { pixels: 0, units: 0 };

/** What a diagram adds to the classic drawing, each part "" when not asked. */
export interface ClassicParts {
  /** The end of the opening tag: `>` and a newline, or the text alternative. */
  open: string;
  /** Between the squares and the pieces: tints and check marks. */
  under: string;
  /** After the pieces: arrows and the side-to-move marker. */
  over: string;
  /** The rows beside the board (pockets, checks) and the height they add. */
  beside?: { grow: Grow; svg: string };
}

const PLAIN: ClassicParts = { open: ">\n", under: "", over: "" };

/**
 * The classic document. The command's plain diagrams (no annotations) call
 * it without the rest of the renderer, which is why the layout lives here.
 */
export function classicDocument(
  board: Board,
  drawing: Drawing,
  parts: ClassicParts = PLAIN,
): string {
  let svg = svgOpen(drawing.size, false, parts.beside?.grow) + parts.open +
    classicHead(drawing.labels) + squares(drawing.light, drawing.dark);
  if (drawing.labels) svg += classicLabels(drawing.flip);
  return svg + parts.under + classicPieces(board, drawing.flip) + parts.over +
    (parts.beside?.svg ?? "") + "</svg>\n";
}

// The self-contained diagram: the classic geometry and colors, but pieces
// and labels as outlines from DejaVu Sans (see _pieces.ts), so it needs no
// font, no CSS and no <text>, and looks the same in every renderer. Each
// outline is defined once in <defs> and placed with <use>: a start position
// is about half the size it would be with a path per piece. The IDs are the
// same in every document and always name the same outline, so two diagrams
// inlined in one page still draw right.

import type { Board } from "../_board.ts";
import { FILES, PIECES, pieceSide } from "../types.ts";
import { LABEL_PATHS, PIECE_PATHS } from "./_pieces.ts";

/**
 * A thin white rim around black pieces (their silhouette, stroked), so
 * that they stay visible on dark squares of any color.
 */
const HALO = 'stroke="#fff" stroke-width=".04" stroke-linejoin="round" ';

/** The outlines this board needs: its pieces, and the labels if drawn. */
export function vectorDefs(board: Board, labels: boolean): string {
  let defs = "<defs>\n";
  for (const piece of PIECES) {
    if (!board.includes(piece)) continue;
    const [silhouette, glyph] = PIECE_PATHS[piece];
    defs += `<g id="fen-${piece}"><path fill="#fff" ${
      pieceSide(piece) === "b" ? HALO : ""
    }d="${silhouette}"/><path fill="#000" d="${glyph}"/></g>\n`;
  }
  if (labels) {
    for (const [char, d] of Object.entries(LABEL_PATHS)) {
      defs += `<path id="fen-l${char}" d="${d}"/>\n`;
    }
  }
  return defs + "</defs>\n";
}

/** The file letters above and below, the rank digits left and right. */
export function vectorLabels(flip: boolean): string {
  let svg = '<g fill="grey">\n';
  for (let i = 0; i < 8; i++) {
    const file = FILES[flip ? 7 - i : i];
    const rank = flip ? i + 1 : 8 - i;
    svg += `<use xlink:href="#fen-l${file}" x="${i}" y="-.75"/>` +
      `<use xlink:href="#fen-l${file}" x="${i}" y="7.75"/>` +
      `<use xlink:href="#fen-l${rank}" x="-.75" y="${i}"/>` +
      `<use xlink:href="#fen-l${rank}" x="7.75" y="${i}"/>\n`;
  }
  return svg + "</g>\n";
}

/** Each piece in reading order, centered on its square. */
export function vectorPieces(board: Board, flip: boolean): string {
  let svg = "";
  for (let k = 0; k < 64; k++) {
    const piece = board[flip ? 63 - k : k];
    if (piece !== null) {
      svg += `<use xlink:href="#fen-${piece}" x="${k & 7}" y="${k >> 3}"/>\n`;
    }
  }
  return svg;
}

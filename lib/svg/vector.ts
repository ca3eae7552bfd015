// The self-contained diagram: pieces and labels as outlines (Colin M. L.
// Burnett's pieces, see _cburnett.ts, or DejaVu Sans's, see _pieces.ts), so
// it needs no font, no CSS and no <text>, and looks the same in every
// renderer. Each outline is defined once in <defs> and placed with <use>: a
// start position is about half the size it would be with a path per piece.
// The IDs are the same in every document and always name the same outline,
// so two diagrams inlined in one page still draw right.

import type { Board } from "../_board.ts";
import { FILES, type Piece, PIECES, pieceSide } from "../types.ts";
import { CBURNETT } from "./_cburnett.ts";
import { FRAME, type Grow, squares } from "./classic.ts";
import { MOVE_GLYPHS } from "./defaults.ts";
import { lettering, textWidth } from "./lettering.ts";
import { num, screen } from "./marks.ts";
import type { Drawing } from "./options.ts";
import { LABEL_PATHS, PIECE_PATHS } from "./_pieces.ts";

/**
 * A thin white rim around DejaVu's black pieces (their silhouette, stroked),
 * so that they stay visible on dark squares of any color.
 */
const HALO = 'stroke="#fff" stroke-width=".04" stroke-linejoin="round" ';

/** The thin frame's color: a dark grey that suits every theme. */
const BORDER = "#404040";

/** What the renderer adds around the board, each part "" when not asked. */
export interface VectorParts {
  /** The end of the opening tag: `>` and a newline, or the text alternative. */
  open: string;
  /** Between the squares and the pieces: tints and check marks. */
  under: string;
  /** After the pieces: arrows and the side-to-move marker. */
  over: string;
  /**
   * The rows beside the board (a variant's pockets and checks): the height
   * they add above and below, their drawing, and the pieces it uses.
   */
  beside?: { grow: Grow; svg: string; pieces: readonly Piece[] };
}

/** The part of the board's plane an image shows, and the image's size. */
export interface View {
  /** The top left corner, in squares (a8's center is 0 0). */
  x: number;
  y: number;
  /** The width and height, in squares. */
  width: number;
  height: number;
  /** The image's width and height, in pixels. */
  pixelWidth: number;
  pixelHeight: number;
}

/**
 * The whole board with its frame, `size` pixels square. A thin frame is a
 * whole number of pixels wide, so that at the size asked for the squares
 * fall on whole pixels whenever size minus both borders is a multiple of 8.
 */
export function boardView(drawing: Drawing): View {
  let margin = 0; // squares around the 8 x 8 board, on each side
  if (drawing.frame === "labels") margin = 0.5;
  if (drawing.frame === "thin") {
    const border = thinBorder(drawing.size);
    margin = border * 8 / Math.max(drawing.size - 2 * border, 8);
  }
  const side = 8 + 2 * margin;
  return {
    x: -0.5 - margin,
    y: -0.5 - margin,
    width: side,
    height: side,
    pixelWidth: drawing.size,
    pixelHeight: drawing.size,
  };
}

/**
 * The thin frame's width in pixels: about 1/240 of the size (at least 1),
 * widened by up to 3 px from 240 px up so that the squares fall on whole
 * pixels (which the GIF's and sprite PNG's squares need) when the size is
 * even.
 */
export function thinBorder(size: number): number {
  const target = Math.max(1, Math.round(size / 240));
  if (size < 240) return target;
  for (let border = target; border <= target + 3; border++) {
    if ((size - 2 * border) % 8 === 0) return border;
  }
  return target;
}

/** Six decimals: the view must put squares on whole pixels. */
function exact(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** What a document draws besides the parts, its pieces and its badge. */
export interface Layers {
  /** The frame, the squares and outside coordinates. */
  board: boolean;
  /** Inside coordinates. */
  labels: boolean;
}

const ALL: Layers = { board: true, labels: true };

/**
 * The vector document; `view` shows a part of it, `layers` leaves some out
 * (the GIF's sprites are made of one square's layers).
 */
export function vectorDocument(
  board: Board,
  drawing: Drawing,
  parts: VectorParts,
  view: View = boardView(drawing),
  layers: Layers = ALL,
): string {
  const beside = parts.beside;
  if (beside !== undefined) {
    const { pixels, units } = beside.grow;
    view = {
      ...view,
      y: view.y - units,
      height: view.height + 2 * units,
      pixelHeight: view.pixelHeight + 2 * pixels,
    };
  }
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" ' +
    'xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" ' +
    `width="${view.pixelWidth}" height="${view.pixelHeight}" viewBox="${
      exact(view.x)
    } ${exact(view.y)} ${exact(view.width)} ${exact(view.height)}"` +
    parts.open + vectorDefs(board, drawing, beside?.pieces ?? []);
  if (layers.board) svg += vectorBoard(drawing);
  svg += parts.under;
  svg += vectorPieces(board, drawing);
  // Over the pieces, as lichess draws them: a piece on an edge square
  // never hides its file letter or rank digit.
  if (layers.labels && drawing.coordinates === "inside") {
    svg += insideLabels(drawing);
  }
  if (drawing.badge !== null) svg += badge(drawing);
  return svg + parts.over + (beside?.svg ?? "") + "</svg>\n";
}

/** The frame, the squares, and coordinates outside. */
function vectorBoard(drawing: Drawing): string {
  let svg = "";
  if (drawing.frame === "labels") svg += FRAME;
  if (drawing.frame === "thin") {
    const { x, y, width } = boardView(drawing);
    svg += `<rect x="${exact(x)}" y="${exact(y)}" width="${
      exact(width)
    }" height="${exact(width)}" fill="${BORDER}"/>\n`;
  }
  svg += squares(drawing.light, drawing.dark);
  if (drawing.coordinates === "outside") svg += outsideLabels(drawing.flip);
  return svg;
}

/** The prefix of a piece set's IDs. */
export function pieceId(drawing: Drawing): string {
  return drawing.pieces === "cburnett" ? "fen-cb-" : "fen-";
}

/** The outlines this board needs: its pieces, and the labels if drawn. */
function vectorDefs(
  board: Board,
  drawing: Drawing,
  more: readonly Piece[],
): string {
  let defs = "<defs>\n";
  for (const piece of PIECES) {
    if (!board.includes(piece) && !more.includes(piece)) continue;
    if (drawing.pieces === "cburnett") {
      // The drawings are 45 units square, their top left at the origin.
      defs += `<g id="fen-cb-${piece}" transform="translate(-.5 -.5) ` +
        `scale(.0222222)">${CBURNETT[piece]}</g>\n`;
      continue;
    }
    const [silhouette, glyph] = PIECE_PATHS[piece];
    defs += `<g id="fen-${piece}"><path fill="#fff" ${
      pieceSide(piece) === "b" ? HALO : ""
    }d="${silhouette}"/><path fill="#000" d="${glyph}"/></g>\n`;
  }
  if (drawing.coordinates !== "none") {
    for (const [char, d] of Object.entries(LABEL_PATHS)) {
      defs += `<path id="fen-l${char}" d="${d}"/>\n`;
    }
  }
  return defs + "</defs>\n";
}

/** The file letters above and below, the rank digits left and right. */
function outsideLabels(flip: boolean): string {
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

/**
 * Lichess's coordinates: each file's letter in the bottom right corner of
 * the bottom row's square, each rank's digit in the top left corner of the
 * left column's, in the other square color. They are about 12 pixels high
 * and never under a fifth of a square, so that small boards keep them
 * legible, nor over a third, so that they stay out of the piece's way.
 */
function insideLabels(drawing: Drawing): string {
  const perSquare = drawing.size / boardView(drawing).width;
  const height = Math.min(Math.max(12 / perSquare, 0.2), 0.34);
  const scale = num(height / 0.3); // the outlines are 0.3 squares high
  const [dx, dy] = [0.44 - 0.33 * height, 0.44 - 0.4 * height];
  let svg = "";
  for (let i = 0; i < 8; i++) {
    const file = FILES[drawing.flip ? 7 - i : i];
    const rank = drawing.flip ? i + 1 : 8 - i;
    const bottomFill = (i + 7) % 2 === 0 ? drawing.dark : drawing.light;
    const leftFill = i % 2 === 0 ? drawing.dark : drawing.light;
    svg += `<use xlink:href="#fen-l${file}" fill="${bottomFill}" ` +
      `transform="translate(${num(i + dx)} ${num(7 + dy)}) scale(${scale})"/>` +
      `<use xlink:href="#fen-l${rank}" fill="${leftFill}" ` +
      `transform="translate(${num(-dx)} ${num(i - dy)}) scale(${scale})"/>\n`;
  }
  return svg;
}

/** Each piece in reading order, centered on its square. */
function vectorPieces(board: Board, drawing: Drawing): string {
  const id = pieceId(drawing);
  let svg = "";
  for (let k = 0; k < 64; k++) {
    const piece = board[drawing.flip ? 63 - k : k];
    if (piece !== null) {
      svg += `<use xlink:href="#${id}${piece}" x="${k & 7}" y="${k >> 3}"/>\n`;
    }
  }
  return svg;
}

/** Badge size, in squares: inside the square, so that it covers no other. */
const BADGE_RADIUS = 0.19;
const BADGE_TEXT = 0.3;

/** A disc in the square's top right corner, with the symbol in white. */
function badge(drawing: Drawing): string {
  const { square, glyph } = drawing.badge!;
  const [col, row] = screen(square, drawing.flip);
  const [cx, cy] = [col + 0.48 - BADGE_RADIUS, row - 0.48 + BADGE_RADIUS];
  return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${BADGE_RADIUS}" ` +
    `fill="${MOVE_GLYPHS[glyph]}" stroke="#fff" stroke-width=".02"/>\n` +
    lettering(glyph, {
      x: cx - textWidth(glyph) * BADGE_TEXT / 2,
      y: cy + 0.36 * BADGE_TEXT, // half the height of "!" and "?"
      size: BADGE_TEXT,
      fill: "#fff",
    });
}

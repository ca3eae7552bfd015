// What a variant adds beside the board, as lichess draws it: crazyhouse's
// pieces in hand as a row above and below the board (Black's at the top
// unless flipped), each with its count in a badge at the piece's bottom
// right corner, and three-check's checks given as "+N" at the row's right
// end. The rows are extra height: the board and everything on it keep their
// coordinates, only the viewBox and the height grow.

import {
  type Piece,
  PIECES,
  type Position,
  ROLE_NAMES,
  type Side,
} from "../types.ts";
import type { Grow } from "./classic.ts";
import { lettering, textWidth } from "./lettering.ts";
import { num } from "./marks.ts";
import type { Drawing } from "./options.ts";
import { boardView, pieceId } from "./vector.ts";

/** The pocket's pieces in lichess's order; a king is never in hand. */
const HAND = ["p", "n", "b", "r", "q"] as const;

/** The count badge: a disc at the piece's bottom right corner. */
const COUNT_RADIUS = 0.17;
const COUNT_FILL = "#d64f00";
/** Pieces a side has none of are drawn faint, so the row never shifts. */
const EMPTY_OPACITY = ".3";

/** A strip's picture in its own units: a square is 1, centered on (col, 0). */
export interface StripLook {
  /** A piece centered on (x, 0), faint when `faint`. */
  piece(piece: Piece, x: number, faint: boolean): string;
  /** Text (digits and "+") centered on (x, y), `size` units high, white or dark. */
  text(
    text: string,
    at: { x: number; y: number; size: number; fill: string },
  ): string;
}

/** The rows a position needs, or null when it has neither pockets nor checks. */
export interface Strips {
  /** The top row's side and the bottom row's. */
  top: Side;
  bottom: Side;
  position: Position;
}

/** The strips of a position: present with pockets or check counters. */
export function strips(
  position: Position | null,
  flip: boolean,
): Strips | null {
  if (position === null) return null;
  if (
    position.pockets === undefined && position.remainingChecks === undefined
  ) {
    return null;
  }
  return { top: flip ? "w" : "b", bottom: flip ? "b" : "w", position };
}

/** The pieces the pockets show, for the vector style's definitions. */
export function pocketPieces(strips: Strips | null): Piece[] {
  if (strips === null || strips.position.pockets === undefined) return [];
  return HAND.flatMap((p) => [p.toUpperCase() as Piece, p as Piece]);
}

/**
 * One side's row, its content in strip units, placed by `transform` (the
 * caller's translate and scale onto the board's units).
 */
export function stripRow(
  strips: Strips,
  side: Side,
  at: { transform: string; look: StripLook },
): string {
  const { pockets, remainingChecks } = strips.position;
  let body = "";
  if (pockets !== undefined) {
    HAND.forEach((letter, x) => {
      const count = pockets[side][letter];
      const piece = (side === "w" ? letter.toUpperCase() : letter) as Piece;
      body += at.look.piece(piece, x, count === 0);
      if (count > 0) body += countBadge(count, x, at.look);
    });
  }
  if (remainingChecks !== undefined) {
    const given = `+${Math.max(0, 3 - remainingChecks[side])}`;
    body += at.look.text(given, { x: 7, y: 0, size: 0.5, fill: "#404040" });
  }
  return `<g class="fen-pocket-${side}" transform="${at.transform}">\n` +
    body + "</g>\n";
}

function countBadge(count: number, x: number, look: StripLook): string {
  const [cx, cy] = [x + 0.48 - COUNT_RADIUS, 0.48 - COUNT_RADIUS];
  return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(COUNT_RADIUS)}" ` +
    `fill="${COUNT_FILL}"/>\n` +
    look.text(String(count), { x: cx, y: cy, size: 0.26, fill: "#fff" });
}

/** The vector style's look: outlines, no font. */
export function vectorLook(pieceId: string): StripLook {
  return {
    piece: (piece, x, faint) =>
      `<use xlink:href="#${pieceId}${piece}" x="${x}" y="0"${
        faint ? ` opacity="${EMPTY_OPACITY}"` : ""
      }/>\n`,
    text: (text, at) =>
      lettering(text, {
        x: at.x - textWidth(text) * at.size / 2,
        y: at.y + 0.36 * at.size, // half the height of a digit
        size: at.size,
        fill: at.fill,
      }),
  };
}

/** The classic style's look: Unicode symbols and text, like its pieces. */
export function classicLook(
  glyphs: Readonly<Record<Piece, string>>,
): StripLook {
  return {
    piece: (piece, x, faint) =>
      `<text class="piece" x="${x}" y="0"${
        faint ? ` opacity="${EMPTY_OPACITY}"` : ""
      }>${glyphs[piece]}</text>\n`,
    text: (text, at) =>
      `<text x="${num(at.x)}" y="${num(at.y)}" fill="${at.fill}" ` +
      `style="font-size:${num(at.size)}px;text-anchor:middle;` +
      `dominant-baseline:middle">${text}</text>\n`,
  };
}

/**
 * The strips' size on screen: one square's height in whole pixels, so that
 * the image stays a whole number of pixels high and the board's squares
 * keep their size; `units` is that height in the board's units.
 */
export function stripSize(
  pixelsPerUnit: number,
): { pixels: number; units: number } {
  const pixels = Math.max(1, Math.round(pixelsPerUnit));
  return { pixels, units: pixels / pixelsPerUnit };
}

/** Where the rows go: the board's view, in board units, and their look. */
export interface RowsView {
  /** The view's top and bottom, in board units. */
  top: number;
  bottom: number;
  /** A row's height, in board units. */
  units: number;
  look: StripLook;
}

/**
 * Both rows for a board whose view spans `top` to `bottom` (board units):
 * the top row just above, the bottom row just below, each `units` high.
 */
export function bothRows(strips: Strips, view: RowsView): string {
  return oneRow(strips, view, "top") + oneRow(strips, view, "bottom");
}

/** The top row or the bottom one, placed as {@linkcode bothRows} does. */
export function oneRow(
  strips: Strips,
  view: RowsView,
  row: "top" | "bottom",
): string {
  const cy = row === "top"
    ? view.top - view.units / 2
    : view.bottom + view.units / 2;
  return stripRow(strips, strips[row], {
    transform: `translate(0 ${num(cy)}) scale(${num(view.units)})`,
    look: view.look,
  });
}

/**
 * The vector drawing's rows (or only one of them), just outside its view:
 * the height they add above and below, their drawing, and the pieces it
 * uses (the SVG's and PNG's document draws them; the GIF's rows are cut
 * from the same drawing).
 */
export function vectorBeside(
  rows: Strips,
  drawing: Drawing,
  only?: "top" | "bottom",
): { grow: Grow; svg: string; pieces: Piece[] } {
  const view = boardView(drawing);
  const grow = stripSize(view.pixelWidth / view.width);
  const place: RowsView = {
    top: view.y,
    bottom: view.y + view.height,
    units: grow.units,
    look: vectorLook(pieceId(drawing)),
  };
  const svg = only === undefined
    ? bothRows(rows, place)
    : oneRow(rows, place, only);
  return { grow, svg, pieces: pocketPieces(rows) };
}

/**
 * The rows in words, for the text alternative: "White in hand: 2 queens."
 * and "White has given 1 check.", White's first.
 */
export function describeBeside(position: Position): string[] {
  const words: string[] = [];
  for (const side of ["w", "b"] as const) {
    const name = side === "w" ? "White" : "Black";
    const pocket = position.pockets?.[side];
    if (pocket !== undefined) {
      const held = HAND.filter((p) => pocket[p] > 0).map((p) => {
        const role = ROLE_NAMES[PIECES.indexOf(p) % 6];
        return `${pocket[p]} ${role}${pocket[p] > 1 ? "s" : ""}`;
      });
      words.push(
        `${name} in hand: ${held.length > 0 ? held.join(", ") : "nothing"}.`,
      );
    }
    const left = position.remainingChecks?.[side];
    if (left !== undefined) {
      const given = Math.max(0, 3 - left);
      words.push(`${name} has given ${given} check${given === 1 ? "" : "s"}.`);
    }
  }
  return words;
}

// The annotations both styles share: tinted squares, the disc under a king
// in check, arrows, and the side-to-move marker. Everything is drawn in the
// viewBox's units (a square is 1, centered on whole numbers), with plain
// presentation attributes: no IDs, no CSS, no text.

import type { Board } from "../_board.ts";
import { attackersTo } from "../chess/attacks.ts";
import { ChessBoard } from "../chess/board.ts";
import { KING } from "../chess/geometry.ts";
import type { Side } from "../types.ts";
import type { Drawing, Tint } from "./options.ts";

/** Arrow shape, in squares. */
const SHAFT = 0.16;
const HEAD_WIDTH = 0.48;
const HEAD_LENGTH = 0.42;
/** How far a tip stops short of the target square's center. */
const TIP_GAP = 0.12;
/** An arrow from a square to itself is a ring: its radius and width. */
export const RING_RADIUS = 0.42;
export const RING_WIDTH = 0.08;

/** A number to 3 decimals, without a leading zero: 0.5 is ".5". */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return String(rounded === 0 ? 0 : rounded).replace(/^(-?)0\./, "$1.");
}

/** The screen column and row (0-7, top left) of a board index. */
export function screen(index: number, flip: boolean): [number, number] {
  const k = flip ? 63 - index : index;
  return [k & 7, k >> 3];
}

/** Tints for the last move and the highlighted squares, under the pieces. */
export function tints(drawing: Drawing): string {
  const lastMove = drawing.lastMove.map((square) => ({
    square,
    color: drawing.lastMoveColor,
  }));
  return tint(lastMove, drawing.flip) + tint(drawing.highlight, drawing.flip);
}

/** One path per color, in the order the colors first appear. */
function tint(marks: Tint[], flip: boolean): string {
  const paths = new Map<string, Set<number>>();
  for (const { square, color } of marks) {
    paths.set(color, (paths.get(color) ?? new Set()).add(square));
  }
  let svg = "";
  for (const [color, squares] of paths) {
    let d = "";
    for (const k of squares) {
      const [col, row] = screen(k, flip);
      d += `M${num(col - 0.5)} ${num(row - 0.5)}h1v1h-1z`;
    }
    svg += `<path d="${d}" fill="${color}"/>\n`;
  }
  return svg;
}

/**
 * The kings attacked by the other side, as board indices in board order:
 * asked of the chess core, as the legality check and the move functions
 * ask it, for every king on the board (a diagram may show any board).
 */
export function kingsInCheck(board: Board): number[] {
  const b = new ChessBoard();
  b.loadPieces(board);
  const kings: number[] = [];
  for (let k = 0; k < 64; k++) {
    const code = b.sq[k];
    if ((code & 7) !== KING) continue;
    if (attackersTo(b, k, (code >> 3) ^ 1, b.occupied, null) > 0) kings.push(k);
  }
  return kings;
}

/**
 * The kings a drawing marks: with `check` a square, the king on it (none if
 * it holds no king: the caller said where, not the board), else every king
 * in check, or none when checks are not drawn.
 */
export function checkedKings(
  board: Board,
  drawing: Pick<Drawing, "check" | "checkSquare">,
): number[] {
  if (!drawing.check) return [];
  const square = drawing.checkSquare;
  if (square === null) return kingsInCheck(board);
  const piece = board[square];
  return piece === "K" || piece === "k" ? [square] : [];
}

/** A disc under each king in `kings`. */
export function checkMarks(kings: number[], drawing: Drawing): string {
  let svg = "";
  for (const k of kings) {
    const [col, row] = screen(k, drawing.flip);
    svg +=
      `<circle cx="${col}" cy="${row}" r=".45" fill="${drawing.checkColor}"/>\n`;
  }
  return svg;
}

/** The arrows, over the pieces. */
export function arrows(drawing: Drawing): string {
  let svg = "";
  for (const { from, to, color } of drawing.arrows) {
    const [x0, y0] = screen(from, drawing.flip);
    const [x1, y1] = screen(to, drawing.flip);
    if (from === to) {
      svg += `<circle cx="${x0}" cy="${y0}" r="${num(RING_RADIUS)}" ` +
        `fill="none" stroke="${color}" stroke-width="${num(RING_WIDTH)}"/>\n`;
    } else {
      svg += `<path d="${arrowPath(x0, y0, x1, y1)}" fill="${color}"/>\n`;
    }
  }
  return svg;
}

/**
 * A straight arrow from one square's center to just short of another's, as
 * two convex outlines that share an edge: the shaft, then the head. The
 * sprite renderers fill the same outlines that the document draws.
 */
export function arrowOutline(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): { shaft: [number, number][]; head: [number, number][] } {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const [ux, uy] = [(x1 - x0) / length, (y1 - y0) / length];
  const [nx, ny] = [-uy, ux]; // the normal, to the arrow's left
  const tip = length - TIP_GAP;
  const neck = tip - HEAD_LENGTH;
  const at = (along: number, across: number): [number, number] => [
    x0 + ux * along + nx * across,
    y0 + uy * along + ny * across,
  ];
  return {
    shaft: [
      at(0, SHAFT / 2),
      at(neck, SHAFT / 2),
      at(neck, -SHAFT / 2),
      at(0, -SHAFT / 2),
    ],
    head: [at(neck, HEAD_WIDTH / 2), at(tip, 0), at(neck, -HEAD_WIDTH / 2)],
  };
}

/** The arrow's outline as one path: the shaft and head as one polygon. */
function arrowPath(x0: number, y0: number, x1: number, y1: number): string {
  const { shaft, head } = arrowOutline(x0, y0, x1, y1);
  const text = (p: [number, number]): string => `${num(p[0])} ${num(p[1])}`;
  const rest = [shaft[1], head[0], head[1], head[2], shaft[2], shaft[3]];
  return `M${text(shaft[0])}L${rest.map(text).join(" ")}z`;
}

/** The side-to-move marker's disc: its center, radius and colors. */
export interface SideDisc {
  cx: number;
  cy: number;
  r: number;
  fill: string;
  stroke: string;
  strokeWidth: number;
}

/**
 * A disc on the side to move: white for White, black with a grey ring for
 * Black, at the bottom right when that side plays up the board. It sits in
 * the frame's corner, or without a frame in the corner square's.
 */
export function sideDisc(
  turn: Side,
  flip: boolean,
  inFrame: boolean,
): SideDisc {
  const bottom = (turn === "w") !== flip;
  const [at, r] = inFrame ? [7.75, 0.16] : [7.36, 0.1];
  return {
    cx: at,
    cy: bottom ? at : 7 - at,
    r,
    fill: turn === "w" ? "#fff" : "#000",
    stroke: "grey",
    strokeWidth: 0.04,
  };
}

/** The side-to-move marker as SVG: see {@linkcode sideDisc}. */
export function sideMark(turn: Side, flip: boolean, inFrame: boolean): string {
  const disc = sideDisc(turn, flip, inFrame);
  return `<circle cx="${num(disc.cx)}" cy="${num(disc.cy)}" r="${
    num(disc.r)
  }" fill="${disc.fill}" stroke="${disc.stroke}" stroke-width="${
    num(disc.strokeWidth)
  }"/>\n`;
}

// A frame, as every input is made into before it is drawn (lila-gif's
// RenderFrame): a position for a PNG or a still GIF (stillFrame here), a
// game's move or a frame of lila-gif's JSON (the GIF module's adapter). And
// where a drawing's squares fall in pixels, which sprites need whole.

import type { Board, ReadBoard } from "../_board.ts";
import { checkedKings, type SideDisc, sideDisc } from "../svg/marks.ts";
import type { Drawing, IndexArrow, Tint } from "../svg/options.ts";
import { type Strips, strips } from "../svg/pockets.ts";
import type { MoveGlyph } from "../svg/types.ts";
import { boardView } from "../svg/vector.ts";

/**
 * A checked frame, as every input (a position, a game's move, a frame of
 * lila-gif's JSON) is made into before it is drawn: what each square shows,
 * what lies across squares, and its delay if it has one.
 */
export interface Frame {
  board: Board;
  /** The last move's squares (board indices), or none. */
  lastMove: readonly number[];
  /** A badge and its square (a board index), or none. */
  badge: { square: number; glyph: MoveGlyph } | null;
  /** The kings marked in check (board indices). */
  check: readonly number[];
  /** Tinted squares: the look's options' (a still board's), then a frame's. */
  highlight: readonly Tint[];
  /** Arrows of this frame (the look's own come first). */
  arrows: readonly IndexArrow[];
  /** The side-to-move disc, or none. */
  side: SideDisc | null;
  /** A finished game's result (`1-0`, `0-1`, `½-½`), or none: in the bars. */
  result: string | null;
  /** A variant's rows beside the board (pockets, check counters), or none. */
  strips: Strips | null;
  delay: number | undefined;
}

/**
 * A still board's frame: the position and everything the drawing's
 * options put on it (the adapter for a PNG, and a GIF of one position).
 */
export function stillFrame(input: ReadBoard, drawing: Drawing): Frame {
  const { board, position } = input;
  return {
    board,
    lastMove: drawing.lastMove,
    badge: drawing.badge,
    check: checkedKings(board, drawing),
    highlight: drawing.highlight,
    arrows: drawing.arrows,
    side: drawing.sideToMove && position !== null
      ? sideDisc(position.turn, drawing.flip, drawing.frame === "labels")
      : null,
    result: null,
    strips: strips(position, drawing.flip),
    delay: undefined,
  };
}

/**
 * A look's key: the drawing but what a board puts where (its last move,
 * badge, checked square, arrows, tinted squares), with the colors of the
 * arrows and tints, which the palette must hold. Boards of one look share
 * sprites and a palette: a board's marks are its frame's, not the look's.
 */
export function lookKey(drawing: Drawing, extra: object = {}): string {
  const colors = (marks: readonly { color: string }[]): string[] =>
    [...new Set(marks.map(({ color }) => color))].sort();
  return JSON.stringify({
    ...drawing,
    ...extra,
    lastMove: [],
    badge: null,
    checkSquare: null,
    arrows: colors(drawing.arrows),
    highlight: colors(drawing.highlight),
  });
}

/** The one shape of the GIF renderer's errors (a size only GIFs refuse). */
export function gifError(detail: string): RangeError {
  return new RangeError(`Cannot render GIF: ${detail}`);
}

/** The board's squares in pixels, if they fall on whole pixels. */
function wholePixels(
  drawing: Drawing,
): { side: number; offset: number } | null {
  const view = boardView(drawing);
  const side = drawing.size / view.width;
  const offset = (-0.5 - view.x) * side;
  const whole = (value: number) => Math.abs(value - Math.round(value)) < 1e-6;
  return whole(side) && whole(offset)
    ? { side: Math.round(side), offset: Math.round(offset) }
    : null;
}

/** Whether sprites can draw the board: its squares fall on whole pixels. */
export function fitsPixels(drawing: Drawing): boolean {
  return wholePixels(drawing) !== null;
}

/**
 * The board's squares in pixels: their side, and a8's top left corner; the
 * error names the nearest sizes that work.
 */
export function squarePixels(
  drawing: Drawing,
): { side: number; offset: number } {
  const found = wholePixels(drawing);
  if (found !== null) return found;
  const fits = (size: number) => fitsPixels({ ...drawing, size });
  let [below, above] = [drawing.size - 1, drawing.size + 1];
  while (below > 1 && !fits(below)) below--;
  while (!fits(above)) above++;
  throw gifError(
    `a ${drawing.size} px board with frame "${drawing.frame}" does not put the squares on whole pixels; ${below} or ${above} px does`,
  );
}

// A GIF frame as the renderer takes it (a position, its last move and
// badge, its check, arrows and squares, a result), checked and made into
// the frame every raster renderer draws: the one adapter for the command's
// games, lila-gif's JSON frames and a PGN game alike.

import { toBoard } from "../_board.ts";
import { type Frame, gifError } from "../raster/frame.ts";
import { MOVE_GLYPHS } from "../svg/defaults.ts";
import { checkedKings, sideDisc } from "../svg/marks.ts";
import {
  checkSquare,
  type Drawing,
  move,
  readArrows,
  readHighlights,
} from "../svg/options.ts";
import type { BoardInput } from "../_board.ts";
import { strips } from "../svg/pockets.ts";
import type { Arrow, Move, MoveGlyph, SquareMark } from "../svg/types.ts";

/** One frame of an animation: a position and how it was reached. */
export interface GifFrame {
  /** The position, a board, or FEN text. */
  position: BoardInput;
  /** The move that led here: its squares are tinted. */
  lastMove?: string | Move;
  /** A move-quality badge on the last move's target square. */
  glyph?: MoveGlyph;
  /**
   * The check mark: a square marks the king on it (as lichess's GIF
   * service's frames say it), `false` none, else as the look's `check`.
   */
  check?: boolean | string;
  /** Arrows of this frame (a PGN comment's `%cal`), after the look's. */
  arrows?: readonly (string | Arrow)[];
  /** Tinted squares of this frame (a PGN comment's `%csl`). */
  highlight?: readonly (string | SquareMark)[];
  /** A finished game's result (a game's last frame): scores in the bars. */
  result?: "1-0" | "0-1" | "1/2-1/2";
  /** This frame's delay in centiseconds, instead of the animation's. */
  delay?: number;
}

/** Results as a finished game's last frame shows them. */
const RESULTS: Readonly<Record<string, string>> = {
  "1-0": "1-0",
  "0-1": "0-1",
  "1/2-1/2": "\u00bd-\u00bd",
};

/** A checked frame: the one adapter from a GifFrame to what is drawn. */
export function frameOf(frame: GifFrame, drawing: Drawing): Frame {
  const { board, position } = toBoard(frame.position, "render GIF");
  const lastMove = frame.lastMove === undefined
    ? []
    : move(frame.lastMove, "last move");
  if (frame.glyph !== undefined) {
    if (!Object.hasOwn(MOVE_GLYPHS, frame.glyph)) {
      throw gifError(
        `glyph ${JSON.stringify(frame.glyph)} is not one of ${
          Object.keys(MOVE_GLYPHS).join(" ")
        }`,
      );
    }
    if (lastMove.length === 0) throw gifError("a glyph needs the last move");
  }
  if (frame.result !== undefined && !Object.hasOwn(RESULTS, frame.result)) {
    throw gifError(
      `result ${JSON.stringify(frame.result)} is not 1-0, 0-1 or 1/2-1/2`,
    );
  }
  return {
    board,
    lastMove,
    badge: frame.glyph === undefined
      ? null
      : { square: lastMove[1], glyph: frame.glyph },
    check: checkedKings(board, frameCheck(frame.check, drawing)),
    highlight: [
      ...drawing.highlight,
      ...readHighlights(frame.highlight ?? [], drawing.highlightColor),
    ],
    arrows: [
      ...drawing.arrows,
      ...readArrows(frame.arrows ?? [], drawing.arrowColor),
    ],
    side: drawing.sideToMove && position !== null
      ? sideDisc(position.turn, drawing.flip, drawing.frame === "labels")
      : null,
    result: frame.result === undefined ? null : RESULTS[frame.result],
    strips: strips(position, drawing.flip),
    delay: frame.delay === undefined
      ? undefined
      : centiseconds(frame.delay, 0, "frame delay"),
  };
}

/** The drawing's check settings as a frame's own `check` changes them. */
function frameCheck(
  check: boolean | string | undefined,
  drawing: Drawing,
): Pick<Drawing, "check" | "checkSquare"> {
  if (check === undefined) return drawing;
  return { check: check !== false, checkSquare: checkSquare(check) };
}

/** A delay: whole centiseconds from 0 to 65535, else `fallback`. */
export function centiseconds(
  value: number | undefined,
  fallback: number,
  what: string,
) {
  if (value === undefined) return fallback;
  if (Number.isInteger(value) && value >= 0 && value <= 0xffff) return value;
  throw gifError(
    `${what} ${
      String(value)
    } is not a whole number of centiseconds from 0 to 65535`,
  );
}

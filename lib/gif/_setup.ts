// A GIF's options, checked once before anything is drawn: the look (the
// vector diagram's options), the players, the comment, the timing.

import type { Player } from "../raster/bars.ts";
import { gifError, lookKey, squarePixels } from "../raster/frame.ts";
import { type Drawing, readOptions } from "../svg/options.ts";
import type { RenderSvgOptions } from "../svg/types.ts";
import { centiseconds } from "./_frame.ts";

/**
 * How long a frame is shown unless told, in centiseconds (GIF's unit):
 * half a second.
 *
 * @example
 * ```ts
 * import { DEFAULT_DELAY } from "@fen/fen/gif";
 * import assert from "node:assert/strict";
 *
 * assert.equal(DEFAULT_DELAY, 50);
 * ```
 */
export const DEFAULT_DELAY = 50;

/**
 * How long the last frame of an animation is shown unless told, in
 * centiseconds: three seconds, before the game starts again.
 *
 * @example
 * ```ts
 * import { DEFAULT_LAST_DELAY } from "@fen/fen/gif";
 * import assert from "node:assert/strict";
 *
 * assert.equal(DEFAULT_LAST_DELAY, 300);
 * ```
 */
export const DEFAULT_LAST_DELAY = 300;

/**
 * Options for `renderGif`: those of the vector diagram (size,
 * theme, colors, pieces, frame, coordinates, flip, highlights, arrows, last
 * move, check, the side-to-move marker) but the badge (a frame's `glyph`),
 * plus the players and a comment. The size is the board's width in pixels;
 * the squares must fall on whole pixels (with no frame, a multiple of 8).
 */
export interface RenderGifOptions
  extends Omit<RenderSvgOptions, "style" | "accessible" | "badge"> {
  /** White's bar, below the board (above it when flipped). */
  white?: string | Player;
  /** Black's bar, above the board (below it when flipped). */
  black?: string | Player;
  /**
   * Text written into the file as a comment extension (as lichess's GIF
   * service writes its `comment`): not drawn.
   */
  comment?: string;
}

/** Options for an animation: a frame's delay, the last one's, looping. */
export interface AnimateGifOptions extends Omit<RenderGifOptions, "lastMove"> {
  /** Centiseconds per frame, {@linkcode DEFAULT_DELAY} unless given. */
  delay?: number;
  /** The last frame's, {@linkcode DEFAULT_LAST_DELAY} unless given. */
  lastDelay?: number;
  /** Play again and again (the default), or once. */
  loop?: boolean;
}

/** Checked options: the drawing's theme, the picture, the timing. */
export interface Setup {
  key: string;
  options: RenderSvgOptions;
  drawing: Drawing;
  players: [Player, Player] | null;
  comment: string | null;
  /** Whether frames may add lichess's colored arrows and squares. */
  animated: boolean;
  delay: number;
  lastDelay: number;
  loop: boolean;
}

/** Checks the options once; the drawing's own are read by readOptions. */
export function readSetup(
  options: AnimateGifOptions,
  animated: boolean,
): Setup {
  if ("badge" in options) {
    throw gifError("badge is drawn from a frame's glyph on GIFs");
  }
  const { white, black, delay, lastDelay, loop, comment, ...look } = options;
  if (comment !== undefined && typeof comment !== "string") {
    throw gifError("the comment is not text");
  }
  const svg: RenderSvgOptions = { ...look, style: "vector", accessible: false };
  const drawing = readOptions(svg); // throws on bad options now
  squarePixels(drawing); // and on a size that does not fit
  const players = white === undefined && black === undefined
    ? null
    : [player(white, "white"), player(black, "black")];
  return {
    key: lookKey(drawing, { animated }),
    options: svg,
    drawing,
    comment: comment ?? null,
    animated,
    players: players === null
      ? null
      : (drawing.flip ? [players[0], players[1]] : [players[1], players[0]]),
    delay: centiseconds(delay, animated ? DEFAULT_DELAY : 0, "delay"),
    lastDelay: centiseconds(
      lastDelay,
      animated ? DEFAULT_LAST_DELAY : 0,
      "last delay",
    ),
    loop: animated && loop !== false,
  };
}

function player(value: string | Player | undefined, side: string): Player {
  if (value === undefined) return { name: "" };
  if (typeof value === "string") return { name: value };
  if (
    typeof value === "object" && value !== null &&
    typeof value.name === "string"
  ) {
    return value;
  }
  throw gifError(`the ${side} player is not a name or { name, title, rating }`);
}

/**
 * Chessboards as GIF images, and games as animated GIFs, the way lichess's
 * GIF renderer (lila-gif) makes them: every square's picture is rasterized
 * once through the same vector drawing as {@linkcode renderSvg} and the PNG
 * renderer (resvg, npm `@resvg/resvg-wasm`, MPL-2.0), mapped to a palette
 * made for the board, and a frame is copied sprites and LZW (npm `gifenc`,
 * MIT). Each frame after the first holds only the squares that changed.
 * A variant's position (crazyhouse's pockets, three-check's counters) has
 * the PNG's rows above and below the board, on a white ground.
 *
 * This module is a separate entry point, loaded only when asked for: the
 * main module never loads it, and it loads the rasterizer and encoder on
 * the first image. It works offline once the packages are cached, with no
 * permission.
 *
 * @module
 */

import { type BoardInput, toBoard } from "../_board.ts";
import { barHeight, barSvg, scores } from "../raster/bars.ts";
import { type Frame, gifError } from "../raster/frame.ts";
import { loadGifenc } from "../raster/gifenc.js";
import { loadResvgPixels } from "../raster/resvg_wasm.js";
import { rowHeight, rowKinds } from "../raster/rows.ts";
import { SpriteTheme } from "../raster/sprites.ts";
import { parseArrows, parseSquareMarks } from "../svg/letters.ts";
import { readOptions } from "../svg/options.ts";
import { GifAnimation, type Picture } from "./_animation.ts";
import { frameOf, type GifFrame } from "./_frame.ts";
import { LzwCoder } from "./_lzw.ts";
import {
  type AnimateGifOptions,
  readSetup,
  type RenderGifOptions,
  type Setup,
} from "./_setup.ts";

export type { Player } from "../raster/bars.ts";
export {
  type AnimateGifOptions,
  DEFAULT_DELAY,
  DEFAULT_LAST_DELAY,
  type RenderGifOptions,
} from "./_setup.ts";
export type { GifFrame } from "./_frame.ts";
export { type GameFrame, gameFrames, gamePlayer } from "./game.ts";

/** Draws boards and games as GIF files, once the tools are loaded. */
export interface GifRenderer {
  /**
   * Draws one board.
   *
   * @param board A position, a board of 64 squares, or FEN text.
   * @param options The size, colors, orientation, marks and players.
   * @returns The GIF file's bytes.
   */
  render(board: BoardInput, options?: RenderGifOptions): Uint8Array;
  /**
   * Animates frames, coding each as it comes: the file's bytes arrive in
   * pieces, to be written one after the other.
   *
   * @param frames The frames, in order: a game's start and each position
   * after a move.
   * @param options The look, the players, delays and looping.
   * @returns The bytes, a piece per frame and one at the end.
   */
  animate(
    frames: Iterable<GifFrame>,
    options?: AnimateGifOptions,
  ): Generator<Uint8Array, void, undefined>;
}

/**
 * Loads the rasterizer and the encoder (once per process) and returns a
 * renderer that draws synchronously. It keeps each look's sprites and
 * palette, so the second GIF of a look costs only its frames: the way to
 * make many.
 *
 * @example A position, then a two-move animation
 * ```ts
 * import { createGifRenderer } from "@fen/fen/gif";
 * import assert from "node:assert/strict";
 *
 * const renderer = await createGifRenderer();
 * const still = renderer.render("8/8/8/8/8/8/8/4K3", { size: 96 });
 * assert.equal(new TextDecoder().decode(still.subarray(0, 6)), "GIF89a");
 * const parts = [...renderer.animate([
 *   { position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" },
 *   { position: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", lastMove: "e2e4", glyph: "!" },
 * ], { size: 96, white: "Anna", black: { name: "Bo", title: "GM", rating: 2500 } })];
 * assert.equal(parts.at(-1)?.at(-1), 0x3b); // the trailer
 * ```
 *
 * @returns The renderer.
 */
export async function createGifRenderer(): Promise<GifRenderer> {
  const [raster, gifenc] = await Promise.all([loadResvgPixels(), loadGifenc()]);
  const themes = new Map<string, SpriteTheme>();
  // One coder (its 4 MiB table) for all the files this renderer writes.
  const coder = new LzwCoder();
  function theme(setup: Setup, rows: string | null): SpriteTheme {
    const key = rows === null ? setup.key : `${setup.key}|${rows}`;
    let found = themes.get(key);
    if (found === undefined) {
      const drawing = readOptions(setup.options);
      const bar = barHeight(drawing.size);
      const sampleBar = barSvg(
        { title: "GM", name: "Sample Name", rating: 2500 },
        drawing.size,
        { height: bar, score: "\u00bd" },
      );
      // An animation's frames may bring a game's lettered marks: the
      // palette makes room for their colors.
      const colors = setup.animated ? LETTERED_COLORS : undefined;
      found = new SpriteTheme(drawing, {
        raster,
        gifenc,
        sampleBar,
        rows,
        ...(colors === undefined ? {} : { colors }),
      });
      themes.set(key, found);
    }
    return found;
  }
  /**
   * The animation, its picture and palette made for its first frame; the
   * bars when there are players or a result to show (`scored`).
   */
  function start(setup: Setup, first: Frame, scored: boolean): GifAnimation {
    const look = theme(setup, rowKinds(first.strips));
    const size = look.drawing.size;
    const players = setup.players ??
      (scored ? [{ name: "" }, { name: "" }] as const : null);
    const bar = players === null ? 0 : barHeight(size);
    const row = first.strips === null
      ? 0
      : rowHeight(look.drawing, first.strips);
    const made = new Map<string, [Uint8Array, Uint8Array]>();
    function bars(result: string | null): [Uint8Array, Uint8Array] {
      const key = result ?? "";
      let found = made.get(key);
      if (found === undefined) {
        const [white, black] = result === null ? ["", ""] : scores(result);
        const score = look.drawing.flip ? [white, black] : [black, white];
        found = [0, 1].map((i) =>
          look.indices(
            raster(barSvg(players![i], size, { height: bar, score: score[i] }))
              .pixels,
          )
        ) as [Uint8Array, Uint8Array];
        made.set(key, found);
      }
      return found;
    }
    const picture: Picture = {
      width: size,
      height: size + 2 * bar + 2 * row,
      top: bar + row,
      rows: row,
      bars: players === null ? null : bars,
      comment: setup.comment,
    };
    return new GifAnimation(look, picture, setup, { gifenc, coder });
  }
  function* animate(
    frames: Iterable<GifFrame>,
    setup: Setup,
  ): Generator<Uint8Array, void, undefined> {
    let animation: GifAnimation | null = null;
    let rows: string | null = null;
    let count = 0;
    // A result is shown in the bars, which the picture has from its first
    // frame: frames given at once are looked through for one.
    const scored = Array.isArray(frames) &&
      frames.some((frame: GifFrame) => frame.result !== undefined);
    for (const given of frames) {
      const frame = frameOf(given, setup.drawing);
      count++;
      if (frame.result !== null && !scored && setup.players === null) {
        throw gifError(
          `frame ${count} has a result, which is shown in the players' bars: give white or black, or the frames as an array`,
        );
      }
      if (animation === null) {
        animation = start(setup, frame, scored);
        rows = rowKinds(frame.strips);
      } else if (rowKinds(frame.strips) !== rows) {
        throw gifError(
          `frame ${count} has ${
            beside(rowKinds(frame.strips))
          } beside the board, the first ${
            beside(rows)
          }: an animation's frames are of one variant`,
        );
      }
      yield animation.push(frame);
    }
    if (animation === null) {
      throw gifError("an animation needs at least one frame");
    }
    yield animation.finish();
  }
  return {
    render(board: BoardInput, options: RenderGifOptions = {}): Uint8Array {
      const { lastMove, ...rest } = options;
      const frame = { position: board, ...(lastMove ? { lastMove } : {}) };
      return join([...animate([frame], readSetup(rest, false))]);
    },
    animate(frames, options = {}) {
      return animate(frames, readSetup(options, true));
    },
  };
}

/**
 * Draws a board as a GIF image: one frame, the vector diagram's look, with
 * a palette made for the board.
 *
 * @example The GIF signature and size
 * ```ts
 * import { renderGif } from "@fen/fen/gif";
 * import assert from "node:assert/strict";
 *
 * const gif = await renderGif("4k3/8/8/8/8/8/4P3/4K3", { size: 160, theme: "blue" });
 * assert.equal(new TextDecoder().decode(gif.subarray(0, 6)), "GIF89a");
 * assert.equal(new DataView(gif.buffer).getUint16(6, true), 160); // width
 * ```
 *
 * @example A crazyhouse position: its pockets in a row above and below
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { renderGif } from "@fen/fen/gif";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1", {
 *   rules: "crazyhouse",
 * });
 * const gif = await renderGif(position, { size: 160 });
 * assert.equal(new DataView(gif.buffer).getUint16(8, true), 160 + 2 * 20); // height
 * ```
 *
 * @param board A position, a board of 64 squares, or FEN text to parse.
 * @param options The size, colors, orientation, marks and players.
 * @returns The GIF file's bytes.
 * @throws {FenSyntaxError} If `board` is malformed FEN text.
 * @throws {RangeError} If an option is out of range, as for
 * {@linkcode renderSvg}, or the squares would not fall on whole pixels.
 */
export async function renderGif(
  board: BoardInput,
  options: RenderGifOptions = {},
): Promise<Uint8Array> {
  toBoard(board, "render GIF"); // bad input fails before loading
  readSetup(options, false);
  return (await createGifRenderer()).render(board, options);
}

/**
 * Animates a game as a GIF, frame by frame as the frames come (from an
 * array, a generator or a stream of positions): the bytes arrive in
 * pieces, ready to be written. Each frame marks the last move and a king
 * in check, and the badge if given; the last frame is shown longer, and the
 * animation loops.
 *
 * @example The start and 1. e4, written to a file as they come
 * ```ts
 * import { animateGif } from "@fen/fen/gif";
 * import assert from "node:assert/strict";
 *
 * const frames = [
 *   { position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
 *   {
 *     position: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
 *     lastMove: "e2e4",
 *   },
 * ];
 * let bytes = 0;
 * for await (const part of animateGif(frames, { size: 160, delay: 100 })) {
 *   bytes += part.length; // or: await file.write(part)
 * }
 * assert.ok(bytes > 1000);
 * ```
 *
 * @param frames The frames, in order.
 * @param options The look, the players, delays and looping.
 * @returns The file's bytes, in pieces.
 * @throws {RangeError} If an option or a frame is out of range.
 */
export async function* animateGif(
  frames: Iterable<GifFrame> | AsyncIterable<GifFrame>,
  options: AnimateGifOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  readSetup(options, true); // bad options fail before loading
  const renderer = await createGifRenderer();
  if (Array.isArray(frames)) {
    yield* renderer.animate(frames, options);
    return;
  }
  // The renderer codes synchronously; frames that come asynchronously are
  // handed to it one at a time through a one-slot queue.
  const queue: GifFrame[] = [];
  const parts = renderer.animate(drain(queue), options);
  for await (const frame of frames) {
    queue.push(frame);
    yield parts.next().value ?? new Uint8Array();
  }
  for (const part of parts) yield part;
}

/**
 * Checks GIF options without drawing: what {@linkcode renderGif} would
 * refuse, in words, or `null` when it would draw with them.
 *
 * @example A size whose squares do not fall on whole pixels
 * ```ts
 * import { checkGifOptions } from "@fen/fen/gif";
 * import assert from "node:assert/strict";
 *
 * assert.equal(checkGifOptions({ size: 96 }), null);
 * assert.match(checkGifOptions({ size: 100 }) ?? "", /96 or 104 px/);
 * ```
 *
 * @param options The options, as `renderGif` and `animateGif` take them.
 * @returns What is wrong (the message without "Cannot render GIF: "), or
 * `null`.
 */
export function checkGifOptions(options: AnimateGifOptions): string | null {
  try {
    readSetup(options, true);
    return null;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return error.message.replace(/^Cannot render \w+: /, "");
  }
}

/** A variant's rows in words: "pockets", "check counters", "nothing". */
function beside(kinds: string | null): string {
  return kinds === null
    ? "nothing"
    : kinds.replace("checks", "check counters").replace("+", " and ");
}

/** Yields what is in the queue, then ends when it is found empty. */
function* drain(queue: GifFrame[]): Generator<GifFrame> {
  while (queue.length > 0) yield queue.shift()!;
}

/** The colors of lichess's lettered arrows and squares (a game's marks). */
const LETTERED_COLORS = {
  arrows: parseArrows("Ga1a2 Ra1a2 Ya1a2 Ba1a2").map(({ color }) => color!),
  tints: parseSquareMarks("Ga1 Ra1 Ya1 Ba1").map(({ color }) => color!),
};

/** The pieces of a file, as one array. */
function join(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

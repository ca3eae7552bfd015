// One GIF file, frame by frame. The first frame is the whole picture; each
// later one holds only the rectangle around the squares (and the pixels of
// a variant's rows) that changed, the other pixels transparent, so it stays
// small and quick to code. A frame is coded when the next one arrives (or at
// the end), because the last frame's delay is longer and is written before
// its pixels.

import type { Gifenc } from "../raster/gifenc.js";
import type { Frame } from "../raster/frame.ts";
import type { SpriteTheme } from "../raster/sprites.ts";
import type { LzwCoder } from "./_lzw.ts";
import { GifWriter, type Rect } from "./_writer.ts";

/**
 * The picture around the board: bars as palette indices, or none, and
 * between them and the board a variant's rows, if any.
 */
export interface Picture {
  width: number;
  height: number;
  /** The board's top in the picture: the top bar's and row's height. */
  top: number;
  /** A row's height (0: no rows), its pixels the theme's rows. */
  rows: number;
  /**
   * The bars above and below, as palette indices, with a finished game's
   * result (each player's score) or without (null), if there are bars.
   */
  bars: ((result: string | null) => [Uint8Array, Uint8Array]) | null;
  /** Text for the file's comment extension, or none. */
  comment: string | null;
}

/** Timing, in centiseconds, and looping. */
export interface Timing {
  delay: number;
  lastDelay: number;
  loop: boolean;
}

/** Writes one file from frames given one at a time. */
export class GifAnimation {
  readonly #theme: SpriteTheme;
  readonly #picture: Picture;
  readonly #timing: Timing;
  readonly #writer: GifWriter;
  /** The picture as shown after the last coded frame; later, scratch. */
  readonly #canvas: Uint8Array;
  /** The board as shown after the last coded frame, palette indices. */
  #shown: Uint8Array | null = null;
  /** Each square's sprite key in the board shown. */
  #keys: string[] = [];
  /** The rows shown (the theme's arrays, one per state), or none. */
  #shownRows: readonly Uint8Array[] = [];
  /** Whether the board shown has nothing across squares. */
  #shownPlain = false;
  /** The result the bars show. */
  #shownResult: string | null = null;
  #pending: { frame: Frame; delay?: number } | null = null;

  constructor(
    theme: SpriteTheme,
    picture: Picture,
    timing: Timing,
    tools: { gifenc: Gifenc; coder: LzwCoder },
  ) {
    this.#theme = theme;
    this.#picture = picture;
    this.#timing = timing;
    this.#writer = new GifWriter(tools, {
      width: picture.width,
      height: picture.height,
      palette: theme.palette,
      loop: timing.loop,
      comment: picture.comment,
    });
    this.#canvas = new Uint8Array(picture.width * picture.height);
  }

  /** Adds a frame; returns the bytes ready so far. */
  push(frame: Frame): Uint8Array {
    if (this.#pending !== null) this.#code(this.#timing.delay);
    this.#pending = {
      frame,
      ...(frame.delay === undefined ? {} : { delay: frame.delay }),
    };
    return this.#writer.take();
  }

  /** Codes the last frame and ends the file; returns the last bytes. */
  finish(): Uint8Array {
    if (this.#pending !== null) this.#code(this.#timing.lastDelay);
    this.#writer.end();
    return this.#writer.take();
  }

  /** Codes the pending frame, shown for its own delay or `delay`. */
  #code(delay: number): void {
    const { frame, delay: own } = this.#pending!;
    const time = own ?? delay;
    const theme = this.#theme;
    const rows = this.#picture.rows === 0 || frame.strips === null ? [] : [
      theme.rows!.row(frame.strips, "top"),
      theme.rows!.row(frame.strips, "bottom"),
    ];
    const states = theme.states(frame);
    const keys = states.map((state, screen) => theme.key(screen, state));
    // Nothing across squares now or before: the squares whose sprite
    // changed are pasted over the board as shown (a game's usual frame).
    const plain = frame.arrows.length === 0 && frame.side === null;
    let changed: boolean[] | null = null;
    let board: Uint8Array;
    if (this.#shown !== null && plain && this.#shownPlain) {
      board = this.#shown;
      changed = keys.map((key, screen) => key !== this.#keys[screen]);
      const { side, offset } = theme;
      const size = theme.drawing.size;
      for (let screen = 0; screen < 64; screen++) {
        if (!changed[screen]) continue;
        const at = (offset + (screen >> 3) * side) * size + offset +
          (screen & 7) * side;
        theme.paste(states[screen], screen, board, at, size);
      }
    } else {
      board = theme.board(frame, states);
    }
    // The first frame, and one whose bars change (a result shown), is the
    // whole picture.
    if (this.#shown === null || frame.result !== this.#shownResult) {
      const { width, top, height } = this.#picture;
      this.#first(rows, frame.result);
      this.#canvas.set(board, top * width);
      this.#writer.frame(
        this.#canvas,
        { left: 0, top: 0, width, height },
        time,
        theme.clear,
      );
    } else {
      this.#changes(board, time, { known: changed, rows });
    }
    this.#shown = board;
    this.#keys = keys;
    this.#shownRows = rows;
    this.#shownPlain = plain;
    this.#shownResult = frame.result;
    this.#pending = null;
  }

  /** A whole frame's surroundings: the bars (and the result), the rows. */
  #first(rows: readonly Uint8Array[], result: string | null): void {
    const { width, top } = this.#picture;
    const size = this.#theme.drawing.size;
    rows.forEach((row, i) => this.#canvas.set(row, this.#rowTop(i) * width));
    const bars = this.#picture.bars?.(result);
    if (bars !== undefined) {
      this.#canvas.set(bars[0], 0);
      this.#canvas.set(bars[1], (top + size + this.#picture.rows) * width);
    }
  }

  /** Where a row starts in the picture: the top one's, the bottom one's. */
  #rowTop(row: number): number {
    const { top, rows } = this.#picture;
    return row === 0 ? top - rows : top + this.#theme.drawing.size;
  }

  /**
   * A later frame: the rectangle around the squares that changed (as
   * `known` says, else those whose pixels differ from the board shown) and
   * the rows' pixels that changed.
   */
  #changes(
    board: Uint8Array,
    time: number,
    { known, rows }: { known: boolean[] | null; rows: readonly Uint8Array[] },
  ): void {
    const { side, offset, clear } = this.#theme;
    const size = this.#theme.drawing.size;
    const shown = this.#shown!;
    const top = this.#picture.top;
    const box = new Box();
    const changed: boolean[] = [];
    for (let screen = 0; screen < 64; screen++) {
      const [col, row] = [screen & 7, screen >> 3];
      const at = (offset + row * side) * size + offset + col * side;
      changed.push(
        known?.[screen] ?? differs(board, shown, { at, side, stride: size }),
      );
      if (!changed[screen]) continue;
      const [x, y] = [offset + col * side, top + offset + row * side];
      box.add(x, y, x + side, y + side);
    }
    // A row's pixels that differ, by row: its box in the row's own pixels.
    const rowBoxes = rows.map((pixels, i) => {
      const before = this.#shownRows[i];
      return pixels === before ? null : changedPixels(pixels, before, size);
    });
    rowBoxes.forEach((found, i) => {
      if (found === null) return;
      const y = this.#rowTop(i);
      box.add(found.left, y + found.top, found.right, y + found.bottom);
    });
    if (box.empty()) { // nothing changed: one transparent pixel
      this.#canvas[0] = clear;
      const rect = { left: 0, top: 0, width: 1, height: 1 };
      this.#writer.frame(this.#canvas.subarray(0, 1), rect, time, clear);
      return;
    }
    const rect = box.rect();
    const { width } = rect;
    const pixels = this.#canvas.subarray(0, width * rect.height).fill(clear);
    for (let screen = 0; screen < 64; screen++) {
      if (!changed[screen]) continue;
      const [col, row] = [screen & 7, screen >> 3];
      let from = (offset + row * side) * size + offset + col * side;
      let to = (top + offset + row * side - rect.top) * width +
        offset + col * side - rect.left;
      for (let y = 0; y < side; y++, from += size, to += width) {
        pixels.set(board.subarray(from, from + side), to);
      }
    }
    rowBoxes.forEach((found, i) => {
      if (found !== null) this.#pasteRow(rows[i], i, { found, pixels, rect });
    });
    this.#writer.frame(pixels, rect, time, clear);
  }

  /** Copies the pixels of row `i` that changed into a frame's rectangle. */
  #pasteRow(
    now: Uint8Array,
    i: number,
    { found, pixels, rect }: { found: Span; pixels: Uint8Array; rect: Rect },
  ): void {
    const before = this.#shownRows[i];
    const size = this.#theme.drawing.size;
    const dy = this.#rowTop(i) - rect.top;
    for (let y = found.top; y < found.bottom; y++) {
      for (let x = found.left; x < found.right; x++) {
        const at = y * size + x;
        if (now[at] !== before[at]) {
          pixels[(y + dy) * rect.width + x - rect.left] = now[at];
        }
      }
    }
  }
}

/** A box of pixels, its right and bottom edges excluded. */
interface Span {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The smallest rectangle around rectangles added, in pixels. */
class Box {
  #left = Infinity;
  #top = Infinity;
  #right = -Infinity;
  #bottom = -Infinity;

  add(left: number, top: number, right: number, bottom: number): void {
    this.#left = Math.min(this.#left, left);
    this.#top = Math.min(this.#top, top);
    this.#right = Math.max(this.#right, right);
    this.#bottom = Math.max(this.#bottom, bottom);
  }

  empty(): boolean {
    return this.#right < 0;
  }

  rect(): Rect {
    return {
      left: this.#left,
      top: this.#top,
      width: this.#right - this.#left,
      height: this.#bottom - this.#top,
    };
  }
}

/**
 * The box around the pixels that differ between two images `width` wide,
 * or null when none does.
 */
function changedPixels(
  a: Uint8Array,
  b: Uint8Array,
  width: number,
): Span | null {
  let [left, top, right, bottom] = [width, Infinity, -1, -1];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const [x, y] = [i % width, Math.floor(i / width)];
    [left, right] = [Math.min(left, x), Math.max(right, x + 1)];
    [top, bottom] = [Math.min(top, y), y + 1];
  }
  return right < 0 ? null : { left, top, right, bottom };
}

/** Whether a square's pixels differ between two boards. */
function differs(
  a: Uint8Array,
  b: Uint8Array,
  { at, side, stride }: { at: number; side: number; stride: number },
): boolean {
  for (let y = 0; y < side; y++, at += stride) {
    for (let x = 0; x < side; x++) {
      if (a[at + x] !== b[at + x]) return true;
    }
  }
  return false;
}

// One GIF file, frame by frame. The first frame is the whole picture; each
// later one holds only the rectangle around the squares that changed, the
// other pixels transparent, so it stays small and quick to code. A frame is
// coded when the next one arrives (or at the end), because the last frame's
// delay is longer and is written before its pixels.

import type { Gifenc } from "../raster/gifenc.js";
import type { Frame } from "../raster/frame.ts";
import type { SpriteTheme } from "../raster/sprites.ts";
import type { LzwCoder } from "./_lzw.ts";
import { GifWriter } from "./_writer.ts";

/** The picture around the board: bars as palette indices, or none. */
export interface Picture {
  width: number;
  height: number;
  /** The board's top in the picture: the top bar's height. */
  top: number;
  /** The bars above and below, as palette indices, if any. */
  bars: [Uint8Array, Uint8Array] | null;
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
  /** Whether the board shown has nothing across squares. */
  #shownPlain = false;
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
    const states = theme.states(frame);
    const keys = states.map((state, screen) => theme.key(screen, state));
    // Nothing across squares now or before: the squares whose sprite
    // changed are pasted over the board as shown (a game's usual frame).
    const plain = frame.arrows.length === 0 && frame.side === null &&
      frame.result === null;
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
    if (this.#shown === null) {
      const { width, top, height } = this.#picture;
      this.#first();
      this.#canvas.set(board, top * width);
      this.#writer.frame(
        this.#canvas,
        { left: 0, top: 0, width, height },
        time,
        theme.clear,
      );
    } else {
      this.#changes(board, time, changed);
    }
    this.#shown = board;
    this.#keys = keys;
    this.#shownPlain = plain;
    this.#pending = null;
  }

  /** The first frame's background: the bars. */
  #first(): void {
    const { width, top, bars } = this.#picture;
    if (bars !== null) {
      const size = this.#theme.drawing.size;
      this.#canvas.set(bars[0], 0);
      this.#canvas.set(bars[1], (top + size) * width);
    }
  }

  /**
   * A later frame: the rectangle around the squares that changed (as
   * `changed` says, else those whose pixels differ from the board shown).
   */
  #changes(board: Uint8Array, time: number, known: boolean[] | null): void {
    const { side, offset, clear } = this.#theme;
    const size = this.#theme.drawing.size;
    const shown = this.#shown!;
    const changed: boolean[] = [];
    let [c0, r0, c1, r1] = [8, 8, -1, -1];
    for (let screen = 0; screen < 64; screen++) {
      const [col, row] = [screen & 7, screen >> 3];
      const at = (offset + row * side) * size + offset + col * side;
      changed.push(
        known?.[screen] ?? differs(board, shown, { at, side, stride: size }),
      );
      if (!changed[screen]) continue;
      [c0, r0] = [Math.min(c0, col), Math.min(r0, row)];
      [c1, r1] = [Math.max(c1, col), Math.max(r1, row)];
    }
    if (c1 < 0) { // nothing changed: one transparent pixel
      this.#canvas[0] = clear;
      const rect = { left: 0, top: 0, width: 1, height: 1 };
      this.#writer.frame(this.#canvas.subarray(0, 1), rect, time, clear);
      return;
    }
    const width = (c1 - c0 + 1) * side;
    const height = (r1 - r0 + 1) * side;
    const pixels = this.#canvas.subarray(0, width * height).fill(clear);
    for (let screen = 0; screen < 64; screen++) {
      if (!changed[screen]) continue;
      const [col, row] = [screen & 7, screen >> 3];
      let from = (offset + row * side) * size + offset + col * side;
      let to = (row - r0) * side * width + (col - c0) * side;
      for (let y = 0; y < side; y++, from += size, to += width) {
        pixels.set(board.subarray(from, from + side), to);
      }
    }
    this.#writer.frame(
      pixels,
      {
        left: offset + c0 * side,
        top: this.#picture.top + offset + r0 * side,
        width,
        height,
      },
      time,
      clear,
    );
  }
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

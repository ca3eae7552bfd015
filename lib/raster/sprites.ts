// The sprites of a look, for PNG and GIF alike. lila-gif's technique: every
// square's picture (its color, tint, check mark, badge and piece) is
// rasterized once, by the same vector renderer as the SVG, at the board's
// size, then mapped to a palette fixed ahead of time. A frame is then copied sprites and LZW. The palette is made from
// a sample of every piece on every square color, tinted and not, the check
// mark, the badges and a name bar, so that later sprites find their colors.

import type { Board } from "../_board.ts";
import type { SvgToPixels } from "./resvg_wasm.js";
import { PIECES } from "../types.ts";
import type { Piece } from "../types.ts";
import { MOVE_GLYPHS } from "../svg/defaults.ts";
import {
  arrowOutline,
  checkMarks,
  RING_RADIUS,
  RING_WIDTH,
} from "../svg/marks.ts";
import type { Drawing } from "../svg/options.ts";
import type { MoveGlyph } from "../svg/types.ts";
import { vectorDocument } from "../svg/vector.ts";
import { type Frame, squarePixels } from "./frame.ts";
import type { Gifenc } from "./gifenc.js";
import { OverlayPainter, type Shape, tinted } from "./overlay.ts";
import type { Rgb } from "./palette_png.ts";
import { rowSamples, RowSprites } from "./rows.ts";

/** What one square shows. */
export interface SquareState {
  piece: Piece | null;
  /** Tint colors, bottom first. */
  tints: readonly string[];
  check: boolean;
  badge: MoveGlyph | null;
}

/** A palette color's index for every pixel; transparent ones get `clear`. */
function toIndices(
  gifenc: Gifenc,
  rgba: Uint8Array,
  palette: Rgb[],
): Uint8Array {
  // gifenc reads the pixels through their whole buffer: give it their own.
  const own =
    rgba.byteOffset === 0 && rgba.byteLength === rgba.buffer.byteLength
      ? rgba
      : rgba.slice();
  const indices = gifenc.applyPalette(own, palette, "rgb565");
  for (let i = 0; i < indices.length; i++) {
    if (rgba[4 * i + 3] < 128) indices[i] = palette.length;
  }
  return indices;
}

/** The sprites, palette and board background of one drawing's options. */
export class SpriteTheme {
  readonly drawing: Drawing;
  /** A square's side in pixels, and where a8's (or flipped, h1's) starts. */
  readonly side: number;
  readonly offset: number;
  readonly palette: Rgb[];
  /** The palette index of transparent pixels, after the colors. */
  readonly clear: number;
  /** The board without pieces or marks, as palette indices. */
  readonly background: Uint8Array;
  readonly #raster: SvgToPixels;
  readonly #gifenc: Gifenc;
  readonly #sprites = new Map<string, Uint8Array>();
  /** Rasterized layers (premultiplied RGBA) by name; see #layer. */
  readonly #layers = new Map<string, Uint8Array>();
  readonly #painter: OverlayPainter;
  /** A variant's rows beside the board, when the look has them. */
  readonly rows: RowSprites | null = null;

  constructor(
    drawing: Drawing,
    tools: {
      raster: SvgToPixels;
      gifenc: Gifenc;
      sampleBar: string | null;
      /** Colors of arrows and tints that frames may add, for the palette. */
      colors?: { arrows: readonly string[]; tints: readonly string[] };
      /** The rows beside the board (see rows.ts's rowKinds), if any. */
      rows?: string | null;
    },
  ) {
    this.drawing = drawing;
    ({ side: this.side, offset: this.offset } = squarePixels(drawing));
    this.#raster = tools.raster;
    this.#gifenc = tools.gifenc;
    const colors = tools.colors ?? { arrows: [], tints: [] };
    const samples = this.#samples(colors.tints);
    const rgba = samples.map(([, , pixels]) => pixels);
    rgba.push(...this.#overlaySamples(samples, colors.arrows));
    // Without a frame the squares cover the whole board: no background to
    // draw (a full-size rasterization, as costly as all the samples).
    let background: Uint8Array = new Uint8Array(
      drawing.size * drawing.size * 4,
    );
    if (drawing.frame !== "none") {
      const empty: Board = new Array(64).fill(null);
      const plain = { ...drawing, highlight: [], lastMove: [], badge: null };
      background = tools.raster(
        vectorDocument(empty, plain, { open: ">\n", under: "", over: "" }),
      ).pixels;
      rgba.push(background);
    }
    if (tools.sampleBar !== null) {
      rgba.push(tools.raster(tools.sampleBar).pixels);
    }
    const rows = tools.rows ?? null;
    if (rows !== null) rgba.push(...rowSamples(drawing, rows, tools.raster));
    this.palette = tools.gifenc.quantize(opaque(rgba), 255, {
      format: "rgb565",
    });
    this.clear = this.palette.length;
    this.background = this.indices(background);
    for (const [screen, state, pixels] of samples) {
      this.#sprites.set(this.key(screen, state), this.indices(pixels));
    }
    this.#painter = new OverlayPainter(this.palette, this.clear);
    if (rows !== null) {
      const indices = (pixels: Uint8Array) => this.indices(pixels);
      this.rows = new RowSprites(drawing, { raster: tools.raster, indices });
    }
  }

  /**
   * The empty squares' samples again under each color that lies across
   * squares (the look's and the frames' arrows, the side-to-move disc),
   * fully and half covered, so that the palette holds what those shapes
   * make.
   */
  #overlaySamples(
    samples: [number, SquareState, Uint8Array][],
    frameArrows: readonly string[],
  ): Uint8Array[] {
    const colors = new Set([
      ...this.drawing.arrows.map(({ color }) => color),
      ...frameArrows,
    ]);
    if (this.drawing.sideToMove) {
      for (const color of ["#fff", "#000", "grey"]) colors.add(color);
    }
    const out: Uint8Array[] = [];
    for (const color of colors) {
      const flat = this.#flat(color);
      // Over the empty squares only: pieces under an arrow are a few
      // pixels, and quantizing every sample again would cost as much as
      // the look itself.
      for (const [, state, pixels] of samples) {
        if (state.piece !== null || state.check || state.badge) continue;
        out.push(tinted(pixels, flat, 1), tinted(pixels, flat, 0.5));
      }
    }
    return out;
  }

  /** RGBA pixels as palette indices. */
  indices(rgba: Uint8Array): Uint8Array {
    return toIndices(this.#gifenc, rgba, this.palette);
  }

  /** The square at screen index `screen` (0 top left) showing `state`. */
  sprite(screen: number, state: SquareState): Uint8Array {
    const key = this.key(screen, state);
    let sprite = this.#sprites.get(key);
    if (sprite === undefined) {
      sprite = this.indices(this.#render(screen, state));
      this.#sprites.set(key, sprite);
    }
    return sprite;
  }

  /** What each screen square (0 top left) shows in a frame. */
  states(frame: Frame): SquareState[] {
    const drawing = this.drawing;
    const checked = frame.check;
    const states: SquareState[] = [];
    for (let screen = 0; screen < 64; screen++) {
      const square = drawing.flip ? 63 - screen : screen;
      const tints: string[] = [];
      if (frame.lastMove.includes(square)) tints.push(drawing.lastMoveColor);
      // The frame's tints only: the look's drawing is its first board's,
      // and a look is shared by boards of other squares of the same colors.
      for (const mark of frame.highlight) {
        if (mark.square === square) tints.push(mark.color);
      }
      states.push({
        piece: frame.board[square],
        tints,
        check: checked.includes(square),
        badge: frame.badge?.square === square ? frame.badge.glyph : null,
      });
    }
    return states;
  }

  /** The whole board of a frame, as palette indices, `size` pixels square. */
  board(
    frame: Frame,
    states: SquareState[] = this.states(frame),
  ): Uint8Array {
    const pixels = this.background.slice();
    const size = this.drawing.size;
    for (let screen = 0; screen < 64; screen++) {
      const x = this.offset + (screen & 7) * this.side;
      const y = this.offset + (screen >> 3) * this.side;
      this.paste(states[screen], screen, pixels, y * size + x, size);
    }
    this.overlay(pixels, frame);
    return pixels;
  }

  /**
   * Fills what lies across squares (arrows, then the side-to-move disc)
   * on a board's palette indices, `size` pixels square, as the vector
   * document draws them over the pieces.
   */
  overlay(pixels: Uint8Array, frame: Frame): void {
    const { size, flip } = this.drawing;
    const box = { width: size, height: size };
    const { side, offset } = this;
    const px = (v: number): number => offset + (v + 0.5) * side;
    for (const { from, to, color } of frame.arrows) {
      const [x0, y0] = [
        (flip ? 63 - from : from) & 7,
        (flip ? 63 - from : from) >> 3,
      ];
      const [x1, y1] = [(flip ? 63 - to : to) & 7, (flip ? 63 - to : to) >> 3];
      let shape: Shape;
      if (from === to) {
        shape = {
          kind: "disc",
          cx: px(x0),
          cy: px(y0),
          outer: (RING_RADIUS + RING_WIDTH / 2) * side,
          inner: (RING_RADIUS - RING_WIDTH / 2) * side,
        };
      } else {
        const { shaft, head } = arrowOutline(x0, y0, x1, y1);
        const outlines = [shaft, head].map((outline) =>
          outline.map(([x, y]) => [px(x), px(y)] as const)
        );
        shape = { kind: "outlines", outlines };
      }
      this.#painter.fill(pixels, box, shape, this.#color(color));
    }
    const disc = frame.side;
    if (disc !== null) {
      const [cx, cy] = [px(disc.cx), px(disc.cy)];
      const half = disc.strokeWidth / 2;
      const fill = {
        kind: "disc",
        cx,
        cy,
        outer: disc.r * side,
        inner: 0,
      } as const;
      this.#painter.fill(pixels, box, fill, this.#color(disc.fill));
      const ring = {
        ...fill,
        outer: (disc.r + half) * side,
        inner: (disc.r - half) * side,
      };
      this.#painter.fill(pixels, box, ring, this.#color(disc.stroke));
    }
  }

  #color(color: string): { key: string; rgba: Uint8Array } {
    return { key: color, rgba: this.#flat(color) };
  }

  /** Copies a square's sprite into `target` at `at`, rows `stride` apart. */
  paste(
    state: SquareState,
    screen: number,
    target: Uint8Array,
    at: number,
    stride: number,
  ): void {
    const sprite = this.sprite(screen, state);
    const side = this.side;
    // A plain loop: views per row would allocate in the hottest path.
    for (let y = 0, from = 0; y < side; y++, at += stride) {
      for (let x = 0; x < side; x++) target[at + x] = sprite[from++];
    }
  }

  /**
   * Same key, same pixels: the square color, what is on it, and for edge
   * squares with inside coordinates, the square itself.
   */
  key(screen: number, state: SquareState): string {
    const [col, row] = [screen & 7, screen >> 3];
    const place = this.drawing.coordinates === "inside" &&
        (col === 0 || row === 7)
      ? `@${screen}`
      : String((col + row) & 1);
    return `${place}|${state.piece ?? "-"}|${state.tints.join(",")}|${
      state.check ? 1 : 0
    }|${state.badge ?? ""}`;
  }

  /**
   * A square's picture, composed from its layers as the vector document
   * stacks them: the square's color, each tint, the check mark, the piece,
   * inside coordinates, the badge. Each layer is rasterized once (a
   * piece once for every square it stands on, not once per square color and
   * tint), so a new sprite costs no rasterization at all once its layers
   * are known.
   */
  #render(screen: number, state: SquareState): Uint8Array {
    const [col, row] = [screen & 7, screen >> 3];
    const { light, dark, coordinates } = this.drawing;
    const pixels = new Uint8Array(this.side * this.side * 4);
    over(pixels, this.#flat((col + row) & 1 ? dark : light));
    for (const color of state.tints) over(pixels, this.#flat(color));
    if (state.check) over(pixels, this.#layer("check", screen));
    if (state.piece !== null) over(pixels, this.#layer(state.piece, screen));
    if (coordinates === "inside" && (col === 0 || row === 7)) {
      over(pixels, this.#layer(`@${screen}`, screen));
    }
    if (state.badge !== null) over(pixels, this.#layer(state.badge, screen));
    return pixels;
  }

  /** A color as one premultiplied RGBA pixel, as resvg fills it. */
  #flat(color: string): Uint8Array {
    let pixel = this.#layers.get(`=${color}`);
    if (pixel === undefined) {
      pixel = this.#raster(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1">' +
          `<rect width="1" height="1" fill="${color}"/></svg>`,
      ).pixels;
      this.#layers.set(`=${color}`, pixel);
    }
    return pixel;
  }

  /**
   * One layer of a square, on a transparent ground: a piece (by letter), a
   * badge (by symbol), "check", or "@" and the square for its coordinates.
   * Drawn on the square it is for, so that its pixels are those the whole
   * document would have there; all but coordinates look the same on every
   * square (the squares fall on whole pixels), so they are kept once.
   */
  #layer(name: string, screen: number): Uint8Array {
    let pixels = this.#layers.get(name);
    if (pixels !== undefined) return pixels;
    const square = this.drawing.flip ? 63 - screen : screen;
    const board: (Piece | null)[] = new Array(64).fill(null);
    if (/^[KQRBNPkqrbnp]$/.test(name)) board[square] = name as Piece;
    const glyph = Object.hasOwn(MOVE_GLYPHS, name) ? name as MoveGlyph : null;
    const drawing: Drawing = {
      ...this.drawing,
      badge: glyph === null ? null : { square, glyph },
    };
    const under = name === "check" ? checkMarks([square], drawing) : "";
    pixels = this.#raster(vectorDocument(
      board,
      drawing,
      { open: ">\n", under, over: "" },
      {
        x: (screen & 7) - 0.5,
        y: (screen >> 3) - 0.5,
        width: 1,
        height: 1,
        pixelWidth: this.side,
        pixelHeight: this.side,
      },
      { board: false, labels: name.startsWith("@") },
    )).pixels;
    this.#layers.set(name, pixels);
    return pixels;
  }

  /** Every piece on both square colors, tinted and not, checks, badges. */
  #samples(
    frameTints: readonly string[],
  ): [number, SquareState, Uint8Array][] {
    const states: [number, SquareState][] = [];
    const tintColors = new Set([
      ...this.drawing.highlight.map(({ color }) => color),
      ...frameTints,
    ]);
    const tintings = [[], [this.drawing.lastMoveColor]]
      .concat([...tintColors].map((color) => [color]));
    for (const piece of [null, ...PIECES]) {
      for (const screen of [27, 28]) { // d5 and e5: a light and a dark one
        for (const tints of tintings) {
          states.push([screen, { piece, tints, check: false, badge: null }]);
        }
      }
    }
    for (const piece of ["K", "k"] as const) {
      for (const screen of [27, 28]) {
        states.push([screen, { piece, tints: [], check: true, badge: null }]);
      }
    }
    for (const badge of Object.keys(MOVE_GLYPHS) as MoveGlyph[]) {
      const tints = [this.drawing.lastMoveColor];
      states.push([27, { piece: "Q", tints, check: false, badge }]);
    }
    return states.map(([screen, state]) => [
      screen,
      state,
      this.#render(screen, state),
    ]);
  }
}

/**
 * Draws premultiplied `top` over `pixels` (source over, premultiplied, as
 * resvg composes), in place; a top of one pixel is a flat color.
 */
function over(pixels: Uint8Array, top: Uint8Array): void {
  const flat = top.length === 4;
  for (let i = 0; i < pixels.length; i += 4) {
    const t = flat ? 0 : i;
    const keep = 255 - top[t + 3];
    if (keep === 255) continue;
    for (let c = 0; c < 4; c++) {
      pixels[i + c] = top[t + c] + Math.round((pixels[i + c] * keep) / 255);
    }
  }
}

/** One buffer of all the samples' pixels, each made opaque. */
function opaque(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  for (let i = 3; i < all.length; i += 4) all[i] = 255;
  return all;
}

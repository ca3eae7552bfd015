// What lies across squares and so cannot be a square's sprite: arrows, the
// ring of an arrow from a square to itself, and the side-to-move disc. They
// are filled here, on the board's palette indices, from the very outlines
// the vector document draws (../svg/marks.ts): a coverage per pixel (exact
// across a row, SUB samples down it), the shape's color blended over the
// pixel's, and the nearest palette color, remembered per pixel color and
// coverage. A board with arrows thus costs its sprites and a few thousand
// pixels, not a rasterization of the whole picture.

import type { Rgb } from "./palette_png.ts";

/** Sample rows per pixel row; across a row, coverage is exact. */
const SUB = 4;
/** Coverage levels the color cache tells apart. */
const LEVELS = 32;

/** A convex outline in pixels, as [x, y] corners in order. */
export type Outline = readonly (readonly [number, number])[];

/** A shape to fill: convex outlines that do not overlap, or a disc or ring. */
export type Shape =
  | { kind: "outlines"; outlines: readonly Outline[] }
  | { kind: "disc"; cx: number; cy: number; outer: number; inner: number };

/** A coverage map over a rectangle of the image. */
interface Coverage {
  left: number;
  top: number;
  width: number;
  height: number;
  /** 0 to 1 for each pixel of the rectangle, row by row. */
  values: Float32Array;
}

/** Where one shape covers the image, `width` x `height` pixels. */
export function coverage(
  shape: Shape,
  width: number,
  height: number,
): Coverage | null {
  const [x0, y0, x1, y1] = bounds(shape);
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const right = Math.min(width, Math.ceil(x1));
  const bottom = Math.min(height, Math.ceil(y1));
  if (right <= left || bottom <= top) return null;
  const area: Coverage = {
    left,
    top,
    width: right - left,
    height: bottom - top,
    values: new Float32Array((right - left) * (bottom - top)),
  };
  for (let row = top; row < bottom; row++) {
    for (let s = 0; s < SUB; s++) {
      const y = row + (s + 0.5) / SUB;
      const at = (row - top) * area.width;
      if (shape.kind === "outlines") {
        for (const outline of shape.outlines) {
          const span = crossing(outline, y);
          if (span !== null) addSpan(area, at, span[0], span[1]);
        }
        continue;
      }
      const dy = y - shape.cy;
      const outer = halfChord(shape.outer, dy);
      if (outer === 0) continue;
      const inner = halfChord(shape.inner, dy);
      if (inner === 0) {
        addSpan(area, at, shape.cx - outer, shape.cx + outer);
      } else {
        addSpan(area, at, shape.cx - outer, shape.cx - inner);
        addSpan(area, at, shape.cx + inner, shape.cx + outer);
      }
    }
  }
  return area;
}

function bounds(shape: Shape): [number, number, number, number] {
  if (shape.kind === "disc") {
    const { cx, cy, outer } = shape;
    return [cx - outer, cy - outer, cx + outer, cy + outer];
  }
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const outline of shape.outlines) {
    for (const [x, y] of outline) {
      [x0, y0] = [Math.min(x0, x), Math.min(y0, y)];
      [x1, y1] = [Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return [x0, y0, x1, y1];
}

/** Half the width of a circle of radius `r` at `dy` from its center. */
function halfChord(r: number, dy: number): number {
  return r > Math.abs(dy) ? Math.sqrt(r * r - dy * dy) : 0;
}

/** Where the row at `y` enters and leaves a convex outline, if it does. */
function crossing(outline: Outline, y: number): [number, number] | null {
  let [from, to] = [Infinity, -Infinity];
  for (let i = 0; i < outline.length; i++) {
    const [ax, ay] = outline[i];
    const [bx, by] = outline[(i + 1) % outline.length];
    if ((ay <= y) === (by <= y)) continue;
    const x = ax + (y - ay) * (bx - ax) / (by - ay);
    [from, to] = [Math.min(from, x), Math.max(to, x)];
  }
  return from < to ? [from, to] : null;
}

/** Adds one sample row's span [x0, x1) to a coverage row. */
function addSpan(area: Coverage, at: number, x0: number, x1: number): void {
  const from = Math.max(x0, area.left);
  const to = Math.min(x1, area.left + area.width);
  if (to <= from) return;
  const first = Math.floor(from);
  const last = Math.ceil(to) - 1;
  const values = area.values;
  for (let x = first; x <= last; x++) {
    const covered = Math.min(to, x + 1) - Math.max(from, x);
    values[at + x - area.left] += covered / SUB;
  }
}

/**
 * Paints shapes on palette indices: each shape's color (premultiplied
 * RGBA, as resvg gives a flat color) over what is there, then the nearest
 * palette color. One painter per palette: it remembers what it found.
 */
export class OverlayPainter {
  readonly #palette: readonly Rgb[];
  readonly #clear: number;
  /** Found indices by color, then by pixel index and coverage level. */
  readonly #found = new Map<string, Map<number, number>>();

  constructor(palette: readonly Rgb[], clear: number) {
    this.#palette = palette;
    this.#clear = clear;
  }

  /**
   * Fills `shape` in `color` (its premultiplied RGBA pixel) on `pixels`,
   * an image `width` x `height` of palette indices.
   */
  fill(
    pixels: Uint8Array,
    size: { width: number; height: number },
    shape: Shape,
    color: { key: string; rgba: Uint8Array },
  ): void {
    const area = coverage(shape, size.width, size.height);
    if (area === null) return;
    let found = this.#found.get(color.key);
    if (found === undefined) {
      found = new Map();
      this.#found.set(color.key, found);
    }
    const { values } = area;
    for (let row = 0; row < area.height; row++) {
      const at = (area.top + row) * size.width + area.left;
      for (let col = 0; col < area.width; col++) {
        const cover = values[row * area.width + col];
        if (cover <= 0.5 / LEVELS) continue;
        const level = Math.min(LEVELS, Math.round(cover * LEVELS));
        const under = pixels[at + col];
        const key = under * (LEVELS + 1) + level;
        let index = found.get(key);
        if (index === undefined) {
          index = this.#blend(under, color.rgba, level / LEVELS);
          found.set(key, index);
        }
        pixels[at + col] = index;
      }
    }
  }

  /** The palette index nearest `rgba` at `cover` over palette index `under`. */
  #blend(under: number, rgba: Uint8Array, cover: number): number {
    const keep = 1 - (rgba[3] / 255) * cover;
    if (under === this.#clear) {
      // Over nothing (a frame's rounded corner): kept clear unless mostly
      // covered, as the whole picture's alpha would be read.
      if (keep > 0.5) return under;
      return this.#nearest(
        [0, 1, 2].map((c) => rgba[c] * cover / (1 - keep)) as unknown as Rgb,
      );
    }
    const base = this.#palette[under];
    return this.#nearest(
      [0, 1, 2].map((c) => rgba[c] * cover + base[c] * keep) as unknown as Rgb,
    );
  }

  #nearest(color: Rgb): number {
    let best = 0;
    let distance = Infinity;
    const palette = this.#palette;
    for (let i = 0; i < palette.length; i++) {
      const [r, g, b] = palette[i];
      const d = (r - color[0]) ** 2 + (g - color[1]) ** 2 +
        (b - color[2]) ** 2;
      if (d < distance) [best, distance] = [i, d];
    }
    return best;
  }
}

/** `top` (premultiplied, a flat color) over every pixel of `pixels`, at `cover`. */
export function tinted(
  pixels: Uint8Array,
  top: Uint8Array,
  cover: number,
): Uint8Array {
  const out = pixels.slice();
  const keep = 1 - (top[3] / 255) * cover;
  for (let i = 0; i < out.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      out[i + c] = Math.round(top[c] * cover + out[i + c] * keep);
    }
  }
  return out;
}

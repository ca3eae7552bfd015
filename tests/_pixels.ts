// Reading rendered boards in tests: decoded PNGs (fast-png) as RGB over
// white, and where the squares of the viewBox -1 -1 9 9 fall in pixels.

import assert from "node:assert/strict";
import { convertIndexedToRgb, decode } from "fast-png";

/** A color as red, green, blue (0-255). */
export type Rgb = readonly [number, number, number];

/** A decoded image, composited over white. */
export interface Picture {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  rgb: Uint8Array;
}

/**
 * Decodes a PNG (8-bit RGB, RGBA or palette) and composites it over white.
 */
export function readPng(bytes: Uint8Array): Picture {
  const decoded = decode(bytes);
  assert.equal(decoded.depth, 8, "an 8-bit PNG");
  const png = decoded.palette
    ? {
      ...decoded,
      data: convertIndexedToRgb(decoded),
      channels: decoded.palette[0].length,
    }
    : decoded;
  assert.ok(png.channels === 3 || png.channels === 4, "an RGB(A) PNG");
  const data = png.data as Uint8Array;
  const rgb = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, o = 0; o < rgb.length; i += png.channels, o += 3) {
    const alpha = png.channels === 4 ? data[i + 3] / 255 : 1;
    for (let c = 0; c < 3; c++) {
      rgb[o + c] = Math.round(data[i + c] * alpha + 255 * (1 - alpha));
    }
  }
  return { width: png.width, height: png.height, rgb };
}

/** The pixel at x, y. */
export function pixel(picture: Picture, x: number, y: number): Rgb {
  const i = (Math.floor(y) * picture.width + Math.floor(x)) * 3;
  return [picture.rgb[i], picture.rgb[i + 1], picture.rgb[i + 2]];
}

/** "#rrggbb" of a color, for messages. */
export function hex(color: Rgb): string {
  return "#" + color.map((v) => v.toString(16).padStart(2, "0")).join("");
}

/** Whether every channel is within `tolerance`. */
export function near(a: Rgb, b: Rgb, tolerance = 3): boolean {
  return Math.abs(a[0] - b[0]) <= tolerance &&
    Math.abs(a[1] - b[1]) <= tolerance &&
    Math.abs(a[2] - b[2]) <= tolerance;
}

/** A "#rrggbb" color as numbers. */
export function rgbOf(color: string): Rgb {
  const n = parseInt(color.slice(1, 7), 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

/** `top` painted over `bottom` with opacity `alpha` (0-1). */
export function blend(top: Rgb, bottom: Rgb, alpha: number): Rgb {
  return [0, 1, 2].map((c) =>
    Math.round(top[c] * alpha + bottom[c] * (1 - alpha))
  ) as unknown as Rgb;
}

/**
 * The pixel position of a point of the viewBox, in a picture `size` wide:
 * `toPixels(size, col, row)` is the center of a screen square.
 */
export function toPixels(size: number, x: number, y: number): [number, number] {
  const unit = size / 9;
  return [(x + 1) * unit, (y + 1) * unit];
}

/**
 * The share of a square's pixels (its edges left out) that are far from
 * the square's color: the ink of a piece.
 */
export function ink(
  picture: Picture,
  col: number,
  row: number,
  color: Rgb,
): number {
  const unit = picture.width / 9;
  const inset = 3;
  let off = 0;
  let all = 0;
  for (
    let y = Math.ceil((row + 0.5) * unit) + inset;
    y < (row + 1.5) * unit - inset;
    y++
  ) {
    for (
      let x = Math.ceil((col + 0.5) * unit) + inset;
      x < (col + 1.5) * unit - inset;
      x++
    ) {
      all++;
      if (!near(pixel(picture, x, y), color, 32)) off++;
    }
  }
  return off / all;
}

/**
 * How far two pictures of one size are apart: the mean absolute difference
 * per channel (0-255), and the share of pixels where a channel differs by
 * more than 64.
 */
export function difference(
  a: Picture,
  b: Picture,
): { mean: number; far: number } {
  assert.deepEqual([a.width, a.height], [b.width, b.height], "same size");
  let sum = 0;
  let far = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    let most = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a.rgb[i + c] - b.rgb[i + c]);
      sum += d;
      most = Math.max(most, d);
    }
    if (most > 64) far++;
  }
  const pixels = a.rgb.length / 3;
  return { mean: sum / a.rgb.length, far: far / pixels };
}

/**
 * A chessboard as a PNG image: the self-contained (`"vector"`) diagram of
 * {@linkcode renderSvg}, rasterized by resvg (npm `@resvg/resvg-wasm`,
 * MPL-2.0). This module is a separate entry point: importing the main
 * module never loads the rasterizer, and this one loads it only when the
 * first image is asked for. It works offline once the package is cached,
 * with no permission.
 *
 * @module
 */

import type { BoardInput } from "./_board.ts";
import { loadResvg } from "./_resvg_wasm.js";
import { renderSvg, type RenderSvgOptions } from "./svg/mod.ts";

/**
 * Options for {@linkcode renderPng}: those of {@linkcode renderSvg} except
 * the style, which is always `"vector"` (the classic drawing needs fonts
 * that the rasterizer does not have). `size` is the image's width and
 * height in pixels.
 */
export type RenderPngOptions = Omit<RenderSvgOptions, "style" | "accessible">;

/** Draws boards as PNG images, synchronously, once the rasterizer is loaded. */
export interface PngRenderer {
  /**
   * Draws one board.
   *
   * @param board A position, a board of 64 squares, or FEN text.
   * @param options The size, colors, orientation and annotations.
   * @returns The PNG file's bytes (8-bit RGBA; the frame's rounded corners
   * are transparent).
   */
  render(board: BoardInput, options?: RenderPngOptions): Uint8Array;
}

/**
 * Loads the rasterizer (once per process) and returns a renderer that
 * draws synchronously: the way to make many images, as a batch does.
 *
 * @example Two boards from one renderer
 * ```ts
 * import { createPngRenderer } from "@fen/fen/png";
 * import assert from "node:assert/strict";
 *
 * const renderer = await createPngRenderer();
 * const small = renderer.render("8/8/8/8/8/8/8/4K3", { size: 100 });
 * const large = renderer.render("8/8/8/8/8/8/8/4K3", { size: 300 });
 * // A PNG's width is the big-endian number at byte 16.
 * assert.equal(new DataView(small.buffer).getUint32(16), 100);
 * assert.equal(new DataView(large.buffer).getUint32(16), 300);
 * ```
 *
 * @returns The renderer.
 */
export async function createPngRenderer(): Promise<PngRenderer> {
  const svgToPng = await loadResvg();
  return {
    render(board: BoardInput, options: RenderPngOptions = {}): Uint8Array {
      return svgToPng(vectorSvg(board, options));
    },
  };
}

/**
 * Draws a board as a PNG image: the vector diagram, `size` pixels square
 * (400 unless given).
 *
 * @example The PNG signature and size
 * ```ts
 * import { renderPng } from "@fen/fen/png";
 * import assert from "node:assert/strict";
 *
 * const png = await renderPng("4k3/8/8/8/8/8/4P3/4K3", { arrows: ["e2e4"] });
 * assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
 * assert.equal(new DataView(png.buffer).getUint32(16), 400);
 * ```
 *
 * @param board A position, a board of 64 squares, or FEN text to parse (a
 * placement alone is enough).
 * @param options The size, colors, orientation and annotations.
 * @returns The PNG file's bytes.
 * @throws {FenSyntaxError} If `board` is malformed FEN text.
 * @throws {TypeError} If the board is not 64 squares of piece letters and
 * `null`.
 * @throws {RangeError} If an option is out of range, as for
 * {@linkcode renderSvg}.
 */
export async function renderPng(
  board: BoardInput,
  options: RenderPngOptions = {},
): Promise<Uint8Array> {
  const svg = vectorSvg(board, options); // bad input fails before loading
  return (await loadResvg())(svg);
}

/** The document the rasterizer draws: no text alternative, nobody reads it. */
function vectorSvg(board: BoardInput, options: RenderPngOptions): string {
  return renderSvg(board, { ...options, style: "vector", accessible: false });
}

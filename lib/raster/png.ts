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

import { type BoardInput, toBoard } from "../_board.ts";
import { loadResvg, loadResvgPixels } from "../raster/resvg_wasm.js";
import { loadGifenc } from "../raster/gifenc.js";
import { loadDeflate, palettePng } from "./palette_png.ts";
import { fitsPixels, lookKey, stillFrame } from "./frame.ts";
import { SpriteTheme } from "./sprites.ts";
import { readOptions } from "../svg/options.ts";
import { strips } from "../svg/pockets.ts";
import { renderSvg, type RenderSvgOptions } from "../svg/mod.ts";

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
  /**
   * How many documents this renderer has rasterized: a whole board each
   * without sprites; with them, a look's layers and samples, once, and
   * then nothing for a board drawn from them (whatever its last move,
   * check, arrows or tinted squares in the look's colors).
   */
  readonly rasterized: number;
}

/** How a {@linkcode PngRenderer} draws. */
export interface PngRendererOptions {
  /**
   * Draw boards from sprites, as the GIF renderer does: each square's
   * picture is rasterized once per look (theme, pieces, size...) and a board
   * is copied sprites in a palette of 255 colors, written as an 8-bit
   * palette PNG. After the first board of a look (which pays for about 20
   * rasterized layers and a palette) each board takes a fraction of a
   * rasterization: the way for large batches. Arrows and the side-to-move
   * marker are filled over the sprites from the same outlines. A board
   * whose squares do not fall on whole pixels, or with a variant's pockets
   * or check counters, is rasterized whole, as without this option.
   */
  sprites?: boolean;
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
 * @example Many boards from sprites
 * ```ts
 * import { createPngRenderer } from "@fen/fen/png";
 * import assert from "node:assert/strict";
 *
 * const renderer = await createPngRenderer({ sprites: true });
 * const png = renderer.render("8/8/8/8/8/8/8/4K3", { size: 160, lastMove: "e2e1" });
 * assert.equal(png[25], 3); // an 8-bit palette PNG (color type 3)
 * ```
 *
 * @param how Whether to draw from sprites.
 * @returns The renderer.
 */
export async function createPngRenderer(
  how: PngRendererOptions = {},
): Promise<PngRenderer> {
  let rasterized = 0;
  const toPng = await loadResvg();
  const svgToPng = (svg: string): Uint8Array => (rasterized++, toPng(svg));
  if (how.sprites !== true) {
    return {
      render(board: BoardInput, options: RenderPngOptions = {}): Uint8Array {
        return svgToPng(vectorSvg(board, options));
      },
      get rasterized(): number {
        return rasterized;
      },
    };
  }
  const [toPixels, gifenc, deflate] = await Promise.all([
    loadResvgPixels(),
    loadGifenc(),
    loadDeflate(),
  ]);
  const raster: typeof toPixels = (svg) => (rasterized++, toPixels(svg));
  const themes = new Map<string, SpriteTheme>(); // by look
  return {
    render(board: BoardInput, options: RenderPngOptions = {}): Uint8Array {
      const input = toBoard(board, "render PNG");
      const drawing = readOptions({ ...options, style: "vector" });
      // The sprites are the board's squares: a board with a variant's rows
      // beside it (pockets, checks) is rasterized whole, as one that does
      // not fall on whole pixels is.
      if (!fitsPixels(drawing) || strips(input.position, false) !== null) {
        return svgToPng(vectorSvg(board, options));
      }
      const key = lookKey(drawing);
      let theme = themes.get(key);
      if (theme === undefined) {
        theme = new SpriteTheme(drawing, { raster, gifenc, sampleBar: null });
        themes.set(key, theme);
      }
      const indices = theme.board(stillFrame(input, drawing));
      const { size } = drawing;
      return palettePng(indices, {
        width: size,
        height: size,
        palette: theme.palette,
        clear: theme.clear,
        deflate,
      });
    },
    get rasterized(): number {
      return rasterized;
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

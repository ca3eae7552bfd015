/**
 * GIF figures, in one run so that the ratios hold while absolute times
 * swing:
 *
 * ```sh
 * deno bench --allow-read bench/gif_bench.ts
 * ```
 *
 * - `lila-gif game`: the example game of lila-gif's README (93 frames,
 *   720 x 840 px: a 720 px board and two 60 px bars with the players'
 *   titles, names and ratings, badges from the `?!` `?` `??` suffixes, the
 *   last move and checks marked) from a warm renderer. lila-gif's figures
 *   are 363 KiB and about 60 ms. The file's size is printed first.
 * - `LZW`: our coder (lib/gif/_lzw.ts) and gifenc's on the same frames: the
 *   game's first frame and its 92 changed rectangles.
 * - `PNG, 360 px`: resvg drawing the vector SVG (what `renderPng` does),
 *   against `createPngRenderer({ sprites: true })` once its sprites exist.
 *
 * @module
 */

import { createGifRenderer } from "../lib/gif/mod.ts";
import { loadGifenc } from "../lib/raster/gifenc.js";
import { LzwCoder } from "../lib/gif/_lzw.ts";
import { GifWriter } from "../lib/gif/_writer.ts";
import { createPngRenderer } from "../lib/raster/png.ts";
import { gameFrames, LILA_BLACK, LILA_GAME, LILA_WHITE } from "./_lila_game.ts";

const frames = gameFrames(LILA_GAME);
const options = { size: 720, white: LILA_WHITE, black: LILA_BLACK };
const renderer = await createGifRenderer();

/** The whole file's size, and each frame's indices as the writer got them. */
const images: { indices: Uint8Array; transparent: number }[] = [];
const writeFrame = GifWriter.prototype.frame;
GifWriter.prototype.frame = function (indices, rect, delay, transparent) {
  images.push({ indices: indices.slice(), transparent });
  writeFrame.call(this, indices, rect, delay, transparent);
};
let size = 0;
for (const part of renderer.animate(frames, options)) size += part.length;
GifWriter.prototype.frame = writeFrame;
console.log(
  `lila-gif game: ${frames.length} frames, ${(size / 1024).toFixed(1)} KiB ` +
    `(${images.reduce((n, i) => n + i.indices.length, 0)} pixels coded)`,
);

Deno.bench("lila-gif game, 93 frames, 720 x 840", { group: "game" }, () => {
  for (const _ of renderer.animate(frames, options));
});

const gifenc = await loadGifenc();
const coder = new LzwCoder();
const stream = gifenc.createStream(1 << 20);
const accum = new Uint8Array(256);
const htab = new Int32Array(5003);
const codetab = new Int32Array(5003);

Deno.bench("LZW: ours", { group: "lzw", baseline: true }, () => {
  for (const { indices, transparent } of images) {
    stream.reset();
    coder.encode(indices, stream, transparent);
  }
});

Deno.bench("LZW: gifenc", { group: "lzw" }, () => {
  for (const { indices } of images) {
    stream.reset();
    gifenc.lzwEncode(
      1,
      indices.length,
      indices,
      8,
      stream,
      accum,
      htab,
      codetab,
    );
  }
});

const FEN =
  "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
const png = await createPngRenderer();
const sprites = await createPngRenderer({ sprites: true });
sprites.render(FEN, { size: 360 }); // the look's sprites, made once

Deno.bench("PNG, 360 px: resvg", { group: "png", baseline: true }, () => {
  png.render(FEN, { size: 360 });
});

Deno.bench("PNG, 360 px: sprites, palette PNG", { group: "png" }, () => {
  sprites.render(FEN, { size: 360 });
});

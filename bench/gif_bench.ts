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
 * - `variant`: a crazyhouse game of as many frames as the lila-gif game
 *   (random legal moves, seeded: a third of its plies change a pocket)
 *   against the lila-gif game's frames without bars, both at 720 px from a
 *   warm renderer: what the pocket rows cost (about 1.15x here). Each row
 *   state is rasterized once per renderer, so a warm run draws none.
 *
 * @module
 */

import { createGifRenderer, type GifFrame } from "../lib/gif/mod.ts";
import { loadGifenc } from "../lib/raster/gifenc.js";
import { LzwCoder } from "../lib/gif/_lzw.ts";
import { GifWriter } from "../lib/gif/_writer.ts";
import { createPngRenderer } from "../lib/raster/png.ts";
import { parseFen } from "../lib/fen/mod.ts";
import { legalMoves, playMoves } from "../lib/moves/mod.ts";
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

/** A random crazyhouse game of `plies` moves (fewer if it ends), seeded. */
function crazyhouseFrames(plies: number): GifFrame[] {
  let seed = 29;
  const rules = "crazyhouse";
  let position = parseFen(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    { rules },
  );
  const frames: GifFrame[] = [{ position }];
  for (let ply = 0; ply < plies; ply++) {
    const moves = legalMoves(position, { rules });
    if (moves.length === 0) break;
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const played = playMoves(position, [moves[seed % moves.length]], { rules });
    position = played.position;
    const { uci } = played.moves[0];
    frames.push(
      uci.includes("@") ? { position } : { position, lastMove: uci },
    );
  }
  return frames;
}

const house = crazyhouseFrames(frames.length - 1);
const plain = { size: 720 };
for (const _ of renderer.animate(house, plain)); // the rows, drawn once
for (const _ of renderer.animate(frames, plain));
console.log(
  `crazyhouse game: ${house.length} frames, ${
    house.filter((f, i) =>
      i > 0 &&
      JSON.stringify((f.position as { pockets?: unknown }).pockets) !==
        JSON.stringify((house[i - 1].position as { pockets?: unknown }).pockets)
    ).length
  } of them with a pocket change`,
);

Deno.bench("variant: lila-gif game, 720 px, no bars", {
  group: "variant",
  baseline: true,
}, () => {
  for (const _ of renderer.animate(frames, plain));
});

Deno.bench("variant: crazyhouse game, 720 x 900 with pockets", {
  group: "variant",
}, () => {
  for (const _ of renderer.animate(house, plain));
});

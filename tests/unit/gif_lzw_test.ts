import assert from "node:assert/strict";
import fc from "fast-check";
import omggif from "omggif";
import { loadGifenc } from "../../lib/raster/gifenc.js";
import { LzwCoder } from "../../lib/gif/_lzw.ts";
import { GifWriter } from "../../lib/gif/_writer.ts";
import type { Rgb } from "../../lib/raster/palette_png.ts";
import { PROPERTY_RUNS } from "./_arbitraries.ts";

const gifenc = await loadGifenc();
const coder = new LzwCoder();
/** 256 distinct colors, so that a decoded color names its index. */
const PALETTE: Rgb[] = Array.from(
  { length: 256 },
  (_, i) => [i, 255 - i, (i * 7) & 255],
);

/** The indices back from a one-frame GIF, through an independent decoder. */
function roundTrip(
  indices: Uint8Array,
  width: number,
  transparent: number,
): Uint8Array {
  const height = indices.length / width;
  const writer = new GifWriter({ gifenc, coder }, {
    width,
    height,
    palette: PALETTE,
    loop: false,
  });
  writer.frame(indices, { left: 0, top: 0, width, height }, 0, transparent);
  writer.end();
  const reader = new omggif.GifReader(writer.take());
  const rgba = new Uint8Array(width * height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  const back = new Uint8Array(width * height);
  for (let i = 0; i < back.length; i++) {
    back[i] = rgba[4 * i + 3] === 0 ? transparent : rgba[4 * i];
  }
  return back;
}

Deno.test("LZW: what our coder writes decodes to the same indices (noise, runs, table clears)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 64 }),
      fc.array(
        fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 3000 }), // noise: many codes, clears
          fc.record({
            value: fc.integer({ min: 0, max: 255 }),
            length: fc.integer({ min: 1, max: 9000 }),
          })
            .map(({ value, length }) => new Uint8Array(length).fill(value)), // runs
        ),
        { minLength: 1, maxLength: 12 },
      ),
      fc.integer({ min: 0, max: 255 }),
      (width, pieces, transparent) => {
        let indices = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const piece of pieces) {
          indices.set(piece, at);
          at += piece.length;
        }
        // Whole rows only.
        indices = indices.slice(0, indices.length - (indices.length % width));
        if (indices.length === 0) return;
        assert.deepEqual(roundTrip(indices, width, transparent), indices);
      },
    ),
    { numRuns: PROPERTY_RUNS },
  );
});

Deno.test("LZW: a long transparent run after noise, the run longer than the table can hold", () => {
  const noise = Uint8Array.from(
    { length: 40000 },
    (_, i) => (i * 2654435761) >>> 24,
  );
  const run = new Uint8Array(300000).fill(9);
  const indices = new Uint8Array(noise.length + run.length + noise.length);
  indices.set(noise, 0);
  indices.set(run, noise.length);
  indices.set(noise, noise.length + run.length);
  assert.deepEqual(roundTrip(indices, 400, 9), indices);
  assert.deepEqual(roundTrip(indices, 400, 10), indices); // 9 not the fast one
});

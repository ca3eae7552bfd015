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

/**
 * Asserts `actual` equals `expected`, naming the first difference. Not
 * assert.deepEqual: its diff of two long arrays takes memory quadratic in
 * their length (gigabytes for 20000 pixels), so one wrong image of a
 * property test once took the test process to 24 GB.
 */
function assertSameIndices(actual: Uint8Array, expected: Uint8Array): void {
  assert.equal(actual.length, expected.length, "number of pixels");
  const at = actual.findIndex((value, i) => value !== expected[i]);
  if (at >= 0) {
    assert.fail(
      `pixel ${at} of ${expected.length}: ${actual[at]} instead of ${
        expected[at]
      } (next: ${actual.subarray(at, at + 8)} instead of ${
        expected.subarray(at, at + 8)
      })`,
    );
  }
}

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
        if (indices.length / width > 0xffff) {
          // GIF's sizes are 16 bits: the writer refuses a taller image.
          assert.throws(
            () => roundTrip(indices, width, transparent),
            RangeError,
          );
          return;
        }
        assertSameIndices(roundTrip(indices, width, transparent), indices);
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
  assertSameIndices(roundTrip(indices, 400, 9), indices);
  assertSameIndices(roundTrip(indices, 400, 10), indices); // 9 not the fast one
});

Deno.test("GIF: an image 65535 rows tall round-trips; one row taller is refused, not cut to its low 16 bits", () => {
  const noise = Uint8Array.from(
    { length: 0x10000 },
    (_, i) => (i * 2654435761) >>> 24,
  );
  assertSameIndices(
    roundTrip(noise.subarray(0, 0xffff), 1, 9),
    noise.subarray(0, 0xffff),
  );
  // Written as 0 rows, omggif read 65536 pixels where it expected none.
  assert.throws(
    () => roundTrip(noise, 1, 9),
    new RangeError(
      "Cannot write GIF: height 65536 is not a whole number from 0 to 65535",
    ),
  );
  // The input a property run once found: 70000 rows, written as 4464.
  const tall = new Uint8Array(70000).fill(3);
  assert.throws(() => roundTrip(tall, 1, 9), /height 70000 is not/);
});

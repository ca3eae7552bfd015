// A palette image (8 bits an index) as a PNG file: IHDR, PLTE, tRNS when a
// transparent index is used, one IDAT, IEND. Rows are unfiltered (a board's
// flat squares compress well as they are) and deflated, at a fast level, by
// the runtime's zlib (node:zlib, built into Deno: no package, no
// permission), loaded when a renderer is made: importing node:zlib loads
// Deno's Node layer, about 45 ms, which a bundle importing it statically
// paid at every start.

/** Deflates a PNG's rows (node:zlib's `deflateSync`). */
export type Deflate = (
  data: Uint8Array,
  options: { level: number },
) => Uint8Array;

/** The runtime's deflate, loaded on first use. */
export async function loadDeflate(): Promise<Deflate> {
  return (await import("node:zlib")).deflateSync;
}

/** A palette color: red, green, blue. */
export type Rgb = [number, number, number];

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** CRC-32 of PNG chunks, by byte value (an immutable table). */
const CRC_TABLE: readonly number[] = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * The PNG of `indices` (width x height, row by row) in `palette`; pixels of
 * index `clear` (just past the colors) are transparent.
 */
export function palettePng(
  indices: Uint8Array,
  image: {
    width: number;
    height: number;
    palette: Rgb[];
    clear: number;
    /** From {@linkcode loadDeflate}. */
    deflate: Deflate;
  },
): Uint8Array {
  const { width, height, palette, clear, deflate } = image;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, palette, deflate, no filter, no interlace
  const clears = indices.includes(clear);
  const colors = new Uint8Array(3 * (clears ? clear + 1 : palette.length));
  palette.forEach((color, i) => colors.set(color, 3 * i));
  const rows = new Uint8Array((width + 1) * height); // filter byte 0 a row
  for (let y = 0; y < height; y++) {
    rows.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", header),
    chunk("PLTE", colors),
  ];
  if (clears) {
    const alpha = new Uint8Array(clear + 1).fill(255);
    alpha[clear] = 0;
    parts.push(chunk("tRNS", alpha));
  }
  // Level 2: about a quarter of the default level's time (the most of a
  // sprite PNG's cost) for a file about 45% larger (9 KB for a 360 px
  // board): the service's PNGs are many and small.
  const data = deflate(rows, { level: 2 });
  parts.push(chunk("IDAT", data), chunk("IEND", new Uint8Array()));
  const png = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

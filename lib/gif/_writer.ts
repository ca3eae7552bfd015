// The blocks of a GIF89a file: header, logical screen, global color table,
// the loop extension, then per frame a graphic control extension (delay,
// transparency) and an image at an offset, and the trailer. The image data
// is LZW-coded by _lzw.ts (gifenc's coder measured slower: see
// bench/gif_bench.ts); gifenc's byte buffer holds the file. Each frame's bytes can be taken as soon as they
// are written, so that an animation streams.

import type { ByteStream, Gifenc } from "../raster/gifenc.js";
import type { LzwCoder } from "./_lzw.ts";
import type { Rgb } from "../raster/palette_png.ts";

/** A rectangle of the image, in pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Writes one GIF file; the palette has at most 256 colors. */
export class GifWriter {
  readonly #stream: ByteStream;
  readonly #coder: LzwCoder;

  constructor(
    tools: { gifenc: Gifenc; coder: LzwCoder },
    screen: {
      width: number;
      height: number;
      palette: Rgb[];
      loop: boolean;
      /** Text for a comment extension (lila-gif's `comment`), or none. */
      comment?: string | null;
    },
  ) {
    this.#coder = tools.coder;
    this.#stream = tools.gifenc.createStream(1 << 16);
    const s = this.#stream;
    s.writeBytes([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]); // "GIF89a"
    this.#word(screen.width);
    this.#word(screen.height);
    // A global table of 256 colors, 8 bits per primary; background 0.
    s.writeBytes([0xf7, 0, 0]);
    for (let i = 0; i < 256; i++) {
      s.writeBytes(screen.palette[i] ?? [0, 0, 0]);
    }
    if (screen.loop) {
      // NETSCAPE2.0: repeat forever.
      s.writeBytes([
        0x21,
        0xff,
        11,
        ...new TextEncoder().encode("NETSCAPE2.0"),
      ]);
      s.writeBytes([3, 1, 0, 0, 0]);
    }
    if (screen.comment) this.#comment(screen.comment);
  }

  /** A comment extension: the text's UTF-8 bytes in blocks of 255 at most. */
  #comment(text: string): void {
    const s = this.#stream;
    const bytes = new TextEncoder().encode(text);
    s.writeBytes([0x21, 0xfe]);
    for (let at = 0; at < bytes.length; at += 255) {
      const block = bytes.subarray(at, at + 255);
      s.writeByte(block.length);
      s.writeBytesView(block);
    }
    s.writeByte(0);
  }

  /**
   * One frame: `indices` (exactly width x height of them) drawn at the
   * rectangle, shown for `delay` centiseconds; the pixels of index
   * `transparent` leave what is under them, which stays (disposal 1).
   */
  frame(indices: Uint8Array, rect: Rect, delay: number, transparent: number) {
    const s = this.#stream;
    s.writeBytes([0x21, 0xf9, 4, (1 << 2) | 1]);
    this.#word(delay);
    s.writeBytes([transparent, 0, 0x2c]);
    this.#word(rect.left);
    this.#word(rect.top);
    this.#word(rect.width);
    this.#word(rect.height);
    s.writeByte(0); // no local color table, not interlaced
    this.#coder.encode(indices, s, transparent);
  }

  /** The trailer: the file is complete. */
  end(): void {
    this.#stream.writeByte(0x3b);
  }

  /** The bytes written since the last call. */
  take(): Uint8Array {
    const bytes = this.#stream.bytesView().slice();
    this.#stream.reset();
    return bytes;
  }

  #word(value: number): void {
    this.#stream.writeBytes([value & 0xff, value >> 8]);
  }
}

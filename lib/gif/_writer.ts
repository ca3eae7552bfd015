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
    this.#word(screen.width, "width");
    this.#word(screen.height, "height");
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
    this.#word(delay, "delay");
    s.writeBytes([transparent, 0, 0x2c]);
    this.#word(rect.left, "frame left");
    this.#word(rect.top, "frame top");
    this.#word(rect.width, "frame width");
    this.#word(rect.height, "frame height");
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

  /**
   * A 16-bit field. A larger value would be cut to its low 16 bits, and the
   * file would lie about its size (a decoder then finds more image data
   * than pixels): refused instead.
   */
  #word(value: number, name: string): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
      throw new RangeError(
        `Cannot write GIF: ${name} ${value} is not a whole number from 0 to 65535`,
      );
    }
    this.#stream.writeBytes([value & 0xff, value >> 8]);
  }
}

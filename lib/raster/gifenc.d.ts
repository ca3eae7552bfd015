/** A growable byte buffer, as gifenc writes into it. */
export interface ByteStream {
  reset(): void;
  bytesView(): Uint8Array;
  writeByte(byte: number): void;
  writeBytes(data: ArrayLike<number>): void;
  writeBytesView(data: Uint8Array): void;
}

/** The parts of gifenc the GIF writer uses. */
export interface Gifenc {
  /** Up to `colors` [r, g, b] colors that represent the RGBA pixels. */
  quantize(
    rgba: Uint8Array,
    colors: number,
    options: { format: "rgb565" },
  ): [number, number, number][];
  /** Each pixel's index of its nearest palette color. */
  applyPalette(
    rgba: Uint8Array,
    palette: [number, number, number][],
    format: "rgb565",
  ): Uint8Array;
  /** Writes the LZW image data of `width` x `height` indices. */
  lzwEncode(
    width: number,
    height: number,
    indices: Uint8Array,
    colorDepth: number,
    stream: ByteStream,
    accum: Uint8Array,
    htab: Int32Array,
    codetab: Int32Array,
  ): void;
  /** A byte buffer with room for `capacity` bytes to start with. */
  createStream(capacity: number): ByteStream;
}

/**
 * Loads gifenc once per process; later calls share it.
 *
 * @returns Its quantizer, palette mapper, LZW encoder and byte buffer.
 */
export function loadGifenc(): Promise<Gifenc>;

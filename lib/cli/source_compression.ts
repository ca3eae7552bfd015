// Compressed input (recognised by its magic bytes in io.ts): gzip read through
// the runtime's DecompressionStream, so `fen - < games.fen.gz` just works
// and the other formats are named with the command that opens them.

import { InputError } from "./io.ts";
import type { Source } from "../program/io.ts";

/**
 * A gzip stream read as its decompressed bytes, through the runtime's
 * `DecompressionStream`: `first` (the chunk already read) then the rest of
 * `source`.
 */
export class GunzipSource implements Source {
  readonly #output: ReadableStreamDefaultReader<Uint8Array>;
  #pending: Uint8Array | null = null;

  /**
   * @param first The bytes already read from the stream's start.
   * @param source The rest of the stream.
   */
  constructor(first: Uint8Array, source: Source) {
    const gunzip = new DecompressionStream("gzip");
    this.#output = gunzip.readable.getReader();
    pump(first.slice(), source, gunzip.writable.getWriter());
  }

  async read(buffer: Uint8Array): Promise<number | null> {
    if (this.#pending === null) {
      let result;
      try {
        result = await this.#output.read();
      } catch (error) {
        throw new InputError(error);
      }
      if (result.done) return null;
      this.#pending = result.value;
    }
    const n = Math.min(buffer.length, this.#pending.length);
    buffer.set(this.#pending.subarray(0, n));
    this.#pending = n < this.#pending.length ? this.#pending.subarray(n) : null;
    return n;
  }
}

/** Feeds the compressed bytes to the decompressor, with backpressure. */
async function pump(
  first: Uint8Array<ArrayBuffer>,
  source: Source,
  into: WritableStreamDefaultWriter<BufferSource>,
): Promise<void> {
  try {
    await into.write(first);
    const chunk = new Uint8Array(1 << 16);
    for (;;) {
      const n = await source.read(chunk);
      if (n === null || n === 0) break;
      await into.write(chunk.slice(0, n));
    }
    await into.close();
  } catch (error) {
    // The reading side reports it (as an input error).
    await into.abort(error).catch(() => {});
  }
}

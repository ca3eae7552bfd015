// Compressed input (recognised by its magic bytes in _io.ts): gzip read through
// the runtime's DecompressionStream and zstd through lib/compress (loaded
// only when a stream is zstd), so `fen - < games.fen.gz` and
// `fen --from pgn lichess.pgn.zst` just work; the other formats are named
// with the command that opens them.

import type { Diagnostics } from "./_diagnostics.ts";
import {
  type Compression,
  compressionOf,
  COMPRESSIONS,
  InputError,
  type Source,
} from "./_io.ts";
import { EXIT } from "./exit.ts";

/**
 * The decompressed bytes of a stream of `kind` whose first chunk, `first`,
 * was already read: `null` for a format read only by its own tool.
 */
export async function decompressed(
  kind: Compression,
  first: Uint8Array,
  source: Source,
): Promise<Source | null> {
  if (kind === "gzip") return new GunzipSource(first, source);
  if (kind !== "zstd") return null;
  const { ZstdReader } = await import("../compress/zstd.ts");
  const reader = new ZstdReader(source, { first: first.slice() });
  return {
    async read(buffer: Uint8Array): Promise<number | null> {
      try {
        return await reader.read(buffer);
      } catch (error) {
        throw new InputError(error);
      }
    },
  };
}

/**
 * A stream as text: its first chunk is read, and the stream decompressed if
 * that chunk starts a gzip or zstd stream; `null` (after saying so) when it
 * is compressed in a format read only by its own tool.
 */
export async function textOf(
  source: Source,
  { name, diagnostics }: { name: string; diagnostics: Diagnostics },
): Promise<Source | null> {
  const chunk = new Uint8Array(1 << 16);
  let n: number | null;
  try {
    n = await source.read(chunk);
  } catch (error) {
    throw new InputError(error);
  }
  const first = chunk.subarray(0, n ?? 0);
  const kind = compressionOf(first);
  if (kind !== null) {
    const text = await decompressed(kind, first, source);
    if (text === null) refuseCompressed(kind, { name, diagnostics });
    return text;
  }
  return new Replay(first, source);
}

/** What to say of a stream compressed in a format fen does not read. */
export function refuseCompressed(
  kind: Compression,
  { name, diagnostics }: { name: string; diagnostics: Diagnostics },
): void {
  const tool = COMPRESSIONS.find((c) => c.name === kind)!.tool;
  diagnostics.say(
    `fen: ${name} is ${kind}-compressed: decompress it first (${tool} FILE | fen ...)\n`,
  );
  diagnostics.fail(EXIT.ioError);
}

/** A stream whose first chunk was already read: that chunk, then the rest. */
class Replay implements Source {
  #first: Uint8Array | null;
  readonly #source: Source;

  constructor(first: Uint8Array, source: Source) {
    this.#first = first.length > 0 ? first : null;
    this.#source = source;
  }

  read(buffer: Uint8Array): Promise<number | null> {
    const first = this.#first;
    if (first === null) return this.#source.read(buffer);
    const n = Math.min(buffer.length, first.length);
    buffer.set(first.subarray(0, n));
    this.#first = n < first.length ? first.subarray(n) : null;
    return Promise.resolve(n);
  }
}

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

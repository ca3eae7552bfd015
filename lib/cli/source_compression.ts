// What an input is, told from its first chunk, for every stream the command
// reads (FEN lines, text boards, PGN games) in one place: text goes on,
// gzip is read through the runtime's DecompressionStream (so
// `fen - < games.fen.gz` just works), and UTF-16, binary data and the other
// compressions are refused at once, named with the command that reads them.
// A new decoder (zstd, say) is one entry of DECODERS.

import { InputError } from "./io.ts";
import type { Source } from "../program/io.ts";

/** The compression formats recognised by their magic bytes. */
export type Compression = "gzip" | "zstd" | "xz" | "bzip2";

/** Each format's magic bytes and the tool that decompresses it. */
export const COMPRESSIONS: readonly {
  readonly name: Compression;
  readonly magic: readonly number[];
  readonly tool: string;
}[] = [
  { name: "gzip", magic: [0x1f, 0x8b], tool: "gzip -dc" },
  { name: "zstd", magic: [0x28, 0xb5, 0x2f, 0xfd], tool: "zstd -dc" },
  { name: "xz", magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], tool: "xz -dc" },
  { name: "bzip2", magic: [0x42, 0x5a, 0x68], tool: "bzip2 -dc" },
];

/** The compression `bytes` start with, or `null`. */
export function compressionOf(bytes: Uint8Array): Compression | null {
  for (const { name, magic } of COMPRESSIONS) {
    if (magic.every((b, i) => bytes[i] === b)) {
      // "BZh" is also text: bzip2 has a block-size digit after it.
      if (name !== "bzip2" || (bytes[3] >= 0x31 && bytes[3] <= 0x39)) {
        return name;
      }
    }
  }
  return null;
}

/** Decoders of compressed input, by format, read as it streams. */
const DECODERS: Partial<
  Record<Compression, (first: Uint8Array, rest: Source) => Source>
> = {
  gzip: (first, rest) => new GunzipSource(first, rest),
};

/**
 * Why an input is not read: UTF-16 text, binary data (a NUL byte in the
 * first chunk, at `offset`), or a compression with no decoder here.
 */
export type NotText =
  | { kind: "utf16" }
  | { kind: "binary"; offset: number }
  | { kind: "compressed"; format: Compression; tool: string };

/** What the first chunk of a stream is: text, or why it is not read. */
export function sniff(bytes: Uint8Array): NotText | Compression | null {
  if (looksUtf16(bytes)) return { kind: "utf16" };
  const format = compressionOf(bytes);
  if (format !== null) {
    if (DECODERS[format] !== undefined) return format;
    const tool = COMPRESSIONS.find((c) => c.name === format)!.tool;
    return { kind: "compressed", format, tool };
  }
  const nul = bytes.indexOf(0);
  return nul >= 0 ? { kind: "binary", offset: nul } : null;
}

/**
 * UTF-16 text: a byte order mark, or ASCII with a NUL in every other byte
 * (NULs at one parity and none at the other; all-NUL input is not text).
 */
function looksUtf16(bytes: Uint8Array): boolean {
  if (bytes.length >= 2) {
    const [a, b] = bytes;
    if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return true;
  }
  const n = Math.min(bytes.length, 64) & ~1;
  if (n < 8) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const half = n / 2;
  return (even === 0 && odd >= half - 1) || (odd === 0 && even >= half - 1);
}

/**
 * A stream as text bytes: {@linkcode SniffedSource.open} reads its first
 * chunk and says whether it is read at all; then `read` gives the text
 * (decompressed, for gzip), that chunk first.
 */
export class SniffedSource implements Source {
  #source: Source;
  #pending: Uint8Array | null = null;

  constructor(source: Source) {
    this.#source = source;
  }

  /** Reads the first chunk: `null` when the stream is read, else why not. */
  async open(): Promise<NotText | null> {
    const chunk = new Uint8Array(1 << 16);
    let n: number | null;
    try {
      n = await this.#source.read(chunk);
    } catch (error) {
      throw new InputError(error);
    }
    if (n === null || n === 0) return null;
    const bytes = chunk.subarray(0, n);
    const found = sniff(bytes);
    if (found === null) {
      this.#pending = bytes;
      return null;
    }
    if (typeof found !== "string") return found;
    // Compressed: what it holds is sniffed in turn.
    const inner = new SniffedSource(DECODERS[found]!(bytes, this.#source));
    this.#source = inner;
    return await inner.open();
  }

  async read(buffer: Uint8Array): Promise<number | null> {
    const pending = this.#pending;
    if (pending === null) return await this.#source.read(buffer);
    const n = Math.min(buffer.length, pending.length);
    buffer.set(pending.subarray(0, n));
    this.#pending = n < pending.length ? pending.subarray(n) : null;
    return n;
  }

  isTerminal(): boolean {
    return this.#source.isTerminal?.() ?? false;
  }
}

/** What to say of an input that is not read, and the exit code's name. */
export function notTextMessage(
  why: NotText,
  name: string,
): { message: string; code: "invalidFen" | "ioError" } {
  switch (why.kind) {
    case "utf16":
      return {
        message:
          `fen: ${name} is UTF-16 text: convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)\n`,
        code: "invalidFen",
      };
    case "binary":
      return {
        message:
          `fen: ${name} is binary data, not text (a NUL byte at byte ${why.offset}): nothing read\n`,
        code: "ioError",
      };
    default:
      return {
        message:
          `fen: ${name} is ${why.format}-compressed: decompress it first (${why.tool} FILE | fen ...)\n`,
        code: "ioError",
      };
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

// What an input is, told from its first chunk, for every stream a program
// reads (the command's FEN lines, text boards and PGN games, the
// subcommands' inputs through lib/program/frame.ts) in one place: text goes on,
// gzip is read through the runtime's DecompressionStream (so
// `fen - < games.fen.gz` just works), UTF-16 and the other compressions are
// refused at once, named with the command that reads them, and binary data
// (a NUL near the start) is stopped at the line it is on. zstd (lichess's
// dumps) is read through lib/compress, loaded only when a stream is zstd.
// A new decoder is one entry of DECODERS.

import { InputError, type Source } from "./io.ts";

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
  // pzstd's files (lichess's dumps) start with a skippable frame
  if (
    (bytes[0] & 0xf0) === 0x50 && bytes[1] === 0x2a && bytes[2] === 0x4d &&
    bytes[3] === 0x18
  ) return "zstd";
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
  zstd: (first, rest) => new ZstdSource(first, rest),
};

/**
 * A zstd stream read as its decompressed bytes (lib/compress/zstd.ts, loaded
 * at the first read); a cut, corrupt or trailing-garbage stream is an
 * input error after the bytes before the fault.
 */
class ZstdSource implements Source {
  #reader: Promise<{ read(buffer: Uint8Array): Promise<number | null> }>;

  constructor(first: Uint8Array, rest: Source) {
    const copy = first.slice(); // the caller reads into its chunk again
    this.#reader = import("../compress/zstd.ts").then(({ ZstdReader }) =>
      new ZstdReader(rest, { first: copy })
    );
  }

  async read(buffer: Uint8Array): Promise<number | null> {
    try {
      return await (await this.#reader).read(buffer);
    } catch (error) {
      throw new InputError(error);
    }
  }
}

/**
 * Why an input is not read: UTF-16 text, binary data (a NUL byte at
 * `offset`, within the first {@linkcode WATCHED} bytes; `before` bytes, the
 * lines before it, were read), or a compression with no decoder here.
 */
export type NotText =
  | { kind: "utf16" }
  | { kind: "binary"; offset: number; before: number }
  | { kind: "compressed"; format: Compression; tool: string };

/** What the first chunk of a stream is: text, a decoder's format, or why not. */
export function sniff(bytes: Uint8Array): NotText | Compression | null {
  if (looksUtf16(bytes)) return { kind: "utf16" };
  const format = compressionOf(bytes);
  if (format === null) return null;
  if (DECODERS[format] !== undefined) return format;
  const tool = COMPRESSIONS.find((c) => c.name === format)!.tool;
  return { kind: "compressed", format, tool };
}

/**
 * How far into a stream a NUL byte means binary data: its first chunk as
 * the command reads it, counted in bytes so that how the stream is split
 * into reads changes nothing.
 */
export const WATCHED = 1 << 16;

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
 * chunk and says whether it is read at all (UTF-16, another compression);
 * then `read` gives the text (decompressed, for gzip). A NUL byte within
 * the first {@linkcode WATCHED} bytes ends the stream before the line it is
 * on ({@linkcode SniffedSource.binary} says so): until then whole lines are
 * handed on, so the lines read do not depend on how reads split the bytes.
 * A read gives at least one byte, or `null` at the end: a read of the
 * stream that gives none (Deno's readers may, and a decoder did) is read
 * again here, so that the readers of every stream (lines, games, `--jobs`)
 * can take 0 for nothing but the end.
 */
export class SniffedSource implements Source {
  #source: Source;
  /** The decompressed stream's own sniffer, when the stream is compressed. */
  #inner: SniffedSource | null = null;
  /** The first chunk, read by `open`, not yet handed on. */
  #first: Uint8Array | null = null;
  /** Bytes ready to be handed on. */
  #pending: Uint8Array | null = null;
  /** While watching: the bytes after the last newline, held back. */
  #held: Uint8Array = new Uint8Array(0);
  /** Bytes taken from the source so far. */
  #taken = 0;
  /** Bytes handed on so far. */
  #given = 0;
  #watching = true;
  #ended = false;
  /** A read that failed while watching, after the held bytes it hands on. */
  #fault: unknown = null;
  #binary: NotText | null = null;
  readonly #chunk = new Uint8Array(1 << 16);

  /**
   * @param source The stream.
   * @param options `continued`: the stream is a part of another after its
   * start (`--jobs`), with nothing to sniff: its bytes are handed on as
   * they are.
   */
  constructor(source: Source, options: { continued?: boolean } = {}) {
    this.#source = source;
    if (options.continued === true) {
      this.#watching = false;
      this.#continued = true;
    }
  }

  readonly #continued: boolean = false;

  /** Binary data found, which ended the stream early; else null. */
  get binary(): NotText | null {
    return this.#inner?.binary ?? this.#binary;
  }

  /** Reads the first chunk: `null` when the stream is read, else why not. */
  async open(): Promise<NotText | null> {
    if (this.#continued) return null;
    const n = await this.#take();
    if (n === null) return null;
    const bytes = this.#chunk.subarray(0, n);
    const found = sniff(bytes);
    if (found === null) {
      this.#first = bytes;
      return null;
    }
    if (typeof found !== "string") return found;
    // Compressed: what it holds is sniffed in turn.
    this.#inner = new SniffedSource(
      DECODERS[found]!(bytes.slice(), this.#source),
    );
    return await this.#inner.open();
  }

  async read(buffer: Uint8Array): Promise<number | null> {
    if (this.#inner !== null) return await this.#inner.read(buffer);
    while (this.#pending === null) {
      if (!this.#watching) {
        // a read of no bytes is not the end (see the class)
        let n: number | null;
        do n = await this.#source.read(buffer); while (
          n === 0 && buffer.length > 0
        );
        if (n !== null) this.#given += n;
        return n;
      }
      if (this.#ended || !await this.#watch()) {
        if (this.#fault !== null) throw this.#fault;
        return null;
      }
    }
    const pending = this.#pending;
    const n = Math.min(buffer.length, pending.length);
    buffer.set(pending.subarray(0, n));
    this.#pending = n < pending.length ? pending.subarray(n) : null;
    this.#given += n;
    return n;
  }

  /** One read from the source into the chunk; null at its end. */
  async #take(): Promise<number | null> {
    let n: number | null;
    try {
      do n = await this.#source.read(this.#chunk); while (n === 0);
    } catch (error) {
      throw new InputError(error);
    }
    if (n === null) return null;
    this.#taken += n;
    return n;
  }

  /**
   * Reads on while watching for a NUL: whole lines become pending; false
   * at the end (what is held, a last line without its newline, goes too,
   * also before a read that fails).
   */
  async #watch(): Promise<boolean> {
    let chunk = this.#first;
    this.#first = null;
    if (chunk === null) {
      const n = await this.#take().catch((error) => {
        // what was read before a read that fails goes on first, as it does
        // past the watched start; the failure is the next read's
        if (this.#held.length === 0) throw error;
        this.#fault = error;
        return null;
      });
      if (n === null) {
        this.#ended = true;
        if (this.#held.length === 0) return false;
        this.#pending = this.#held;
        this.#held = new Uint8Array(0);
        return true;
      }
      chunk = this.#chunk.subarray(0, n);
    }
    const held = this.#held;
    const data = held.length === 0 ? chunk : concat(held, chunk);
    const base = this.#taken - data.length;
    const nul = data.indexOf(0);
    if (nul >= 0 && base + nul < WATCHED) {
      const lineStart = data.lastIndexOf(10, nul) + 1;
      this.#binary = {
        kind: "binary",
        offset: base + nul,
        before: this.#given + lineStart,
      };
      this.#ended = true;
      this.#held = new Uint8Array(0);
      if (lineStart === 0) return false;
      this.#pending = data.slice(0, lineStart);
      return true;
    }
    if (this.#taken >= WATCHED) {
      this.#watching = false;
      this.#held = new Uint8Array(0);
      this.#pending = data.slice();
      return true;
    }
    const end = data.lastIndexOf(10) + 1;
    this.#held = data.slice(end);
    if (end > 0) this.#pending = data.slice(0, end);
    return true;
  }

  isTerminal(): boolean {
    return this.#source.isTerminal?.() ?? false;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * What to say of an input that is not read (after `fen: `, without the
 * newline), and the exit code's name; `program` is a subcommand's words
 * (`tree`), whose name the advice gives.
 */
export function notTextReason(
  why: NotText,
  name: string,
  { program }: { program?: string } = {},
): { message: string; code: "invalidFen" | "ioError" } {
  switch (why.kind) {
    case "utf16":
      return {
        message:
          `${name} is UTF-16 text: convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)`,
        code: "invalidFen",
      };
    case "binary":
      return {
        message:
          `${name} is binary data, not text (a NUL byte at byte ${why.offset}): ${
            why.before === 0 ? "nothing read" : "read up to the line it is on"
          }`,
        code: "ioError",
      };
    default:
      return {
        message:
          `${name} is ${why.format}-compressed: decompress it first (${why.tool} FILE | ${
            program === undefined ? "fen" : `fen ${program}`
          } ...)`,
        code: "ioError",
      };
  }
}

/** The command's line for an input that is not read, and the exit code's name. */
export function notTextMessage(
  why: NotText,
  name: string,
): { message: string; code: "invalidFen" | "ioError" } {
  const { message, code } = notTextReason(why, name);
  return { message: `fen: ${message}\n`, code };
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
    while (this.#pending === null) {
      let result;
      try {
        result = await this.#output.read();
      } catch (error) {
        throw new InputError(error);
      }
      if (result.done) return null;
      // an empty chunk is not the end: a read of it said 0 bytes
      if (result.value.length > 0) this.#pending = result.value;
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
      if (n === null) break;
      if (n > 0) await into.write(chunk.slice(0, n));
    }
    await into.close();
  } catch (error) {
    // The reading side reports it (as an input error).
    await into.abort(error).catch(() => {});
  }
}

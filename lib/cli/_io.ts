// The command's I/O: one output buffer that records are encoded into
// (TextEncoder.encodeInto; building and joining strings per record cost
// twice the time and three times the memory here), and a line reader that
// streams stdin in 64 KiB chunks with a cap on the line length, so time is
// linear and memory flat for any input.

/** A sink the command writes to; `Deno.stdout` is one. */
export interface Sink {
  /** Writes some of `data` and says how many bytes it wrote. */
  writeSync(data: Uint8Array): number;
  /** Whether it is a terminal (people are reading). */
  isTerminal?(): boolean;
}

/** A source of bytes; `Deno.stdin` and an opened file are ones. */
export interface Source {
  /** Reads into `buffer`; the number of bytes read, `null` at the end. */
  read(buffer: Uint8Array): Promise<number | null>;
  /** Whether it is a terminal (someone is typing). */
  isTerminal?(): boolean;
}

/** What the command needs from its surroundings; `Deno` itself is one. */
export interface CliIo {
  /** Standard input, read in chunks. */
  stdin: Source;
  /** Standard output. */
  stdout: Sink;
  /** Standard error, for diagnostics. */
  stderr: Sink;
  /** Writes a file (`--out-dir`). */
  writeFileSync(path: string, data: Uint8Array): void;
  /** Renames a file (`--out-dir` writes to a temporary name first). */
  renameSync(from: string, to: string): void;
  /** Makes a folder and its parents (`--out-dir`). */
  mkdirSync(path: string, options: { recursive: boolean }): void;
  /** Opens a file for reading (`--input`). */
  open(
    path: string,
    options: { read: true },
  ): Promise<Source & { close(): void }>;
  /** Asks for a permission (`--out-dir`, `--input`). */
  permissions: {
    requestSync(
      descriptor: { name: "read" | "write"; path: string },
    ): { state: string };
  };
  /** Signals: SIGINT and SIGTERM stop a stream cleanly when available. */
  addSignalListener?(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  /** Stops listening for a signal. */
  removeSignalListener?(
    signal: "SIGINT" | "SIGTERM",
    handler: () => void,
  ): void;
}

import { writeGridBytes, writeNaturalBytes } from "../fen/bytes.ts";

const encoder = new TextEncoder();

/**
 * Writes all of `data`, however many calls it takes. What the sink throws
 * is an {@linkcode OutputError}, except a closed pipe (the reader went
 * away), which stays `Deno.errors.BrokenPipe`.
 */
export function writeAll(sink: Sink, data: Uint8Array): void {
  let offset = 0;
  try {
    while (offset < data.length) {
      offset += sink.writeSync(data.subarray(offset));
    }
  } catch (error) {
    if (error instanceof Deno.errors.BrokenPipe) throw error;
    throw new OutputError(error);
  }
}

/** A failure to write output (stdout, stderr), told apart by where it arose. */
export class OutputError extends Error {
  /**
   * Wraps what the write threw.
   *
   * @param cause The error of the write.
   */
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "OutputError";
  }
}

/** Writes `text` to `sink` at once, unbuffered (diagnostics). */
export function writeText(sink: Sink, text: string): void {
  writeAll(sink, encoder.encode(text));
}

/** A byte buffer in front of a sink, flushed when full and when asked. */
export class Output {
  readonly buffer: Uint8Array;
  length = 0;
  readonly #sink: Sink;

  constructor(sink: Sink, size = 1 << 16) {
    this.#sink = sink;
    this.buffer = new Uint8Array(size);
  }

  /** Makes room for `bytes` more bytes, flushing if needed. */
  reserve(bytes: number): void {
    if (this.length + bytes > this.buffer.length) this.flush();
  }

  /** Appends one byte. */
  writeByte(byte: number): void {
    if (this.length === this.buffer.length) this.flush();
    this.buffer[this.length++] = byte;
  }

  /** Appends a string. */
  write(text: string): void {
    // Short ASCII text (report lines) byte by byte: encodeInto needs a new
    // view of the buffer per call, garbage for every line of a batch.
    const n = text.length;
    if (n <= 128 && this.length + n <= this.buffer.length) {
      const buffer = this.buffer, at = this.length;
      let i = 0;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c >= 128) break;
        buffer[at + i] = c;
      }
      if (i === n) {
        this.length = at + n;
        return;
      }
    }
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    if (text.length * 3 > this.buffer.length - this.length) {
      this.flush();
      if (text.length * 3 > this.buffer.length) {
        writeAll(this.#sink, encoder.encode(text));
        return;
      }
    }
    this.length += encoder.encodeInto(text, this.buffer.subarray(this.length))
      .written;
  }

  /** Appends a safe nonnegative integer in decimal (a line number). */
  writeNatural(value: number): void {
    this.reserve(16);
    this.length = writeNaturalBytes(value, this.buffer, this.length);
  }

  /** Appends bytes (a PNG). */
  writeBytes(bytes: Uint8Array): void {
    this.flush();
    writeAll(this.#sink, bytes);
  }

  /**
   * Writes the 64 cells (char codes, 0 for empty) as 8 lines of 8, `mark`
   * (UTF-8 bytes) for an empty square, through the library's grid writer.
   */
  writeGrid(cells: readonly number[], mark: Uint8Array, flip: boolean): void {
    this.reserve(64 * mark.length + 8);
    this.length = writeGridBytes(cells, mark, flip, this.buffer, this.length);
  }

  /** Sends what is buffered. */
  flush(): void {
    if (this.length > 0) {
      const length = this.length;
      this.length = 0;
      writeAll(this.#sink, this.buffer.subarray(0, length));
    }
  }
}

/** A failure to read input, told apart from a failure to write output. */
export class InputError extends Error {
  /** The input's name in messages (an `--input` file), or "" for stdin. */
  readonly source: string;

  /**
   * Wraps what the read threw.
   *
   * @param cause The error of the read.
   * @param source The input's name in messages, "" for stdin.
   */
  constructor(cause: unknown, source = "") {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "InputError";
    this.source = source;
  }
}

/** The longest line read as a record: FEN is under 100 bytes, EPD longer. */
export const MAX_LINE = 4096;

/** What a line reader hands to its caller. */
export interface LineHandler {
  /** A line: `text.slice(start, end)`, without its `\r\n` or `\n`. */
  line(text: string, start: number, end: number, number: number): void;
  /** A line over {@linkcode MAX_LINE}, skipped: its number and size. */
  tooLong(number: number, bytes: number): void;
}

/** UTF-8 length of `text` from `start` to `end`. */
function utf8Length(text: string, start: number, end: number): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 2 : 3;
  }
  return bytes;
}

/**
 * Splits a stream into lines, 64 KiB at a time: each read is an async op
 * whose latency showed as idle time (16 KiB chunks spent a quarter of a
 * board stream waiting), while larger chunks grow the young generation (a
 * chunk read while records allocate should die young, not be promoted). A line longer than
 * {@linkcode MAX_LINE} is skipped to its newline and reported, so a file
 * with no newline at all costs flat memory and linear time.
 */
export class LineReader {
  readonly #chunk = new Uint8Array(1 << 16);
  /**
   * @param part For part of a stream (`--jobs`): the number of the line
   * before its first, and whether it continues a stream (no byte order
   * mark, compression or UTF-16 to find at its start).
   */
  constructor(part: { lines: number; continued: boolean } | null = null) {
    if (part !== null) {
      this.#number = part.lines;
      this.#started = part.continued;
    }
  }

  // ignoreBOM: Deno's streaming decoder would drop a U+FEFF at the start of
  // every chunk; only the stream's first one is skipped, by hand, below.
  readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  #started = false;
  #rest = "";
  #number = 0;
  #skipped = -1; // bytes of an over-long line so far, or -1

  /**
   * Characters of an unfinished line kept for the next chunk: never more
   * than {@linkcode MAX_LINE} + 1, so each chunk costs its own length and
   * any input costs linear time.
   */
  get held(): number {
    return this.#rest.length;
  }

  /** Whether the first chunk looked like UTF-16 (its BOM, or NUL bytes). */
  utf16 = false;

  /**
   * The compression format the first chunk starts with (by its magic
   * bytes): the reader then stops at once, keeping that chunk in `first`.
   */
  notText: Compression | null = null;
  /** The first chunk, kept when it was not text (to decompress it). */
  first: Uint8Array | null = null;

  /**
   * Reads one chunk and hands over its complete lines; `false` at the end
   * of input (after the last line, with or without a newline).
   */
  async next(source: Source, handler: LineHandler): Promise<boolean> {
    let n: number | null;
    try {
      n = await source.read(this.#chunk);
    } catch (error) {
      throw new InputError(error);
    }
    const done = n === null || n === 0;
    let from = 0;
    if (!this.#started && !done) {
      this.#started = true;
      const bytes = this.#chunk.subarray(0, n!);
      this.utf16 = looksUtf16(bytes);
      if (this.utf16) return false;
      this.notText = compressionOf(bytes);
      if (this.notText !== null) {
        this.first = bytes.slice();
        return false;
      }
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) from = 3;
    }
    const text = this.#rest +
      (done ? this.#decoder.decode() : this.#decoder.decode(
        this.#chunk.subarray(from, n!),
        { stream: true },
      ));
    let start = 0;
    for (;;) {
      const newline = text.indexOf("\n", start);
      if (newline < 0) break;
      this.#emit(text, start, newline, handler);
      start = newline + 1;
    }
    if (done) {
      if (start < text.length || this.#skipped >= 0) {
        this.#emit(text, start, text.length, handler);
      }
      this.#rest = "";
      return false;
    }
    this.#keep(start === 0 ? text : text.slice(start));
    return true;
  }

  /**
   * Keeps the unfinished line for the next chunk, or only counts its bytes
   * once it is too long. A final `\r` is kept aside either way: it may be
   * the first half of the line's `\r\n`, which is not part of the line.
   */
  #keep(rest: string): void {
    const cr = rest.charCodeAt(rest.length - 1) === 13 ? 1 : 0;
    if (this.#skipped < 0 && rest.length - cr <= MAX_LINE) {
      this.#rest = rest;
      return;
    }
    this.#skipped = Math.max(this.#skipped, 0) +
      utf8Length(rest, 0, rest.length - cr);
    this.#rest = cr === 1 ? "\r" : "";
  }

  #emit(
    text: string,
    start: number,
    newline: number,
    handler: LineHandler,
  ): void {
    const number = ++this.#number;
    const end = newline > start && text.charCodeAt(newline - 1) === 13
      ? newline - 1
      : newline;
    if (this.#skipped >= 0) {
      handler.tooLong(number, this.#skipped + utf8Length(text, start, end));
      this.#skipped = -1;
    } else if (end - start > MAX_LINE) {
      handler.tooLong(number, utf8Length(text, start, end));
    } else {
      handler.line(text, start, end, number);
    }
  }
}

/**
 * UTF-16 text: a byte order mark, or ASCII with a NUL in every other byte
 * (NULs at one parity and none at the other; all-NUL input is not text).
 */
export function looksUtf16(bytes: Uint8Array): boolean {
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

/** The compression formats recognised by their magic bytes. */
export type Compression = "gzip" | "zstd" | "xz" | "bzip2";

/** Each format's magic bytes and the tool that decompresses it. */
export const COMPRESSIONS: readonly {
  readonly name: Compression;
  readonly magic: readonly number[];
  readonly tool: string;
}[] = [
  { name: "gzip", magic: [0x1f, 0x8b], tool: "gzip -dc" }, // read
  { name: "zstd", magic: [0x28, 0xb5, 0x2f, 0xfd], tool: "zstd -dc" }, // read
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

// The command's I/O: one output buffer that records are encoded into
// (TextEncoder.encodeInto; building and joining strings per record cost
// twice the time and three times the memory here), and a line reader that
// streams stdin in 64 KiB chunks with a cap on the line length, so time is
// linear and memory flat for any input.

import { writeGridBytes, writeNaturalBytes } from "../fen/bytes.ts";
import { InputError, type Sink, type Source, writeAll } from "../program/io.ts";

const encoder = new TextEncoder();

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

  /**
   * Appends a few bytes (a constant member name): a loop, since for a few
   * bytes it costs less than a string's characters or Uint8Array#set.
   */
  append(bytes: Uint8Array): void {
    const n = bytes.length;
    if (this.length + n > this.buffer.length) this.flush();
    const buffer = this.buffer, at = this.length;
    for (let i = 0; i < n; i++) buffer[at + i] = bytes[i];
    this.length = at + n;
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
      // Whether the stream is text at all is the sniffer's question
      // (_compression.ts), asked before the first line is read.
      this.#started = true;
      const bytes = this.#chunk.subarray(0, n!);
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

/**
 * Zstandard input (RFC 8878), the format of the lichess database's dumps,
 * read as a stream in flat memory. The runtime's decoder (`node:zlib`) does
 * the decoding, one frame at a time, behind a walker of the frames: on its
 * own it stops after a stream's first frame and reads pzstd's layout (a
 * skippable frame before each frame) as no bytes at all, without an error.
 * The walker reads only the frame and block headers (a few bytes per
 * 128 KiB block), so it finds where each frame ends, skips skippable
 * frames, and tells a cut or corrupt stream from a finished one: nothing is
 * ever silently truncated.
 *
 * @example Decompressing two frames
 * ```ts
 * import assert from "node:assert/strict";
 * import { zstdCompressSync } from "node:zlib";
 * import { ZstdReader } from "./zstd.ts";
 *
 * const frame = (text: string) => zstdCompressSync(new TextEncoder().encode(text));
 * const bytes = new Uint8Array([...frame("one\n"), ...frame("two\n")]);
 * const reader = new ZstdReader(new Blob([bytes]).stream().getReader());
 * assert.equal(new TextDecoder().decode(await reader.readAll()), "one\ntwo\n");
 * ```
 *
 * @module
 */

// Spelled from the parent folder so that it resolves from lib/cli/ too, where
// the command's bundles keep this loader outside them (scripts/build.ts).
import { type FzstdDecompress, loadFzstd } from "../compress/_fzstd.js";
import { decoderOptions, nativeZstdStream } from "./_zstd_stream.ts";
import { Agreement } from "./_agreement.ts";

/** A zstd stream that is cut short, corrupt, or followed by other bytes. */
export class ZstdError extends Error {
  /**
   * @param message What is wrong, and where.
   */
  constructor(message: string) {
    super(message);
    this.name = "ZstdError";
  }
}

/** The magic number of a zstd frame, as its first four bytes. */
export const ZSTD_MAGIC: readonly number[] = [0x28, 0xb5, 0x2f, 0xfd];
const FRAME_MAGIC = Uint8Array.from(ZSTD_MAGIC);

/**
 * Whether `bytes` start a zstd stream: a frame, or a skippable frame
 * (pzstd's files start with one).
 *
 * @example Recognising pzstd's first bytes
 * ```ts
 * import assert from "node:assert/strict";
 * import { isZstd } from "./zstd.ts";
 *
 * assert.equal(isZstd(Uint8Array.of(0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0)), true);
 * assert.equal(isZstd(new TextEncoder().encode("8/8/8")), false);
 * ```
 */
export function isZstd(bytes: Uint8Array): boolean {
  return isFrameMagic(bytes, 0) || isSkippableMagic(bytes, 0);
}

function isFrameMagic(bytes: Uint8Array, at: number): boolean {
  return bytes[at] === 0x28 && bytes[at + 1] === 0xb5 &&
    bytes[at + 2] === 0x2f && bytes[at + 3] === 0xfd;
}

function isSkippableMagic(bytes: Uint8Array, at: number): boolean {
  return (bytes[at] & 0xf0) === 0x50 && bytes[at + 1] === 0x2a &&
    bytes[at + 2] === 0x4d && bytes[at + 3] === 0x18;
}

/** Where the walker is in the stream. */
const enum Part {
  /** A frame's magic number (or the stream's end). */
  Magic,
  /** A skippable frame's four-byte size. */
  SkipSize,
  /** A skippable frame's body. */
  SkipBody,
  /** A frame's header, after its magic. */
  FrameHeader,
  /** A block's three-byte header. */
  BlockHeader,
  /** A block's body. */
  BlockBody,
  /** A frame's four-byte checksum. */
  Checksum,
}

/** What the walker hands on: part of a frame, and whether the frame ends there. */
export type FramePart = (bytes: Uint8Array, ends: boolean) => void;

/**
 * Splits a zstd stream into its frames, chunk by chunk, reading headers
 * only: each data frame's bytes (magic included) are handed on, skippable
 * frames are left out, and anything else where a frame must start is an
 * error, as is a stream that ends inside a frame.
 */
export class ZstdFrames {
  #part = Part.Magic;
  /** Bytes of the current header gathered so far (headers may span chunks). */
  readonly #header = new Uint8Array(18);
  #have = 0;
  /** Bytes the current part still needs. */
  #need = 4;
  #checksum = false;
  #lastBlock = false;
  /** Bytes read before the current chunk. */
  #offset = 0;
  /** Data frames begun. */
  frames = 0;

  /**
   * Walks one chunk, handing every data frame's bytes to `part`.
   *
   * @throws {ZstdError} Where a frame must start and none does, or a header
   * is not one the format allows.
   */
  push(chunk: Uint8Array, part: FramePart): void {
    let at = 0, from = 0; // from: start of frame bytes not yet handed on
    const n = chunk.length;
    try {
      // Header bytes are few (at most 18 a frame, 3 a block), so this loop
      // runs a few times per block; bodies are skipped in one step.
      while (at < n) {
        const state = this.#part;
        if (state === Part.BlockBody || state === Part.SkipBody) {
          const take = Math.min(this.#need, n - at);
          at += take;
          this.#need -= take;
          if (this.#need > 0) continue;
          if (state === Part.SkipBody) {
            this.#expect(Part.Magic, 4);
            continue;
          }
          if (!this.#lastBlock || this.#checksum) {
            // A part ends where a block does: a decoder given a block's end
            // and a fault in one call hands on neither.
            part(chunk.subarray(from, at), false);
            from = at;
          }
          if (!this.#lastBlock) this.#expect(Part.BlockHeader, 3);
          else if (this.#checksum) this.#expect(Part.Checksum, 4);
          else from = this.#frameEnd(chunk, { from, at, part });
          continue;
        }
        this.#header[this.#have++] = chunk[at++];
        if (--this.#need > 0) continue;
        if (state === Part.Magic) {
          if (this.#magic(at)) {
            part(FRAME_MAGIC, false); // it may have begun in the last chunk
            from = at;
          }
        } else if (this.#headerDone(at)) {
          from = this.#frameEnd(chunk, { from, at, part });
        }
      }
    } catch (error) {
      // the frame's bytes before a faulty header, for what decodes of them
      if (this.#inFrame() && from < at) part(chunk.subarray(from, at), false);
      throw error;
    }
    if (this.#inFrame() && from < n) part(chunk.subarray(from, n), false);
    this.#offset += n;
  }

  /**
   * The end of the stream.
   *
   * @throws {ZstdError} When it ends inside a frame.
   */
  end(): void {
    if (this.#part === Part.Magic) {
      if (this.#have === 0) return;
      throw this.#notZstd(this.#offset - this.#have);
    }
    const where = this.#part === Part.SkipSize || this.#part === Part.SkipBody
      ? "a skippable frame"
      : `frame ${Math.max(this.frames, 1)}`;
    throw new ZstdError(
      `truncated zstd data: the input ends inside ${where}`,
    );
  }

  #inFrame(): boolean {
    const part = this.#part;
    return part !== Part.Magic && part !== Part.SkipSize &&
      part !== Part.SkipBody;
  }

  #expect(part: Part, need: number): void {
    this.#part = part;
    this.#need = need;
    this.#have = 0;
  }

  /** The four magic bytes are in: a frame goes on, a skippable one is skipped. */
  #magic(at: number): boolean {
    const header = this.#header;
    if (isFrameMagic(header, 0)) {
      this.frames++;
      this.#part = Part.FrameHeader;
      this.#need = 1; // the frame header descriptor, which gives the rest
      return true;
    }
    if (isSkippableMagic(header, 0)) {
      this.#expect(Part.SkipSize, 4);
      return false;
    }
    throw this.#notZstd(this.#offset + at - 4);
  }

  #notZstd(offset: number): ZstdError {
    const after = this.frames === 0 ? "" : ` after frame ${this.frames}`;
    return new ZstdError(
      `not zstd data at byte ${offset}${after} (trailing garbage?)`,
    );
  }

  /** A header is complete; whether it ended its frame (an empty last block). */
  #headerDone(at: number): boolean {
    const header = this.#header;
    switch (this.#part) {
      case Part.SkipSize: {
        const size = (header[0] | header[1] << 8 | header[2] << 16) +
          header[3] * 0x1000000;
        this.#expect(size > 0 ? Part.SkipBody : Part.Magic, size || 4);
        return false;
      }
      case Part.FrameHeader: {
        const descriptor = header[4];
        if ((descriptor & 0x08) !== 0) this.#corrupt("a reserved bit", at);
        if (this.#have === 5) {
          const single = (descriptor >> 5) & 1;
          const fcs = descriptor >> 6;
          this.#need = (single ? 0 : 1) + [0, 1, 2, 4][descriptor & 3] +
            [single, 2, 4, 8][fcs];
          this.#checksum = (descriptor & 0x04) !== 0;
          if (this.#need > 0) return false;
        }
        this.#expect(Part.BlockHeader, 3);
        return false;
      }
      case Part.BlockHeader: {
        const bits = header[0] | header[1] << 8 | header[2] << 16;
        const type = (bits >> 1) & 3;
        if (type === 3) this.#corrupt("a reserved block type", at);
        this.#lastBlock = (bits & 1) === 1;
        const size = type === 1 ? 1 : bits >>> 3;
        if (size > 0) {
          this.#expect(Part.BlockBody, size);
          return false;
        }
        if (!this.#lastBlock) {
          this.#expect(Part.BlockHeader, 3);
          return false;
        }
        if (this.#checksum) {
          this.#expect(Part.Checksum, 4);
          return false;
        }
        return true;
      }
      default: // Part.Checksum
        return true;
    }
  }

  #frameEnd(
    chunk: Uint8Array,
    { from, at, part }: { from: number; at: number; part: FramePart },
  ): number {
    part(chunk.subarray(from, at), true);
    this.#expect(Part.Magic, 4);
    return at;
  }

  #corrupt(what: string, at: number): never {
    throw new ZstdError(
      `corrupt zstd data at byte ${
        this.#offset + at
      }: ${what} in frame ${this.frames}`,
    );
  }
}

/** Where compressed bytes come from: a file, stdin, a stream's reader. */
export type ByteSource =
  | { read(buffer: Uint8Array): Promise<number | null> }
  | ReadableStreamDefaultReader<Uint8Array>;

/**
 * The largest frame decoded whole by the runtime's decoder: pzstd's frames
 * (lichess's dumps: 32 MiB of text each) are far below it; a larger frame,
 * such as `zstd` makes of a whole file, is streamed (lib/compress/_zstd_stream.ts).
 */
const WHOLE_FRAME = 8 << 20;

/** Options of a {@linkcode ZstdReader}. */
export interface ZstdReaderOptions {
  /** Bytes already read from the stream's start. */
  first?: Uint8Array;
  /** The largest compressed frame decoded whole (default 8 MiB). */
  wholeFrame?: number;
}

/**
 * A zstd stream read as its decompressed bytes, in bounded memory: each
 * frame is decoded by the runtime's decoder, at once or, when larger than
 * 8 MiB compressed, as a stream (through fzstd where the runtime's decoder
 * cannot be driven so). A stream that is cut
 * short, corrupt or followed by other bytes throws a {@linkcode ZstdError}
 * once everything decodable before the fault has been read, as `zstd -dc`
 * writes it.
 */
export class ZstdReader {
  readonly #source: ByteSource;
  readonly #frames = new ZstdFrames();
  readonly #chunk = new Uint8Array(1 << 16);
  #first: Uint8Array | null;
  readonly #wholeFrame: number;
  /** Decompressed bytes not yet read, in order. */
  readonly #ready: Uint8Array[] = [];
  #ended = false;
  #fault: Error | null = null;
  /** The current frame's bytes, while it is small enough to decode whole. */
  readonly #frame: Uint8Array[] = [];
  #frameBytes = 0;
  /**
   * Frames decoded to their end: the one a fault is in is the next (the
   * walker may have read on into a later frame of the same chunk, or taken
   * a corrupt block's header for a frame's end).
   */
  #framesDecoded = 0;
  /** The current frame's streaming decoder, once it is too large. */
  #stream: FzstdDecompress | null = null;
  /** Frame parts walked and not yet decoded (one chunk's worth). */
  readonly #parts: { bytes: Uint8Array; ends: boolean }[] = [];
  /**
   * The runtime's decoder, loaded when a reader is made: importing
   * node:zlib loads Deno's Node layer (about 45 ms), which every run paid
   * while the command's bundles imported it at their start.
   */
  readonly #zlib = import("node:zlib");

  /**
   * @param source The compressed bytes.
   * @param options Bytes already read, and the largest frame decoded whole.
   */
  constructor(source: ByteSource, options: ZstdReaderOptions = {}) {
    this.#source = source;
    this.#first = options.first ?? null;
    this.#wholeFrame = options.wholeFrame ?? WHOLE_FRAME;
  }

  /**
   * Reads decompressed bytes into `buffer`: how many, or `null` at the end.
   *
   * @throws {ZstdError} At a fault, after the bytes before it.
   */
  async read(buffer: Uint8Array): Promise<number | null> {
    while (this.#ready.length === 0) {
      if (this.#fault !== null) throw this.#fault;
      if (this.#ended) return null;
      await this.#fill();
    }
    const next = this.#ready[0];
    const n = Math.min(buffer.length, next.length);
    buffer.set(next.subarray(0, n));
    if (n < next.length) this.#ready[0] = next.subarray(n);
    else this.#ready.shift();
    return n;
  }

  /** Every decompressed byte, at once (small inputs and tests). */
  async readAll(): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    const buffer = new Uint8Array(1 << 16);
    for (;;) {
      const n = await this.read(buffer);
      if (n === null) break;
      parts.push(buffer.slice(0, n));
    }
    return concat(parts);
  }

  /** Reads one compressed chunk and decodes the frames it completes. */
  async #fill(): Promise<void> {
    const chunk = await this.#next();
    const parts = this.#parts;
    let fault: ZstdError | null = null;
    try {
      if (chunk === null) this.#frames.end();
      else {
        this.#frames.push(chunk, (bytes, ends) => parts.push({ bytes, ends }));
      }
    } catch (error) {
      if (!(error instanceof ZstdError)) throw error;
      fault = error;
    }
    try {
      for (const { bytes, ends } of parts) await this.#decode(bytes, ends);
      if (fault !== null && this.#frameBytes > 0) await this.#salvage();
    } catch (error) {
      fault = new ZstdError(
        `corrupt zstd data in frame ${this.#framesDecoded + 1}: ${
          (error as Error).message
        }`,
      );
    } finally {
      parts.length = 0;
    }
    this.#fault = fault;
    if (chunk === null) this.#ended = true;
  }

  /** Decodes part of a frame: at its end when whole, else as it comes. */
  async #decode(bytes: Uint8Array, ends: boolean): Promise<void> {
    if (this.#stream === null) {
      // a copy: the chunk it is part of is read into again
      this.#frame.push(bytes.slice());
      this.#frameBytes += bytes.length;
      if (this.#frameBytes > this.#wholeFrame) await this.#startStream();
    } else this.#stream.push(bytes.slice());
    if (!ends) return;
    if (this.#stream !== null) {
      this.#stream.push(new Uint8Array(0), true);
      this.#stream = null;
      this.#framesDecoded++;
      return;
    }
    try {
      const zlib = await this.#zlib;
      const frame = concat(this.#frame);
      this.#give(zlib.zstdDecompressSync(frame, decoderOptions(zlib)));
      this.#framesDecoded++;
    } catch (error) {
      // what precedes the fault, then the fault (the parts kept for it)
      await this.#salvage();
      throw error;
    }
    this.#frame.length = 0;
    this.#frameBytes = 0;
  }

  /** A streaming decoder for the current frame, giving what it decodes. */
  async #streamDecoder(): Promise<FzstdDecompress> {
    const give = (data: Uint8Array) => this.#give(data);
    return nativeZstdStream(await this.#zlib, give) ??
      new (await loadFzstd()).Decompress(give);
  }

  /** The current frame goes on as a stream, from its first byte. */
  async #startStream(): Promise<void> {
    this.#stream = await this.#streamDecoder();
    for (const bytes of this.#frame) this.#stream.push(bytes);
    this.#frame.length = 0;
    this.#frameBytes = 0;
  }

  /**
   * The decodable blocks of a frame cut short or corrupt: the bytes fzstd
   * and the runtime's stream both decode alike (lib/compress/_agreement.ts),
   * each given the frame a block at a time.
   * Either alone hands on garbage at some faults: the runtime's stream a
   * block whose literals were changed (the frame's checksum says so at its
   * end only), fzstd 5.8 MB past a block that libzstd and `zstd -dc` refuse.
   */
  async #salvage(): Promise<void> {
    const parts = this.#frame.splice(0);
    this.#frameBytes = 0;
    const give = (data: Uint8Array) => this.#give(data);
    const agreement = new Agreement(give);
    const { Decompress } = await loadFzstd();
    const native = nativeZstdStream(await this.#zlib, agreement.ondata(1));
    // where the runtime's stream cannot be driven, fzstd's blocks as before
    const decoders: (FzstdDecompress | null)[] = native === null
      ? [new Decompress(give)]
      : [new Decompress(agreement.ondata(0)), native];
    // the walker's parts: each at most a block, so neither decoder runs
    // more than a block ahead of the other
    for (const part of parts) {
      if (!agreement.open) break;
      for (const [which, decoder] of decoders.entries()) {
        try {
          decoder?.push(part);
        } catch {
          // the fault itself is what the caller reports
          decoders[which] = null;
          agreement.end(which as 0 | 1);
        }
      }
    }
    for (const decoder of decoders) {
      try {
        decoder?.push(new Uint8Array(0), true);
      } catch {
        // a frame cut short: its end is the fault reported
      }
    }
  }

  /**
   * Keeps decoded bytes for reading. None is kept empty: fzstd ends a
   * streamed frame with an empty chunk, which a read returned as 0 bytes,
   * and readers took that for the end: a dump was cut at its first frame
   * larger than 8 MiB compressed (32 MiB of text, as pzstd writes lichess's).
   */
  #give(data: Uint8Array): void {
    if (data.length > 0) this.#ready.push(data);
  }

  async #next(): Promise<Uint8Array | null> {
    if (this.#first !== null) {
      const first = this.#first;
      this.#first = null;
      if (first.length > 0) return first;
    }
    const source = this.#source;
    if ("releaseLock" in source) {
      const { done, value } = await source.read();
      return done ? null : value;
    }
    // A read of no bytes is not the end (Deno's readers may return one).
    let n: number | null;
    do n = await source.read(this.#chunk); while (n === 0);
    return n === null ? null : this.#chunk.subarray(0, n);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const all = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

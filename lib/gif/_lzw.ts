// GIF's LZW coder (8-bit codes, variable width up to 12 bits), written for
// speed: the string table is a dense array indexed by (prefix code, next
// index), so each pixel costs one array read, and a clear wipes only the
// entries written since the last one (at most 4096). Runs of one index (the transparent pixels around an animated
// frame's changed squares) skip the table: a run's strings are the index
// repeated 1, 2, 3... times, so their codes are kept in a list and a run is
// coded in one step per code, with exactly the codes the table would give.
// Measured against gifenc's hashing coder in bench/gif_bench.ts.

import type { ByteStream } from "../raster/gifenc.js";

const CLEAR = 256;
const END = 257;
const FIRST = 258;
const MAX_CODES = 4096;

/** An LZW coder with its tables, made once and reused for every image. */
export class LzwCoder {
  /** (prefix << 8 | index) -> code, 0 for none (2 MiB: cache-friendlier). */
  readonly #table = new Uint16Array(MAX_CODES << 8);
  /** The keys written since the table was last cleared. */
  readonly #written = new Int32Array(MAX_CODES);
  #count = 0;
  // The current sub-block: GIF data comes in blocks of at most 255 bytes.
  readonly #block = new Uint8Array(255);
  #filled = 0;
  /** runs[n]: the code of `run` repeated n times (runs[1] is `run`). */
  readonly #runs = new Int32Array(MAX_CODES + 1);

  /**
   * Writes the coded `indices` (8 bits each) to `out`, blocks and all;
   * runs of the index `run` are coded quickly. One loop of about 100 lines,
   * on purpose: it runs once per pixel, with the bit buffer, the code width
   * and the table in locals rather than passed between calls.
   */
  encode(indices: Uint8Array, out: ByteStream, run: number): void {
    const table = this.#table;
    const runs = this.#runs;
    runs[1] = run;
    let longest = 1; // the longest run with a code
    let runLength = 0; // the run the current string is, or 0
    out.writeByte(8); // the minimum code size
    this.#clear();
    let bits = 0; // bits waiting in `acc`
    let acc = 0;
    let width = 9;
    let limit = 1 << width; // widen when the next code reaches it
    let next = FIRST;
    // Emits `code` in the current width. Inlined by hand below would be
    // faster still; a closure keeps the loop readable and is optimized.
    const emit = (code: number): void => {
      acc |= code << bits;
      bits += width;
      while (bits >= 8) {
        this.#byte(acc & 0xff, out);
        acc >>>= 8;
        bits -= 8;
      }
    };
    emit(CLEAR);
    let prefix = indices[0];
    runLength = prefix === run ? 1 : 0;
    const length = indices.length;
    // The same pixels as 32-bit words, when they are aligned, to skip runs.
    const words = indices.byteOffset % 4 === 0
      ? new Uint32Array(indices.buffer, indices.byteOffset, length >> 2)
      : null;
    const runWord = (run * 0x01010101) >>> 0;
    // The hot loop: one table read per pixel, a write per new string.
    for (let i = 1; i < length; i++) {
      const index = indices[i];
      if (runLength > 0 && index === run) {
        // A run continues: take as much of it as has codes, then code it
        // and start a longer one, as the table would.
        let end = i;
        while (end < length && indices[end] === run && (end & 3) !== 0) end++;
        if (words !== null && (end & 3) === 0) {
          // Four pixels at a time through the word view, then the rest.
          let word = end >> 2;
          while (word < words.length && words[word] === runWord) word++;
          end = word << 2;
        }
        while (end < length && indices[end] === run) end++;
        let left = end - i;
        while (runLength + left > longest) {
          left -= longest - runLength + 1;
          emit(runs[longest]);
          if (next < MAX_CODES) {
            if (next === limit && width < 12) {
              width++;
              limit <<= 1;
            }
            const key = (runs[longest] << 8) | run;
            table[key] = next;
            this.#written[this.#count++] = key;
            runs[++longest] = next++;
          } else {
            emit(CLEAR);
            this.#clear();
            [width, limit, next, longest] = [9, 512, FIRST, 1];
          }
          runLength = 1;
        }
        runLength += left;
        prefix = runs[runLength];
        i = end - 1;
        continue;
      }
      const key = (prefix << 8) | index;
      const entry = table[key];
      if (entry !== 0) {
        prefix = entry;
        runLength = 0;
        continue;
      }
      emit(prefix);
      if (next < MAX_CODES) {
        if (next === limit && width < 12) {
          width++;
          limit <<= 1;
        }
        table[key] = next++;
        this.#written[this.#count++] = key;
      } else {
        emit(CLEAR);
        this.#clear();
        [width, limit, next, longest] = [9, 512, FIRST, 1];
      }
      prefix = index;
      runLength = index === run ? 1 : 0;
    }
    emit(prefix);
    // The decoder adds one entry per code read, a step behind: it widens
    // on the code after the one that filled the width.
    if (next === limit && width < 12) width++;
    emit(END);
    if (bits > 0) this.#byte(acc & 0xff, out);
    if (this.#filled > 0) this.#flush(out);
    out.writeByte(0); // block terminator
  }

  /** Empties the table: only the entries written since the last time. */
  #clear(): void {
    for (let i = 0; i < this.#count; i++) this.#table[this.#written[i]] = 0;
    this.#count = 0;
  }

  #byte(byte: number, out: ByteStream): void {
    this.#block[this.#filled++] = byte;
    if (this.#filled === 255) this.#flush(out);
  }

  #flush(out: ByteStream): void {
    out.writeByte(this.#filled);
    out.writeBytesView(this.#block.subarray(0, this.#filled));
    this.#filled = 0;
  }
}

// Where a stream may be cut into parts that convert alone (`--jobs`): after
// a line (FEN, EPD), or before a game's first tag (PGN, where the PGN
// reader's own rules say it: lib/pgn/starts.ts). A part also says how many
// lines it holds and, for games, how many games start in it, so that
// messages number lines and games as one process would.

export { gameCut } from "../pgn/starts.ts";

/** Where a buffer is cut, and what the part before the cut holds. */
export interface Cut {
  /** Bytes of the part: the cut's offset in the buffer. */
  end: number;
  /** Line feeds in the part. */
  lines: number;
  /** Games that start in the part (PGN), as far as tags tell. */
  games: number;
}

const LF = 10;

/**
 * Line feeds in `bytes` from `start` to `end`: four bytes at a time (a
 * byte-wise test in 32-bit words; a native search per line cost a call per
 * line, 90 ms of the command's thread over 1M lines, this a third of that).
 */
export function countLines(
  bytes: Uint8Array,
  start = 0,
  end = bytes.length,
): number {
  let lines = 0, at = start;
  const aligned = Math.min(
    end,
    (at + 3 + bytes.byteOffset & ~3) - bytes.byteOffset,
  );
  for (; at < aligned; at++) if (bytes[at] === LF) lines++;
  const words = (end - at) >> 2;
  if (words > 0) {
    const view = new Int32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i++) {
      const x = view[i] ^ 0x0a0a0a0a; // a line feed is a zero byte of x
      // the high bit of each byte of x that is zero, and no other bit
      const zero = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
      lines += Math.imul(zero >>> 7, 0x01010101) >>> 24;
    }
    at += words << 2;
  }
  for (; at < end; at++) if (bytes[at] === LF) lines++;
  return lines;
}

/** The cut after the last whole line of `bytes`, or `null` when it has none. */
export function lineCut(bytes: Uint8Array): Cut | null {
  const last = bytes.lastIndexOf(LF);
  if (last < 0) return null;
  return { end: last + 1, lines: countLines(bytes, 0, last + 1), games: 0 };
}

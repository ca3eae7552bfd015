// Where a stream may be cut into parts that convert alone (`--jobs`): after
// a line (FEN, EPD), or before a game's first tag (PGN). A part also says
// how many lines it holds and, for games, how many games start in it, so
// that messages number lines and games as one process would.

/** Where a buffer is cut, and what the part before the cut holds. */
export interface Cut {
  /** Bytes of the part: the cut's offset in the buffer. */
  end: number;
  /** Line feeds in the part. */
  lines: number;
  /** Games that start in the part (PGN), as far as tags tell. */
  games: number;
}

const LF = 10, CR = 13, BRACKET = 91, OPEN = 123, CLOSE = 125, SEMI = 59;

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

/**
 * The cut before the last game of `bytes` that starts after its first: a
 * line opening with `[` after an empty line, outside a `{comment}` (a `;`
 * comment runs to its line's end, and a tag line's braces are its value's).
 * `null` when no game starts after the first. Games counts the starts
 * before the cut, the first line of `bytes` counted when it opens a tag.
 */
export function gameCut(bytes: Uint8Array): Cut | null {
  // Line by line, with native searches for the next line feed and brace:
  // a byte-wise loop cost 8 ns a byte of the command's thread.
  const scan = new CommentScan(bytes);
  let previousBlank = true, games = 0, lines = 0, cut: Cut | null = null;
  for (let start = 0; start < bytes.length;) {
    const newline = bytes.indexOf(LF, start);
    const end = newline < 0 ? bytes.length : newline;
    let blank = false;
    if (!scan.comment && bytes[start] === BRACKET) {
      if (previousBlank) {
        if (start > 0) cut = { end: start, lines, games };
        games++;
      }
    } else {
      blank = isBlank(bytes, start, end);
      scan.line(start, end);
    }
    if (newline < 0) break;
    lines++;
    previousBlank = blank;
    start = newline + 1;
  }
  return cut;
}

/** Whether the line from `start` to `end` holds only spaces, tabs and a CR. */
function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (c !== CR && c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * Where `{comments}` open and close, line by line (a `;` ends a line's
 * scan), with a native search for each kind of byte, remembered until
 * passed: the lines are scanned in order.
 */
class CommentScan {
  comment = false;
  readonly #bytes: Uint8Array;
  /** The next `{`, `}` and `;` found (-1: none left; -2: not sought yet). */
  #open = -2;
  #close = -2;
  #semi = -2;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** Follows the comments of the line from `start` to `end`. */
  line(start: number, end: number): void {
    for (let at = start; at < end;) {
      if (this.comment) {
        const close = this.#close = this.#next(CLOSE, this.#close, at);
        if (close < 0 || close >= end) return;
        this.comment = false;
        at = close + 1;
        continue;
      }
      const open = this.#open = this.#next(OPEN, this.#open, at);
      const semi = this.#semi = this.#next(SEMI, this.#semi, at);
      const first = open < 0 ? semi : semi < 0 ? open : Math.min(open, semi);
      if (first < 0 || first >= end || first === semi) return;
      this.comment = true;
      at = open + 1;
    }
  }

  /** The first `byte` at or after `at`, given the last found (never asked of an earlier `at`). */
  #next(byte: number, found: number, at: number): number {
    return found === -2 || (found >= 0 && found < at)
      ? this.#bytes.indexOf(byte, at)
      : found;
  }
}

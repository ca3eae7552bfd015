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

/** Line feeds in `bytes` from `start` to `end` (native search, not a byte loop). */
export function countLines(
  bytes: Uint8Array,
  start = 0,
  end = bytes.length,
): number {
  let lines = 0;
  for (
    let at = bytes.indexOf(LF, start);
    at >= 0 && at < end;
    at = bytes.indexOf(LF, at + 1)
  ) {
    lines++;
  }
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
  // One pass over the bytes: the state is whether a comment is open and
  // where the line stands; the caller keeps parts of a megabyte, so this
  // loop is a small share of the main thread's time next to the workers'.
  let comment = false, blank = true, lineStart = true, previousBlank = true;
  let games = 0, lines = 0, cut: Cut | null = null;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c === LF) {
      lines++;
      previousBlank = blank;
      blank = true;
      lineStart = true;
      continue;
    }
    if (lineStart) {
      lineStart = false;
      if (c === BRACKET && !comment) {
        if (previousBlank) {
          if (i > 0) cut = { end: i, lines, games };
          games++;
        }
        // a tag line: skip to its end, braces and all
        blank = false;
        const end = bytes.indexOf(LF, i);
        if (end < 0) break;
        i = end - 1;
        continue;
      }
    }
    if (c !== CR && c !== 32 && c !== 9) blank = false;
    if (comment) {
      if (c === CLOSE) comment = false;
    } else if (c === OPEN) comment = true;
    else if (c === SEMI) {
      const end = bytes.indexOf(LF, i);
      if (end < 0) break;
      i = end - 1;
    }
  }
  return cut;
}

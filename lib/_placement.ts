// The piece-placement scanner shared by parseFen, fen2grid and the batch
// stream. It works on char codes into a reused buffer because it is the hot
// path of every format.

import { FenSyntaxError } from "./error.ts";

/** Char code to 1 for the twelve piece letters, 0 otherwise. */
export const IS_PIECE: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const c of "KQRBNPkqrbnp") table[c.charCodeAt(0)] = 1;
  return table;
})();

const DIGIT_0 = 48;
const OTHER = 0;
const PIECE = 1;
const DIGIT = 2;
const SLASH = 3;
const BLANK = 4;

/** Char code to its kind in a placement: one table look-up a character. */
const KIND: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const c of "KQRBNPkqrbnp") table[c.charCodeAt(0)] = PIECE;
  for (const c of "12345678") table[c.charCodeAt(0)] = DIGIT;
  table[47] = SLASH;
  for (const c of " \t\n\r") table[c.charCodeAt(0)] = BLANK;
  return table;
})();

/** Whether `code` is a space, tab, or line break: what ends the placement. */
export function isBlank(code: number): boolean {
  // one comparison for the usual printable character
  return code <= 32 &&
    (code === 32 || code === 9 || code === 10 || code === 13);
}

/** Where {@linkcode scanPlacement} writes the squares. */
export interface PlacementTarget {
  /** Char codes in reading order; a plain array keeps fromCharCode fast. */
  out: number[];
  /** The code written for an empty square. */
  mark: number;
  /** Slots skipped after each rank (1 leaves room for a newline). */
  gap: number;
}

/**
 * Reads the placement field of `text` from `start` into `target` and
 * returns where the field ends (the first blank, or `end`). A `/` after the
 * eighth rank is accepted unless `strict`. Writing straight into the
 * caller's layout (cells, or grid rows) saves a copy on the hot path.
 */
export function scanPlacement(
  text: string,
  start: number,
  end: number,
  target: PlacementTarget,
  strict: boolean,
): number {
  const { out: cells, mark, gap } = target;
  const length = end;
  let i = start;
  let cell = 0;
  let rank = 0; // ranks finished
  let rankStart = start;
  let filled = 0; // squares in the current rank
  let lastWasDigit = false;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? KIND[c] : OTHER;
    if (kind === PIECE) {
      if (++filled > 8) checkRank(text, rank, rankStart, filled);
      cells[cell++] = c;
      lastWasDigit = false;
    } else if (kind === DIGIT) {
      if (lastWasDigit) throw consecutiveDigits(text, i - 1);
      filled += c - DIGIT_0;
      if (filled > 8) checkRank(text, rank, rankStart, filled);
      for (let n = c - DIGIT_0; n > 0; n--) cells[cell++] = mark;
      lastWasDigit = true;
    } else if (kind === SLASH) {
      if (filled !== 8) checkRank(text, rank, rankStart, filled);
      cell += gap;
      rank++;
      filled = 0;
      lastWasDigit = false;
      rankStart = i + 1;
      if (rank === 8) {
        if (!strict && (i + 1 === length || isBlank(text.charCodeAt(i + 1)))) {
          return i + 1;
        }
        throw tooManyRanks(i);
      }
    } else if (kind === BLANK) {
      break;
    } else {
      throw notAPiece(c, i);
    }
  }
  if (rank === 0 && filled === 0 && i === start) {
    throw new FenSyntaxError(`piece placement is empty (column ${start})`, {
      field: "placement",
      column: start,
    });
  }
  checkRank(text, rank, rankStart, filled);
  if (rank !== 7) {
    throw new FenSyntaxError(
      `placement has ${rank + 1} rank${
        rank ? "s" : ""
      }, expected 8 (column ${i})`,
      { field: "placement", column: i },
    );
  }
  return i;
}

// The errors are built out of line so the scanning loop stays small.

function consecutiveDigits(text: string, at: number): FenSyntaxError {
  return new FenSyntaxError(
    `consecutive digits "${
      text.slice(at, at + 2)
    }" at column ${at} (two digits never follow each other in FEN)`,
    { field: "placement", column: at },
  );
}

function tooManyRanks(at: number): FenSyntaxError {
  return new FenSyntaxError(`placement has more than 8 ranks (column ${at})`, {
    field: "placement",
    column: at,
  });
}

function notAPiece(code: number, at: number): FenSyntaxError {
  return new FenSyntaxError(
    `${
      quoteChar(code)
    } at column ${at} is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8`,
    { field: "placement", column: at },
  );
}

function checkRank(
  text: string,
  rank: number,
  rankStart: number,
  filled: number,
): void {
  if (filled === 8) return;
  // Recount so an overflow reports the squares the rank really describes.
  let squares = 0;
  for (let i = rankStart; i < text.length && i - rankStart < 64; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? KIND[c] : OTHER;
    if (kind === DIGIT) squares += c - DIGIT_0;
    else if (kind === PIECE) squares++;
    else break;
  }
  throw new FenSyntaxError(
    `rank ${8 - rank} has ${squares} square${
      squares === 1 ? "" : "s"
    }, expected 8 (column ${rankStart})`,
    { field: "placement", column: rankStart },
  );
}

/** A character quoted for a message, with invisible ones spelled out. */
export function quoteChar(code: number): string {
  if (code >= 33 && code < 127) return `"${String.fromCharCode(code)}"`;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

// The piece placement, read and written (as a string from a board, as bytes
// from a reader's cells). The scanner is the hot path of every format: it
// works on char codes, writes straight into the caller's layout (cells, or
// grid rows with their newlines) and allocates nothing.

import { fail } from "./_fail.ts";
import {
  markPromoted,
  readPockets,
  resetVariant,
  type VariantFields,
} from "./_variant.ts";
import { quoteCharAt } from "../_quote.ts";
import { type Piece, PIECES } from "../types.ts";

const DIGIT_0 = 48;
const OTHER = 0;
const PIECE = 1;
const DIGIT = 2;
const SLASH = 3;
const BLANK = 4;

/** Char code to its kind in a placement: one table look-up a character. */
const KIND: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const piece of PIECES) table[piece.charCodeAt(0)] = PIECE;
  for (const c of "12345678") table[c.charCodeAt(0)] = DIGIT;
  table[47] = SLASH;
  for (const c of " \t\n\r") table[c.charCodeAt(0)] = BLANK;
  return table;
})();

/** Char code (below 128) to its piece letter, `null` for anything else. */
export const PIECE_OF_CODE: readonly (Piece | null)[] = /* @__PURE__ */ (() => {
  const table: (Piece | null)[] = new Array(128).fill(null);
  for (const piece of PIECES) table[piece.charCodeAt(0)] = piece;
  return table;
})();

export { isBlank, NBSP } from "./_blank.ts";
import { isBlank, NBSP } from "./_blank.ts";

/** Where {@linkcode scanPlacement} writes the squares. */
export interface PlacementTarget {
  /** Char codes in reading order; a plain array keeps fromCharCode fast. */
  out: number[];
  /** The code written for an empty square. */
  mark: number;
  /** Slots skipped after each rank (1 leaves room for a newline). */
  gap: number;
  /** Crazyhouse's pockets and promoted marks, read with the placement. */
  variant?: VariantFields | null;
}

/**
 * Reads the placement field of `text` from `start` into `target` and
 * returns where the field ends (the first blank, or `end`). A `/` after the
 * eighth rank and a no-break space after the field are accepted unless
 * `strict`. One loop with a table look-up per character, errors built out
 * of line: this is why it is longer than the other readers.
 */
export function scanPlacement(
  text: string,
  start: number,
  end: number,
  target: PlacementTarget,
  strict: boolean,
): number {
  const { out: cells, mark, gap } = target;
  let i = start;
  let cell = 0;
  let rank = 0; // ranks finished
  let rankStart = start;
  let filled = 0; // squares in the current rank
  let lastWasDigit = false;
  let pockets = false; // a "[" ended the placement
  const variant = target.variant;
  if (variant != null) resetVariant(variant);
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? KIND[c] : OTHER;
    if (kind === PIECE) {
      if (++filled > 8) overfullRank(text, rank, rankStart, i);
      cells[cell++] = c;
      lastWasDigit = false;
    } else if (kind === DIGIT) {
      if (lastWasDigit) consecutiveDigits(text, i - 1);
      filled += c - DIGIT_0;
      if (filled > 8) overfullRank(text, rank, rankStart, i);
      for (let n = c - DIGIT_0; n > 0; n--) cells[cell++] = mark;
      lastWasDigit = true;
    } else if (kind === SLASH) {
      if (filled !== 8) shortRank(rank, rankStart, filled);
      cell += gap;
      rank++;
      filled = 0;
      lastWasDigit = false;
      rankStart = i + 1;
      if (rank === 8) {
        if (variant?.crazyhouse) {
          return readPockets(text, i + 1, end, {
            v: variant,
            brackets: false,
            strict,
          });
        }
        const next = text.charCodeAt(i + 1);
        if (!strict && (i + 1 === end || isBlank(next) || next === NBSP)) {
          return i + 1;
        }
        fail("placement", "placement has more than 8 ranks", i);
      }
    } else if (kind === BLANK || (c === NBSP && !strict)) {
      break;
    } else if (variant?.crazyhouse && c === 126 /* ~ */) {
      const letter = i > start ? text.charCodeAt(i - 1) : 0;
      markPromoted(variant, {
        at: i,
        square: rank * 8 + filled - 1,
        letter: KIND[letter] === PIECE ? letter : 0,
      });
    } else if (variant?.crazyhouse && c === 91 /* [ */) {
      pockets = true;
      break;
    } else {
      notAPiece(text, i);
    }
  }
  if (rank === 0 && filled === 0 && i === start) {
    fail("placement", "piece placement is empty", start);
  }
  if (filled !== 8) shortRank(rank, rankStart, filled);
  if (rank !== 7) {
    fail(
      "placement",
      `placement has ${rank + 1} rank${rank ? "s" : ""}, expected 8`,
      i,
    );
  }
  if (pockets) {
    return readPockets(text, i + 1, end, {
      v: variant!,
      brackets: true,
      strict,
    });
  }
  return i;
}

function consecutiveDigits(text: string, at: number): never {
  fail(
    "placement",
    `consecutive digits "${
      text.slice(at, at + 2)
    }" (two digits never follow each other in FEN)`,
    at,
  );
}

function notAPiece(text: string, at: number): never {
  const c = text.charCodeAt(at);
  const zh = c === 91 || c === 126; // "[", "~"
  fail(
    "placement",
    `${
      quoteCharAt(text, at)
    } is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8${
      zh
        ? " (crazyhouse's pockets and promoted pieces are read under its rules)"
        : ""
    }`,
    at,
    zh ? "crazyhouse" : undefined,
  );
}

function shortRank(
  rank: number,
  rankStart: number,
  filled: number,
): never {
  fail(
    "placement",
    `rank ${8 - rank} has ${filled} square${
      filled === 1 ? "" : "s"
    }, expected 8`,
    rankStart,
  );
}

/** An overfull rank: counted to its end, reported at the ninth square. */
function overfullRank(
  text: string,
  rank: number,
  rankStart: number,
  at: number,
): never {
  let squares = 0;
  for (let i = rankStart; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? KIND[c] : OTHER;
    if (kind === DIGIT) squares += c - DIGIT_0;
    else if (kind === PIECE) squares++;
    else break;
  }
  fail(
    "placement",
    `rank ${8 - rank} has ${squares} squares, expected 8`,
    at,
  );
}

// writePlacement's scratch: the field's char codes, filled and turned into
// one string within one call (a string grown by += costs a string per
// piece). Never exported; 71 codes is the longest placement.
const placementCodes: number[] = new Array(71).fill(0);

/**
 * Writes a board as a placement field; `TypeError` for anything on it that
 * is not a piece letter or an empty square (`null`).
 */
export function writePlacement(
  board: readonly (Piece | null)[],
  action: string,
): string {
  const codes = placementCodes;
  let o = 0;
  for (let row = 0; row < 8; row++) {
    if (row > 0) codes[o++] = 47; // "/"
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[row * 8 + file];
      if (piece === null || piece === undefined) {
        empty++;
        continue;
      }
      const code = typeof piece === "string" ? piece.charCodeAt(0) : 0;
      if (PIECE_OF_CODE[code] !== piece) {
        throw new TypeError(
          `Cannot ${action}: board[${row * 8 + file}] is not a piece`,
        );
      }
      if (empty > 0) codes[o++] = DIGIT_0 + empty;
      codes[o++] = code;
      empty = 0;
    }
    if (empty > 0) codes[o++] = DIGIT_0 + empty;
  }
  // the whole scratch, then the field's part of it: the array keeps its
  // length, so the next call grows nothing
  const field = String.fromCharCode.apply(null, codes);
  return o === codes.length ? field : field.slice(0, o);
}

/**
 * Writes 64 cells (char codes, 0 for empty) as a placement field at `at`,
 * as {@linkcode writePlacement} writes the board; returns where it ends (at
 * most 71 bytes on).
 */
export function writePlacementBytes(
  cells: readonly number[],
  buffer: Uint8Array,
  at: number,
): number {
  let o = at;
  for (let row = 0; row < 64; row += 8) {
    if (row > 0) buffer[o++] = 47; // "/"
    let empty = 0;
    for (let k = row; k < row + 8; k++) {
      const c = cells[k];
      if (c === 0) {
        empty++;
      } else {
        if (empty > 0) buffer[o++] = DIGIT_0 + empty;
        buffer[o++] = c;
        empty = 0;
      }
    }
    if (empty > 0) buffer[o++] = DIGIT_0 + empty;
  }
  return o;
}

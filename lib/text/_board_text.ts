// The character rules and line scanner behind BoardTextReader: what a cell,
// a separator, a frame and a line of file letters look like, decided with
// code point comparisons, no regular expression per line.

import { quoteCharAt } from "../_quote.ts";
import { FIGURINES, IS_PIECE } from "../_tables.ts";
import { PIECES } from "../types.ts";
import { isVariantLine } from "./variant_lines.ts";

/** ASCII codes of the pieces the figurines U+2654 (♔) to U+265F (♟) draw. */
const FIGURINE_CODES: readonly number[] = /* @__PURE__ */ (() => {
  const codes: number[] = new Array(12).fill(0);
  for (const piece of PIECES) {
    codes[FIGURINES[piece].codePointAt(0)! - 0x2654] = piece.charCodeAt(0);
  }
  return codes;
})();

/** A line with nothing but spaces: between boards, or the end of one. */
export const BLANK = 0;
/** A line of frame characters only: skipped. */
export const FRAME = 1;
/** File letters `a` to `h`: White at the bottom. */
export const FILES = 2;
/** File letters `h` to `a`: Black at the bottom. */
export const FILES_FLIPPED = 3;
/** Anything else is read as a rank, and fails as one. */
export const RANK = 4;

/** The most cells a line is scanned for: 8 squares, 9 bars, 2 digits, spare. */
const MAX_CELLS = 32;

/** `|` and `│`: cell separators, unless one is the empty mark. */
export function isBar(cp: number): boolean {
  return cp === 0x7c || cp === 0x2502;
}

/** Whether a code unit (NaN past the end) parts a rank digit from cells. */
export function isGap(code: number): boolean {
  return code !== code || code === 0x20 || code === 9 || isBar(code);
}

function isFrame(cp: number): boolean {
  return cp === 0x2b || cp === 0x2d || cp === 0x3d || cp === 0x5f ||
    cp === 0x7c || (cp >= 0x2500 && cp <= 0x257f);
}

/** Space, tab, and the variation selectors a terminal may add to a figurine. */
function isSpace(cp: number): boolean {
  return cp === 0x20 || cp === 9 || cp === 0xfe0e || cp === 0xfe0f;
}

/** Whether the code point is an ASCII digit. */
export function isDigit(cp: number): boolean {
  return cp >= 0x30 && cp <= 0x39;
}

/** The ASCII code of the piece a letter or figurine stands for, or 0. */
export function pieceCode(cp: number): number {
  if (cp < 128) return IS_PIECE[cp] === 1 ? cp : 0;
  return cp >= 0x2654 && cp <= 0x265f ? FIGURINE_CODES[cp - 0x2654] : 0;
}

/**
 * Whether a cell can set a board's empty mark: the rule of `grid2fen`'s
 * mark (not a piece letter, digit or `/`), and, since nobody chose it, not
 * a control character or U+FFFD, which only damaged input has.
 */
export function canBeMark(cp: number): boolean {
  return pieceCode(cp) === 0 && !isDigit(cp) && cp !== 0x2f &&
    cp >= 0x20 && !(cp >= 0x7f && cp <= 0x9f) && cp !== 0xfffd;
}

/**
 * What is wrong with a cell that is neither a piece nor the empty mark;
 * `markNote` names the mark (`"*" (found at line 2, column 5)`), if any.
 */
export function badCellDetail(
  text: string,
  at: number,
  markNote: string,
): string {
  return isDigit(text.charCodeAt(at))
    ? `"${
      text[at]
    }" is a digit, not a square: a board draws each empty square with a mark`
    : `${
      quoteCharAt(text, at)
    } is neither a piece nor the empty mark${markNote}`;
}

/**
 * One line's cells: the code points that are not spaces (all of them when
 * spaces are cells), with where each is in the text. Owned by one reader
 * and refilled for every line, so scanning allocates nothing.
 */
export class LineCells {
  /** How many cells the line has (only the first MAX_CELLS are kept). */
  count = 0;
  /** The cells' code points. */
  readonly codes: Int32Array = new Int32Array(MAX_CELLS);
  /** Where each cell starts in the text. */
  readonly at: Int32Array = new Int32Array(MAX_CELLS);
  readonly #spacesAreCells: boolean;
  #framed = false;
  #same = false;
  /** The first, second and last cells (kept past MAX_CELLS). */
  readonly #ends = { first: 0, second: 0, last: 0 };

  constructor(spacesAreCells: boolean) {
    this.#spacesAreCells = spacesAreCells;
  }

  /** The number of cells kept: at most MAX_CELLS. */
  get kept(): number {
    return Math.min(this.count, MAX_CELLS);
  }

  /** Scans `text` from `span.start` to `span.end`. */
  scan(text: string, span: { start: number; end: number }): void {
    let count = 0;
    let framed = true; // only frame characters so far
    let same = true; // all one character so far
    for (let i = span.start; i < span.end;) {
      let cp = text.charCodeAt(i);
      if (cp >= 0xd800 && cp <= 0xdbff) cp = text.codePointAt(i)!;
      if (this.#spacesAreCells || !isSpace(cp)) {
        if (count < MAX_CELLS) {
          this.codes[count] = cp;
          this.at[count] = i;
        }
        if (count > 0 && cp !== this.codes[0]) same = false;
        this.#ends.last = cp;
        if (!isFrame(cp)) framed = false;
        count++;
      }
      i += cp > 0xffff ? 2 : 1;
    }
    this.count = count;
    this.#ends.first = this.codes[0];
    this.#ends.second = this.codes[1];
    this.#framed = framed;
    this.#same = same;
  }

  /**
   * What the scanned line is, given the board's empty mark (-1 while it is
   * unknown): eight of the mark, or of a mark to be found, are a rank even
   * when they look like a frame (`--------` with `-` for empty). A
   * variant's pocket or check line beside a board (`[Qn]`, `+1`) is skipped
   * as a frame is.
   */
  kind(mark: number): number {
    const count = this.count;
    if (count === 0) return BLANK;
    if (isVariantLine(this.#ends, count)) return FRAME;
    if (this.#framed) {
      const first = this.codes[0];
      const rank = count === 8 && this.#same &&
        (mark < 0 ? canBeMark(first) : mark === first);
      return rank ? RANK : FRAME;
    }
    return count === 8 ? this.#fileOrder() : RANK;
  }

  /** FILES for `a`..`h`, FILES_FLIPPED for `h`..`a` (any case), else RANK. */
  #fileOrder(): number {
    let up = true;
    let down = true;
    for (let k = 0; k < 8; k++) {
      const letter = this.codes[k] | 0x20;
      if (letter !== 0x61 + k) up = false;
      if (letter !== 0x68 - k) down = false;
    }
    return up ? FILES : down ? FILES_FLIPPED : RANK;
  }
}

/**
 * The FEN placement of 64 piece codes (0 for empty) in reading order, or in
 * reverse order when the board was drawn from Black's side.
 */
export function placementOf(squares: Uint8Array, flipped: boolean): string {
  let fen = "";
  let run = 0;
  for (let k = 0; k < 64; k++) {
    const code = squares[flipped ? 63 - k : k];
    if (code === 0) run++;
    else {
      if (run > 0) fen += run;
      run = 0;
      fen += String.fromCharCode(code);
    }
    if ((k & 7) === 7) {
      if (run > 0) fen += run;
      run = 0;
      if (k < 63) fen += "/";
    }
  }
  return fen;
}

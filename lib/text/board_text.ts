/**
 * Boards drawn as text, read back to FEN placements: the `fen` command's
 * own `board`, `grid` and `unicode` output, the spaced boards python-chess
 * and chessops print (`r n b q k b n r`), and chess.js's `ascii()` with its
 * frame and coordinates. Lines go in one at a time, so a stream of boards
 * needs no more memory than one board.
 *
 * A rank line is eight cells, each a FEN piece letter, a chess figurine
 * (`♔`..`♟`) or the board's empty mark, with or without spaces between
 * them, optionally framed by `|` and labeled with its rank digit on either
 * side. Lines of frame characters (`+-=_|` and box drawing) are skipped, as
 * are blank lines between boards. A line of file letters (`a b c d e f g
 * h`) or rank digits running 1 to 8 down the board say it is seen from
 * Black's side: it is turned back. Without them White is at the bottom.
 *
 * @module
 */

import { GridSyntaxError } from "../errors.ts";
import { fen2grid } from "../fen/grid.ts";
import {
  badCellDetail,
  BLANK,
  canBeMark,
  FILES,
  FILES_FLIPPED,
  FRAME,
  isBar,
  isDigit,
  isGap,
  LineCells,
  pieceCode,
  placementOf,
  RANK,
} from "./_board_text.ts";
import { sideName } from "../types.ts";

/** Options for {@linkcode BoardTextReader} and {@linkcode boardTextToFen}. */
export interface BoardTextOptions {
  /**
   * The empty-square mark, as for `grid2fen`. When not given, the first
   * cell of each board that is not a piece sets that board's mark (`.`,
   * `*`, `·`, `⭘`, ...); a control character never does.
   */
  empty?: string;
}

/**
 * Where a line lies in a larger text, so a caller scanning a buffer need
 * not slice it: `text.slice(start, end)` is the line, without its `\n`.
 */
export interface LineSpan {
  /** Where the line starts in the text. */
  start: number;
  /** Where it ends, before its `\n` (a `\r` left before it is dropped). */
  end: number;
  /** Its 1-based number in the input; one more than the last unless given. */
  line?: number;
}

/**
 * Reads boards drawn as text, one line at a time: {@linkcode push} returns
 * a FEN placement when a board's last rank line arrives, and `null` for
 * every other line. Call {@linkcode finish} at the end of the input.
 *
 * After a {@linkcode GridSyntaxError} the reader skips the rest of the
 * broken board (up to a blank line or a line of file letters) and goes on
 * with the next, so one bad board costs one error.
 *
 * @example Reading chess.js's `ascii()` and a spaced board after it
 * ```ts
 * import { BoardTextReader } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const text = [
 *   "   +------------------------+",
 *   " 8 | r  n  b  q  k  b  n  r |",
 *   " 7 | p  p  p  p  .  p  p  p |",
 *   " 6 | .  .  .  .  .  .  .  . |",
 *   " 5 | .  .  .  .  p  .  .  . |",
 *   " 4 | .  .  .  .  P  .  .  . |",
 *   " 3 | .  .  .  .  .  .  .  . |",
 *   " 2 | P  P  P  P  .  P  P  P |",
 *   " 1 | R  N  B  Q  K  B  N  R |",
 *   "   +------------------------+",
 *   "     a  b  c  d  e  f  g  h",
 *   "",
 *   ...["r n b q k b n r", "p p p p p p p p"],
 *   ...Array(4).fill(". . . . . . . ."),
 *   ...["P P P P P P P P", "R N B Q K B N R"],
 * ];
 * const reader = new BoardTextReader();
 * const placements = text.map((line) => reader.push(line)).filter(Boolean);
 * reader.finish();
 * assert.deepEqual(placements, [
 *   "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
 * ]);
 * assert.equal(reader.boardLine, 13);
 * ```
 *
 * @example Errors name the line and column
 * ```ts
 * import { BoardTextReader } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const reader = new BoardTextReader({ empty: "*" });
 * reader.push("rnbqkbnr");
 * assert.throws(() => reader.push("ppp?pppp"), {
 *   name: "GridSyntaxError",
 *   message: 'Cannot parse grid: "?" is neither a piece nor the empty mark "*" at line 2, column 4',
 * });
 * ```
 */
export class BoardTextReader {
  /** The given mark's code point, or -1 to find each board's own. */
  readonly #given: number;
  /** A space or tab as the mark: spaces are cells, not separators. */
  readonly #spacedMark: boolean;
  #mark = -1;
  /** The mark as messages name it: `"*"`, and where it was found. */
  #markNote = "";
  #line = 0;
  #offset = 0;
  #lineStart = 0;
  #lineOffset = 0;
  #lineEnd = 0;
  #ranks = 0;
  #boardLine = 0;
  #lastBoardLine = 0;
  /** This board's orientation, once a label or file letters tell it. */
  #flipped: boolean | undefined = undefined;
  /** The last board's orientation while its file letters may follow. */
  #after: boolean | undefined = undefined;
  #skipping = false;
  readonly #cells: LineCells;
  readonly #span = { start: 0, end: 0 };
  readonly #squares = new Uint8Array(64);

  /**
   * Makes a reader for a stream of boards.
   *
   * @param options The empty mark, when it is known.
   * @throws {RangeError} If `empty` is not a mark `grid2fen` accepts.
   */
  constructor(options: BoardTextOptions = {}) {
    const empty = options.empty;
    if (empty !== undefined) fen2grid("8/8/8/8/8/8/8/8", { empty }); // its rule
    this.#given = empty === undefined ? -1 : empty.codePointAt(0)!;
    this.#spacedMark = this.#given === 0x20 || this.#given === 9;
    this.#cells = new LineCells(this.#spacedMark);
  }

  /** The number of the last line read. */
  get line(): number {
    return this.#line;
  }

  /** The line the last board returned began on (its first rank line). */
  get boardLine(): number {
    return this.#lastBoardLine;
  }

  /**
   * Reads one line.
   *
   * @param text The line without its `\n`, or a text holding it at `span`.
   * @param span Where the line is in `text` (all of it unless given), and
   * optionally its line number. Offsets in errors count one character for
   * each line break before it.
   * @returns The FEN placement of the board this line completes, or `null`.
   * @throws {GridSyntaxError} If a rank line is not 8 cells of pieces and
   * the empty mark, its rank digit is not the one expected, a board ends
   * before its 8th rank, or file letters contradict the board's orientation.
   */
  push(text: string, span?: LineSpan): string | null {
    const start = span === undefined ? 0 : span.start;
    let end = span === undefined ? text.length : span.end;
    this.#line = span?.line ?? this.#line + 1;
    this.#lineStart = start;
    this.#lineEnd = end;
    this.#lineOffset = this.#offset;
    this.#offset += end - start + 1;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    // A byte order mark may open the input; it is no cell.
    const from = this.#lineOffset === 0 && text.charCodeAt(start) === 0xfeff
      ? start + 1
      : start;
    this.#span.start = from;
    this.#span.end = end;
    this.#cells.scan(text, this.#span);
    const kind = this.#cells.kind(this.#ranks === 0 ? this.#given : this.#mark);
    if (this.#skipping) {
      if (kind === BLANK || kind === FILES || kind === FILES_FLIPPED) {
        this.#skipping = false;
      }
      return null;
    }
    if (kind === RANK) {
      this.#after = undefined;
      return this.#readRank(text, end);
    }
    if (kind === FRAME) return null;
    if (this.#ranks > 0) throw this.#incomplete(from);
    if (kind === BLANK) this.#after = undefined;
    else this.#readFiles(kind === FILES_FLIPPED, from);
    return null;
  }

  /**
   * Ends the input, and makes the reader ready for another.
   *
   * @throws {GridSyntaxError} If the input ends inside a board.
   */
  finish(): void {
    const error = this.#ranks > 0 && !this.#skipping
      ? this.#positioned(this.#incompleteDetail(), this.#lineEnd)
      : undefined;
    this.#endBoard();
    this.#skipping = false;
    this.#after = undefined;
    this.#line = 0;
    this.#offset = 0;
    if (error !== undefined) throw error;
  }

  /** Checks the file letters against the board above or sets the next's. */
  #readFiles(flipped: boolean, at: number): void {
    if (this.#after === undefined) {
      this.#flipped = flipped; // letters above the board
      return;
    }
    const read = this.#after;
    this.#after = undefined;
    if (read !== flipped) {
      throw this.#positioned(
        `the file letters run ${
          flipped ? "h to a" : "a to h"
        }, but the board above was read from ${
          sideName(read ? "b" : "w")
        }'s side (its rank digits say which)`,
        at,
      );
    }
  }

  /** Reads the scanned cells as the next rank; returns the FEN at the 8th. */
  #readRank(text: string, end: number): string | null {
    if (this.#ranks === 0) this.#startBoard();
    const { codes, at } = this.#cells;
    let lo = 0;
    let hi = this.#cells.kept;
    if (!this.#spacedMark) {
      // A rank digit stands apart from the cells: "4k3" is no board.
      if (isDigit(codes[lo]) && isGap(text.charCodeAt(at[lo] + 1))) {
        this.#checkDigit(lo++);
      }
      if (
        hi > lo && isDigit(codes[hi - 1]) &&
        isGap(text.charCodeAt(at[hi - 1] - 1))
      ) this.#checkDigit(--hi);
    }
    const bars = hi - lo > 8 && !isBar(this.#mark) && !isBar(this.#given);
    const row = this.#ranks * 8;
    let file = 0;
    for (let k = lo; k < hi; k++) {
      if (bars && isBar(codes[k])) continue;
      if (file === 8) {
        throw this.#error(
          `${this.#rankName()} has more than 8 squares`,
          at[k],
        );
      }
      this.#squares[row + file++] = this.#cell(text, k);
    }
    if (file < 8) {
      throw this.#error(
        `${this.#rankName()} has ${file} square${
          file === 1 ? "" : "s"
        }, expected 8`,
        hi > lo ? at[hi - 1] + (codes[hi - 1] > 0xffff ? 2 : 1) : end,
      );
    }
    return ++this.#ranks === 8 ? this.#placement() : null;
  }

  #startBoard(): void {
    this.#boardLine = this.#line;
    this.#mark = this.#given;
    this.#markNote = this.#given < 0
      ? ""
      : ` "${String.fromCodePoint(this.#given)}"`;
  }

  /** One cell's piece code, or 0 for the empty mark (found if need be). */
  #cell(text: string, k: number): number {
    const cp = this.#cells.codes[k];
    const at = this.#cells.at[k];
    const piece = pieceCode(cp);
    if (piece !== 0) return piece;
    if (cp === this.#mark) return 0;
    if (this.#mark < 0 && canBeMark(cp)) {
      this.#mark = cp;
      this.#markNote = ` "${
        String.fromCodePoint(cp)
      }" (found at line ${this.#line}, column ${at - this.#lineStart + 1})`;
      return 0;
    }
    throw this.#error(badCellDetail(text, at, this.#markNote), at);
  }

  /** Checks a rank digit, and learns the orientation from the first. */
  #checkDigit(k: number): void {
    const digit = this.#cells.codes[k] - 0x30;
    const ranks = this.#ranks;
    if (this.#flipped === undefined) {
      if (digit === 8 - ranks) this.#flipped = false;
      else if (digit === ranks + 1) this.#flipped = true;
    }
    const expected = this.#flipped === true ? ranks + 1 : 8 - ranks;
    if (digit !== expected) {
      throw this.#error(
        `the rank digit "${digit}" should be ${expected} on this line`,
        this.#cells.at[k],
      );
    }
  }

  /** "rank 6": the rank this line draws, White at the bottom unless known. */
  #rankName(): string {
    return `rank ${this.#flipped === true ? this.#ranks + 1 : 8 - this.#ranks}`;
  }

  /** The board's FEN placement, White at the bottom. */
  #placement(): string {
    const flipped = this.#flipped === true;
    const fen = placementOf(this.#squares, flipped);
    this.#endBoard();
    this.#after = flipped;
    this.#lastBoardLine = this.#boardLine;
    return fen;
  }

  #endBoard(): void {
    this.#ranks = 0;
    this.#flipped = undefined;
  }

  #incompleteDetail(): string {
    const ranks = this.#ranks;
    return `the board from line ${this.#boardLine} has ${ranks} rank${
      ranks === 1 ? "" : "s"
    }, expected 8`;
  }

  /** A board cut short by a blank line or file letters; reading goes on. */
  #incomplete(at: number): GridSyntaxError {
    const error = this.#positioned(this.#incompleteDetail(), at);
    this.#endBoard();
    return error;
  }

  /** An error in a rank line: the rest of its board is skipped. */
  #error(detail: string, at: number): GridSyntaxError {
    const error = this.#positioned(detail, at);
    this.#endBoard();
    this.#skipping = true;
    this.#after = undefined;
    return error;
  }

  #positioned(detail: string, at: number): GridSyntaxError {
    return new GridSyntaxError(detail, {
      line: this.#line,
      column: at - this.#lineStart + 1,
      offset: this.#lineOffset + at - this.#lineStart,
    });
  }
}

/**
 * Reads one board drawn as text (any form {@linkcode BoardTextReader}
 * reads) to its FEN placement.
 *
 * @example The `fen` command's Unicode board, seen from Black's side
 * ```ts
 * import { boardTextToFen, renderUnicode } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R";
 * const text = renderUnicode(fen, { flip: true });
 * assert.equal(text.split("\n")[0], "1 ♖ · ♗ ♔ ♕ ♗ ♘ ♖");
 * assert.equal(boardTextToFen(text), fen);
 * ```
 *
 * @param text The board, lines ending in `\n` or `\r\n`.
 * @param options The empty mark, when it is known.
 * @returns The FEN placement.
 * @throws {GridSyntaxError} If the text is not exactly one readable board.
 * @throws {RangeError} If `empty` is not a mark `grid2fen` accepts.
 */
export function boardTextToFen(
  text: string,
  options: BoardTextOptions = {},
): string {
  const reader = new BoardTextReader(options);
  const span = { start: 0, end: 0 };
  let fen: string | null = null;
  while (span.start <= text.length) {
    const newline = text.indexOf("\n", span.start);
    span.end = newline < 0 ? text.length : newline;
    const read = reader.push(text, span);
    if (read !== null && fen !== null) {
      throw new GridSyntaxError(
        `the text holds a second board, from line ${reader.boardLine}`,
        { line: reader.line, column: 1, offset: span.start },
      );
    }
    fen ??= read;
    span.start = span.end + 1;
  }
  const line = reader.line;
  reader.finish();
  if (fen === null) {
    throw new GridSyntaxError("the text holds no board", {
      line,
      column: 1,
      offset: text.length,
    });
  }
  return fen;
}

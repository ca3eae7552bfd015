/**
 * FEN placement to and from an 8x8 text grid, as in the `fen2grid` and
 * `grid2fen` exercise: eight rows of eight characters joined by `\n`, a
 * piece as its FEN letter, an empty square as one chosen character.
 *
 * @module
 */

import { GridSyntaxError } from "./error.ts";
import { CELLS, readRecord } from "./_record.ts";
import { IS_PIECE, type PlacementTarget, quoteChar } from "./_placement.ts";

// The placement is scanned straight into the grid's char codes (newlines
// already in place) and turned into a string once: the fastest way measured
// here to make a 71-character string (bench/).
const codes: number[] = Array.from({ length: 71 }, () => 10);
const TO_GRID: PlacementTarget = { out: codes, mark: 42, gap: 1 };
const LENIENT = {};

/**
 * Draws the placement of a FEN record as a text grid: 8 rows of 8
 * characters joined by `\n`, no newline at the end. `fen` may be a piece
 * placement alone or a whole record (its other fields are checked too).
 * With `empty = "."` this is the board of the classic FEN-to-board exercise.
 *
 * @example
 * ```ts
 * import { fen2grid } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   fen2grid("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR", "+"),
 *   [
 *     "rnbqkbnr",
 *     "pp+ppppp",
 *     "++++++++",
 *     "++p+++++",
 *     "++++P+++",
 *     "++++++++",
 *     "PPPP+PPP",
 *     "RNBQKBNR",
 *   ].join("\n"),
 * );
 * ```
 *
 * @param fen A piece placement or a FEN record.
 * @param empty The character for an empty square, `*` unless given.
 * @returns The grid.
 * @throws {FenSyntaxError} If `fen` is malformed.
 * @throws {RangeError} If `empty` is not a single character that cannot be
 * confused with FEN.
 */
export function fen2grid(fen: string, empty: string = "*"): string {
  const mark = empty === "*" ? 42 : checkEmpty(empty);
  if (mark < 0) {
    readRecord(fen, 0, fen.length, LENIENT);
    return gridOf(empty);
  }
  TO_GRID.mark = mark;
  readRecord(fen, 0, fen.length, LENIENT, TO_GRID);
  return String.fromCharCode.apply(null, codes);
}

function gridOf(empty: string): string {
  let grid = "";
  for (let k = 0; k < 64; k++) {
    if (k > 0 && (k & 7) === 0) grid += "\n";
    grid += CELLS[k] === 0 ? empty : String.fromCharCode(CELLS[k]);
  }
  return grid;
}

/**
 * Reads a text grid back into a FEN piece placement: the exact opposite of
 * {@linkcode fen2grid}, so `grid2fen(fen2grid(f, e), e) === f` for every
 * placement `f` in canonical form. One trailing newline and CRLF line ends
 * are accepted.
 *
 * @example
 * ```ts
 * import { fen2grid, grid2fen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R";
 * assert.equal(grid2fen(fen2grid(fen, "+"), "+"), fen);
 * assert.throws(() => grid2fen("rnbqkbnr\n"), {
 *   name: "GridSyntaxError",
 *   line: 2,
 * });
 * ```
 *
 * @param grid Eight lines of eight cells.
 * @param empty The character for an empty square, `*` unless given.
 * @returns The piece placement, the first field of a FEN record.
 * @throws {GridSyntaxError} If the grid is not 8 lines of 8 cells, each a
 * piece letter or `empty`.
 * @throws {RangeError} If `empty` is not a single character that cannot be
 * confused with FEN.
 */
export function grid2fen(grid: string, empty: string = "*"): string {
  checkEmpty(empty);
  const mark = empty.charCodeAt(0);
  const wide = empty.length; // 2 for a character outside the BMP
  let end = grid.length;
  if (grid.charCodeAt(end - 1) === 10) {
    end--;
    if (grid.charCodeAt(end - 1) === 13) end--;
  }
  let fen = "";
  let i = 0;
  for (let line = 1; line <= 8; line++) {
    if (line > 1) {
      if (i >= end) {
        throw new GridSyntaxError(
          `the grid has ${line - 1} lines, expected 8`,
          {
            line,
            column: 1,
          },
        );
      }
      fen += "/";
    }
    const lineStart = i;
    let cells = 0;
    let run = 0;
    while (i < end) {
      const c = grid.charCodeAt(i);
      if (c === 10 || (c === 13 && grid.charCodeAt(i + 1) === 10)) break;
      if (c === mark && (wide === 1 || grid.startsWith(empty, i))) {
        run++;
        i += wide;
      } else if (c < 128 && IS_PIECE[c] === 1) {
        if (run > 0) fen += run;
        run = 0;
        fen += grid[i];
        i++;
      } else {
        throw new GridSyntaxError(
          `${quoteChar(grid.codePointAt(i)!)} at line ${line}, column ${
            i - lineStart + 1
          } is neither a piece letter nor the empty mark "${empty}"`,
          { line, column: i - lineStart + 1 },
        );
      }
      if (++cells > 8) {
        throw new GridSyntaxError(
          `line ${line} has more than 8 squares`,
          { line, column: i - lineStart },
        );
      }
    }
    if (cells < 8) {
      throw new GridSyntaxError(
        `line ${line} has ${cells} square${cells === 1 ? "" : "s"}, expected 8`,
        { line, column: i - lineStart + 1 },
      );
    }
    if (run > 0) fen += run;
    if (i < end) i += grid.charCodeAt(i) === 13 ? 2 : 1;
  }
  if (i < end || (end < grid.length && grid.charCodeAt(end - 1) === 10)) {
    throw new GridSyntaxError("the grid has more than 8 lines", {
      line: 9,
      column: 1,
    });
  }
  return fen;
}

/** Returns the empty mark's char code, or -1 for one outside the BMP. */
function checkEmpty(empty: string): number {
  const code = typeof empty === "string" ? empty.codePointAt(0) : undefined;
  if (
    code === undefined ||
    empty.length !== (code > 0xffff ? 2 : 1) ||
    (code < 128 && IS_PIECE[code] === 1) ||
    (code >= 48 && code <= 57) || code === 47 || code === 10 || code === 13
  ) {
    throw new RangeError(
      `Cannot use ${
        JSON.stringify(empty)
      } as the empty mark: it must be one character that is not a piece letter, a digit, "/" or a line break`,
    );
  }
  return code > 0xffff ? -1 : code;
}

/**
 * FEN placement to and from an 8x8 text grid, as in the `fen2grid` and
 * `grid2fen` exercise: eight rows of eight characters joined by `\n`, a
 * piece as its FEN letter, an empty square as one chosen character.
 *
 * @module
 */

import { variantFields } from "./_variant.ts";
import { GridSyntaxError } from "../errors.ts";
import { emptyFields, type RecordContext } from "./_fields.ts";
import type { PlacementTarget } from "./_placement.ts";
import { quoteCharAt } from "../_quote.ts";
import { readOrThrow, recordContext } from "./_record.ts";
import { IS_PIECE } from "../_tables.ts";
import { type ParseFenOptions, rulesOf, VARIANT_RULES } from "../types.ts";

/** Options for {@linkcode fen2grid}. */
export interface Fen2GridOptions extends ParseFenOptions {
  /** The character for an empty square, `*` unless given. */
  empty?: string;
}

// fen2grid's scratch: the placement is scanned straight into the grid's
// char codes (newlines already in place) and turned into a string once, the
// fastest way measured here to make the 71-character grid. Filled and read
// within one call; never exported. One record context per combination of
// options, all writing into this one target.
const gridCodes: number[] = new Array(71).fill(10);
const gridTarget: PlacementTarget = { out: gridCodes, mark: 42, gap: 1 };
const gridContexts: (RecordContext | undefined)[] = [];
const NO_OPTIONS: Readonly<ParseFenOptions> = Object.freeze({});

function gridContext(options: ParseFenOptions): RecordContext {
  const key = VARIANT_RULES.indexOf(rulesOf(options)) * 2 +
    (options.strict ? 1 : 0);
  const context = gridContexts[key] ??= recordContext(
    options,
    emptyFields(variantFields(rulesOf(options))),
    gridTarget,
  );
  // the one target serves every context: this one's variant fields, now
  gridTarget.variant = context.fields.variant;
  return context;
}

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
 * @param options The character for an empty square (`*` unless given), or
 * an options object with `empty` and the reader's `strict` and `chess960`.
 * @returns The grid.
 * @throws {FenSyntaxError} If `fen` is malformed.
 * @throws {RangeError} If `empty` is not a single character that cannot be
 * confused with FEN.
 */
export function fen2grid(
  fen: string,
  options: string | Fen2GridOptions = "*",
): string {
  // no options object made per call for the usual string argument
  const text = typeof options === "string";
  const empty = text ? options : options.empty ?? "*";
  const mark = empty === "*" ? 42 : checkEmpty(empty);
  const context = gridContext(text ? NO_OPTIONS : options);
  // An astral mark is two code units: scan with a placeholder, then swap.
  gridTarget.mark = mark < 0 ? 0 : mark;
  readOrThrow(fen, 0, fen.length, context);
  const grid = String.fromCharCode.apply(null, gridCodes);
  return mark < 0 ? grid.replaceAll("\0", empty) : grid;
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
  let end = grid.length;
  if (grid.charCodeAt(end - 1) === 10) {
    end--;
    if (grid.charCodeAt(end - 1) === 13) end--;
  }
  const row = { fen: "", i: 0 };
  for (let line = 1; line <= 8; line++) {
    if (line > 1) {
      if (row.i >= end) {
        throw gridError(`the grid has ${line - 1} lines, expected 8`, {
          line,
          lineStart: row.i,
          at: row.i,
        });
      }
      row.fen += "/";
    }
    readGridLine(grid, end, { line, empty }, row);
  }
  if (row.i < end || (end < grid.length && grid.charCodeAt(end - 1) === 10)) {
    throw gridError("the grid has more than 8 lines", {
      line: 9,
      lineStart: row.i,
      at: row.i,
    });
  }
  return row.fen;
}

/** Reads one line of 8 cells at `row.i`, appending its rank to `row.fen`. */
function readGridLine(
  grid: string,
  end: number,
  { line, empty }: { line: number; empty: string },
  row: { fen: string; i: number },
): void {
  const mark = empty.charCodeAt(0);
  const wide = empty.length; // 2 for a character outside the BMP
  const lineStart = row.i;
  let i = row.i;
  let cells = 0;
  let run = 0;
  while (i < end) {
    const c = grid.charCodeAt(i);
    if (c === 10 || (c === 13 && grid.charCodeAt(i + 1) === 10)) break;
    const at = i;
    if (c === mark && (wide === 1 || grid.startsWith(empty, i))) {
      run++;
      i += wide;
    } else if (c < 128 && IS_PIECE[c] === 1) {
      if (run > 0) row.fen += run;
      run = 0;
      row.fen += grid[i++];
    } else {
      throw gridError(
        `${
          quoteCharAt(grid, i)
        } is neither a piece letter nor the empty mark "${empty}"`,
        { line, lineStart, at },
      );
    }
    if (++cells > 8) {
      throw gridError(`line ${line} has more than 8 squares`, {
        line,
        lineStart,
        at,
      });
    }
  }
  if (cells < 8) {
    throw gridError(
      `line ${line} has ${cells} square${cells === 1 ? "" : "s"}, expected 8`,
      { line, lineStart, at: i },
    );
  }
  if (run > 0) row.fen += run;
  row.i = i < end ? i + (grid.charCodeAt(i) === 13 ? 2 : 1) : i;
}

function gridError(
  detail: string,
  { line, lineStart, at }: { line: number; lineStart: number; at: number },
): GridSyntaxError {
  return new GridSyntaxError(detail, {
    line,
    column: at - lineStart + 1,
    offset: at,
  });
}

/**
 * Whether `empty` can mark an empty square in a grid: one character that is
 * not a piece letter, a digit, `/` or a line break (what {@linkcode fen2grid}
 * and {@linkcode grid2fen} accept).
 *
 * @example Marks
 * ```ts
 * import { isEmptyMark } from "@fen/fen/grid";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isEmptyMark("."), true);
 * assert.equal(isEmptyMark("·"), true);
 * assert.equal(isEmptyMark("K"), false);
 * assert.equal(isEmptyMark("ab"), false);
 * ```
 *
 * @param empty The candidate mark.
 * @returns Whether the grid functions accept it.
 */
export function isEmptyMark(empty: string): boolean {
  const code = typeof empty === "string" ? empty.codePointAt(0) : undefined;
  return !(
    code === undefined ||
    empty.length !== (code > 0xffff ? 2 : 1) ||
    (code < 128 && IS_PIECE[code] === 1) ||
    (code >= 48 && code <= 57) || code === 47 || code === 10 || code === 13
  );
}

/** Returns the empty mark's char code, or -1 for one outside the BMP. */
function checkEmpty(empty: string): number {
  if (!isEmptyMark(empty)) {
    throw new RangeError(
      `Cannot use ${
        JSON.stringify(empty)
      } as the empty mark: it must be one character that is not a piece letter, a digit, "/" or a line break`,
    );
  }
  const code = empty.codePointAt(0)!;
  return code > 0xffff ? -1 : code;
}

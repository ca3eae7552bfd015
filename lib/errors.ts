/**
 * The errors the readers throw for malformed input. Each one carries the
 * position for programs (a 0-based `offset`, as `String#slice` counts) and
 * says it for people (a 1-based column, as editors count); the message is
 * formatted here and nowhere else.
 *
 * @module
 */

import type { Rules } from "./types.ts";

/**
 * Which part of a FEN record an error is about: one of the six fields,
 * `"operations"` for EPD operations, or `"record"` for the record as a
 * whole (missing or extra fields, spacing).
 */
export type FenField =
  | "placement"
  | "turn"
  | "castling"
  | "enPassant"
  | "halfmoveClock"
  | "fullmoveNumber"
  | "pockets"
  | "checks"
  | "operations"
  | "record";

/** Where a {@linkcode FenSyntaxError} is: the field and the 0-based offset. */
export interface FenSyntaxErrorOptions extends ErrorOptions {
  /** The field the problem is in. */
  field: FenField;
  /** The 0-based offset from the start of the record. */
  offset: number;
  /**
   * The variant whose notation the problem is (crazyhouse's pockets,
   * three-check's counters), read under other rules; `detail` then ends
   * with a parenthesis saying so, which {@linkcode FenSyntaxError.hinted}
   * completes with how to choose them.
   */
  rules?: Rules;
}

/**
 * A FEN record that does not follow the notation. The message says what is
 * wrong and at which column; {@linkcode FenSyntaxError.field} and
 * {@linkcode FenSyntaxError.offset} say the same for programs.
 *
 * @example Finding the problem
 * ```ts
 * import { FenSyntaxError, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * try {
 *   parseFen("8/8/8/8/8/8/8/8 x - - 0 1");
 *   assert.fail("no error");
 * } catch (error) {
 *   assert.ok(error instanceof FenSyntaxError);
 *   assert.equal(error.field, "turn");
 *   assert.equal(error.offset, 16); // "x" is the 17th character
 *   assert.equal(error.column, 17);
 *   assert.match(error.message, /found "x" at column 17$/);
 * }
 * ```
 */
export class FenSyntaxError extends SyntaxError {
  /** The field the problem is in. */
  readonly field: FenField;
  /** The 0-based offset from the start of the record. */
  readonly offset: number;
  /** What is wrong, without the position (the message adds it). */
  readonly detail: string;

  /**
   * Makes an error whose message is
   * `Cannot parse FEN: ${detail} at column ${offset + 1}`.
   *
   * @param detail What is wrong, in words.
   * @param options The field and offset, and an optional cause.
   */
  constructor(detail: string, options: FenSyntaxErrorOptions) {
    super(
      `Cannot parse FEN: ${
        hint(detail, options.rules, (rules) => `{ rules: "${rules}" }`)
      } at column ${options.offset + 1}`,
      options,
    );
    this.name = "FenSyntaxError";
    this.field = options.field;
    this.offset = options.offset;
    this.detail = detail;
    this.rules = options.rules ?? null;
  }

  /**
   * The variant whose notation the record has where it failed (its
   * crazyhouse pockets, its three-check counters), or null: reading it
   * again under these rules gets past the problem.
   */
  readonly rules: Rules | null;

  /**
   * `detail`, saying how to choose {@linkcode FenSyntaxError.rules} where
   * it names a variant, in the caller's words: `--variant crazyhouse` on a
   * command line, `variant=crazyhouse` in a query. The message says it as
   * the library's option, `{ rules: "crazyhouse" }`.
   *
   * @example A crazyhouse record read as standard chess
   * ```ts
   * import { FenSyntaxError, parseFen } from "@fen/fen";
   * import assert from "node:assert/strict";
   *
   * try {
   *   parseFen("8/8/8/8/8/8/8/K6k[Qn] w - - 0 1");
   *   assert.fail("no error");
   * } catch (error) {
   *   assert.ok(error instanceof FenSyntaxError);
   *   assert.equal(error.rules, "crazyhouse");
   *   assert.match(
   *     error.hinted((rules) => `--variant ${rules}`),
   *     /read under its rules: --variant crazyhouse\)$/,
   *   );
   * }
   * ```
   *
   * @param name How the caller names the choice of `rules`.
   * @returns The detail, completed.
   */
  hinted(name: (rules: Rules) => string): string {
    return hint(this.detail, this.rules ?? undefined, name);
  }

  /** The 1-based column the message names: `offset + 1`. */
  get column(): number {
    return this.offset + 1;
  }
}

/** `detail` with the choice of `rules` named inside its last parenthesis. */
function hint(
  detail: string,
  rules: Rules | undefined,
  name: (rules: Rules) => string,
): string {
  return rules === undefined
    ? detail
    : `${detail.slice(0, -1)}: ${name(rules)})`;
}

/** Where a {@linkcode GridSyntaxError} is: 1-based line and column. */
export interface GridSyntaxErrorOptions extends ErrorOptions {
  /** The line of the grid, 1 (rank 8) to 8 (rank 1), or 9 for an extra line. */
  line: number;
  /** The 1-based character position in that line. */
  column: number;
  /** The 0-based offset in the whole grid text. */
  offset: number;
}

/**
 * A text grid that {@linkcode grid2fen} cannot read: not 8 lines of 8
 * cells, or a cell that is neither a piece letter nor the empty mark. Like
 * {@linkcode FenSyntaxError}, it has a 0-based `offset` into the text and a
 * message with 1-based numbers; `line` and `column` count from 1.
 *
 * @example Pointing at the bad cell
 * ```ts
 * import { grid2fen, GridSyntaxError } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const grid = ["rnbqkbnr", "pppppppp", "********", "***x****"].join("\n");
 * assert.throws(
 *   () => grid2fen(grid),
 *   (error: unknown) =>
 *     error instanceof GridSyntaxError &&
 *     error.line === 4 && error.column === 4 && error.offset === 30,
 * );
 * ```
 */
export class GridSyntaxError extends SyntaxError {
  /** The 1-based line. */
  readonly line: number;
  /** The 1-based column. */
  readonly column: number;
  /** The 0-based offset in the whole grid text. */
  readonly offset: number;
  /** What is wrong, in words (the message without its place). */
  readonly detail: string;

  /**
   * Makes an error whose message is
   * `Cannot parse grid: ${detail} at line ${line}, column ${column}`.
   *
   * @param detail What is wrong, in words.
   * @param options The line, column and offset, and an optional cause.
   */
  constructor(detail: string, options: GridSyntaxErrorOptions) {
    super(
      `Cannot parse grid: ${detail} at line ${options.line}, column ${options.column}`,
      options,
    );
    this.name = "GridSyntaxError";
    this.detail = detail;
    this.line = options.line;
    this.column = options.column;
    this.offset = options.offset;
  }
}

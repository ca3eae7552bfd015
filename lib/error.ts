/**
 * The error every FEN reader throws for malformed input.
 *
 * @module
 */

/**
 * Which part of a FEN record an error is about: one of the six fields, or
 * `"record"` for the record as a whole (missing or extra fields, spacing).
 */
export type FenField =
  | "placement"
  | "turn"
  | "castling"
  | "enPassant"
  | "halfmoveClock"
  | "fullmoveNumber"
  | "record";

/** Where a {@linkcode FenSyntaxError} is: the field and the 0-based column. */
export interface FenSyntaxErrorOptions extends ErrorOptions {
  /** The field the problem is in. */
  field: FenField;
  /** The 0-based offset in the input where the problem starts. */
  column: number;
}

/**
 * A FEN record that does not follow the notation. The message says what is
 * wrong and where; {@linkcode FenSyntaxError.field} and
 * {@linkcode FenSyntaxError.column} say the same for programs.
 *
 * @example Finding the problem
 * ```ts
 * import { FenSyntaxError, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.throws(
 *   () => parseFen("8/8/8/8/8/8/8/8 x - - 0 1"),
 *   (error: unknown) =>
 *     error instanceof FenSyntaxError &&
 *     error.field === "turn" &&
 *     error.column === 16,
 * );
 * ```
 */
export class FenSyntaxError extends SyntaxError {
  /** The field the problem is in. */
  readonly field: FenField;
  /** The 0-based offset in the input where the problem starts. */
  readonly column: number;

  /**
   * Makes an error whose message is `Cannot parse FEN: ${detail}`.
   *
   * @param detail What is wrong and where, in words.
   * @param options The field and column, and an optional cause.
   */
  constructor(detail: string, options: FenSyntaxErrorOptions) {
    super(`Cannot parse FEN: ${detail}`, options);
    this.name = "FenSyntaxError";
    this.field = options.field;
    this.column = options.column;
  }
}

/** Where a {@linkcode GridSyntaxError} is: 1-based line and column. */
export interface GridSyntaxErrorOptions extends ErrorOptions {
  /** The line of the grid, 1 (rank 8) to 8 (rank 1), or 9 for an extra line. */
  line: number;
  /** The 1-based character position in that line. */
  column: number;
}

/**
 * A text grid that {@linkcode grid2fen} cannot read: not 8 lines of 8
 * cells, or a cell that is neither a piece letter nor the empty mark. Lines
 * and columns count from 1, as editors show them.
 *
 * @example
 * ```ts
 * import { grid2fen, GridSyntaxError } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const grid = ["rnbqkbnr", "pppppppp", "********", "***x****"].join("\n");
 * assert.throws(
 *   () => grid2fen(grid),
 *   (error: unknown) =>
 *     error instanceof GridSyntaxError &&
 *     error.line === 4 && error.column === 4,
 * );
 * ```
 */
export class GridSyntaxError extends SyntaxError {
  /** The 1-based line. */
  readonly line: number;
  /** The 1-based column. */
  readonly column: number;

  /**
   * Makes an error whose message is `Cannot parse grid: ${detail}`.
   *
   * @param detail What is wrong and where, in words.
   * @param options The line and column, and an optional cause.
   */
  constructor(detail: string, options: GridSyntaxErrorOptions) {
    super(`Cannot parse grid: ${detail}`, options);
    this.name = "GridSyntaxError";
    this.line = options.line;
    this.column = options.column;
  }
}

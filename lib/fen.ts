/**
 * Reading and writing the six fields of a FEN record.
 *
 * @module
 */

import { FenSyntaxError } from "./error.ts";
import {
  compareCastling,
  isSquare,
  outermostRookFile,
  PIECE_OF_CODE,
  readRecord,
  toPosition,
} from "./_record.ts";
import type { Position } from "./types.ts";

/** Options for {@linkcode parseFen}. */
export interface ParseFenOptions {
  /**
   * Accept exactly the PGN standard and nothing else: six fields, single
   * spaces, castling in `KQkq` order, canonical numbers, an en-passant rank
   * that fits the side to move. Defaults to `false` (lenient; see the table
   * in {@linkcode parseFen}).
   */
  strict?: boolean;
  /**
   * Read `K`/`Q`/`k`/`q` as X-FEN does for Chess960: the outermost rook on
   * that side of the king, instead of the h- and a-file rooks. File letters
   * (Shredder-FEN, `HAha`) are read in either mode. Defaults to `false`.
   */
  chess960?: boolean;
}

/** What {@linkcode tryParseFen} returns: a position, or the reason not. */
export type ParseFenResult =
  | { ok: true; position: Position }
  | { ok: false; error: FenSyntaxError };

/** Options for {@linkcode stringifyFen}. */
export interface StringifyFenOptions {
  /**
   * How castling rights are written. `"x-fen"` (the default) writes `KQkq`
   * for rooks on the a- and h-files when they are the outermost, which is
   * standard FEN for standard chess, and the rook's file (`G`) otherwise,
   * so the record reads back the same with and without `chess960`.
   * `"shredder"` always writes rook files, as in `HAha`.
   */
  castling?: "x-fen" | "shredder";
}

/**
 * Parses a FEN record into a {@linkcode Position}.
 *
 * Errors are {@linkcode FenSyntaxError}s naming the field and the 0-based
 * column. Nothing is guessed for a field that is present but wrong. What the
 * default (lenient) mode accepts beyond the standard, and `strict` refuses:
 *
 * | input                                   | default                        | `strict: true` |
 * | --------------------------------------- | ------------------------------ | -------------- |
 * | placement only, or 2 to 5 fields        | missing fields are `w - - 0 1` | error          |
 * | leading or trailing whitespace          | ignored                        | error          |
 * | runs of spaces and tabs between fields  | one separator                  | error          |
 * | a trailing `;` (EPD style)              | ignored                        | error          |
 * | a `/` after the eighth rank             | ignored                        | error          |
 * | castling out of order (`kqKQ`)          | accepted, written `KQkq`       | error          |
 * | counters with leading zeros (`007`)     | read as 7                      | error          |
 * | fullmove number `0`                     | kept as 0                      | error          |
 * | en passant on rank 3 with White to move | kept (a legality question)     | error          |
 * | consecutive digits (`44`), `0` or `9`   | error                          | error          |
 * | castling `KKq` (repeated) or `-K`       | error                          | error          |
 * | counters `+3`, `1x`, `-1`               | error                          | error          |
 * | en passant on a rank other than 3 or 6  | error                          | error          |
 * | a seventh field                         | error                          | error          |
 *
 * @example The starting position
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
 * );
 * assert.equal(position.turn, "b");
 * assert.equal(position.enPassant, "e3");
 * assert.deepEqual(position.castling, ["h1", "a1", "h8", "a8"]);
 * ```
 *
 * @example Errors name the field and the column
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => parseFen("8/8/8/8/8/8/8/44 w - - 0 1"), {
 *   name: "FenSyntaxError",
 *   field: "placement",
 *   column: 14,
 * });
 * assert.throws(() => parseFen("8/8/8/8/8/8/8/8", { strict: true }), {
 *   field: "record",
 * });
 * ```
 *
 * @param text The FEN record.
 * @param options Strictness and Chess960 castling.
 * @returns The position the record describes.
 * @throws {FenSyntaxError} If the record is malformed.
 */
export function parseFen(
  text: string,
  options: ParseFenOptions = {},
): Position {
  readRecord(text, 0, text.length, options);
  return toPosition();
}

/**
 * Parses like {@linkcode parseFen} but returns the error instead of
 * throwing it.
 *
 * @example
 * ```ts
 * import { tryParseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const result = tryParseFen("8/8/8/8/8/8/8/8 w KKq - 0 1");
 * assert.equal(result.ok, false);
 * if (!result.ok) assert.equal(result.error.field, "castling");
 * ```
 *
 * @param text The FEN record.
 * @param options As for {@linkcode parseFen}.
 * @returns `{ ok: true, position }` or `{ ok: false, error }`.
 */
export function tryParseFen(
  text: string,
  options?: ParseFenOptions,
): ParseFenResult {
  try {
    return { ok: true, position: parseFen(text, options) };
  } catch (error) {
    if (error instanceof FenSyntaxError) return { ok: false, error };
    throw error;
  }
}

/**
 * Whether {@linkcode parseFen} accepts `text`.
 *
 * @example
 * ```ts
 * import { isValidFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isValidFen("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39"), true);
 * assert.equal(isValidFen("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39 x"), false);
 * assert.equal(isValidFen("4k3/8/8/8/8/8/4P3/4K3", { strict: true }), false);
 * ```
 *
 * @param text The FEN record.
 * @param options As for {@linkcode parseFen}.
 * @returns `true` if the record parses.
 */
export function isValidFen(text: string, options?: ParseFenOptions): boolean {
  return tryParseFen(text, options).ok;
}

/**
 * Writes a position as a canonical six-field FEN record: castling in
 * `KQkq` order (or `-`), then en passant, halfmove clock and fullmove
 * number. For every canonical record `x`,
 * `stringifyFen(parseFen(x)) === x`.
 *
 * @example Round trip
 * ```ts
 * import { parseFen, stringifyFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
 * assert.equal(stringifyFen(parseFen(fen)), fen);
 * assert.equal(
 *   stringifyFen(parseFen("8/8/8/8/8/8/8/8\tw  qkQK")),
 *   "8/8/8/8/8/8/8/8 w KQkq - 0 1",
 * );
 * ```
 *
 * @example Shredder-FEN castling
 * ```ts
 * import { parseFen, stringifyFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
 * assert.equal(
 *   stringifyFen(position, { castling: "shredder" }),
 *   "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
 * );
 * ```
 *
 * @param position The position to write.
 * @param options The castling notation.
 * @returns The FEN record.
 * @throws {TypeError} If the position is not one (a board that is not 64
 * pieces or nulls, a bad side, square or counter).
 */
export function stringifyFen(
  position: Position,
  options: StringifyFenOptions = {},
): string {
  const { board, turn, enPassant, halfmoveClock, fullmoveNumber } = position;
  if (!Array.isArray(board) || board.length !== 64) {
    throw new TypeError("Cannot stringify FEN: board must have 64 squares");
  }
  let fen = "";
  for (let row = 0; row < 8; row++) {
    if (row > 0) fen += "/";
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[row * 8 + file];
      if (piece === null || piece === undefined) {
        empty++;
        continue;
      }
      if (
        typeof piece !== "string" ||
        PIECE_OF_CODE[piece.charCodeAt(0)] !== piece
      ) {
        throw new TypeError(
          `Cannot stringify FEN: board[${row * 8 + file}] is not a piece`,
        );
      }
      if (empty > 0) fen += empty;
      fen += piece;
      empty = 0;
    }
    if (empty > 0) fen += empty;
  }
  if (turn !== "w" && turn !== "b") {
    throw new TypeError(`Cannot stringify FEN: turn must be "w" or "b"`);
  }
  if (enPassant !== null && !isSquare(enPassant)) {
    throw new TypeError("Cannot stringify FEN: en passant is not a square");
  }
  checkCounter(halfmoveClock, "halfmoveClock");
  checkCounter(fullmoveNumber, "fullmoveNumber");
  return `${fen} ${turn} ${
    writeCastling(position, options.castling === "shredder")
  } ${enPassant ?? "-"} ${halfmoveClock} ${fullmoveNumber}`;
}

function checkCounter(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(
      `Cannot stringify FEN: ${name} must be a nonnegative integer`,
    );
  }
}

function writeCastling(position: Position, shredder: boolean): string {
  const { castling, board } = position;
  if (castling.length === 0) return "-";
  let out = "";
  for (const square of [...castling].sort(compareCastling)) {
    if (!isSquare(square) || (square[1] !== "1" && square[1] !== "8")) {
      throw new TypeError(
        `Cannot stringify FEN: castling square ${square} is not on a back rank`,
      );
    }
    const white = square[1] === "1";
    const file = square.charCodeAt(0) - 97;
    let letter = square[0];
    // K and Q only where standard and X-FEN readers both find this rook;
    // a file letter (Shredder) otherwise, which both read the same way.
    if (!shredder && (file === 0 || file === 7)) {
      const [king, rook] = white ? ["K", "R"] : ["k", "r"];
      if (outermostRookFile(board, king, rook, white, file === 7) === file) {
        letter = file === 7 ? "k" : "q";
      }
    }
    out += white ? letter.toUpperCase() : letter;
  }
  return out;
}

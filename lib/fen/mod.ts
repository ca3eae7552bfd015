/**
 * Reading and writing the six fields of a FEN record.
 *
 * @module
 */

import { FenSyntaxError } from "../errors.ts";
import { FenReader } from "./reader.ts";
import { writeFields } from "./_write.ts";
import { keepRules, writePockets } from "./_variant.ts";
import {
  type ParseFenOptions,
  type Pockets,
  type Position,
  rulesOf,
  type StringifyFenOptions,
  VARIANT_RULES,
} from "../types.ts";

export type { ParseFenOptions, StringifyFenOptions } from "../types.ts";

/** What {@linkcode tryParseFen} returns: a position, or the reason not. */
export type ParseFenResult =
  | { ok: true; position: Position }
  | { ok: false; error: FenSyntaxError };

/**
 * Parses a FEN record into a {@linkcode Position}.
 *
 * Errors are {@linkcode FenSyntaxError}s naming the field, the 0-based
 * offset and (in the message) the 1-based column. Nothing is guessed for a
 * field that is present but wrong. What the default (lenient) mode accepts
 * beyond the PGN standard, and `strict` refuses:
 *
 * | input                                             | default                                             | `strict: true`       |
 * | ------------------------------------------------- | --------------------------------------------------- | -------------------- |
 * | placement only, or 2 to 5 fields                  | missing fields are `w - - 0 1`                      | error                |
 * | leading or trailing whitespace                    | ignored                                             | error                |
 * | runs of spaces, tabs, no-break spaces             | one separator                                       | error                |
 * | a byte order mark (U+FEFF) before it              | ignored                                             | error                |
 * | a PGN tag `[FEN "..."]` or `"..."` quotes         | the record inside is read                           | error                |
 * | a trailing `;` (EPD style)                        | ignored                                             | error                |
 * | a trailing comment `# ...` after a field          | ignored                                             | error                |
 * | EPD operations (`bm Qg6;`) after 4+ fields        | read (`operations`; `hmvc`/`fmvn` set the counters) | error                |
 * | `\"` and `\\` in an EPD string                    | read as `"` and `\` (the PGN escapes)               | error                |
 * | an extra `-` before EPD operations                | skipped (the ERET suite has it)                     | error                |
 * | a `/` after the eighth rank                       | ignored                                             | error                |
 * | castling out of order (`kqKQ`)                    | accepted, written `KQkq`                            | error                |
 * | castling by file letters (`HAha`)                 | Shredder-FEN, read as rook files                    | only with `chess960` |
 * | counters with leading zeros (`007`)               | read as 7                                           | error                |
 * | fullmove number `0`                               | read as 0, written as 1                             | error                |
 * | en passant on rank 3 with White to move           | kept, written `-`                                   | error                |
 * | consecutive digits (`44`), `0` or `9`             | error                                               | error                |
 * | castling `KKq` (repeated) or `-K`                 | error                                               | error                |
 * | counters `+3`, `1x`, `-1`, over 2^53 - 1          | error                                               | error                |
 * | en passant on a rank other than 3 or 6            | error                                               | error                |
 * | a seventh field that is not an operation          | error                                               | error                |
 * | a word as a counter (`x 1`, `bm Qg6` without `;`) | error                                               | error                |
 * | an EPD string without its closing quote           | error                                               | error                |
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
 *   offset: 14,
 *   message: 'Cannot parse FEN: consecutive digits "44" (two digits never ' +
 *     "follow each other in FEN) at column 15",
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
  options?: ParseFenOptions,
): Position {
  const reader = scratchReader(options);
  reader.read(text);
  return keepRules(reader.toPosition(), options);
}

// parseFen's scratch: one reader per combination of options, filled and
// copied out within one call, never exported (a reader per call costs 15%).
const scratchReaders: (FenReader | undefined)[] = [];

function scratchReader(options: ParseFenOptions | undefined): FenReader {
  const strict = options?.strict === true;
  const rules = rulesOf(options);
  return scratchReaders[VARIANT_RULES.indexOf(rules) * 2 + (strict ? 1 : 0)] ??=
    new FenReader({ strict, rules });
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
export function isValidFen(
  text: string,
  options?: ParseFenOptions,
): boolean {
  try {
    scratchReader(options).read(text);
    return true;
  } catch (error) {
    if (error instanceof FenSyntaxError) return false;
    throw error;
  }
}

/**
 * Writes a position as a canonical six-field FEN record: castling in
 * `KQkq` order (or `-`), then en passant, halfmove clock and fullmove
 * number. For every canonical record `x`,
 * `stringifyFen(parseFen(x)) === x`, and whatever it writes parses with
 * `{ strict: true }`: so a fullmove number 0 is written 1, and an en-passant
 * square the side to move could not capture on (rank 3 with White to move)
 * is written `-`.
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
  return writeFields(position, options, {
    epd: false,
    action: "stringify FEN",
  });
}

/**
 * Writes crazyhouse pockets as a FEN record holds them: in brackets
 * (`[Qn]`, White's pieces first, queens to pawns, as chessops, python-chess
 * and Fairy-Stockfish write them) or, with `pockets: "rank"`, a ninth rank
 * (`/Qn`, as lichess's server writes them). {@linkcode stringifyFen} writes
 * them after the placement this way; a text board writes one side's.
 *
 * @example One side's pocket
 * ```ts
 * import { stringifyPockets } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const none = { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 };
 * const white = { ...none, q: 1, p: 2 };
 * assert.equal(stringifyPockets({ w: white, b: none }), "[QPP]");
 * assert.equal(
 *   stringifyPockets({ w: white, b: { ...none, n: 1 } }, { pockets: "rank" }),
 *   "/QPPn",
 * );
 * ```
 *
 * @param pockets Each side's counts of pieces in hand.
 * @param options `pockets`: `"brackets"` (the default) or `"rank"`.
 * @returns The pockets as FEN writes them.
 * @throws {TypeError} If a count is not a non-negative safe integer.
 */
export function stringifyPockets(
  pockets: Pockets,
  options: StringifyFenOptions = {},
): string {
  return writePockets(pockets, options);
}

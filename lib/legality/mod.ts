/**
 * Whether a well-formed position could occur in a game: every problem at
 * once, each with a stable code, a severity and the squares involved.
 * {@linkcode parseFen} answers the syntax question; this module answers the
 * chess one. {@linkcode PositionChecker} checks a stream of positions with
 * no allocation for those without problems.
 *
 * @module
 */

import { type Position, rulesFor, type RulesOptions } from "../types.ts";
import type { ChessBoard, PositionFields } from "../chess/board.ts";
import { VARIANT_MOVES } from "../chess/variant.ts";
import { loadRights } from "../chess/rules.ts";
import { assertPlayable } from "../chess/playable.ts";
import {
  type PositionStatus,
  type PositionStatusOptions,
  statusOf,
} from "../chess/status.ts";
import { Context } from "./_context.ts";
import type { Problem, ProblemCode } from "./_problems.ts";
import { ignoreMask } from "./_report.ts";
import { runRules } from "./_rules.ts";
import { type VariantEnd, variantEndOf } from "../chess/variant_end.ts";

export * from "../types.ts";
export {
  type Problem,
  PROBLEM_CODES,
  PROBLEM_SEVERITY,
  type ProblemCode,
  type Severity,
} from "./_problems.ts";
export type { PositionFields } from "../chess/board.ts";
export type {
  GameEnd,
  PositionStatus,
  PositionStatusOptions,
  Termination,
} from "../chess/status.ts";
export type { VariantEnd } from "../chess/variant_end.ts";

/**
 * Options for {@linkcode checkPosition} and {@linkcode isLegalPosition}.
 *
 * @example
 * ```ts
 * import { type CheckPositionOptions, isLegalPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const options: CheckPositionOptions = { ignore: ["no-king"] };
 * assert.equal(isLegalPosition(parseFen("8/8/8/8/8/8/8/4K3"), options), true);
 * ```
 */
export interface CheckPositionOptions extends RulesOptions {
  /** Codes not to report (and, for isLegalPosition, not to count). */
  ignore?: readonly ProblemCode[];
}

/**
 * The legality check for many positions, one after the other, with the same
 * options: it keeps its work space between calls, so checking a position
 * without problems allocates nothing.
 *
 * @example Checking a stream of positions
 * ```ts
 * import { parseFen, PositionChecker } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const checker = new PositionChecker({ ignore: ["halfmove-clock-too-large"] });
 * const records = [
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 *   "4k3/8/8/8/8/8/8/4R1K1 w - - 9 1",
 * ];
 * const codes = records.map((fen) =>
 *   checker.check(parseFen(fen)).map((problem) => problem.code)
 * );
 * assert.deepEqual(codes, [[], ["opposite-check"]]);
 * assert.equal(checker.isLegal(parseFen(records[1])), false);
 * ```
 */
export class PositionChecker {
  readonly #context: Context = new Context();

  /**
   * A checker that applies `options` to every position; later changes to
   * the options object do not reach it.
   *
   * @param options Codes to ignore, and the castling rules.
   */
  constructor(options: CheckPositionOptions = {}) {
    configure(this.#context, options);
  }

  /**
   * The problems of `position`, as {@linkcode checkPosition} finds them.
   * The array belongs to the checker and is reused: it is valid until the
   * next call, so copy it to keep it. A position without problems gets the
   * same empty array every time.
   *
   * @example Keeping a result
   * ```ts
   * import { parseFen, PositionChecker } from "@fen/fen";
   * import assert from "node:assert/strict";
   *
   * const checker = new PositionChecker();
   * const kept = [...checker.check(parseFen("8/8/8/8/8/8/8/4K3 w - - 0 1"))];
   * const legal = checker.check(parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
   * assert.equal(legal.length, 0);
   * assert.equal(kept[0].message, "Black has no king");
   * ```
   *
   * @param position The position to check.
   * @returns The problems found, errors first; valid until the next call.
   * @throws {TypeError} If `position.board` is not an array of 64 squares.
   */
  check(position: Position): readonly Problem[] {
    return checked(this.#context, position).report.problems;
  }

  /**
   * {@linkcode PositionChecker.check} for the position whose pieces are
   * `codes` (64 char codes, 0 for an empty square, as a `FenReader`'s
   * `cells`) and whose other fields are `fields`'s: no Position board is
   * made or read, which is what a stream of records checks.
   *
   * @example Checking a reader's record
   * ```ts
   * import { FenReader, PositionChecker } from "@fen/fen";
   * import assert from "node:assert/strict";
   *
   * const reader = new FenReader();
   * reader.read("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
   * const checker = new PositionChecker();
   * const codes = checker.checkCodes(reader.cells, reader).map((p) => p.code);
   * assert.deepEqual(codes, ["opposite-check"]);
   * ```
   *
   * @param codes The 64 squares as char codes.
   * @param fields The side to move, rights and counters.
   * @returns The problems found, errors first; valid until the next call.
   * @throws {TypeError} If `codes` are not 64 codes of piece letters or 0.
   */
  checkCodes(
    codes: readonly number[],
    fields: PositionFields,
  ): readonly Problem[] {
    const ctx = this.#context;
    ctx.loadCodes(codes, fields);
    runRules(ctx);
    return ctx.report.problems;
  }

  /**
   * The status of the position checked last (check, mate, stalemate, the
   * draws), as `positionStatus` gives it, from the board that check loaded:
   * one load for both answers.
   *
   * @example Mate, from the board the check loaded
   * ```ts
   * import { parseFen, PositionChecker } from "@fen/fen";
   * import assert from "node:assert/strict";
   *
   * const checker = new PositionChecker();
   * const mate = parseFen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
   * assert.deepEqual(checker.check(mate), []);
   * assert.equal(checker.status().checkmate, true);
   * ```
   *
   * @param options What to count, as for `positionStatus`.
   * @returns The status.
   * @throws {UnplayablePositionError} As `positionStatus` does (a position
   * whose report has no error never throws).
   */
  status(options?: PositionStatusOptions): PositionStatus {
    const board = this.#loaded();
    assertPlayable(board, this.#context.position);
    return statusOf(board, options);
  }

  /** The board of the position checked last, with its rights and variant state. */
  #loaded(): ChessBoard {
    const { board, position } = this.#context;
    board.listPieces();
    board.loadVariantState(this.#context.variant());
    loadRights(board, position);
    if (!VARIANT_MOVES[board.variant].castling) board.castle = 0;
    return board;
  }

  /**
   * How the variant's own rule has ended the game in the position checked
   * last (a king on the hill, three checks, a king exploded, a side out of
   * pieces, a king on rank 8 of the race), or `null` while it goes on or
   * under standard rules. Checkmate and stalemate are `status()`'s.
   *
   * @example King of the hill
   * ```ts
   * import { parseFen, PositionChecker } from "@fen/fen";
   * import assert from "node:assert/strict";
   *
   * const checker = new PositionChecker({ rules: "kingofthehill" });
   * checker.check(parseFen("4k3/8/8/4K3/8/8/8/8 b - - 0 40"));
   * assert.equal(checker.variantEnd()?.winner, "w");
   * ```
   *
   * @returns The end, or `null`.
   */
  variantEnd(): VariantEnd | null {
    const rules = this.#context.rules;
    if (rules === undefined) return null;
    return variantEndOf(this.#loaded(), rules);
  }

  /**
   * Whether `position` has no problem of severity `"error"` outside the
   * ignored codes, as {@linkcode isLegalPosition} says.
   *
   * @example
   * ```ts
   * import { parseFen, PositionChecker } from "@fen/fen";
   * import assert from "node:assert/strict";
   *
   * const checker = new PositionChecker({ ignore: ["no-king"] });
   * assert.equal(checker.isLegal(parseFen("8/8/8/8/8/8/8/4K3 w - - 0 1")), true);
   * ```
   *
   * @param position The position to check.
   * @returns `true` if no error remains.
   * @throws {TypeError} If `position.board` is not an array of 64 squares.
   */
  isLegal(position: Position): boolean {
    return checked(this.#context, position).report.errors === 0;
  }
}

/**
 * Sets what `ctx` ignores and its rules from `options`, else from the
 * position to check, if given (a checker's rules are its options').
 */
function configure(
  ctx: Context,
  options: CheckPositionOptions = {},
  position: Position | null = null,
): Context {
  const rules = rulesFor(position, options);
  ctx.configure(ignoreMask(options.ignore), rules);
  return ctx;
}

/** `ctx` with `position` loaded and every rule run on it. */
function checked(ctx: Context, position: Position): Context {
  ctx.load(position);
  runRules(ctx);
  return ctx;
}

// Work space of checkPosition and isLegalPosition: configured, filled and
// read within one synchronous call, never kept across calls.
const shared = new Context();

/**
 * Finds every problem that makes `position` impossible in a game of chess
 * (`"error"`) or merely odd (`"warning"`): all of them, never only the
 * first, in the order of {@linkcode PROBLEM_CODES}. An empty array means
 * the position is fine.
 *
 * Checks are judged from the last move: the side not to move made it, so
 * every check must be one that move could give (directly, by uncovering a
 * line, or both); an en-passant square says that move was a double pawn
 * push. Castling rights follow standard or Chess960 rules as
 * {@linkcode CheckPositionOptions.rules} say: Chess960's put the king on any
 * file b to g of its back rank, each right's rook on the back rank, at
 * most one right on each side of the king; standard chess's the king on
 * e1/e8 and the rooks on the a- and h-files. Given no rules, a right on a
 * file b to g (which only Chess960 notation can give) selects Chess960.
 *
 * @example Finding every problem
 * ```ts
 * import { checkPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const problems = checkPosition(parseFen("4k3/8/8/8/8/8/8/4K2P b K - 0 1"));
 * assert.deepEqual(problems.map((p) => p.code), [
 *   "pawn-on-back-rank",
 *   "bad-castling-rights",
 * ]);
 * assert.deepEqual(problems[1].squares, ["h1", "e1"]);
 * ```
 *
 * @example Warnings, and ignoring codes
 * ```ts
 * import { checkPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/4P3/8/8/4K3 b - e3 1 1");
 * assert.deepEqual(checkPosition(position).map((p) => p.code), [
 *   "en-passant-clock",
 *   "pointless-en-passant",
 * ]);
 * assert.deepEqual(
 *   checkPosition(position, {
 *     ignore: ["en-passant-clock", "pointless-en-passant"],
 *   }),
 *   [],
 * );
 * ```
 *
 * @example Chess960 castling
 * ```ts
 * import { checkPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const fen = "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1";
 * const position = parseFen(fen, { chess960: true });
 * assert.deepEqual(checkPosition(position, { chess960: true }), []);
 * // Under standard rules the king has left e1 and the rooks a1 and h1.
 * assert.equal(checkPosition(position, { chess960: false }).length, 4);
 * ```
 *
 * @param position The position to check.
 * @param options Codes to ignore, and the castling rules.
 * @returns The problems found, errors first.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function checkPosition(
  position: Position,
  options?: CheckPositionOptions,
): Problem[] {
  const { problems } =
    checked(configure(shared, options, position), position).report;
  return problems.length === 0 ? [] : problems.slice();
}

/**
 * Whether `position` could occur in a game: no problem of severity
 * `"error"` outside `options.ignore`. Warnings do not count.
 *
 * @example
 * ```ts
 * import { isLegalPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
 * assert.equal(isLegalPosition(parseFen(start)), true);
 * // Black is in check with White to move.
 * assert.equal(isLegalPosition(parseFen("4k3/8/8/8/8/8/8/4KR1R w - - 0 1")), true);
 * assert.equal(isLegalPosition(parseFen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")), false);
 * // An en-passant square with nothing to capture is only a warning.
 * assert.equal(
 *   isLegalPosition(parseFen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")),
 *   true,
 * );
 * ```
 *
 * @param position The position to check.
 * @param options As for {@linkcode checkPosition}.
 * @returns `true` if no error remains.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function isLegalPosition(
  position: Position,
  options?: CheckPositionOptions,
): boolean {
  return checked(configure(shared, options, position), position).report
    .errors === 0;
}

// The legality check and the game's status of each position from ONE load
// of the board: what `fen --check` reports per record. A PositionChecker
// and positionStatus would each load it.

import type { Position } from "../types.ts";
import type { PositionFields } from "../chess/board.ts";
import { loadRights } from "../chess/rules.ts";
import { assertPlayable } from "../chess/playable.ts";
import {
  type PositionStatus,
  type PositionStatusOptions,
  statusOf,
} from "../chess/status.ts";
import { Context } from "./_context.ts";
import type { Problem } from "./_problems.ts";
import { ignoreMask } from "./_report.ts";
import { runRules } from "./_rules.ts";
import type { CheckPositionOptions } from "./mod.ts";

/**
 * A PositionChecker that also gives the status of the position it checked
 * last, from the board that check loaded.
 */
export class StatusChecker {
  readonly #context: Context = new Context();

  /** A checker that applies `options` to every position. */
  constructor(options: CheckPositionOptions = {}) {
    this.#context.configure(ignoreMask(options.ignore), options.chess960);
  }

  /**
   * The problems of `position`, as `PositionChecker.check` finds them (the
   * array is reused: valid until the next call).
   *
   * @throws {TypeError} If `position.board` is not 64 squares of piece
   * letters or `null`.
   */
  check(position: Position): readonly Problem[] {
    const ctx = this.#context;
    ctx.load(position);
    runRules(ctx);
    return ctx.report.problems;
  }

  /**
   * {@linkcode StatusChecker.check} for the position whose pieces are
   * `codes` (64 char codes, 0 for an empty square, as FenReader's and the
   * command's `cells`) and whose other fields are `fields`'s: no Position
   * board is made or read.
   *
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
   * The status of the position last checked, as `positionStatus` gives
   * it, without loading the board again.
   *
   * @throws {UnplayablePositionError} As `positionStatus` does (a position
   * whose report has no error never throws).
   */
  status(options?: PositionStatusOptions): PositionStatus {
    const { board, position } = this.#context;
    board.listPieces();
    loadRights(board, position);
    assertPlayable(board, position);
    return statusOf(board, options);
  }
}

// What every rule reads and writes for one position. A checker owns one
// context and reloads it per position, so that its board, report and
// buffers are allocated once per checker, not per position.

import { assertBoard } from "../chess/convert.ts";
import type { Position, Rules } from "../types.ts";
import { ChessBoard, type PositionFields } from "../chess/board.ts";
import { Report } from "./_report.ts";
import { variantIndex } from "../chess/variant.ts";
import { type VariantState, variantStateOfPosition } from "../record_view.ts";

/**
 * Work space for the rules that scan attacks. Each buffer is filled and
 * read within one call of the function named beside it, never kept.
 */
export class Buffers {
  /** Checkers of the side to move's king (checkChecks and its helpers). */
  readonly checkers: number[] = new Array(16).fill(0);
  /** Attackers found by a scan (opposite check). */
  readonly attackers: number[] = new Array(16).fill(0);
  /** Squares between a checker and the king (uncovers, explainsByEnPassant). */
  readonly line: number[] = new Array(8).fill(0);
  /** Squares a piece can have come from (filled by originsOf for its caller). */
  readonly origins: number[] = new Array(32).fill(0);
}

const NO_POSITION: Position = {
  board: [],
  turn: "w",
  castling: [],
  enPassant: null,
  halfmoveClock: 0,
  fullmoveNumber: 1,
};

/** The position under check, what is known of it, and where problems go. */
export class Context {
  /** The position under check (the rules read its board from `board`). */
  position: PositionFields = NO_POSITION;
  /** Whether White is to move. */
  white = true;
  /** The side to move as the board counts it: 0 White, 1 Black. */
  us = 0;
  /** The codes not to report, as a mask by code index. */
  ignored = 0;
  /** The rules (castling, the variant's); unset, the rights tell castling. */
  rules: Rules | undefined = undefined;
  /** The position's board, loaded once: every rule reads it. */
  readonly board: ChessBoard = new ChessBoard();
  /** Where the rules report. */
  readonly report: Report = new Report();
  /** Scratch for the attack rules. */
  readonly buffers: Buffers = new Buffers();

  /** Sets what the checks of the next positions ignore, and the castling rules. */
  configure(ignored: number, rules: Rules | undefined): void {
    this.ignored = ignored;
    this.rules = rules;
    // The status's moves are the rules' (the legality rules read no flag).
    const variant = variantIndex(rules);
    this.board.variant = variant;
    this.board.plain = variant <= 1;
  }

  /**
   * Takes `position` for checking, with an empty report.
   *
   * @throws {TypeError} If `position.board` is not an array of 64 squares,
   * each `null` or a piece letter (the message of assertBoard).
   */
  load(position: Position): void {
    // The rules judge the rights from the position; the board's own
    // (loadRights) are loaded only for a status.
    this.board.load(position);
    if (this.board.malformed) assertBoard(position.board, "check position");
    this.#take(position);
  }

  /**
   * Takes for checking the position whose pieces are `codes` (64 char
   * codes, 0 for an empty square, as a FenReader's cells) and whose other
   * fields are `fields`'s, with an empty report: no Position board is made
   * or read.
   */
  loadCodes(codes: readonly number[], fields: PositionFields): void {
    this.board.loadCodes(codes, fields);
    if (this.board.malformed) {
      throw new TypeError(
        "Cannot check position: cells are not 64 piece codes",
      );
    }
    this.#take(fields);
  }

  /**
   * The variant state of the position under check (pockets, check
   * counters), from a Position's fields or a record view's, or `null`.
   */
  variant(): VariantState | null {
    const position = this.position as PositionFields & {
      variant?: VariantState | null;
    };
    if (position.variant !== undefined) return position.variant;
    return variantStateOfPosition(position as Position);
  }

  #take(position: PositionFields): void {
    this.position = position;
    this.white = position.turn !== "b";
    this.us = this.white ? 0 : 1;
    this.report.clear(this.ignored);
  }
}

/**
 * {@linkcode RecordView}: a record as a stream reads it, 64 char codes and
 * the fields, with no {@linkcode Position} built. A `FenReader` is one, so
 * the stream functions (`writePolyglotKeyBytes`, `writePositionKeyBytes`)
 * take the reader itself and allocate nothing per record.
 *
 * @module
 */

import type { Pockets, Position, Side, Square } from "./types.ts";

export * from "./types.ts";

/**
 * A record as cells and fields: what the byte writers, the keys and the
 * dedupe levels read. A `FenReader` is one, and so is a replayed game.
 */
export interface RecordView {
  /** 64 char codes from a8 to h1, 0 for an empty square. */
  readonly cells: readonly number[];
  /** The side to move. */
  readonly turn: Side;
  /** Castling rook squares in canonical order (White first, h- to a-file). */
  readonly castling: readonly Square[];
  /** The en-passant square. */
  readonly enPassant: Square | null;
  /** The halfmove clock. */
  readonly halfmoveClock: number;
  /** The fullmove number. */
  readonly fullmoveNumber: number;
  /**
   * Crazyhouse's pockets and promoted pieces, three-check's counters:
   * absent or `null` under the other rules.
   */
  readonly variant?: VariantState | null;
}

/** A variant's state beyond the six fields, as a record view has it. */
export interface VariantState {
  /** Crazyhouse: the pieces in hand; `null` under other rules. */
  readonly pockets: Pockets | null;
  /** Crazyhouse: the squares of promoted pieces (`Q~`), a8 first. */
  readonly promoted: readonly Square[];
  /** Three-check: the checks each side has left to give, or `null`. */
  readonly remainingChecks: { readonly w: number; readonly b: number } | null;
}

/** A record view {@linkcode recordViewOf} refills: its fields written to. */
export interface RecordViewTarget extends RecordView {
  /** 64 char codes from a8 to h1, 0 for an empty square. */
  readonly cells: number[];
  /** The side to move. */
  turn: Side;
  /** Castling rook squares in canonical order (White first, h- to a-file). */
  castling: readonly Square[];
  /** The en-passant square. */
  enPassant: Square | null;
  /** The halfmove clock. */
  halfmoveClock: number;
  /** The fullmove number. */
  fullmoveNumber: number;
  /** Crazyhouse's pockets and promoted pieces, three-check's counters, or `null`. */
  variant: VariantState | null;
}

/**
 * A view of a {@linkcode Position}: a new one, or `into` refilled (for a
 * loop that views many positions and keeps none; streams read into a
 * `FenReader` instead).
 *
 * @example Cells from a board
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { recordViewOf } from "@fen/fen/record-view";
 * import assert from "node:assert/strict";
 *
 * const view = recordViewOf(parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
 * assert.equal(view.cells[4], "k".charCodeAt(0));
 * assert.equal(view.cells[0], 0);
 * ```
 *
 * @example One view, refilled
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { recordViewOf } from "@fen/fen/record-view";
 * import assert from "node:assert/strict";
 *
 * const view = recordViewOf(parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
 * const again = recordViewOf(parseFen("8/8/8/8/8/8/8/K6k b - - 3 9"), view);
 * assert.equal(again, view);
 * assert.deepEqual([view.cells[4], view.cells[56], view.turn], [0, 75, "b"]);
 * ```
 *
 * @param position The position.
 * @param into A view to refill rather than make a new one.
 * @returns Its view: `into` when given.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function recordViewOf(
  position: Position,
  into?: RecordViewTarget,
): RecordViewTarget {
  const board = position.board;
  if (!Array.isArray(board) || board.length !== 64) {
    throw new TypeError("Cannot view position: board must have 64 squares");
  }
  const view = into ?? {
    cells: new Array(64),
    turn: position.turn,
    castling: position.castling,
    enPassant: position.enPassant,
    halfmoveClock: position.halfmoveClock,
    fullmoveNumber: position.fullmoveNumber,
    variant: null,
  };
  const cells = view.cells;
  for (let k = 0; k < 64; k++) {
    const piece = board[k];
    cells[k] = piece === null ? 0 : piece.charCodeAt(0);
  }
  view.turn = position.turn;
  view.castling = position.castling;
  view.enPassant = position.enPassant;
  view.halfmoveClock = position.halfmoveClock;
  view.fullmoveNumber = position.fullmoveNumber;
  view.variant = variantStateOfPosition(position);
  return view;
}

/**
 * The variant state of a position (its pockets, promoted pieces and check
 * counters), or `null` when it has none.
 *
 * @example
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { variantStateOfPosition } from "@fen/fen/record-view";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("8/8/8/8/8/8/8/K6k w - - 0 1 +1+0", {
 *   rules: "threecheck",
 * });
 * assert.deepEqual(variantStateOfPosition(position)?.remainingChecks, {
 *   w: 2,
 *   b: 3,
 * });
 * ```
 *
 * @param position The position.
 * @returns Its variant state, or `null`.
 */
export function variantStateOfPosition(
  position: Position,
): VariantState | null {
  const { pockets, promoted, remainingChecks } = position;
  if (pockets === undefined && remainingChecks === undefined) return null;
  return {
    pockets: pockets ?? null,
    promoted: promoted ?? [],
    remainingChecks: remainingChecks ?? null,
  };
}

/**
 * {@linkcode RecordView}: a record as a stream reads it, 64 char codes and
 * the fields, with no {@linkcode Position} built. A `FenReader` is one, so
 * the stream functions (`writePolyglotKeyBytes`, `writePositionKeyBytes`)
 * take the reader itself and allocate nothing per record.
 *
 * @module
 */

import type { Position, Side, Square } from "./types.ts";

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
}

/**
 * A view of a {@linkcode Position} (a new one: for one-off calls, not for
 * streams, which read into a `FenReader`).
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
 * @param position The position.
 * @returns Its view.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function recordViewOf(position: Position): RecordView {
  const board = position.board;
  if (!Array.isArray(board) || board.length !== 64) {
    throw new TypeError("Cannot view position: board must have 64 squares");
  }
  const cells: number[] = new Array(64);
  for (let k = 0; k < 64; k++) {
    const piece = board[k];
    cells[k] = piece === null ? 0 : piece.charCodeAt(0);
  }
  return {
    cells,
    turn: position.turn,
    castling: position.castling,
    enPassant: position.enPassant,
    halfmoveClock: position.halfmoveClock,
    fullmoveNumber: position.fullmoveNumber,
  };
}

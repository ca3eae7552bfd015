// The one place where a renderer's input is read: FEN text parsed, a
// position or a bare board checked by the core's assertBoard, so that a
// diagram, a text board and a FEN record refuse the same boards with the
// same message.

import { parseFen } from "./fen/mod.ts";
import { assertBoard, type Board, describeValue } from "./chess/convert.ts";
import type { Position } from "./types.ts";

export type { Board };

/** What the renderers accept: a position, a bare board, or FEN text. */
export type BoardInput = Position | Board | string;

/** A renderer's input once read: the board, and the position if there is one. */
export interface ReadBoard {
  /** The 64 squares, checked. */
  board: Board;
  /** The whole position, or `null` when only a board was given. */
  position: Position | null;
}

/**
 * Reads a renderer's input: FEN text is parsed (a placement alone is
 * enough), a position or a bare board is checked with
 * {@linkcode assertBoard}.
 */
export function toBoard(input: BoardInput, action: string): ReadBoard {
  if (typeof input === "string") {
    const position = parseFen(input);
    // A placement alone says nothing of the side to move: no position, so
    // nothing (a title, a side-to-move mark) claims a turn it did not give.
    const placementOnly = !/\S\s+\S/.test(input.trim());
    return { board: position.board, position: placementOnly ? null : position };
  }
  if (Array.isArray(input)) {
    assertBoard(input, action);
    return { board: input, position: null };
  }
  if (typeof input !== "object" || input === null) {
    throw new TypeError(
      `Cannot ${action}: expected a position, a board or a FEN string, got ${
        describeValue(input)
      }`,
    );
  }
  const position = input as Position;
  assertBoard(position.board, action);
  return { board: position.board, position };
}

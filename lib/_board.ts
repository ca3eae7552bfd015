// The one check every board writer runs on what it is given, so that a
// diagram, a text board and a FEN record refuse the same boards with the
// same message, and the one place where a renderer's string input is parsed.

import { parseFen } from "./fen/mod.ts";
import { IS_PIECE, SQUARE_NAMES } from "./_tables.ts";
import type { Piece, Position } from "./types.ts";

/** A board: the 64 squares a8 to h1 in reading order, `null` when empty. */
export type Board = readonly (Piece | null)[];

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
 * Throws a `TypeError` naming the square unless `board` is an array of 64
 * squares, each `null` or one of the twelve FEN piece letters. `action`
 * completes the message: "Cannot render SVG: ...".
 */
export function assertBoard(
  board: unknown,
  action: string,
): asserts board is Board {
  if (!Array.isArray(board) || board.length !== 64) {
    throw new TypeError(`Cannot ${action}: board must have 64 squares`);
  }
  for (let k = 0; k < 64; k++) {
    const piece: unknown = board[k];
    if (piece === null) continue;
    if (
      typeof piece !== "string" || piece.length !== 1 ||
      IS_PIECE[piece.charCodeAt(0)] !== 1
    ) {
      throw new TypeError(
        `Cannot ${action}: ${SQUARE_NAMES[k]} (board[${k}]) holds ${
          describe(piece)
        }, not a piece letter (KQRBNP, kqrbnp) or null`,
      );
    }
  }
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
        describe(input)
      }`,
    );
  }
  const position = input as Position;
  assertBoard(position.board, action);
  return { board: position.board, position };
}

/** A short, safe description of a bad value for a message. */
function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === undefined || value === null) return String(value);
  if (typeof value === "object") {
    return Array.isArray(value) ? "an array" : "an object";
  }
  if (typeof value === "function") return "a function";
  return `${typeof value} ${String(value)}`;
}

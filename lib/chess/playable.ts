// A board the move functions can play from: the core board loaded, then
// refused with the legality check's codes if the rules cannot apply.

import type { Position, Rules } from "../types.ts";
import { ChessBoard, type PositionFields } from "./board.ts";
import { assertBoard, loadPosition } from "./convert.ts";
import { unplayable } from "./rules.ts";
import { UnplayablePositionError } from "./errors.ts";

/**
 * Loads `position` into `into` (or a new board) under `rules` (standard
 * chess if not given) and returns it, or throws what keeps it from being
 * played (see {@linkcode assertPlayable}).
 */
export function playableBoard(
  position: Position,
  into: ChessBoard = new ChessBoard(),
  rules?: Rules,
): ChessBoard {
  loadPosition(into, position, rules);
  assertPlayable(into, position);
  return into;
}

/**
 * Throws unless `b`, loaded from `position`, can be played from: a
 * `TypeError` for a malformed board or side to move, an
 * {@linkcode UnplayablePositionError} for not one king per side, a pawn on
 * a back rank, or the side not to move in check.
 */
export function assertPlayable(
  b: ChessBoard,
  position: Position | PositionFields,
): void {
  if (b.malformed) assertBoard((position as Position).board, "play");
  if (position.turn !== "w" && position.turn !== "b") {
    throw new TypeError(`Cannot play: turn must be "w" or "b"`);
  }
  const fault = unplayable(b);
  if (fault !== null) {
    throw new UnplayablePositionError(fault.code, fault.subject);
  }
}

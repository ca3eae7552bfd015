// Piece values and the safety of a piece as lichess-puzzler's tagger
// weighs them: defended (also through an enemy slider, an x-ray), hanging,
// in a bad spot (attacked and hanging or takeable by a lower piece),
// trapped (in a bad spot wherever it goes).

import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from "../chess/geometry.ts";
import { isSlider } from "../chess/attacks.ts";
import { moveFrom, moveTo } from "../chess/move.ts";
import type { PuzzleBoard } from "./_board.ts";

/** Material values by role (index PAWN..KING; the king counts 99). */
const KING_VALUES: readonly number[] = [0, 1, 3, 3, 5, 9, 99];

/** A role's value, the king's 99. */
export function kingValue(role: number): number {
  return KING_VALUES[role];
}

/**
 * A role's material value; the king has none (the tagger's table leaves
 * it out, and no rule asks it of a king).
 */
export function value(role: number): number {
  return role === KING ? 0 : KING_VALUES[role];
}

/** The roles that move along lines. */
export function isRayRole(role: number): boolean {
  return role === BISHOP || role === ROOK || role === QUEEN;
}

const ROLES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN];

/** `color`'s material minus the other side's. */
export function materialDiff(board: PuzzleBoard, color: number): number {
  let diff = 0;
  for (const role of ROLES) {
    diff += value(role) *
      (board.count(color << 3 | role) - board.count((color ^ 1) << 3 | role));
  }
  return diff;
}

/**
 * Whether the piece on `s` is defended: a piece of its side attacks the
 * square, or would once an enemy slider attacking it is gone.
 */
export function isDefended(board: PuzzleBoard, s: number): boolean {
  const color = board.at(s) >> 3;
  if (board.attackers(color, s).length > 0) return true;
  for (const attacker of board.attackers(color ^ 1, s)) {
    if (
      isSlider(board.at(attacker)) &&
      board.attackers(color, s, { without: attacker }).length > 0
    ) {
      return true;
    }
  }
  return false;
}

/** Whether the piece on `s` is not defended. */
export function isHanging(board: PuzzleBoard, s: number): boolean {
  return !isDefended(board, s);
}

/** Whether a piece other than the king worth less attacks the piece on `s`. */
function takeableByLower(board: PuzzleBoard, s: number): boolean {
  const code = board.at(s);
  for (const a of board.attackers((code >> 3) ^ 1, s)) {
    const role = board.at(a) & 7;
    if (role !== KING && value(role) < value(code & 7)) return true;
  }
  return false;
}

/** Whether the piece on `s` is attacked and hanging or takeable by a lower piece. */
export function isInBadSpot(board: PuzzleBoard, s: number): boolean {
  const code = board.at(s), color = code >> 3;
  return board.attackers(color ^ 1, s).length > 0 &&
    (isHanging(board, s) || takeableByLower(board, s));
}

/**
 * Whether the piece on `s`, of the side to move, is trapped: not a pawn
 * or king, not pinned, the side not in check, in a bad spot, and every
 * move of it lands in a bad spot without taking a piece worth as much.
 */
export function isTrapped(board: PuzzleBoard, s: number): boolean {
  if (board.isCheck() || board.pin(board.turn, s) !== null) return false;
  const role = board.at(s) & 7;
  if (role === PAWN || role === KING) return false;
  if (!isInBadSpot(board, s)) return false;
  for (const m of board.legalMoves()) {
    if (moveFrom(m) !== s) continue;
    const taken = board.at(moveTo(m));
    if (taken !== 0 && value(taken & 7) >= value(role)) return false;
    if (!isInBadSpot(board.play(m), moveTo(m))) return false;
  }
  return true;
}

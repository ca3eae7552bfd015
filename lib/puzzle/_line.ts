// A puzzle's line replayed: each move with the positions before and after
// it, the nodes the theme rules walk as lichess-puzzler's tagger walks its
// game's mainline (node 0 the opponent's move, then the solver's, ...).

import { ChessBoard } from "../chess/board.ts";
import { assertPlayable } from "../chess/playable.ts";
import { loadPosition } from "../chess/convert.ts";
import { KING, PAWN } from "../chess/geometry.ts";
import {
  CASTLE,
  EN_PASSANT,
  kingDestination,
  moveFrom,
  movePromotion,
} from "../chess/move.ts";
import { Notation } from "../chess/notation.ts";
import { parseFen } from "../fen/mod.ts";
import { distance, PuzzleBoard } from "./_board.ts";
import type { PuzzleLine } from "./puzzle.ts";

/** One move of the line. */
export interface PuzzleNode {
  /** Its index in the line: even for the opponent, odd for the solver. */
  readonly index: number;
  /** The move as the core encodes it. */
  readonly code: number;
  /** The square the piece leaves (the king's, castling). */
  readonly from: number;
  /** The square it lands on (the king's destination, castling). */
  readonly to: number;
  /** The role promoted to, 0 if none. */
  readonly promotion: number;
  /** The position before the move. */
  readonly before: PuzzleBoard;
  /** The position after it. */
  readonly after: PuzzleBoard;
}

/** A line replayed, with the solver's color and the eval. */
export interface Replayed {
  readonly nodes: readonly PuzzleNode[];
  /** The solver's color: 0 White, 1 Black. */
  readonly pov: number;
  readonly cp: number;
}

/** Replays `line`; throws as parseFen and playMoves do for bad input. */
export function replay(line: PuzzleLine): Replayed {
  const position = parseFen(line.fen);
  const start = new ChessBoard();
  loadPosition(start, position);
  assertPlayable(start, position);
  const notation = new Notation(start);
  let before = new PuzzleBoard(start).copy();
  const nodes: PuzzleNode[] = [];
  for (let index = 0; index < line.moves.length; index++) {
    const code = notation.parse({ text: line.moves[index], index: index + 1 });
    notation.play(code);
    const after = before.play(code);
    nodes.push({
      index,
      code,
      from: moveFrom(code),
      to: kingDestination(code),
      promotion: movePromotion(code),
      before,
      after,
    });
    before = after;
  }
  return { nodes, pov: position.turn === "w" ? 1 : 0, cp: line.cp };
}

/** Whether `node`'s move (squares and promotion) is legal on `board`. */
export function isLegalOn(board: PuzzleBoard, node: PuzzleNode): boolean {
  return board.legalMoves().some((m) =>
    moveFrom(m) === node.from && kingDestination(m) === node.to &&
    movePromotion(m) === node.promotion
  );
}

/** The role of the piece that moved, as it stands after the move. */
export function movedRole(node: PuzzleNode): number {
  return node.after.at(node.to) & 7;
}

/** Whether the move takes a piece (en passant included). */
export function isCapture(node: PuzzleNode): boolean {
  if ((node.code & EN_PASSANT) !== 0) return true;
  if ((node.code & CASTLE) !== 0) return false;
  return node.before.at(node.to) !== 0;
}

/** The piece code on the move's square before it (0 if none). */
export function capturedAt(node: PuzzleNode): number {
  return node.before.at(node.to);
}

/** Whether the move is castling: the king moves two squares or more. */
export function isCastling(node: PuzzleNode): boolean {
  return movedRole(node) === KING && distance(node.from, node.to) > 1;
}

/** The solver's moves (odd nodes), optionally from the `skip`th on. */
export function solverNodes(
  r: Replayed,
  skip = 0,
): PuzzleNode[] {
  return r.nodes.filter((n) => n.index % 2 === 1).slice(skip);
}

/**
 * Whether the move is a pawn's advance into the enemy half: to rank 6 or
 * beyond from the mover's side, or a promotion.
 */
export function isAdvancedPawnMove(node: PuzzleNode): boolean {
  if (node.promotion !== 0) return true;
  if (movedRole(node) !== PAWN) return false;
  return relativeRank(node) > 4;
}

/** Whether the move is a pawn's advance to rank 7 or 8 from its side. */
export function isVeryAdvancedPawnMove(node: PuzzleNode): boolean {
  return isAdvancedPawnMove(node) && relativeRank(node) > 5;
}

/** The rank the move lands on, counted from the mover's side (0 to 7). */
function relativeRank(node: PuzzleNode): number {
  const rank = 7 - (node.to >> 3);
  return node.before.turn === 0 ? rank : 7 - rank;
}

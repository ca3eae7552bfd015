/**
 * Counting move paths: {@linkcode perft}, the standard test of a move
 * generator.
 *
 * @module
 */

import { type Position, rulesFor, type RulesOptions } from "../types.ts";
import type { ChessBoard } from "../chess/board.ts";
import { makeMove, unmakeMove } from "../chess/make.ts";
import { generateMoves, MAX_MOVES } from "../chess/generate.ts";
import { playableBoard } from "../chess/playable.ts";

/**
 * The number of legal move sequences of `depth` plies from `position`
 * (leaf nodes of the game tree), the figure published for well-known test
 * positions. At the last ply the moves are counted, not played, as in
 * chessops' and most engines' perft.
 *
 * @example The initial position
 * ```ts
 * import { perft } from "./perft.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * assert.equal(perft(start, 0), 1);
 * assert.equal(perft(start, 1), 20);
 * assert.equal(perft(start, 3), 8902);
 * ```
 *
 * @example A variant: atomic's explosions
 * ```ts
 * import { perft } from "./perft.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * // Python-chess's and chessops' atomic test position.
 * const position = parseFen(
 *   "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1",
 * );
 * assert.equal(perft(position, 2, { rules: "atomic" }), 833);
 * assert.equal(perft(position, 2), 827);
 * ```
 *
 * @param position The position to count from.
 * @param depth Plies, a nonnegative integer.
 * @param options The rules (standard chess unless given).
 * @returns The number of leaf nodes.
 * @throws {RangeError} If `depth` is not a nonnegative integer, or is
 * above 100.
 * @throws {UnplayablePositionError} As `legalMoves` does.
 */
export function perft(
  position: Position,
  depth: number,
  options: RulesOptions = {},
): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > 100) {
    throw new RangeError(
      `Cannot count: depth must be an integer from 0 to 100, not ${depth}`,
    );
  }
  const board = playableBoard(
    position,
    undefined,
    rulesFor(position, options),
  );
  if (depth === 0) return 1;
  return count(board, new Int32Array(MAX_MOVES * depth), 0, depth);
}

/** Perft below the root: each ply generates into its own slice of `moves`. */
function count(
  b: ChessBoard,
  moves: Int32Array,
  start: number,
  depth: number,
): number {
  const end = generateMoves(b, moves, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    makeMove(b, moves[i]);
    nodes += count(b, moves, end, depth - 1);
    unmakeMove(b);
  }
  return nodes;
}

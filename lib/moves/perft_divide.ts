/**
 * Perft divide: the leaf count below each legal move of a position, the
 * table engine authors compare line by line with their own (Stockfish's
 * `go perft N` prints the same table) to find the move their generator
 * gets wrong.
 *
 * @module
 */

import { perft } from "./perft.ts";
import { legalMoves, playMoves } from "./play.ts";
import { type Position, rulesFor, type RulesOptions } from "../types.ts";

export * from "../types.ts";

/** One row of {@linkcode perftDivide}: a root move and its leaf count. */
export interface DivideRow {
  /** The move in UCI (`e2e4`; castling as {@linkcode PerftDivideOptions} say). */
  move: string;
  /** Leaf nodes at the divide's depth below this move. */
  nodes: number;
}

/**
 * Options for {@linkcode perftDivide}.
 *
 * @example Castling as the king taking its rook
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { perftDivide, type PerftDivideOptions } from "@fen/fen/perft-divide";
 * import assert from "node:assert/strict";
 *
 * const options: PerftDivideOptions = { chess960: true };
 * const rows = perftDivide(parseFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), 1, options);
 * assert.ok(rows.some((row) => row.move === "e1h1"));
 * ```
 */
/**
 * Options for {@linkcode perftDivide}: under `rules: "chess960"` castling
 * is written as UCI_Chess960 does (`e1h1`), as Stockfish does with
 * `UCI_Chess960` set; standard chess writes `e1g1`.
 */
export type PerftDivideOptions = RulesOptions;

/**
 * The perft of each legal move: for every move of the side to move, the
 * number of leaf nodes `depth - 1` plies after it. The rows are sorted by
 * move; their sum is `perft(position, depth)`.
 *
 * @example The initial position, two plies
 * ```ts
 * import { INITIAL_FEN, parseFen } from "@fen/fen";
 * import { perftDivide } from "@fen/fen/perft-divide";
 * import assert from "node:assert/strict";
 *
 * const rows = perftDivide(parseFen(INITIAL_FEN), 2);
 * assert.equal(rows.length, 20);
 * assert.deepEqual(rows[0], { move: "a2a3", nodes: 20 });
 * assert.equal(rows.reduce((sum, row) => sum + row.nodes, 0), 400);
 * ```
 *
 * @param position The position.
 * @param depth Plies, an integer from 1 to 100.
 * @param options How castling is written.
 * @returns One row per legal move, sorted by move.
 * @throws {RangeError} If `depth` is not an integer from 1 to 100.
 * @throws {UnplayablePositionError} As `legalMoves` does.
 */
export function perftDivide(
  position: Position,
  depth: number,
  options: PerftDivideOptions = {},
): DivideRow[] {
  if (!Number.isInteger(depth) || depth < 1 || depth > 100) {
    throw new RangeError(
      `Cannot divide: depth must be an integer from 1 to 100, not ${depth}`,
    );
  }
  const rules = rulesFor(position, options) ?? "chess";
  const rows: DivideRow[] = [];
  for (const move of legalMoves(position, { rules })) {
    const after = playMoves(position, [move], { rules }).position;
    rows.push({ move, nodes: perft(after, depth - 1, { rules }) });
  }
  return rows.sort((a, b) => a.move < b.move ? -1 : a.move > b.move ? 1 : 0);
}

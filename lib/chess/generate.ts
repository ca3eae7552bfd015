// Legal move generation on the core board, as the rules value asks: the
// standard pieces' moves (piece_moves.ts) when the side to move has one royal
// king, the variant's own (variant_moves.ts) otherwise. A move is an integer
// (lib/chess/move.ts); the functions run for every node of a perft, so they
// take positional arguments and write into a caller's buffer.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import { pawnTakesEnPassant } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import { PAWN } from "./geometry.ts";
import { EN_PASSANT } from "./move.ts";
import { findChecksAndPins, pieceMoves, royalMoves } from "./piece_moves.ts";
import { variantMoves } from "./variant_moves.ts";

/**
 * When a position written after moves names an en-passant square, the
 * choice python-chess (`"fen"`, `"xfen"`, `"legal"`) and shakmaty
 * (`EnPassantMode`) offer:
 *
 * | mode             | the square is written                                        |
 * | ---------------- | ------------------------------------------------------------ |
 * | `"always"`       | after every two-square pawn advance (the FEN standard), and as given when no move is played |
 * | `"pseudo-legal"` | only if a pawn of the side to move stands beside the pawn to capture (X-FEN) |
 * | `"legal"`        | only if such a capture is legal (it may expose the king)     |
 *
 * @example The three modes after a double push
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { type EnPassantMode, playMoves } from "@fen/fen/moves";
 * import assert from "node:assert/strict";
 *
 * // After d4, Black's pawn on e4 stands beside it but is pinned by the rook.
 * const position = parseFen("8/8/8/8/k3p2R/8/3P4/4K3 w - - 0 1");
 * const modes: EnPassantMode[] = ["always", "pseudo-legal", "legal"];
 * assert.deepEqual(
 *   modes.map((mode) => playMoves(position, "d4", { enPassant: mode }).position.enPassant),
 *   ["d3", "d3", null],
 * );
 * ```
 */
export type EnPassantMode = "always" | "pseudo-legal" | "legal";

/**
 * Most legal moves in a standard position is 218; a crazyhouse position
 * adds at most five roles dropped on 64 squares. Room for a margin.
 */
export const MAX_MOVES = 640;

/**
 * Writes the legal moves of the side to move into `out` from index `start`
 * and returns the index after the last; `b.checks` is then the number of
 * pieces giving check.
 */
export function generateMoves(
  b: ChessBoard,
  out: Int32Array,
  start: number,
): number {
  if (!b.plain) return variantMoves(b, out, start);
  return royalMoves(b, out, start);
}

/**
 * Whether the side to move has a legal move; `b.checks` is then the number
 * of pieces giving check. The other pieces' moves come first: they need no
 * attack scan, and in nearly every position the first piece that can move
 * settles it, so the king's targets are tested only when none can. `out`
 * is scratch, as for {@linkcode generateMoves}.
 */
export function hasLegalMove(b: ChessBoard, out: Int32Array): boolean {
  if (!b.plain) return variantMoves(b, out, 0) > 0;
  const checks = findChecksAndPins(b);
  if (checks < 2 && pieceMoves(b, out, 0, checks === 1, 1) > 0) return true;
  return generateMoves(b, out, 0) > 0;
}

/**
 * The en-passant square to write for `b` in `mode`: the board's for
 * `"always"`; for the other modes, the board's only if a pawn of the side
 * to move can capture there, pseudo-legally or legally.
 */
export function enPassantOf(
  b: ChessBoard,
  mode: EnPassantMode,
): Square | null {
  if (mode !== "always" && mode !== "pseudo-legal" && mode !== "legal") {
    throw new TypeError(`Cannot write en passant: no mode "${mode}"`);
  }
  if (b.ep < 0) return null;
  if (mode === "always") return SQUARE_NAMES[b.ep];
  if (!pawnTakesEnPassant(b.sq, b.ep, b.turn, b.turn << 3 | PAWN)) {
    return null;
  }
  if (mode === "pseudo-legal") return SQUARE_NAMES[b.ep];
  const moves = new Int32Array(MAX_MOVES);
  const end = generateMoves(b, moves, 0);
  for (let i = 0; i < end; i++) {
    if (moves[i] & EN_PASSANT) return SQUARE_NAMES[b.ep];
  }
  return null;
}

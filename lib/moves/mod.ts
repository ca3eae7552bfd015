/**
 * Chess moves on {@linkcode Position}s: the legal moves, playing moves
 * given in SAN or UCI, the status of the game, and perft.
 *
 * @example Fool's mate
 * ```ts
 * import { legalMoves, playMoves, positionStatus } from "./mod.ts";
 * import { parseFen, stringifyFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * const { position } = playMoves(start, "f3 e5 g4 Qh4#");
 * assert.equal(positionStatus(position).checkmate, true);
 * assert.deepEqual(legalMoves(position), []);
 * assert.equal(
 *   stringifyFen(position),
 *   "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
 * );
 * ```
 *
 * @module
 */

export * from "../types.ts";
export {
  MoveError,
  type MoveErrorCode,
  type MoveErrorOptions,
  type UnplayableCode,
  UnplayablePositionError,
} from "../chess/errors.ts";
export { perft } from "./perft.ts";
export {
  legalMoves,
  type LegalMovesOptions,
  type PlayedMove,
  playMoves,
  type PlayMovesOptions,
  type PlayResult,
  toSan,
} from "./play.ts";
export {
  type EnPassantMode,
  enPassantSquare,
  type GameEnd,
  type PositionStatus,
  positionStatus,
  type PositionStatusOptions,
  type Termination,
} from "../chess/status.ts";

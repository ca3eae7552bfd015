/**
 * PGN, the format games are kept in: read games from streams of any size
 * ({@linkcode PgnReader}, {@linkcode parsePgn}, {@linkcode readPgn}), walk
 * their positions ({@linkcode PgnGame.positions}), and write them back in
 * the standard's export format ({@linkcode stringifyPgn}).
 *
 * @example The FEN after each move of a game
 * ```ts
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn('[Event "Fool\'s mate"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n');
 * const fens = Array.from(game.positions(), (position) => position.fen);
 * assert.equal(fens.length, 5);
 * assert.equal(fens[4], "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
 * ```
 *
 * @module
 */

export * from "../types.ts";
export type { MoveErrorCode } from "../chess/errors.ts";
export type { EnPassantMode } from "./_replay.ts";
export type { RecordView, VariantState } from "../record_view.ts";

export {
  type PgnError,
  type PgnErrorPlace,
  PgnMoveError,
  type PgnMoveErrorOptions,
  PgnSyntaxError,
} from "./errors.ts";
export {
  type PgnEval,
  PgnGame,
  type PgnGameInit,
  type PgnLine,
  type PgnMove,
  type PgnResult,
  type PgnShape,
} from "./game.ts";
export { PgnPosition, type PgnPositionsOptions } from "./game.ts";
export {
  parsePgn,
  PgnReader,
  type PgnReaderOptions,
  readPgn,
} from "./reader.ts";
export { type PgnVisitor, PgnWalker, type PgnWalkerOptions } from "./walker.ts";
export { stringifyPgn, type StringifyPgnOptions } from "./stringify.ts";
export { annotationNag } from "./_movetext.ts";

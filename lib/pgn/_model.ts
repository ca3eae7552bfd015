// The game model's data: moves, lines, evaluations, shapes, results, and
// what a game is made from. Plain types, so that the game and its walk can
// both name them without importing each other.

import type { Position, Rules, Square } from "../types.ts";

/**
 * An engine evaluation from a `[%eval]` comment command: pawns from White's
 * side (`0.17`), or a mate in so many moves (`#-3`: Black mates in 3), and
 * the search depth when given (`[%eval 0.17,23]`).
 *
 * @example Black mates in three
 * ```ts
 * import { parsePgn, type PgnEval } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. f3 { [%eval #-3] } *");
 * const value: PgnEval | null = game.mainline.moves[0].eval;
 * assert.deepEqual(value, { pawns: null, mate: -3, depth: null });
 * ```
 */
export interface PgnEval {
  /** Pawns, positive when White is better; `null` for a mate. */
  pawns: number | null;
  /** Moves to mate, positive when White mates; `null` for pawns. */
  mate: number | null;
  /** The depth of the search, or `null`. */
  depth: number | null;
}

/**
 * A square (`[%csl Ge4]`, `from` and `to` the same) or an arrow
 * (`[%cal Gd2d4]`) to draw, in one of the four colours lichess draws.
 *
 * @example An arrow and a square
 * ```ts
 * import { parsePgn, type PgnShape } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. d4 { [%cal Gd2d4] [%csl Re4] } *");
 * const shapes: readonly PgnShape[] = game.mainline.moves[0].shapes;
 * assert.deepEqual(shapes, [
 *   { color: "green", from: "d2", to: "d4" },
 *   { color: "red", from: "e4", to: "e4" },
 * ]);
 * ```
 */
export interface PgnShape {
  /** The brush: `G`, `R`, `Y` or `B` in the command. */
  color: "green" | "red" | "yellow" | "blue";
  /** The square, or the arrow's tail. */
  from: Square;
  /** The same square, or the arrow's head. */
  to: Square;
}

/**
 * One move of a game, with what was written after it: comments, NAGs
 * (suffix annotations `!`, `?`, `!!`, `??`, `!?`, `?!` become 1 to 6),
 * the variations that replace it, and what the comment commands say.
 *
 * @example A move with its annotations
 * ```ts
 * import { parsePgn, type PgnMove } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. e4!? { best by test [%clk 0:03:00] } (1. d4) *");
 * const move: PgnMove = game.mainline.moves[0];
 * assert.equal(move.san, "e4");
 * assert.equal(move.uci, "e2e4");
 * assert.deepEqual(move.nags, [5]);
 * assert.deepEqual(move.comments, ["best by test [%clk 0:03:00]"]);
 * assert.equal(move.clock, 180);
 * assert.equal(move.variations[0].moves[0].san, "d4");
 * ```
 */
export interface PgnMove {
  /** The move in SAN as this library writes it (`Nbd7`, `exd8=Q+`, `O-O`). */
  san: string;
  /** The move in UCI (castling as king takes rook in Chess960 games). */
  uci: string;
  /** Comments after the move, as written between the braces (trimmed). */
  comments: readonly string[];
  /** Numeric annotation glyphs, in the order written. */
  nags: readonly number[];
  /** Lines played instead of this move, in the order written. */
  variations: readonly PgnLine[];
  /** Seconds left on the clock (`[%clk]`), or `null`. */
  clock: number | null;
  /** Seconds the move took (`[%emt]`), or `null`. */
  emt: number | null;
  /** The evaluation (`[%eval]`), or `null`. */
  eval: PgnEval | null;
  /** Squares and arrows to draw (`[%csl]`, `[%cal]`). */
  shapes: readonly PgnShape[];
}

/**
 * A line of moves, the mainline or a variation, with the comments written
 * before its first move.
 *
 * @example The comment before a variation
 * ```ts
 * import { parsePgn, type PgnLine } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. e4 ({ or } 1. d4 d5) 1... e5 *");
 * const line: PgnLine = game.mainline.moves[0].variations[0];
 * assert.deepEqual(line.comments, ["or"]);
 * assert.equal(line.moves.length, 2);
 * ```
 */
export interface PgnLine {
  /** Comments before the first move. */
  comments: readonly string[];
  /** The moves, in order. */
  moves: PgnMove[];
}

/**
 * A game's result, as the termination marker writes it.
 *
 * @example A draw
 * ```ts
 * import { parsePgn, type PgnResult } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const result: PgnResult | null = parsePgn("1. e4 e5 1/2-1/2")[0].result;
 * assert.equal(result, "1/2-1/2");
 * ```
 */
export type PgnResult = "1-0" | "0-1" | "1/2-1/2" | "*";

/**
 * What a {@linkcode PgnGame} is made of; only `start` is required.
 *
 * @example A game made by hand
 * ```ts
 * import { PgnGame, type PgnGameInit, stringifyPgn } from "@fen/fen/pgn";
 * import { parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const init: PgnGameInit = {
 *   start: parseFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
 *   tags: new Map([["White", "Me"]]),
 * };
 * const game = new PgnGame(init);
 * assert.match(stringifyPgn(game), /\[White "Me"\]/);
 * ```
 */
export interface PgnGameInit {
  /** The position before the first move. */
  start: Position;
  /** Tags in the order written (defaults to none). */
  tags?: Map<string, string>;
  /**
   * Whether castling is Chess960's (defaults to `false`).
   *
   * @deprecated Give `rules: "chess960"`.
   */
  chess960?: boolean;
  /** The rules (defaults to Chess960's with `chess960`, else standard). */
  rules?: Rules;
  /** The mainline (defaults to no moves). */
  mainline?: PgnLine;
  /** The termination marker read, or `null` (the default) when none was. */
  result?: PgnResult | null;
  /** The game's number in its stream (defaults to 1). */
  number?: number;
  /** The line of the stream where it starts (defaults to 1). */
  line?: number;
}

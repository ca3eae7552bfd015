/**
 * The game model: a {@linkcode PgnGame} holds its tags in order, its start
 * position, the mainline with its variations as a tree of
 * {@linkcode PgnMove}s, and the result; `game.positions()` walks it.
 *
 * @module
 */

import type { Position, Square } from "../types.ts";
import type { PgnError } from "./errors.ts";
import {
  type PgnPosition,
  type PgnPositionsOptions,
  walk,
} from "./positions.ts";

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
  /** Whether castling is Chess960's (defaults to `false`). */
  chess960?: boolean;
  /** The mainline (defaults to no moves). */
  mainline?: PgnLine;
  /** The termination marker read, or `null` (the default) when none was. */
  result?: PgnResult | null;
  /** The game's number in its stream (defaults to 1). */
  number?: number;
  /** The line of the stream where it starts (defaults to 1). */
  line?: number;
}

/**
 * A game read from PGN (or made by hand for {@linkcode stringifyPgn}): its
 * tags, start position, moves and result, and, when the reader had to stop
 * early, the error and the moves read before it.
 *
 * @example Tags, moves and the positions in between
 * ```ts
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn('[White "Morphy"]\n\n1. e4 e5 2. Nf3 d6 1-0\n');
 * assert.equal(game.tags.get("White"), "Morphy");
 * assert.equal(game.mainline.moves.length, 4);
 * assert.equal(game.result, "1-0");
 * const last = Array.from(game.positions(), (p) => p.fen).at(-1);
 * assert.equal(last, "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
 * ```
 */
export class PgnGame {
  /** The game's number in its stream, from 1. */
  readonly number: number;
  /** The line of the stream where the game starts. */
  readonly line: number;
  /** The tags in the order written; a tag written twice keeps its last value. */
  readonly tags: Map<string, string>;
  /** The position before the first move (from the `FEN` tag, or the standard start). */
  readonly start: Position;
  /** Whether castling is Chess960's (a `Variant` tag naming Chess960). */
  readonly chess960: boolean;
  /** The moves, with the variations on them. */
  readonly mainline: PgnLine;
  /** The termination marker, or `null` when the game had none. */
  result: PgnResult | null;
  /** Why the reader stopped before the end of the game, or `null`. */
  error: PgnError | null = null;
  /** Whether a comment was cut at the reader's `maxComment`. */
  truncated = false;

  /**
   * Makes a game.
   *
   * @param init The start position and whatever else is known.
   */
  constructor(init: PgnGameInit) {
    this.start = init.start;
    this.tags = init.tags ?? new Map();
    this.chess960 = init.chess960 ?? false;
    this.mainline = init.mainline ?? { comments: [], moves: [] };
    this.result = init.result ?? null;
    this.number = init.number ?? 1;
    this.line = init.line ?? 1;
  }

  /**
   * The positions of the game in order: the start (ply 0), then the
   * position after each move, and with `variations` the positions inside
   * each variation right after the move it replaces. One
   * {@linkcode PgnPosition} object is yielded again and again, moved
   * forward: read what you need before asking for the next.
   *
   * @example Every position's FEN
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn("1. e4 (1. d4) 1... c5 *");
   * const plies = Array.from(
   *   game.positions({ variations: true }),
   *   (p) => `${p.ply}${"+".repeat(p.depth)} ${p.move?.san ?? "start"}`,
   * );
   * assert.deepEqual(plies, ["0 start", "1 e4", "1+ d4", "2 c5"]);
   * ```
   *
   * @param options Whether to enter variations, and how en passant is written.
   * @returns An iterator over the positions.
   * @throws {MoveError} For a move made by hand that cannot be played.
   */
  positions(options: PgnPositionsOptions = {}): IterableIterator<PgnPosition> {
    return walk(this, options);
  }
}

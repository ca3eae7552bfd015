/**
 * Walking a game: {@linkcode PgnPosition}, the position at one ply of a
 * {@linkcode PgnGame}, written as FEN straight from the board.
 *
 * @module
 */

import type { RecordView } from "../fen/bytes.ts";
import type { Position, Side, Square } from "../types.ts";
import { CODE, type CodedMove, type EnPassantMode, Replay } from "./_replay.ts";
import type { PgnGame, PgnLine, PgnMove } from "./game.ts";

/**
 * Options for `PgnGame.positions`.
 *
 * @example Variations, and en passant as chessops and python-chess write it
 * ```ts
 * import { parsePgn, type PgnPositionsOptions } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const options: PgnPositionsOptions = { variations: true, enPassant: "legal" };
 * const [game] = parsePgn("1. e4 *");
 * const fens = Array.from(game.positions(options), (p) => p.fen);
 * assert.equal(fens[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
 * ```
 */
export interface PgnPositionsOptions {
  /** Also walk the variations (defaults to `false`: the mainline only). */
  variations?: boolean;
  /**
   * When the FEN names an en-passant square: `"always"` (the default, as
   * `fen --moves` writes it: after every two-square advance),
   * `"pseudo-legal"` or `"legal"` (as chessops and python-chess write it).
   */
  enPassant?: EnPassantMode;
}

/**
 * The position at one ply of a game, as `PgnGame.positions` yields it: the
 * ply, the move that led to it, how deep in variations it is, and the
 * position itself, written on demand. The object is reused from one ply to
 * the next; when the walk ends it stays at the mainline's last position.
 *
 * @example The move, the squares to mark, the FEN
 * ```ts
 * import { parsePgn, type PgnPosition } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. e4 e5 2. Nf3 *");
 * let last: PgnPosition | undefined;
 * for (const position of game.positions()) last = position;
 * assert.equal(last?.ply, 3);
 * assert.equal(last?.move?.uci, "g1f3");
 * assert.deepEqual([last?.from, last?.to], ["g1", "f3"]);
 * assert.equal(last?.fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
 * ```
 */
export class PgnPosition {
  /** The game walked. */
  readonly game: PgnGame;
  /** Half-moves from the game's start position (0 is the start). */
  ply = 0;
  /** 0 on the mainline, 1 inside a variation, 2 inside one of its variations... */
  depth = 0;
  /** The move that led here, or `null` at the start. */
  move: PgnMove | null = null;
  readonly #replay: Replay;
  readonly #mode: EnPassantMode;
  /** The board code of `move`, or -1 at the start. */
  #code = -1;

  /**
   * Made by `PgnGame.positions`, which moves it along.
   *
   * @param game The game walked.
   * @param replay The board it is walked on.
   * @param mode When FEN names an en-passant square.
   */
  constructor(game: PgnGame, replay: Replay, mode: EnPassantMode) {
    this.game = game;
    this.#replay = replay;
    this.#mode = mode;
  }

  /** The square the move's piece left (the king's, castling), or `null`. */
  get from(): Square | null {
    return this.#code < 0 ? null : this.#replay.from(this.#code);
  }

  /** The square it reached (where the king lands, castling), or `null`. */
  get to(): Square | null {
    return this.#code < 0 ? null : this.#replay.to(this.#code);
  }

  /**
   * Moves the cursor; `PgnGame.positions` calls it.
   *
   * @param ply The ply.
   * @param depth The depth in variations.
   * @param move The move that led here, or `null`.
   * @param code Its board code, or -1.
   */
  at(ply: number, depth: number, move: PgnMove | null, code: number): void {
    this.ply = ply;
    this.depth = depth;
    this.move = move;
    this.#code = code;
  }

  /** The side to move. */
  get turn(): Side {
    return this.#replay.side === 0 ? "w" : "b";
  }

  /** The canonical FEN, as `stringifyFen` writes the same position. */
  get fen(): string {
    return this.#replay.fen(this.#mode);
  }

  /**
   * Writes the canonical FEN as ASCII bytes at `at` (leave 128 bytes of
   * room) and returns where it ends: the way to write many positions
   * without a string each.
   *
   * @param buffer Where to write.
   * @param at The offset to write at.
   * @returns The offset after the FEN.
   */
  writeFen(buffer: Uint8Array, at: number): number {
    return this.#replay.writeFen(buffer, at, this.#mode);
  }

  /**
   * The position as the byte writers read it (cells, side, castling, en
   * passant, counters): the board itself, valid until the walk moves on.
   *
   * @example The fields of a position
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn("1. e4 *");
   * let turn = "";
   * for (const position of game.positions()) turn = position.view().turn;
   * assert.equal(turn, "b");
   * ```
   *
   * @returns The current position's fields, refilled for each position.
   */
  view(): RecordView {
    return this.#replay.view(this.#mode);
  }

  /**
   * The position as plain data.
   *
   * @returns A new {@linkcode Position}.
   */
  toPosition(): Position {
    return this.#replay.position(this.#mode);
  }
}

/** A line being walked: its moves, the next one, and the variations pending. */
interface Frame {
  line: PgnLine;
  next: number;
  ply: number;
  depth: number;
  /** The move just yielded whose variations are walked next, or null. */
  node: PgnMove | null;
  /** Its board code. */
  code: number;
  variation: number;
}

/** The board code of a move: the reader's, or from the SAN of one made by hand. */
function codeOf(replay: Replay, move: PgnMove, ply: number): number {
  return (move as CodedMove)[CODE] ?? replay.parse(move.san, ply, false);
}

/**
 * The positions of `game`, with an explicit stack of lines (variations can
 * nest deeper than the call stack goes).
 */
export function* walk(
  game: PgnGame,
  options: PgnPositionsOptions,
): Generator<PgnPosition, void, undefined> {
  const replay = new Replay();
  try {
    replay.load(game.start, game.chess960);
  } catch (error) {
    // The reader said so in the game's error: a start with no position.
    if (game.error !== null) return;
    throw error;
  }
  const cursor = new PgnPosition(game, replay, options.enPassant ?? "always");
  const variations = options.variations === true;
  const stack: Frame[] = [
    {
      line: game.mainline,
      next: 0,
      ply: 0,
      depth: 0,
      node: null,
      code: -1,
      variation: 0,
    },
  ];
  yield cursor;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const node = frame.node;
    if (
      node !== null && variations && frame.variation < node.variations.length
    ) {
      if (frame.variation === 0) replay.back();
      const line = node.variations[frame.variation++];
      const depth = frame.depth + 1, ply = frame.ply - 1;
      stack.push({
        line,
        next: 0,
        ply,
        depth,
        node: null,
        code: -1,
        variation: 0,
      });
      continue;
    }
    if (node !== null && frame.variation > 0) replay.play(frame.code);
    frame.node = null;
    frame.variation = 0;
    if (frame.next < frame.line.moves.length) {
      const move = frame.line.moves[frame.next++];
      const code = codeOf(replay, move, ++frame.ply);
      replay.play(code);
      cursor.at(frame.ply, frame.depth, move, code);
      yield cursor;
      frame.node = move;
      frame.code = code;
      continue;
    }
    if (stack.length > 1) {
      for (let k = 0; k < frame.next; k++) replay.back();
    }
    stack.pop();
  }
}

/**
 * The errors of the PGN reader: text that is not PGN
 * ({@linkcode PgnSyntaxError}) and a move that cannot be played
 * ({@linkcode PgnMoveError}). Both say where: the game's number in the
 * stream and the line and column of the file; their messages are made by
 * one function.
 *
 * @module
 */

import type { MoveErrorCode } from "../chess/errors.ts";

/**
 * Where an error is: the game (1-based, in the order of the stream), the
 * line and column (1-based, columns in characters), and the reason in words.
 *
 * @example The fields of a syntax error
 * ```ts
 * import { PgnSyntaxError, type PgnErrorPlace } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const place: PgnErrorPlace = { game: 2, line: 14, column: 3, reason: "unterminated string" };
 * assert.equal(
 *   new PgnSyntaxError(place).message,
 *   "Cannot read PGN: game 2 (line 14, column 3): unterminated string",
 * );
 * ```
 */
export interface PgnErrorPlace extends ErrorOptions {
  /** The game's number in the stream, from 1. */
  game: number;
  /** The line of the file, from 1. */
  line: number;
  /** The column of the line, from 1, in characters. */
  column: number;
  /** What is wrong, in words. */
  reason: string;
}

/**
 * The fields of a {@linkcode PgnMoveError}: the place, the move as written
 * and its ply, and the move library's code for the problem.
 *
 * @example An illegal knight move
 * ```ts
 * import { PgnMoveError, type PgnMoveErrorOptions } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const options: PgnMoveErrorOptions = {
 *   game: 31, line: 1042, column: 17, ply: 46, move: "Nf6",
 *   code: "illegal", reason: "illegal: no knight can move to f6",
 * };
 * assert.equal(
 *   new PgnMoveError(options).message,
 *   'Cannot read PGN: game 31 (line 1042, column 17), move 23... "Nf6": illegal: no knight can move to f6',
 * );
 * ```
 */
export interface PgnMoveErrorOptions extends PgnErrorPlace {
  /** The move's ply, from 1 for the first move of the game's start position (White's or Black's). */
  ply: number;
  /** The move as written. */
  move: string;
  /** The move library's code: `malformed`, `no-such-square`, `illegal`, `ambiguous`. */
  code: MoveErrorCode;
  /** The full move number of the move (defaults to the one `ply` gives from White's first move). */
  moveNumber?: number;
  /** Whether Black plays the move (defaults to even `ply`). */
  black?: boolean;
}

/** Every message of this module, in one place. */
function pgnMessage(place: PgnErrorPlace, move: string): string {
  const { game, line, column, reason } = place;
  return `Cannot read PGN: game ${game} (line ${line}, column ${column})${move}: ${reason}`;
}

/**
 * Text that is not PGN: a tag without its closing quote, a stray `)`, a
 * character that starts no token. A `SyntaxError`; the reader reports it
 * with the game and skips to the next game.
 *
 * @example Reading a broken tag
 * ```ts
 * import { parsePgn, PgnSyntaxError } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => parsePgn('[Event "Broken]\n\n1. e4 *\n'), (error) =>
 *   error instanceof PgnSyntaxError && error.line === 1 && error.column === 16);
 * ```
 */
export class PgnSyntaxError extends SyntaxError {
  /** The game's number in the stream, from 1. */
  readonly game: number;
  /** The line, from 1. */
  readonly line: number;
  /** The column, from 1. */
  readonly column: number;
  /** What is wrong, in words. */
  readonly reason: string;
  /** The message without its place: what is wrong. */
  readonly detail: string;

  /**
   * Makes the error; the message is built from the fields.
   *
   * @param place The game, line, column and reason.
   */
  constructor(place: PgnErrorPlace) {
    super(pgnMessage(place, ""), place);
    this.name = "PgnSyntaxError";
    this.detail = place.reason;
    this.game = place.game;
    this.line = place.line;
    this.column = place.column;
    this.reason = place.reason;
  }
}

/**
 * A move that cannot be played: malformed, illegal or ambiguous. A
 * `RangeError` like the move library's `MoveError`; the game it is in ends
 * before it (its positions up to there are kept), and the reader goes on
 * with the next game.
 *
 * @example An illegal move in the second game
 * ```ts
 * import { PgnMoveError, PgnReader } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const reader = new PgnReader();
 * const games = [...reader.push("1. e4 e5 1-0\n\n1. e4 e5 2. Nf6 *\n"), ...reader.end()];
 * const error = games[1].error;
 * assert.ok(error instanceof PgnMoveError);
 * assert.equal(error.ply, 3);
 * assert.equal(error.message, 'Cannot read PGN: game 2 (line 3, column 13), move 2. "Nf6": illegal: no knight can move to f6');
 * assert.equal(games[1].mainline.moves.length, 2);
 * ```
 */
export class PgnMoveError extends RangeError {
  /** The game's number in the stream, from 1. */
  readonly game: number;
  /** The line, from 1. */
  readonly line: number;
  /** The column, from 1. */
  readonly column: number;
  /** The move's ply in its line, from 1. */
  readonly ply: number;
  /** The move as written. */
  readonly move: string;
  /** The kind of problem. */
  readonly code: MoveErrorCode;
  /** What is wrong, in words. */
  readonly reason: string;
  /** The message without its place: the move and what is wrong with it. */
  readonly detail: string;

  /**
   * Makes the error; the message is built from the fields.
   *
   * @param options The place, the move and its ply.
   */
  constructor(options: PgnMoveErrorOptions) {
    const black = options.black ?? options.ply % 2 === 0;
    const number = options.moveNumber ?? Math.ceil(options.ply / 2);
    const label = ` move ${number}${black ? "..." : "."} "${options.move}"`;
    super(pgnMessage(options, "," + label), options);
    this.name = "PgnMoveError";
    this.detail = `${label.trimStart()}: ${options.reason}`;
    this.game = options.game;
    this.line = options.line;
    this.column = options.column;
    this.ply = options.ply;
    this.move = options.move;
    this.code = options.code;
    this.reason = options.reason;
  }
}

/** Either error the reader reports with a game. */
export type PgnError = PgnSyntaxError | PgnMoveError;

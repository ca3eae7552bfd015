/**
 * Making Polyglot opening books from games, as `polyglot make-book` makes
 * them: the same entries, weights and order, byte for byte.
 *
 * @module
 */

import { unkeyedReason, UnkeyedVariantError } from "../data/polyglot/rules.ts";
import { PgnWalker } from "../pgn/walker.ts";
import type { PgnGame, PgnPosition } from "../pgn/game.ts";
import { PgnMoveError } from "../pgn/errors.ts";
import { polyglotKeyHalves } from "../data/polyglot/mod.ts";
import { Level, type SpillStore, tempFileStore } from "./_spill.ts";
import type { TableFilter } from "./_table.ts";

export type { SpillFile, SpillStore } from "./_spill.ts";
export { tempFileStore } from "./_spill.ts";

/**
 * Entries a book maker counts in memory before it spills to temporary
 * files: 2^21 (about 48 MB of tables).
 */
export const BOOK_BUDGET = 1 << 21;

/** `polyglot make-book`'s options, with its defaults. */
export interface BookMakeOptions {
  /** Moves counted from each game's start (polyglot's -max-ply): 1024. */
  maxPly?: number;
  /** Games a move needs to be kept (-min-game): 3. */
  minGame?: number;
  /** Score in percent a move needs, for the side that played it (-min-score): 0. */
  minScore?: number;
  /** Keep only one colour's moves (-only-white, -only-black). */
  only?: "white" | "black" | null;
  /** Weight 1 for every move kept (-uniform). */
  uniform?: boolean;
  /** Entries counted in memory before spilling: {@linkcode BOOK_BUDGET}. */
  budget?: number;
  /** Where spilled counts go: temporary files. */
  spill?: SpillStore;
}

/**
 * A maker of one Polyglot book: {@linkcode BookMaker.push} it PGN text in
 * chunks, then {@linkcode BookMaker.finish} writes the book. Each game's
 * mainline moves up to `maxPly` are counted for the position they were
 * played in, weighted as polyglot weighs them (2 a win and 1 a draw for
 * the side that moved; a result other than 1-0 and 0-1 counts as a draw).
 * A game that cannot be read within the plies counted stops the making
 * with its error, as polyglot stops.
 *
 * @example A book of three games
 * ```ts
 * import { BookMaker } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * const maker = new BookMaker({ maxPly: 2, minGame: 1 });
 * maker.push("1. e4 e5 1-0\n\n1. e4 c5 0-1\n\n1. d4 d5 1/2-1/2\n");
 * const chunks: Uint8Array[] = [];
 * maker.finish((bytes) => void chunks.push(bytes));
 * const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
 * assert.equal(size, 16 * 5); // e4 and d4 from the start, e5, c5, d5
 * ```
 */
export class BookMaker {
  readonly #walker: PgnWalker;
  readonly #level: Level;
  readonly #maxPly: number;
  /** Games read so far. */
  games = 0;
  /** The key of the last position counted, and its side to move. */
  readonly #key = new Uint32Array(2);
  #colour = 0;
  #result = 0;

  /**
   * Makes a maker.
   *
   * @param options Polyglot's options, and the memory budget.
   */
  constructor(options: BookMakeOptions = {}) {
    this.#maxPly = options.maxPly ?? 1024;
    const filter: TableFilter = {
      minGame: options.minGame ?? 3,
      minScore: (options.minScore ?? 0) / 100,
      only: options.only === "white" ? 1 : options.only === "black" ? 2 : 0,
      uniform: options.uniform === true,
    };
    this.#level = new Level({
      budget: options.budget ?? BOOK_BUDGET,
      store: options.spill ?? tempFileStore(),
      filter,
    });
    this.#walker = new PgnWalker({
      position: (position) => this.#position(position),
      end: (game) => this.#end(game),
    }, { maxPly: this.#maxPly });
  }

  #position(position: PgnPosition): void {
    const ply = position.ply;
    if (ply === 0) {
      const game = position.game;
      if (unkeyedReason(game.rules) !== null) {
        throw new UnkeyedVariantError(game.rules, `game ${game.number} `);
      }
      this.#result = resultOf(game);
    }
    if (ply > 0 && ply <= this.#maxPly) {
      const score = (this.#colour === 0 ? this.#result : -this.#result) + 1;
      const from = position.from!;
      const to = position.castlingRook ?? position.to!;
      const move = squareBits(to) | squareBits(from) << 6 |
        promotionBits(position.promotion);
      this.#level.add(this.#key[0], this.#key[1], move, score, this.#colour);
    }
    if (ply < this.#maxPly) {
      polyglotKeyHalves(position.view(), this.#key);
      this.#colour = position.turn === "w" ? 0 : 1;
    }
  }

  #end(game: PgnGame): void {
    this.games++;
    const error = game.error;
    if (error === null) return;
    // Polyglot reads no move past the plies it counts.
    if (error instanceof PgnMoveError && error.ply > this.#maxPly) return;
    throw error;
  }

  /**
   * Reads the next chunk of PGN, text or bytes (do not mix them).
   *
   * @param chunk The next piece of the stream, cut anywhere.
   * @throws {PgnSyntaxError | PgnMoveError} For a game that cannot be read.
   */
  push(chunk: string | Uint8Array): void {
    this.#walker.push(chunk);
  }

  /**
   * Ends the input and writes the book in chunks: read each before the
   * next call (spilled parts are read back here).
   *
   * @param out Called with each chunk of the book, in order.
   * @throws {PgnSyntaxError | PgnMoveError} For a last game that cannot be read.
   */
  finish(out: (bytes: Uint8Array) => void): void {
    this.#walker.end();
    this.#level.finish(out);
  }
}

/** +1 when White won, -1 when Black did, 0 otherwise (polyglot reads the tag). */
function resultOf(game: PgnGame): number {
  const result = game.tags.get("Result");
  return result === "1-0" ? 1 : result === "0-1" ? -1 : 0;
}

function squareBits(square: string): number {
  return (square.charCodeAt(0) - 97) | (square.charCodeAt(1) - 49) << 3;
}

function promotionBits(letter: string | null): number {
  return letter === null
    ? 0
    : (letter === "n" ? 1 : letter === "b" ? 2 : letter === "r" ? 3 : 4) << 12;
}

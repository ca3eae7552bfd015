/**
 * Making Polyglot opening books from games, as `polyglot make-book` makes
 * them: the same entries, weights and order, byte for byte.
 *
 * @module
 */

import { MainlineReader } from "../pgn/mainline.ts";
import { unkeyedReason, UnkeyedVariantError } from "../data/polyglot/rules.ts";
import type { PgnGame, PgnPosition } from "../pgn/game.ts";
import { PgnMoveError } from "../pgn/errors.ts";
import { polyglotKeyHalves } from "../data/polyglot/mod.ts";
import { BoardKey } from "../data/polyglot/board_key.ts";
import type { ChessBoard } from "../chess/board.ts";
import { movePromotion, moveTo } from "../chess/move.ts";
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
  readonly #reader: MainlineReader;
  readonly #level: Level;
  readonly #maxPly: number;
  /** Games read so far. */
  get games(): number {
    return this.#reader.games;
  }
  /** The key of the last position counted, and its side to move. */
  readonly #key = new Uint32Array(2);
  #colour = 0;
  #result = 0;
  /** The game being read the fast way: its board's key, and its moves. */
  readonly #board = new BoardKey();
  readonly #moves = new Pending();

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
    const moves = this.#moves, key = this.#board;
    this.#reader = new MainlineReader({
      start(board: ChessBoard): void {
        key.reset(board);
        moves.size = 0;
      },
      move(board: ChessBoard, code: number): void {
        moves.add(key.hi, key.lo, polyglotMove(code), board.turn ^ 1);
        key.played(board, code);
      },
      end: (result: string) => this.#count(result),
      drop(): void {
        moves.size = 0;
      },
    }, {
      maxPly: this.#maxPly,
      fallback: {
        position: (position) => this.#position(position),
        end: (game) => this.#end(game),
      },
    });
  }

  /** Counts the moves of a game read the fast way. */
  #count(tag: string): void {
    const result = tag === "1-0" ? 1 : tag === "0-1" ? -1 : 0;
    const { hi, lo, move, colour, size } = this.#moves;
    for (let k = 0; k < size; k++) {
      const score = (colour[k] === 0 ? result : -result) + 1;
      this.#level.add(hi[k], lo[k], move[k], score, colour[k]);
    }
    this.#moves.size = 0;
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
    this.#reader.push(chunk);
  }

  /**
   * Ends the input and writes the book in chunks: read each before the
   * next call (spilled parts are read back here).
   *
   * @param out Called with each chunk of the book, in order.
   * @throws {PgnSyntaxError | PgnMoveError} For a last game that cannot be read.
   */
  finish(out: (bytes: Uint8Array) => void): void {
    this.#reader.end();
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

/** A core move as Polyglot writes it (castling as the king takes its rook). */
function polyglotMove(code: number): number {
  const promotion = movePromotion(code);
  // a8 = 0 in the core, a1 = 0 in Polyglot; its pieces from knight 1
  return (moveTo(code) ^ 56) | ((code & 63) ^ 56) << 6 |
    (promotion === 0 ? 0 : promotion - 1) << 12;
}

/** A game's moves to count, kept until it is read to its end. */
class Pending {
  size = 0;
  hi = new Uint32Array(64);
  lo = new Uint32Array(64);
  move = new Uint16Array(64);
  colour = new Uint8Array(64);

  add(hi: number, lo: number, move: number, colour: number): void {
    if (this.size === this.hi.length) this.#grow();
    const k = this.size++;
    this.hi[k] = hi;
    this.lo[k] = lo;
    this.move[k] = move;
    this.colour[k] = colour;
  }

  #grow(): void {
    const n = this.hi.length * 2;
    const grown = <T extends Uint32Array | Uint16Array | Uint8Array>(
      old: T,
      fresh: T,
    ): T => (fresh.set(old as never), fresh);
    this.hi = grown(this.hi, new Uint32Array(n));
    this.lo = grown(this.lo, new Uint32Array(n));
    this.move = grown(this.move, new Uint16Array(n));
    this.colour = grown(this.colour, new Uint8Array(n));
  }
}

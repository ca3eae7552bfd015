/**
 * Walking a PGN stream: {@linkcode PgnWalker} hands on each position as
 * its move is read, without keeping the games' moves, for programs that
 * want the positions and not the games (an EPD of every ply, say). Each
 * move is played once, where `PgnReader` then `positions()`
 * plays it twice.
 *
 * @module
 */

import { GameBuilder } from "./_builder.ts";
import { GameWalk } from "./_outputs.ts";
import { PgnStream } from "./_stream.ts";
import type { PgnPositionsOptions, PgnVisitor } from "./game.ts";
import { rulesOf } from "../types.ts";
import type { PgnReaderOptions } from "./reader.ts";

export type { PgnVisitor };

/**
 * Options for {@linkcode PgnWalker}: the reader's, and which positions are
 * handed on and how their FEN names en passant.
 *
 * @example Positions inside variations too
 * ```ts
 * import { PgnWalker, type PgnWalkerOptions } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const options: PgnWalkerOptions = { variations: true };
 * const plies: string[] = [];
 * const walker = new PgnWalker({
 *   position: (p) => void plies.push(`${p.ply}${"+".repeat(p.depth)}`),
 *   end: () => {},
 * }, options);
 * walker.push("1. e4 (1. d4) 1... c5 *");
 * walker.end();
 * assert.deepEqual(plies, ["0", "1", "1+", "2"]);
 * ```
 */
export interface PgnWalkerOptions
  extends PgnReaderOptions, PgnPositionsOptions {
  /**
   * Plies of each game's mainline played: the moves past them are read
   * but neither played nor checked (as `polyglot make-book -max-ply`
   * reads them), and the game ends there for the visitor. All by default.
   */
  maxPly?: number;
  /**
   * Which games are played, by number (the first is 1): the moves of the
   * others are read but neither played nor checked, as past `maxPly`, and
   * the visitor is given no position of theirs, only their end (with their
   * tags and number, and no last position): `--shard` skips the games it
   * does not keep this way. All by default.
   */
  plays?: (game: number) => boolean;
  /**
   * Whether each position handed on has the SAN of the move that led
   * there (`PgnPosition.san`): making it costs a little more reading, and
   * is off by default (`null` then).
   */
  san?: boolean;
}

/**
 * A walker of one PGN stream: {@linkcode PgnWalker.push} it chunks of text
 * or bytes, as to a `PgnReader`, and it calls its visitor with
 * every position as soon as its move is read, then with each game as it
 * ends. The positions are the ones `PgnGame.positions` yields for the same
 * game, in the same order, with `move` always `null` (the move is not
 * kept; `from` and `to` say where it went).
 *
 * @example The FEN after each move, no game kept
 * ```ts
 * import { PgnWalker } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const fens: string[] = [];
 * const walker = new PgnWalker({
 *   position: (p) => void fens.push(p.fen),
 *   end: (game) => assert.equal(game.tags.get("Event"), "A"),
 * });
 * walker.push('[Event "A"]\n\n1. e4 e5 *\n');
 * walker.end();
 * assert.equal(fens.length, 3);
 * assert.equal(fens[2], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
 * ```
 */
export class PgnWalker {
  readonly #stream: PgnStream;

  /**
   * Makes a walker for one stream.
   *
   * @param visitor What is called with each position and game.
   * @param options The reader's options, variations, en passant.
   */
  constructor(visitor: PgnVisitor, options: PgnWalkerOptions = {}) {
    const builder = new GameBuilder(
      {
        strict: options.strict === true,
        rules: rulesOf(options),
      },
      new GameWalk({
        visitor,
        variations: options.variations === true,
        enPassant: options.enPassant ?? "always",
        maxPly: options.maxPly ?? Infinity,
        plays: options.plays ?? null,
        san: options.san === true,
      }),
    );
    this.#stream = new PgnStream(builder, options);
  }

  /**
   * Reads the next chunk of the stream, text or bytes (do not mix them),
   * calling the visitor for what it completes.
   *
   * @param chunk The next piece of the stream, cut anywhere.
   */
  push(chunk: string | Uint8Array): void {
    this.#stream.push(chunk);
  }

  /** Ends the stream: the last game's end is called. */
  end(): void {
    this.#stream.end();
  }
}

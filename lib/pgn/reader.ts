/**
 * Reading PGN: {@linkcode PgnReader} for streams of any length (fed chunks
 * of text or bytes, it hands back each game as soon as it ends, and keeps
 * no more than the game being read), {@linkcode parsePgn} for a text at
 * once, and {@linkcode readPgn} for a byte stream such as a file.
 *
 * @module
 */

import { GameBuilder } from "./_builder.ts";
import { GameTree } from "./_outputs.ts";
import { PgnStream } from "./_stream.ts";
import type { PgnGame } from "./game.ts";
import { type Rules, rulesOf } from "../types.ts";

/**
 * Options for {@linkcode PgnReader}, {@linkcode parsePgn} and
 * {@linkcode readPgn}.
 *
 * @example SAN as the standard writes it, and nothing else
 * ```ts
 * import { parsePgn, type PgnReaderOptions } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const options: PgnReaderOptions = { strict: true };
 * assert.equal(parsePgn("1. Ng1-f3 *")[0].mainline.moves[0].san, "Nf3");
 * assert.throws(() => parsePgn("1. Ng1-f3 *", options), /not a move in SAN or UCI/);
 * ```
 */
export interface PgnReaderOptions {
  /**
   * Accept a move only written as its SAN exactly, check or mate mark
   * included (annotations such as `!?` aside). Defaults to `false`: moves
   * are read as people write them, `Nb1-c3`, `e2-e4`, `e2e4`, `ed5`,
   * `0-0`, `e8Q`, `e8(Q)`, with check marks right or wrong, but never as
   * a different move than the text says. In either mode, `h8(Q)+`,
   * typeset dashes (`0–0–0`, `O—O`, `1—0`) and the null move `--` (and
   * `Z0` when not strict) are read.
   */
  strict?: boolean;
  /**
   * The rules of a game without a `Variant` tag (defaults to `"chess"`);
   * a game's `Variant` tag, read as lichess and python-chess write it
   * (`"Atomic"`, `"Three-check"`, `"fromPosition"`), always wins.
   */
  rules?: Rules;
  /**
   * The most characters of a comment kept; a longer comment is cut there,
   * the game's `truncated` is set and the first such comment of a game is
   * one of its `warnings`. Defaults to 1,048,576.
   */
  maxComment?: number;
  /**
   * The most characters of a tag value; a longer one is an error for its
   * game. Defaults to 65,536.
   */
  maxTagValue?: number;
}

/**
 * A reader of one PGN stream: {@linkcode PgnReader.push} it chunks of text
 * (or bytes: UTF-8, or ISO 8859-1 when they are not UTF-8) and it returns
 * the games those chunks complete; {@linkcode PgnReader.end} returns the
 * last. Memory holds the game being read and nothing else: comments longer
 * than `maxComment` are cut, tag values longer than `maxTagValue` are an
 * error, and variations nest as deep as the text goes, without recursion.
 *
 * A game that cannot be read is returned with its `error` set (a
 * `PgnSyntaxError` or `PgnMoveError`) and the moves before the error; the
 * reader goes on with the next game. Games are read however they are
 * separated: blank lines or none, a byte-order mark, CRLF line ends. A
 * game ends at its result or, without one, at a blank line after its
 * movetext; a tag section, a blank line and a tag it already has are a
 * game of no moves; what follows the result up to a blank line, a tag or a
 * move is the game's (a comment there is kept on its last move).
 *
 * @example Games cut anywhere by the chunks
 * ```ts
 * import { PgnReader } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const text = '[Event "A"]\n1. e4 e5 1-0\n[Event "B"]\n1. d4 d5 0-1\n';
 * const reader = new PgnReader();
 * const games = [];
 * for (let i = 0; i < text.length; i += 7) games.push(...reader.push(text.slice(i, i + 7)));
 * games.push(...reader.end());
 * assert.deepEqual(games.map((g) => g.tags.get("Event")), ["A", "B"]);
 * assert.deepEqual(games.map((g) => g.result), ["1-0", "0-1"]);
 * ```
 */
export class PgnReader {
  readonly #games = new GameTree();
  readonly #stream: PgnStream;

  /**
   * Makes a reader for one stream.
   *
   * @param options Strict SAN, and the limits on comments and tag values.
   */
  constructor(options: PgnReaderOptions = {}) {
    const builder = new GameBuilder({
      strict: options.strict === true,
      rules: rulesOf(options),
    }, this.#games);
    this.#stream = new PgnStream(builder, options);
  }

  /**
   * Reads the next chunk of the stream, text or bytes (do not mix them).
   *
   * @param chunk The next piece of the stream, cut anywhere.
   * @returns The games that this chunk completed, in order.
   */
  push(chunk: string | Uint8Array): PgnGame[] {
    this.#stream.push(chunk);
    return this.#take();
  }

  /**
   * Ends the stream.
   *
   * @returns The games still open, usually the last one.
   */
  end(): PgnGame[] {
    this.#stream.end();
    return this.#take();
  }

  #take(): PgnGame[] {
    const games = this.#games.games;
    if (games.length === 0) return [];
    const out = games.slice();
    games.length = 0;
    return out;
  }
}

/**
 * Reads every game of a PGN text, and throws the error of the first game
 * that cannot be read; use {@linkcode PgnReader} to keep the other games.
 *
 * @example Two games, tags and moves
 * ```ts
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const games = parsePgn('[White "A"]\n\n1. e4 {best} e5 2. Nf3 1-0\n\n1. d4 *');
 * assert.equal(games.length, 2);
 * assert.equal(games[0].tags.get("White"), "A");
 * assert.deepEqual(games[0].mainline.moves.map((m) => m.san), ["e4", "e5", "Nf3"]);
 * assert.deepEqual(games[0].mainline.moves[0].comments, ["best"]);
 * ```
 *
 * @example The error names the game, the place and the move
 * ```ts
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => parsePgn("1. e4 e5 2. Nf6 *"), {
 *   name: "PgnMoveError",
 *   message: 'Cannot read PGN: game 1 (line 1, column 13), move 2. "Nf6": illegal: no knight can move to f6',
 * });
 * ```
 *
 * @param text The PGN text.
 * @param options Strict SAN, and the limits on comments and tag values.
 * @returns The games, in order.
 * @throws {PgnSyntaxError} If a game's text is not PGN.
 * @throws {PgnMoveError} If a move cannot be played.
 */
export function parsePgn(
  text: string,
  options: PgnReaderOptions = {},
): PgnGame[] {
  const reader = new PgnReader(options);
  const games = reader.push(text);
  games.push(...reader.end());
  for (const game of games) if (game.error !== null) throw game.error;
  return games;
}

/**
 * Reads the games of a byte stream (a file, stdin, a fetch body) as they
 * come, UTF-8 or ISO 8859-1. Games that cannot be read are yielded with
 * their `error` set, as {@linkcode PgnReader} returns them.
 *
 * @example Games from a stream of bytes
 * ```ts
 * import { readPgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const bytes = new TextEncoder().encode('[Event "Caf\u00e9"]\n\n1. e4 *\n');
 * const stream = ReadableStream.from([bytes.subarray(0, 10), bytes.subarray(10)]);
 * const events = [];
 * for await (const game of readPgn(stream)) events.push(game.tags.get("Event"));
 * assert.deepEqual(events, ["Caf\u00e9"]);
 * ```
 *
 * @param stream The bytes.
 * @param options Strict SAN, and the limits on comments and tag values.
 * @returns The games, in order.
 */
export async function* readPgn(
  stream: AsyncIterable<Uint8Array>,
  options: PgnReaderOptions = {},
): AsyncGenerator<PgnGame, void, undefined> {
  const reader = new PgnReader(options);
  for await (const chunk of stream) yield* reader.push(chunk);
  yield* reader.end();
}

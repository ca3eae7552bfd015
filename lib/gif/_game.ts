// A game as an animation's frames and players: the one reading of a PGN
// game for GIFs, which the command and the service share.

import type { PgnGame } from "../pgn/mod.ts";
import type { MoveGlyph } from "../svg/_types.ts";
import type { Position } from "../types.ts";
import type { Player } from "./_bars.ts";

/** A frame of a game: the position, the move that led to it, its badge. */
export interface GameFrame {
  /** The position. */
  position: Position;
  /** The move that led to it, as its squares (`e2e4`). */
  lastMove?: string;
  /** The badge of the move's quality, from its NAGs. */
  glyph?: MoveGlyph;
}

/** The badge of NAGs 1 to 6 (`$1` is `!` ... `$6` is `?!`). */
const GLYPH_OF_NAG: readonly (MoveGlyph | undefined)[] = [
  undefined,
  "!",
  "?",
  "!!",
  "??",
  "!?",
  "?!",
];

/**
 * A game's frames for an animation: its start, then the position after
 * each move of the mainline, the move's squares, and the badge of its first
 * move-quality NAG.
 *
 * @example Frames of a short game
 * ```ts
 * import { gameFrames } from "@fen/fen/gif";
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. e4 e5?! *");
 * const frames = [...gameFrames(game)];
 * assert.equal(frames.length, 3);
 * assert.equal(frames[2].lastMove, "e7e5");
 * assert.equal(frames[2].glyph, "?!");
 * ```
 *
 * @param game A game read by `@fen/fen/pgn`.
 * @returns The frames, one after the other.
 */
export function* gameFrames(game: PgnGame): Generator<GameFrame> {
  // One cursor: each frame takes what it needs before the next ply.
  for (const position of game.cursor()) {
    const move = position.move;
    // The start, or a null move (`--`): no move to mark.
    if (move === null || position.from === null) {
      yield { position: position.toPosition() };
      continue;
    }
    const glyph = move.nags.map((nag) => GLYPH_OF_NAG[nag]).find((g) => g);
    yield {
      position: position.toPosition(),
      lastMove: `${position.from}${position.to}`,
      ...(glyph === undefined ? {} : { glyph }),
    };
  }
}

/**
 * A player from a game's tags (`White`, `WhiteTitle`, `WhiteElo`), or
 * `null` when the tag names nobody (`?` or empty).
 *
 * @example White from the tags
 * ```ts
 * import { gamePlayer } from "@fen/fen/gif";
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn('[White "Anna"]\n[WhiteElo "2400"]\n\n*');
 * assert.deepEqual(gamePlayer(game, "White"), { name: "Anna", rating: 2400 });
 * assert.equal(gamePlayer(game, "Black"), null);
 * ```
 *
 * @param game A game read by `@fen/fen/pgn`.
 * @param side Whose tags.
 * @returns The player, or `null`.
 */
export function gamePlayer(
  game: PgnGame,
  side: "White" | "Black",
): Player | null {
  const name = game.tags.get(side);
  if (name === undefined || name === "?" || name === "") return null;
  const title = game.tags.get(`${side}Title`);
  const rating = game.tags.get(`${side}Elo`);
  return {
    name,
    ...(title && title !== "-" ? { title } : {}),
    ...(rating && /^\d{1,5}$/.test(rating) ? { rating: Number(rating) } : {}),
  };
}

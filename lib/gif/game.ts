// A game as an animation's frames and players: the one reading of a PGN
// game for GIFs, which the command and the service share.

import type { PgnGame, PgnShape } from "../pgn/mod.ts";
import type { MoveGlyph } from "../svg/types.ts";
import type { Position } from "../types.ts";
import type { Player } from "../raster/bars.ts";

/**
 * A frame of a game: the position, the move that led to it, its badge, the
 * arrows and squares its comment draws, and on the last frame of a
 * finished game, the result.
 */
export interface GameFrame {
  /** The position. */
  position: Position;
  /** The move that led to it, as its squares (`e2e4`). */
  lastMove?: string;
  /** The badge of the move's quality, from its NAGs. */
  glyph?: MoveGlyph;
  /** The arrows of the move's comment (`[%cal Ge2e4]`), lettered. */
  arrows?: string[];
  /** The squares of the move's comment (`[%csl Re4]`), lettered. */
  highlight?: string[];
  /** The game's result, on its last frame when the game is finished. */
  result?: "1-0" | "0-1" | "1/2-1/2";
}

/** The color letter of each of a PGN shape's brushes. */
const LETTERS: Readonly<Record<PgnShape["color"], string>> = {
  green: "G",
  red: "R",
  yellow: "Y",
  blue: "B",
};

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
 * each move of the mainline, the move's squares, the badge of its first
 * move-quality NAG, the arrows and squares of its comment, and on the last
 * frame the result when the game is finished.
 *
 * @example Frames of a short game
 * ```ts
 * import { gameFrames } from "@fen/fen/gif";
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. e4 { [%cal Gd2d4] } e5?! 0-1");
 * const frames = [...gameFrames(game)];
 * assert.equal(frames.length, 3);
 * assert.deepEqual(frames[1].arrows, ["Gd2d4"]);
 * assert.equal(frames[2].lastMove, "e7e5");
 * assert.equal(frames[2].glyph, "?!");
 * assert.equal(frames[2].result, "0-1");
 * ```
 *
 * @param game A game read by `@fen/fen/pgn`.
 * @returns The frames, one after the other.
 */
export function* gameFrames(game: PgnGame): Generator<GameFrame> {
  let previous: GameFrame | null = null;
  // One cursor: each frame takes what it needs before the next ply.
  for (const position of game.cursor()) {
    if (previous !== null) yield previous;
    const move = position.move;
    previous = { position: position.toPosition() };
    // The start, or a null move (`--`): no move to mark.
    if (move === null || position.from === null) continue;
    previous.lastMove = `${position.from}${position.to}`;
    const glyph = move.nags.map((nag) => GLYPH_OF_NAG[nag]).find((g) => g);
    if (glyph !== undefined) previous.glyph = glyph;
    const arrows = move.shapes.filter(({ from, to }) => from !== to);
    const squares = move.shapes.filter(({ from, to }) => from === to);
    if (arrows.length > 0) {
      previous.arrows = arrows.map((s) => LETTERS[s.color] + s.from + s.to);
    }
    if (squares.length > 0) {
      previous.highlight = squares.map((s) => LETTERS[s.color] + s.from);
    }
  }
  if (previous === null) return;
  const result = game.result;
  if (result === "1-0" || result === "0-1" || result === "1/2-1/2") {
    previous.result = result;
  }
  yield previous;
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

// A game to animate from PGN: `GET /game.gif?pgn=...` or a `POST` with a
// PGN body, the look in the query string (the image endpoints' parameters,
// less those of a single position). One game, its mainline; the players
// from the query, else from the game's tags.

import type { Player } from "../gif/mod.ts";
import { gameFrames, gamePlayer } from "../gif/game.ts";
import { parsePgn, PgnMoveError, PgnSyntaxError } from "../pgn/mod.ts";
import type { PgnGame } from "../pgn/mod.ts";
import type { Rules } from "../types.ts";
import { RequestError, shown } from "./_http.ts";
import type { Game } from "./_game.ts";
import { MAX_FRAMES } from "./_game.ts";
import { checkLook } from "./_images.ts";
import { IMAGE_ENDPOINTS, MAX_NAME_BYTES } from "./_dialects.ts";
import { bytesAtMost, readQuery } from "./_query.ts";

/** Query parameters of one position, which a game's moves decide. */
const PER_POSITION = ["fen", "lastMove", "lastmove", "last-move", "check"];

/**
 * The glyph of NAGs 1 to 6, as the badge shows it (the same table as the
 * command's `--format gif` of a game).
 */

/** A game from PGN text, its look from `query` (without `pgn`). */
export function readPgnGame(
  text: string,
  query: URLSearchParams,
  parameter: string,
): Game & { canonical: string } {
  const look = new URLSearchParams();
  for (const [name, value] of query) {
    if (PER_POSITION.includes(name)) {
      throw new RequestError(`${name}: a game's moves decide it`, {
        parameter: name,
      });
    }
    look.append(name, value);
  }
  const read = readQuery(look, IMAGE_ENDPOINTS["/game.gif"]);
  checkLook(read, "gif");
  // As the command's --variant: the rules of a game without a Variant tag.
  const pgn = onlyGame(text, parameter, read.rules);
  const plies = pgn.mainline.moves.length;
  if (plies + 1 > MAX_FRAMES) {
    throw new RequestError(`the game has more than ${MAX_FRAMES - 1} moves`, {
      status: 413,
      parameter,
    });
  }
  const game: Game & { canonical: string } = {
    options: read.options,
    frames: [...gameFrames(pgn)],
    canonical: `${read.canonical}\npgn=${JSON.stringify(text)}`,
  };
  if (read.comment !== undefined) game.comment = read.comment;
  for (const side of ["white", "black"] as const) {
    const name = read[side] ??
      playerOf(pgn, side === "white" ? "White" : "Black");
    if (name !== null) game[side] = name;
  }
  return game;
}

/** The one game of the text; a PGN error is the client's, with its place. */
function onlyGame(
  text: string,
  parameter: string,
  rules: Rules | undefined,
): PgnGame {
  let games: PgnGame[];
  try {
    games = parsePgn(text, rules === undefined ? {} : { rules });
  } catch (error) {
    if (error instanceof PgnSyntaxError || error instanceof PgnMoveError) {
      throw new RequestError(error.message.replace(/^Cannot read PGN: /, ""), {
        parameter,
      });
    }
    throw error;
  }
  if (games.length !== 1) {
    throw new RequestError(
      `${parameter} holds ${games.length} games; a GIF animates one`,
      { parameter },
    );
  }
  return games[0];
}

/** A player from the game's tags (name, title, rating), or none. */
function playerOf(game: PgnGame, side: "White" | "Black"): Player | null {
  const player = gamePlayer(game, side);
  if (player === null) return null;
  bytesAtMost(player.name, MAX_NAME_BYTES, `the ${side} tag`);
  const title = game.tags.get(`${side}Title`);
  if (title !== undefined && title.length > 8) {
    throw new RequestError(`the ${side}Title tag ${shown(title)} is too long`, {
      parameter: `${side}Title`,
    });
  }
  return player;
}

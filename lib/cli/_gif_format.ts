// `--format gif`: a position as one frame, a game (PGN input, or the moves
// of --moves) as an animation, written as the frames come. Loaded with the
// GIF renderer only when a GIF is asked for.

import type { GifFrame, GifRenderer, Player } from "../gif/mod.ts";
import type { PgnGame } from "../pgn/mod.ts";
import type { MoveGlyph, RenderSvgOptions } from "../svg/_types.ts";
import type { Output } from "./_io.ts";
import type { Current } from "./_record.ts";

/** What a run settles for its GIFs. */
export interface GifRun {
  renderer: GifRenderer;
  /** `--white` and `--black`, which win over a game's tags. */
  white: string | null;
  black: string | null;
  /** `--delay`, centiseconds a move. */
  delay: number;
}

/** The glyph of NAGs 1 to 6, as the badge shows it. */
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
 * Writes the record as a GIF: the game it belongs to animated from its
 * start, or the position alone.
 */
export function writeGif(
  out: Output,
  current: Current,
  { gif, svg }: { gif: GifRun; svg: RenderSvgOptions },
): void {
  const {
    style: _,
    accessible: __,
    arrows: ___,
    arrowColor: ____,
    sideToMove: _____,
    badge: ______,
    lastMove,
    ...look
  } = svg;
  const game = current.game;
  const players = playersOf(game, gif);
  if (game === null) {
    const last = lastMove ?? current.lastMove ?? undefined;
    out.writeBytes(gif.renderer.render(current.position(), {
      ...look,
      ...players,
      ...(last === undefined ? {} : { lastMove: last }),
    }));
    return;
  }
  for (
    const piece of gif.renderer.animate(framesOf(game), {
      ...look,
      ...players,
      delay: gif.delay,
    })
  ) {
    out.writeBytes(piece);
  }
}

/** A game's frames: its start, then the position after each move. */
function* framesOf(game: PgnGame): Generator<GifFrame> {
  for (const position of game.positions()) {
    const move = position.move;
    if (move === null) {
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

/** The bars' players: the options, else the game's tags, else none. */
function playersOf(
  game: PgnGame | null,
  gif: GifRun,
): { white?: string | Player; black?: string | Player } {
  const white = gif.white ?? playerOf(game, "White");
  const black = gif.black ?? playerOf(game, "Black");
  return {
    ...(white === null ? {} : { white }),
    ...(black === null ? {} : { black }),
  };
}

function playerOf(
  game: PgnGame | null,
  side: "White" | "Black",
): Player | null {
  const name = game?.tags.get(side);
  if (game === null || name === undefined || name === "?" || name === "") {
    return null;
  }
  const title = game.tags.get(`${side}Title`);
  const rating = game.tags.get(`${side}Elo`);
  return {
    name,
    ...(title && title !== "-" ? { title } : {}),
    ...(rating && /^\d+$/.test(rating) ? { rating: Number(rating) } : {}),
  };
}

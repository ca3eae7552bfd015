// `--format gif`: a position as one frame, a game (PGN input, or the moves
// of --moves) as an animation, written as the frames come. Loaded with the
// GIF renderer only when a GIF is asked for.

import type {
  gameFrames,
  gamePlayer,
  GifRenderer,
  Player,
} from "../gif/mod.ts";
import type { PgnGame } from "../pgn/mod.ts";
import type { RenderSvgOptions } from "../svg/types.ts";
import type { Output } from "./io.ts";
import type { Current } from "./record.ts";

/** What a run settles for its GIFs. */
export interface GifRun {
  renderer: GifRenderer;
  /** `--white` and `--black`, which win over a game's tags. */
  white: string | null;
  black: string | null;
  /** `--delay`, centiseconds a move. */
  delay: number;
  /** A game's frames and players (the GIF module's own reading of games). */
  frames: typeof gameFrames;
  player: typeof gamePlayer;
}

/**
 * Writes the record as a GIF: the game it belongs to animated from its
 * start, or the position alone.
 */
export function writeGif(
  out: Output,
  current: Current,
  { gif, svg }: { gif: GifRun; svg: RenderSvgOptions },
): void {
  const { style: _, accessible: __, badge: ___, lastMove, ...look } = svg;
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
  // The frames at once: the renderer looks through them for a result, to
  // give the picture bars to show it in.
  for (
    const piece of gif.renderer.animate([...gif.frames(game)], {
      ...look,
      ...players,
      delay: gif.delay,
    })
  ) {
    out.writeBytes(piece);
  }
}

/** The bars' players: the options, else the game's tags, else none. */
function playersOf(
  game: PgnGame | null,
  gif: GifRun,
): { white?: string | Player; black?: string | Player } {
  const white = gif.white ?? (game && gif.player(game, "White"));
  const black = gif.black ?? (game && gif.player(game, "Black"));
  return {
    ...(white === null ? {} : { white }),
    ...(black === null ? {} : { black }),
  };
}

/**
 * Writes lila-gif's README example game as an animated GIF to stdout (720 x
 * 840, names, badges, last moves, checks), as a whole process would until
 * `fen --format gif` does it: bench/gif_process.sh times it.
 *
 * ```sh
 * deno run bench/gif_game.ts > game.gif
 * ```
 *
 * @module
 */

import { animateGif } from "../lib/gif/mod.ts";
import { gameFrames, LILA_BLACK, LILA_GAME, LILA_WHITE } from "./_lila_game.ts";

const frames = gameFrames(LILA_GAME);
const options = { size: 720, white: LILA_WHITE, black: LILA_BLACK };
for await (const part of animateGif(frames, options)) {
  let written = 0;
  while (written < part.length) {
    written += await Deno.stdout.write(part.subarray(written));
  }
}

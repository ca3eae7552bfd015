// The players' bars above and below the board, as lichess's GIFs draw them:
// the title in gold, then the name and the rating, in grey on near black.
// Text is drawn as outlines (../svg/lettering.ts): a name can hold any
// character and still adds nothing to the document but paths; a name wider
// than the bar is cut and ends in an ellipsis.

import { fitText, lettering, textWidth } from "../svg/lettering.ts";

/** A player as the bars show them. */
export interface Player {
  /** The name, such as `"DrDrunkenstein"`. */
  name: string;
  /** A title, such as `"GM"`, drawn before the name. */
  title?: string;
  /** A rating, drawn after the name in parentheses. */
  rating?: number | string;
}

/** lichess's colors for the bar, its text and titles. */
const BAR = "#262421";
const TEXT = "#bababa";
const TITLE = "#bf811d";
/** A score, in the white of lichess's own text on the bar. */
const SCORE = "#ffffff";

/** A bar's height for a board `size` pixels wide: 60 for 720. */
export function barHeight(size: number): number {
  return Math.max(12, Math.round(size / 12));
}

/**
 * The bar as an SVG document, `width` x `height` pixels; a finished
 * game's `score` for the player (`1`, `0`, `½`) at its right end, where
 * lila-gif draws a clock.
 */
export function barSvg(
  player: Player,
  width: number,
  { height, score = "" }: { height: number; score?: string },
): string {
  const em = height * 0.42;
  const pad = height * 0.3;
  let room = (width - 2 * pad) / em; // in ems
  const scored = score === "" ? "" : fitText(score, room / 4);
  room -= scored === "" ? 0 : textWidth(scored) + 1;
  const title = player.title ? fitText(player.title, room / 4) : "";
  const rating = player.rating === undefined
    ? ""
    : ` (${fitText(String(player.rating), room / 4)})`;
  const lead = title === "" ? "" : `${title} `;
  room -= textWidth(lead) + textWidth(rating);
  const name = fitText(player.name, Math.max(room, 0));
  const y = height / 2 + 0.36 * em; // half a capital's height below the middle
  return `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}">\n` +
    `<rect width="${width}" height="${height}" fill="${BAR}"/>\n` +
    lettering(lead, { x: pad, y, size: em, fill: TITLE }) +
    lettering(name + rating, {
      x: pad + textWidth(lead) * em,
      y,
      size: em,
      fill: TEXT,
    }) +
    lettering(scored, {
      x: width - pad - textWidth(scored) * em,
      y,
      size: em,
      fill: SCORE,
    }) + "</svg>\n";
}

/**
 * Each player's score in a finished game's result (`1-0`, `0-1`, `½-½`):
 * White's, then Black's.
 */
export function scores(result: string): [string, string] {
  const [white, black] = result.split("-");
  return [white, black];
}

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

/** A bar's height for a board `size` pixels wide: 60 for 720. */
export function barHeight(size: number): number {
  return Math.max(12, Math.round(size / 12));
}

/** The bar as an SVG document, `width` x `height` pixels. */
export function barSvg(player: Player, width: number, height: number): string {
  const em = height * 0.42;
  const pad = height * 0.3;
  let room = (width - 2 * pad) / em; // in ems
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
    }) + "</svg>\n";
}

/**
 * A game's result over the middle of a board `size` pixels square, as an
 * SVG document of that size: the bars' text on the bars' ground, in a box
 * about three squares wide.
 */
export function resultSvg(result: string, size: number): string {
  const em = size / 10;
  const width = textWidth(result) * em + em;
  const height = em * 1.5;
  const [x, y] = [(size - width) / 2, (size - height) / 2];
  const r = (n: number): string => String(Math.round(n * 100) / 100);
  return `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${size}" height="${size}">\n` +
    `<rect x="${r(x)}" y="${r(y)}" width="${r(width)}" height="${
      r(height)
    }" rx="${r(em / 4)}" fill="${BAR}"/>\n` +
    lettering(result, {
      x: x + em / 2,
      y: size / 2 + 0.36 * em,
      size: em,
      fill: TEXT,
    }) + "</svg>\n";
}

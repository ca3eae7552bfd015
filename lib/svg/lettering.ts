// Text drawn as outlines (DejaVu Sans, see _glyphs.ts), so that no font is
// needed: a badge's "?!", a player's name on a GIF. A glyph's outline is
// relative after its first point, so moving it along the line rewrites only
// that point.

import { GLYPHS } from "./_glyphs.ts";

/** A character's advance width (ems) and outline. */
interface Glyph {
  advance: number;
  x: number;
  y: number;
  rest: string;
}

/** The first point of an outline, then the rest. */
const START = /^M(-?(?:\d+\.?\d*|\.\d+))\s?(-?(?:\d+\.?\d*|\.\d+))/;

const TABLE: ReadonlyMap<string, Glyph> = new Map(
  Object.entries(GLYPHS).map(([char, data]) => {
    const space = data.indexOf(" ");
    const d = data.slice(space + 1);
    const start = START.exec(d);
    return [char, {
      advance: Number(data.slice(0, space)),
      x: start === null ? 0 : Number(start[1]),
      y: start === null ? 0 : Number(start[2]),
      rest: start === null ? "" : d.slice(start[0].length),
    }];
  }),
);

/** Drawn for characters the outlines lack (and for control characters). */
const REPLACEMENT = TABLE.get("\ufffd")!;
const ELLIPSIS = "\u2026";

function glyph(char: string): Glyph {
  return TABLE.get(char) ?? REPLACEMENT;
}

/** The width of `text` in ems. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += glyph(char).advance;
  return width;
}

/**
 * `text` if it is at most `width` ems wide; else as many of its first
 * characters as fit with an ellipsis after them.
 */
export function fitText(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const chars = [...text];
  let used = glyph(ELLIPSIS).advance;
  let count = 0;
  while (count < chars.length && used + glyph(chars[count]).advance <= width) {
    used += glyph(chars[count++]).advance;
  }
  return chars.slice(0, count).join("").trimEnd() + ELLIPSIS;
}

/**
 * One path drawing `text` from (x, y) on the baseline, `size` units per
 * em, in `fill`: the characters the outlines lack are drawn as U+FFFD.
 */
export function lettering(
  text: string,
  at: { x: number; y: number; size: number; fill: string },
): string {
  let d = "";
  let pen = 0;
  for (const char of text) {
    const { advance, x, y, rest } = glyph(char);
    if (rest !== "") d += `M${round(pen + x)} ${round(y)}${rest}`;
    pen += advance;
  }
  if (d === "") return "";
  return `<path transform="translate(${round(at.x)} ${round(at.y)}) scale(${
    round(at.size)
  })" fill="${at.fill}" d="${d}"/>\n`;
}

/** Three decimals, as the outlines are written. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

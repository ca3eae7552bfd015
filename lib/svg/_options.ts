// Reads RenderSvgOptions once into a Drawing: every color checked, every
// square parsed and every default settled, so that the writers below only
// print and nothing unchecked reaches the document.

import { isCssColor } from "../css_color.ts";
import { squareOf } from "../types.ts";
import type { Arrow, Move, RenderSvgOptions, SvgStyle } from "./_types.ts";
import {
  DEFAULT_ARROW_COLOR,
  DEFAULT_CHECK_COLOR,
  DEFAULT_DARK,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_LAST_MOVE_COLOR,
  DEFAULT_LIGHT,
  DEFAULT_SIZE,
  MAX_SIZE,
  SVG_STYLES,
} from "./_defaults.ts";

/** An arrow between two board indices (0 = a8, 63 = h1). */
export interface IndexArrow {
  from: number;
  to: number;
  color: string;
}

/** Everything a writer needs, checked. */
export interface Drawing {
  style: SvgStyle;
  labels: boolean;
  flip: boolean;
  size: number;
  light: string;
  dark: string;
  highlight: number[];
  highlightColor: string;
  lastMove: number[];
  lastMoveColor: string;
  arrows: IndexArrow[];
  check: boolean;
  checkColor: string;
  sideToMove: boolean;
  accessible: boolean;
}

/** The one shape of the renderer's option errors. */
export function optionError(detail: string): RangeError {
  return new RangeError(`Cannot render SVG: ${detail}`);
}

/** Checks and completes the options. */
export function readOptions(options: RenderSvgOptions): Drawing {
  const style = options.style ?? "classic";
  if (!(SVG_STYLES as readonly string[]).includes(style)) {
    throw optionError(
      `style ${JSON.stringify(style)} is not one of ${SVG_STYLES.join(", ")}`,
    );
  }
  const vector = style === "vector";
  const arrowColor = color(options.arrowColor, DEFAULT_ARROW_COLOR, "arrow");
  return {
    style,
    labels: options.labels === true,
    flip: options.flip === true,
    size: size(options.size),
    light: color(options.light, DEFAULT_LIGHT, "light"),
    dark: color(options.dark, DEFAULT_DARK, "dark"),
    highlight: (options.highlight ?? []).map((name) =>
      square(name, "highlighted square")
    ),
    highlightColor: color(
      options.highlightColor,
      DEFAULT_HIGHLIGHT_COLOR,
      "highlight",
    ),
    lastMove: options.lastMove === undefined
      ? []
      : move(options.lastMove, "last move"),
    lastMoveColor: color(
      options.lastMoveColor,
      DEFAULT_LAST_MOVE_COLOR,
      "last-move",
    ),
    arrows: (options.arrows ?? []).map((arrow) => {
      const [from, to] = move(arrow, "arrow");
      const own = typeof arrow === "string" ? undefined : arrow.color;
      return { from, to, color: color(own, arrowColor, "arrow") };
    }),
    check: options.check ?? vector,
    checkColor: color(options.checkColor, DEFAULT_CHECK_COLOR, "check"),
    sideToMove: options.sideToMove === true,
    accessible: options.accessible ?? vector,
  };
}

function color(value: string | undefined, fallback: string, which: string) {
  if (value === undefined) return fallback;
  if (typeof value === "string" && isCssColor(value)) return value;
  throw optionError(
    `${which} color ${
      JSON.stringify(value)
    } is not a CSS color (#rgb, #rrggbb, #rrggbbaa, a name such as "teal", rgb() or hsl())`,
  );
}

function size(value: number | undefined): number {
  if (value === undefined) return DEFAULT_SIZE;
  if (Number.isInteger(value) && value >= 1 && value <= MAX_SIZE) return value;
  throw optionError(
    `size ${
      String(value)
    } is not a whole number of pixels from 1 to ${MAX_SIZE}`,
  );
}

function square(name: string, what: string): number {
  const index = squareOf(name);
  if (index >= 0) return index;
  throw optionError(
    `${what} ${JSON.stringify(name)} is not a square such as "e4"`,
  );
}

/** "e2e4" (a promotion letter may follow: "e7e8q"), or { from, to }. */
function move(value: string | Arrow | Move, what: string): [number, number] {
  if (typeof value === "string") {
    if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(value)) {
      return [square(value.slice(0, 2), what), square(value.slice(2, 4), what)];
    }
    throw optionError(
      `${what} ${JSON.stringify(value)} is not two squares such as "e2e4"`,
    );
  }
  if (typeof value !== "object" || value === null) {
    throw optionError(`${what} ${String(value)} is not a move such as "e2e4"`);
  }
  return [square(value.from, `${what} start`), square(value.to, `${what} end`)];
}

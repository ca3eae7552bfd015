// Reads RenderSvgOptions once into a Drawing: every color checked, every
// square parsed and every default settled, so that the writers below only
// print and nothing unchecked reaches the document.

import { isCssColor } from "./css_color.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import { HILL as HILL_SQUARES } from "../chess/variants/descriptor.ts";

/**
 * King of the hill's goal, the four centre squares, by name: the rule's
 * own squares (a diagram tints them).
 */
const HILL: readonly string[] = HILL_SQUARES.map((k) => SQUARE_NAMES[k]);
import { squareOf } from "../types.ts";
import type {
  Arrow,
  Coordinates,
  Frame,
  Move,
  MoveGlyph,
  PieceSet,
  RenderSvgOptions,
  SquareMark,
  SvgStyle,
} from "./types.ts";
import { letteredArrow, letteredSquare } from "./letters.ts";
import {
  BOARD_THEMES,
  COORDINATES,
  DEFAULT_ARROW_COLOR,
  DEFAULT_CHECK_COLOR,
  DEFAULT_DARK,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_LAST_MOVE_COLOR,
  DEFAULT_LIGHT,
  DEFAULT_SIZE,
  DEFAULT_THEME,
  FRAMES,
  MAX_SIZE,
  MOVE_GLYPHS,
  PIECE_SETS,
  SVG_STYLES,
} from "./defaults.ts";

/** An arrow between two board indices (0 = a8, 63 = h1). */
export interface IndexArrow {
  from: number;
  to: number;
  color: string;
}

/** A tinted square: its board index and color. */
export interface Tint {
  square: number;
  color: string;
}

/** Everything a writer needs, checked. */
export interface Drawing {
  style: SvgStyle;
  /** Coordinates outside, in the frame: the classic style's labels. */
  labels: boolean;
  pieces: PieceSet;
  frame: Frame;
  coordinates: Coordinates;
  flip: boolean;
  size: number;
  light: string;
  dark: string;
  highlight: Tint[];
  /** The tint of squares given without a color. */
  highlightColor: string;
  lastMove: number[];
  lastMoveColor: string;
  arrows: IndexArrow[];
  /** The color of arrows given without one. */
  arrowColor: string;
  check: boolean;
  /** The one square whose king is marked, or null: every king in check. */
  checkSquare: number | null;
  checkColor: string;
  badge: { square: number; glyph: MoveGlyph } | null;
  sideToMove: boolean;
  accessible: boolean;
}

/** A diagram option the renderer cannot use. */
export class SvgOptionError extends RangeError {
  /** What is wrong, in words (the message without "Cannot render SVG"). */
  readonly detail: string;

  /** @param detail What is wrong, in words. */
  constructor(detail: string) {
    super(`Cannot render SVG: ${detail}`);
    this.name = "SvgOptionError";
    this.detail = detail;
  }
}

/** The one shape of the renderer's option errors. */
export function optionError(detail: string): SvgOptionError {
  return new SvgOptionError(detail);
}

/** Checks and completes the options. */
export function readOptions(options: RenderSvgOptions): Drawing {
  const style = oneOf(options.style ?? "classic", SVG_STYLES, "style");
  const vector = style === "vector";
  const furniture = vector ? readFurniture(options) : classicFurniture(options);
  const theme = options.theme === undefined
    ? (vector ? BOARD_THEMES[DEFAULT_THEME] : CLASSIC_THEME)
    : BOARD_THEMES[oneOf(options.theme, Object.keys(BOARD_THEMES), "theme")];
  const arrowColor = color(options.arrowColor, DEFAULT_ARROW_COLOR, "arrow");
  const highlightColor = color(
    options.highlightColor,
    DEFAULT_HIGHLIGHT_COLOR,
    "highlight",
  );
  return {
    style,
    ...furniture,
    flip: options.flip === true,
    size: size(options.size),
    light: color(options.light, theme.light, "light"),
    dark: color(options.dark, theme.dark, "dark"),
    highlight: [
      ...(options.hill === true ? readHighlights(HILL, highlightColor) : []),
      ...readHighlights(options.highlight ?? [], highlightColor),
    ],
    highlightColor,
    lastMove: options.lastMove === undefined
      ? []
      : move(options.lastMove, "last move"),
    lastMoveColor: color(
      options.lastMoveColor,
      DEFAULT_LAST_MOVE_COLOR,
      "last-move",
    ),
    arrows: readArrows(options.arrows ?? [], arrowColor),
    arrowColor,
    check: options.check === undefined ? vector : options.check !== false,
    checkSquare: checkSquare(options.check),
    checkColor: color(options.checkColor, DEFAULT_CHECK_COLOR, "check"),
    badge: options.badge === undefined ? null : badge(options.badge),
    sideToMove: options.sideToMove === true,
    accessible: options.accessible ?? vector,
  };
}

/** Tinted squares, checked: `"e4"`, `"Ge4"` or `{ square, color }`. */
export function readHighlights(
  marks: readonly (string | SquareMark)[],
  fallback: string,
): Tint[] {
  return marks.map((mark) => {
    const { square: name, color: own } = squareMark(mark);
    return {
      square: square(name, "highlighted square"),
      color: color(own, fallback, "highlight"),
    };
  });
}

/** Arrows, checked: `"e2e4"`, `"Ge2e4"` or `{ from, to, color }`. */
export function readArrows(
  items: readonly (string | Arrow)[],
  fallback: string,
): IndexArrow[] {
  return items.map((item) => {
    const arrow = typeof item === "string" ? letteredArrow(item) ?? item : item;
    const [from, to] = move(arrow, "arrow");
    const own = typeof arrow === "string" ? undefined : arrow.color;
    return { from, to, color: color(own, fallback, "arrow") };
  });
}

/** The classic `fen` shell script's colors, the classic style's default. */
const CLASSIC_THEME = { light: DEFAULT_LIGHT, dark: DEFAULT_DARK };

type Furniture = Pick<Drawing, "labels" | "pieces" | "frame" | "coordinates">;

/** The vector style's pieces, frame and coordinates, checked together. */
function readFurniture(options: RenderSvgOptions): Furniture {
  if (options.labels !== undefined && options.coordinates !== undefined) {
    throw optionError(
      'labels and coordinates were both given (labels: true is coordinates: "outside")',
    );
  }
  const coordinates = options.coordinates === undefined
    ? (options.labels === true ? "outside" : "none")
    : oneOf(options.coordinates, COORDINATES, "coordinates");
  const frame = options.frame === undefined
    ? (coordinates === "outside" ? "labels" : "none")
    : oneOf(options.frame, FRAMES, "frame");
  if (coordinates === "outside" && frame !== "labels") {
    throw optionError(
      `coordinates outside need the frame "labels", not ${
        JSON.stringify(frame)
      }`,
    );
  }
  return {
    labels: coordinates === "outside",
    pieces: oneOf(options.pieces ?? "cburnett", PIECE_SETS, "pieces"),
    frame,
    coordinates,
  };
}

/** The classic style draws its own frame, its own pieces, labels outside. */
function classicFurniture(options: RenderSvgOptions): Furniture {
  for (const name of ["pieces", "frame", "coordinates", "badge"] as const) {
    if (options[name] !== undefined) {
      throw optionError(`${name} is drawn only in the vector style`);
    }
  }
  const labels = options.labels === true;
  return {
    labels,
    pieces: "cburnett",
    frame: "labels",
    coordinates: labels ? "outside" : "none",
  };
}

/** `value` if it is one of `names`; the error lists them. */
function oneOf<T extends string>(
  value: T,
  names: readonly string[],
  what: string,
): T {
  if (names.includes(value)) return value;
  throw optionError(
    `${what} ${JSON.stringify(value)} is not one of ${names.join(", ")}`,
  );
}

/** A highlighted square: "e4", "Ge4" or { square, color }. */
function squareMark(mark: string | SquareMark): SquareMark {
  if (typeof mark === "string") {
    const read = letteredSquare(mark);
    if (read !== null) return read;
    throw optionError(
      `highlighted square ${
        JSON.stringify(mark)
      } is not a square such as "e4" or "Ge4"`,
    );
  }
  if (typeof mark !== "object" || mark === null) {
    throw optionError(`highlighted square ${String(mark)} is not a square`);
  }
  return mark;
}

/** `check` as a square, or null when it is a yes or no. */
export function checkSquare(
  value: boolean | string | undefined,
): number | null {
  if (value === undefined || typeof value === "boolean") return null;
  if (typeof value === "string") return square(value, "check square");
  throw optionError(`check ${String(value)} is not true, false or a square`);
}

/** A badge: a square and one of the move-quality symbols. */
function badge(value: { square: string; glyph: MoveGlyph }) {
  return {
    square: square(value?.square, "badge square"),
    glyph: oneOf(value.glyph, Object.keys(MOVE_GLYPHS), "badge glyph"),
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
export function move(
  value: string | Arrow | Move,
  what: string,
): [number, number] {
  if (typeof value === "string") {
    if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(value)) {
      return [square(value.slice(0, 2), what), square(value.slice(2, 4), what)];
    }
    throw optionError(
      `${what} ${JSON.stringify(value)} is not two squares such as "e2e4"` +
        (what === "arrow" ? ' or "Ge2e4"' : ""),
    );
  }
  if (typeof value !== "object" || value === null) {
    throw optionError(`${what} ${String(value)} is not a move such as "e2e4"`);
  }
  return [square(value.from, `${what} start`), square(value.to, `${what} end`)];
}

// Marks as lichess's %cal and %csl, web-boardimage and ChessBase write them:
// a color letter (G, R, Y, B) before an arrow's two squares or a square,
// in comma-separated lists. The command's --arrow and --highlight and a PGN
// reader's comments read them here.

import { MARK_COLORS } from "./defaults.ts";
import type {
  Arrow,
  ColorLetter,
  RenderSvgOptions,
  SquareMark,
} from "./types.ts";

/** An arrow: an optional color letter, two squares, an optional promotion. */
const ARROW = /^([GRYB]?)([a-h][1-8])([a-h][1-8])[qrbn]?$/;
/** A square: an optional color letter and the square. */
const SQUARE = /^([GRYB]?)([a-h][1-8])$/;

/** Opacity of lettered arrows and of lettered square tints, as hex digits. */
const ARROW_ALPHA = "b3";
const TINT_ALPHA = "80";

/** The arrow in `text`, colored if a letter leads, or null if it is not one. */
export function letteredArrow(text: string): Arrow | null {
  const found = ARROW.exec(text);
  if (found === null) return null;
  const [, letter, from, to] = found;
  return letter === ""
    ? { from, to }
    : { from, to, color: MARK_COLORS[letter as ColorLetter] + ARROW_ALPHA };
}

/** The square in `text`, colored if a letter leads, or null. */
export function letteredSquare(text: string): SquareMark | null {
  const found = SQUARE.exec(text);
  if (found === null) return null;
  const [, letter, square] = found;
  return letter === ""
    ? { square }
    : { square, color: MARK_COLORS[letter as ColorLetter] + TINT_ALPHA };
}

/** The items of a list: commas or white space between them. */
function items(text: string): string[] {
  return text.split(/[\s,]+/).filter((item) => item !== "");
}

/** The one shape of a list's errors. */
function listError(what: string, item: string, example: string): RangeError {
  return new RangeError(
    `Cannot read ${what}: ${
      JSON.stringify(item)
    } is not ${example} (an optional color letter G, R, Y or B, then the squares)`,
  );
}

/**
 * Reads a list of arrows as lichess's `%cal` comments, web-boardimage and
 * ChessBase write it: `"Ge2e4,Rd1d8"`. A letter colors its arrow with
 * {@linkcode MARK_COLORS} at 70 % opacity; an arrow without one keeps the
 * diagram's arrow color. Commas or spaces separate the arrows.
 *
 * @example Arrows for renderSvg
 * ```ts
 * import { parseArrows, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const arrows = parseArrows("Ge2e4,Rd1d8, b1c3");
 * assert.deepEqual(arrows, [
 *   { from: "e2", to: "e4", color: "#15781bb3" },
 *   { from: "d1", to: "d8", color: "#882020b3" },
 *   { from: "b1", to: "c3" },
 * ]);
 * assert.ok(renderSvg("8/8/8/8/8/8/8/8", { arrows }).includes("#882020b3"));
 * ```
 *
 * @param text The list.
 * @returns The arrows, in order.
 * @throws {RangeError} If an item is not an arrow; the message quotes it.
 */
export function parseArrows(text: string): Arrow[] {
  return items(text).map((item) => {
    const arrow = letteredArrow(item);
    if (arrow === null) {
      throw listError("arrows", item, 'an arrow such as "Ge2e4"');
    }
    return arrow;
  });
}

/**
 * Reads a list of squares as lichess's `%csl` comments write it:
 * `"Ge4,Rd5"`. A letter tints its square with {@linkcode MARK_COLORS} at
 * 50 % opacity; a square without one keeps the highlight color.
 *
 * @example Squares for renderSvg
 * ```ts
 * import { parseSquareMarks } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseSquareMarks("Ye4 d5"), [
 *   { square: "e4", color: "#e68f0080" },
 *   { square: "d5" },
 * ]);
 * ```
 *
 * @param text The list.
 * @returns The squares, in order.
 * @throws {RangeError} If an item is not a square; the message quotes it.
 */
export function parseSquareMarks(text: string): SquareMark[] {
  return items(text).map((item) => {
    const mark = letteredSquare(item);
    if (mark === null) {
      throw listError("squares", item, 'a square such as "Ge4"');
    }
    return mark;
  });
}

/**
 * A game's drawn shapes (lichess's `[%cal]` arrows and `[%csl]` squares in
 * a move's comment) as lettered marks, after the options' own: how the
 * command and `fen md` draw a game's position.
 */
export function shapeMarks(
  shapes: readonly { color: string; from: string; to: string }[],
  svg: Pick<RenderSvgOptions, "arrows" | "highlight">,
): Pick<RenderSvgOptions, "arrows" | "highlight"> {
  const letter = (shape: { color: string }) => shape.color[0].toUpperCase();
  return {
    arrows: [
      ...(svg.arrows ?? []),
      ...shapes.filter((s) => s.from !== s.to).map((s) =>
        `${letter(s)}${s.from}${s.to}`
      ),
    ],
    highlight: [
      ...(svg.highlight ?? []),
      ...shapes.filter((s) => s.from === s.to).map((s) =>
        `${letter(s)}${s.from}`
      ),
    ],
  };
}

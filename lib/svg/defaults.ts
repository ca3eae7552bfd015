// The diagram's defaults, defined once: the renderer, the command's help and
// the tests all read them from here (through the module's exports).

import type {
  BoardTheme,
  ColorLetter,
  Coordinates,
  Frame,
  MoveGlyph,
  PieceSet,
} from "./types.ts";

/**
 * The board themes by name: lichess's board colors, under the names that
 * lichess's GIF renderer (lila-gif) uses.
 *
 * @example
 * ```ts
 * import { BOARD_THEMES, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg("8/8/8/8/8/8/8/8", { style: "vector", theme: "blue" });
 * assert.ok(svg.includes(`fill="${BOARD_THEMES.blue.dark}"`));
 * ```
 */
export const BOARD_THEMES: Readonly<
  Record<BoardTheme, { readonly light: string; readonly dark: string }>
> = {
  brown: { light: "#f0d9b5", dark: "#b58863" },
  blue: { light: "#dee3e6", dark: "#8ca2ad" },
  green: { light: "#ffffdd", dark: "#86a666" },
  ic: { light: "#ececec", dark: "#c1c18e" },
  pink: { light: "#f1f1c9", dark: "#f07272" },
  purple: { light: "#9f90b0", dark: "#7d4a8d" },
};

/**
 * The vector style's theme unless one is given: lichess's brown.
 *
 * @example
 * ```ts
 * import { BOARD_THEMES, DEFAULT_THEME, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg("8/8/8/8/8/8/8/8", { style: "vector" });
 * assert.ok(svg.includes(`fill="${BOARD_THEMES[DEFAULT_THEME].dark}"`));
 * ```
 */
export const DEFAULT_THEME: BoardTheme = "brown";

/**
 * The vector style's piece sets: `"cburnett"` (the default), Colin M. L.
 * Burnett's pieces of Wikipedia's diagrams and lichess's boards, and
 * `"dejavu"`, the chess symbols of the DejaVu Sans font.
 *
 * @example
 * ```ts
 * import { PIECE_SETS } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(PIECE_SETS, ["cburnett", "dejavu"]);
 * ```
 */
export const PIECE_SETS: readonly PieceSet[] = ["cburnett", "dejavu"];

/**
 * What may surround the vector board: nothing (the default), a thin border,
 * or the classic black frame that outside coordinates are written in.
 *
 * @example
 * ```ts
 * import { FRAMES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(FRAMES, ["none", "thin", "labels"]);
 * ```
 */
export const FRAMES: readonly Frame[] = ["none", "thin", "labels"];

/**
 * Where the vector style may write files and ranks: in the frame around the
 * board, inside the edge squares' corners (as lichess does), or nowhere (the
 * default).
 *
 * @example
 * ```ts
 * import { COORDINATES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(COORDINATES, ["outside", "inside", "none"]);
 * ```
 */
export const COORDINATES: readonly Coordinates[] = [
  "outside",
  "inside",
  "none",
];

/**
 * The colors of the letters that lichess (`%cal`, `%csl`), web-boardimage
 * and ChessBase put before an arrow or a square: green, red, yellow and
 * blue, lichess's brushes. Arrows draw them at 70 % opacity, tinted squares
 * at 50 %.
 *
 * @example
 * ```ts
 * import { MARK_COLORS, parseArrows } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseArrows("Rd1d8")[0].color, MARK_COLORS.R + "b3");
 * ```
 */
export const MARK_COLORS: Readonly<Record<ColorLetter, string>> = {
  G: "#15781b",
  R: "#882020",
  Y: "#e68f00",
  B: "#003088",
};

/**
 * The move-quality symbols a badge can show, and the badge's color for each
 * (lichess's).
 *
 * @example
 * ```ts
 * import { MOVE_GLYPHS } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(Object.keys(MOVE_GLYPHS), ["!!", "!", "!?", "?!", "?", "??"]);
 * ```
 */
export const MOVE_GLYPHS: Readonly<Record<MoveGlyph, string>> = {
  "!!": "#168226",
  "!": "#22ac38",
  "!?": "#ea45d8",
  "?!": "#56b4e9",
  "?": "#e69f00",
  "??": "#df5353",
};

/**
 * The classic style's light squares unless a theme or `light` is given: the
 * color of the classic `fen` shell script.
 *
 * @example
 * ```ts
 * import { DEFAULT_LIGHT, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.ok(renderSvg("8/8/8/8/8/8/8/8").includes(`stroke="${DEFAULT_LIGHT}"`));
 * ```
 */
export const DEFAULT_LIGHT = "#ffce9e";

/**
 * The classic style's dark squares unless a theme or `dark` is given: the
 * color of the classic `fen` shell script.
 *
 * @example
 * ```ts
 * import { DEFAULT_DARK, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.ok(renderSvg("8/8/8/8/8/8/8/8").includes(`fill="${DEFAULT_DARK}"`));
 * ```
 */
export const DEFAULT_DARK = "#d28c45";

/**
 * The width and height of a diagram in pixels unless `size` is given.
 *
 * @example
 * ```ts
 * import { DEFAULT_SIZE, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.ok(renderSvg("8/8/8/8/8/8/8/8").includes(`width="${DEFAULT_SIZE}"`));
 * ```
 */
export const DEFAULT_SIZE = 400;

/**
 * The largest `size` accepted, in pixels: a PNG this wide takes 64 MiB.
 *
 * @example
 * ```ts
 * import { MAX_SIZE, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => renderSvg("8/8/8/8/8/8/8/8", { size: MAX_SIZE + 1 }));
 * ```
 */
export const MAX_SIZE = 4096;

/**
 * The tint of highlighted squares: half-transparent yellow, so the square's
 * own color still shows.
 *
 * @example
 * ```ts
 * import { DEFAULT_HIGHLIGHT_COLOR, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg("8/8/8/8/8/8/8/8", { highlight: ["e4"] });
 * assert.ok(svg.includes(`fill="${DEFAULT_HIGHLIGHT_COLOR}"`));
 * ```
 */
export const DEFAULT_HIGHLIGHT_COLOR = "#ffff0080";

/**
 * The tint of the last move's two squares: translucent green.
 *
 * @example
 * ```ts
 * import { DEFAULT_LAST_MOVE_COLOR, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg("8/8/8/8/4P3/8/8/8", { lastMove: "e2e4" });
 * assert.ok(svg.includes(`fill="${DEFAULT_LAST_MOVE_COLOR}"`));
 * ```
 */
export const DEFAULT_LAST_MOVE_COLOR = "#9bc70069";

/**
 * The color of arrows: green, slightly transparent so pieces show through.
 *
 * @example
 * ```ts
 * import { DEFAULT_ARROW_COLOR, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg("8/8/8/8/8/8/8/8", { arrows: ["e2e4"] });
 * assert.ok(svg.includes(`fill="${DEFAULT_ARROW_COLOR}"`));
 * ```
 */
export const DEFAULT_ARROW_COLOR = "#15781bb3";

/**
 * The color of the disc under a king in check: translucent red.
 *
 * @example
 * ```ts
 * import { DEFAULT_CHECK_COLOR, renderSvg } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg("4k3/8/8/8/8/8/8/4R2K", { check: true });
 * assert.ok(svg.includes(`fill="${DEFAULT_CHECK_COLOR}"`));
 * ```
 */
export const DEFAULT_CHECK_COLOR = "#ff0000a0";

/**
 * The diagram styles: `"classic"` is the classic `fen` shell script's
 * drawing, byte for byte, with pieces as Unicode characters in `<text>`;
 * `"vector"` draws the same board with pieces and labels as paths, so it
 * looks the same in every renderer, with or without fonts.
 *
 * @example
 * ```ts
 * import { SVG_STYLES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(SVG_STYLES, ["classic", "vector"]);
 * ```
 */
export const SVG_STYLES = ["classic", "vector"] as const;

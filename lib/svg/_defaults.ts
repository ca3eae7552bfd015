// The diagram's defaults, defined once: the renderer, the command's help and
// the tests all read them from here (through the module's exports).

/**
 * The color of the light squares, as in the classic `fen` shell script.
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
 * The color of the dark squares, as in the classic `fen` shell script.
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

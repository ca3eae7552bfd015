/**
 * The colours the SVG renderer accepts: CSS colours that cannot break out of
 * an XML attribute.
 *
 * @module
 */

/** The CSS named colours, lower case. */
export const NAMED_COLORS = [
  "aliceblue",
  "antiquewhite",
  "aqua",
  "aquamarine",
  "azure",
  "beige",
  "bisque",
  "black",
  "blanchedalmond",
  "blue",
  "blueviolet",
  "brown",
  "burlywood",
  "cadetblue",
  "chartreuse",
  "chocolate",
  "coral",
  "cornflowerblue",
  "cornsilk",
  "crimson",
  "cyan",
  "darkblue",
  "darkcyan",
  "darkgoldenrod",
  "darkgray",
  "darkgreen",
  "darkgrey",
  "darkkhaki",
  "darkmagenta",
  "darkolivegreen",
  "darkorange",
  "darkorchid",
  "darkred",
  "darksalmon",
  "darkseagreen",
  "darkslateblue",
  "darkslategray",
  "darkslategrey",
  "darkturquoise",
  "darkviolet",
  "deeppink",
  "deepskyblue",
  "dimgray",
  "dimgrey",
  "dodgerblue",
  "firebrick",
  "floralwhite",
  "forestgreen",
  "fuchsia",
  "gainsboro",
  "ghostwhite",
  "gold",
  "goldenrod",
  "gray",
  "green",
  "greenyellow",
  "grey",
  "honeydew",
  "hotpink",
  "indianred",
  "indigo",
  "ivory",
  "khaki",
  "lavender",
  "lavenderblush",
  "lawngreen",
  "lemonchiffon",
  "lightblue",
  "lightcoral",
  "lightcyan",
  "lightgoldenrodyellow",
  "lightgray",
  "lightgreen",
  "lightgrey",
  "lightpink",
  "lightsalmon",
  "lightseagreen",
  "lightskyblue",
  "lightslategray",
  "lightslategrey",
  "lightsteelblue",
  "lightyellow",
  "lime",
  "limegreen",
  "linen",
  "magenta",
  "maroon",
  "mediumaquamarine",
  "mediumblue",
  "mediumorchid",
  "mediumpurple",
  "mediumseagreen",
  "mediumslateblue",
  "mediumspringgreen",
  "mediumturquoise",
  "mediumvioletred",
  "midnightblue",
  "mintcream",
  "mistyrose",
  "moccasin",
  "navajowhite",
  "navy",
  "oldlace",
  "olive",
  "olivedrab",
  "orange",
  "orangered",
  "orchid",
  "palegoldenrod",
  "palegreen",
  "paleturquoise",
  "palevioletred",
  "papayawhip",
  "peachpuff",
  "peru",
  "pink",
  "plum",
  "powderblue",
  "purple",
  "rebeccapurple",
  "red",
  "rosybrown",
  "royalblue",
  "saddlebrown",
  "salmon",
  "sandybrown",
  "seagreen",
  "seashell",
  "sienna",
  "silver",
  "skyblue",
  "slateblue",
  "slategray",
  "slategrey",
  "snow",
  "springgreen",
  "steelblue",
  "tan",
  "teal",
  "thistle",
  "tomato",
  "turquoise",
  "violet",
  "wheat",
  "white",
  "whitesmoke",
  "yellow",
  "yellowgreen",
  "transparent",
] as const;

const NAMES: ReadonlySet<string> = new Set(NAMED_COLORS);
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const HUE = `${NUMBER}(?:deg|grad|rad|turn)?`;
const PART = `${NUMBER}%?`;
// rgb(1, 2, 3), rgb(1 2 3 / 50%), hsl(120deg 50% 50%), and the -a forms.
const FUNCTIONAL = new RegExp(
  String.raw`^(?:rgba?\(\s*${PART}|hsla?\(\s*${HUE})` +
    String.raw`(?:\s*,\s*${PART}\s*,\s*${PART}(?:\s*,\s*${PART})?` +
    String.raw`|\s+${PART}\s+${PART}(?:\s*\/\s*${PART})?)\s*\)$`,
  "i",
);

/**
 * Whether `value` is a colour the SVG renderer accepts: `#rgb`, `#rgba`,
 * `#rrggbb`, `#rrggbbaa`, a CSS colour name, or an `rgb()`, `rgba()`,
 * `hsl()` or `hsla()` form. Nothing it accepts can contain `"`, `<`, `>` or
 * `&`, so no colour can break the document.
 *
 * @example
 * ```ts
 * import { isCssColor } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.ok(isCssColor("#c9b458"));
 * assert.ok(isCssColor("Teal"));
 * assert.ok(isCssColor("rgb(10 20 30 / 50%)"));
 * assert.ok(!isCssColor('red" onload="alert(1)'));
 * ```
 *
 * @param value The candidate colour.
 * @returns `true` if it is one.
 */
export function isCssColor(value: string): boolean {
  return HEX.test(value) || NAMES.has(value.toLowerCase()) ||
    FUNCTIONAL.test(value);
}

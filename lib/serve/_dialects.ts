// The two dialects the image endpoints speak, as data: web-boardimage's
// (python-chess's board service) and lichess's GIF service (lila-gif), each
// with its defaults, its names for the board themes, and its limits.

import type { RenderSvgOptions } from "../svg/mod.ts";

/** What an image endpoint answers with. */
export type ImageKind = "svg" | "png" | "gif";

/** An image endpoint: its format and the defaults of the dialect it copies. */
export interface Endpoint {
  kind: ImageKind;
  /** The board's width when `size` is not given. */
  size: number;
  /** What `coordinates=true` means: web-boardimage's margin, or lichess's. */
  coordinates: "outside" | "inside";
  /** lichess's coordinates are on unless turned off; web-boardimage's off. */
  coordinatesByDefault: boolean;
  /** lila-gif draws the starting position when `fen` is missing. */
  fenRequired: boolean;
}

/** web-boardimage's defaults: 360 px, a coordinate margin when asked. */
const WEB_BOARDIMAGE = {
  size: 360,
  coordinates: "outside",
  coordinatesByDefault: false,
  fenRequired: true,
} as const;
/** lila-gif's: 720 px, coordinates inside unless turned off. */
const LILA_GIF = {
  size: 720,
  coordinates: "inside",
  coordinatesByDefault: true,
  fenRequired: false,
} as const;

/** The image endpoints by path. */
export const IMAGE_ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  "/board.svg": { kind: "svg", ...WEB_BOARDIMAGE },
  "/board.png": { kind: "png", ...WEB_BOARDIMAGE },
  "/board.gif": { kind: "gif", ...WEB_BOARDIMAGE },
  "/image.gif": { kind: "gif", ...LILA_GIF },
  "/game.gif": { kind: "gif", ...LILA_GIF },
};

/** The largest board the service draws, in pixels (web-boardimage's cap). */
export const MAX_SERVE_SIZE = 1024;
/** The longest player name, in UTF-8 bytes (lila-gif's). */
export const MAX_NAME_BYTES = 100;
/** The longest GIF comment, in UTF-8 bytes (lila-gif's). */
export const MAX_COMMENT_BYTES = 255;
/** The most arrows or marked squares in one image. */
export const MAX_MARKS = 64;

/** web-boardimage's `colors`: its three themes, as our themes or colors. */
export const WEB_BOARDIMAGE_COLORS: Readonly<Record<string, RenderSvgOptions>> =
  {
    "lichess-brown": { theme: "brown" },
    "lichess-blue": { theme: "blue" },
    wikipedia: { light: "#ffce9e", dark: "#d18b47" },
  };

/**
 * lila-gif's theme names: its six boards, and the lichess board names it
 * draws as one of them (lichess sends the user's board by name).
 */
export const LILA_THEMES: Readonly<Record<string, string>> = {
  blue: "blue",
  blue2: "blue",
  blue3: "blue",
  "blue-marble": "blue",
  canvas: "blue",
  brown: "brown",
  wood: "brown",
  wood2: "brown",
  wood3: "brown",
  wood4: "brown",
  maple: "brown",
  maple2: "brown",
  marble: "brown",
  grey: "brown",
  metal: "brown",
  olive: "brown",
  newspaper: "brown",
  horsey: "brown",
  green: "green",
  "green-plastic": "green",
  ic: "ic",
  leather: "ic",
  pink: "pink",
  purple: "purple",
  "purple-diag": "purple",
};

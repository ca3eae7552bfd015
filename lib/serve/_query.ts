// An image request's query string, read into renderer options: the
// parameters of web-boardimage (python-chess's board service), of lichess's
// GIF service (lila-gif), and the command's own names, in one table (the
// dialects' defaults and names are in _dialects.ts). Every parameter and
// value is checked here or by the renderer's option check: what cannot be
// drawn as asked is refused, never drawn some other way.

import type { Player } from "../gif/mod.ts";
import { INITIAL_FEN } from "../types.ts";
import { COORDINATES, FRAMES, PIECE_SETS, SVG_STYLES } from "../svg/mod.ts";
import type { RenderSvgOptions } from "../svg/mod.ts";
import {
  type Endpoint,
  type ImageKind,
  LILA_THEMES,
  MAX_COMMENT_BYTES,
  MAX_MARKS,
  MAX_NAME_BYTES,
  MAX_SERVE_SIZE,
  WEB_BOARDIMAGE_COLORS,
} from "./_dialects.ts";
import { RequestError, shown } from "./_http.ts";
import { nearestName } from "../program/suggest.ts";
import { type Rules, VARIANT_RULES } from "../types.ts";
import { variantNamed } from "../chess/variant_names.ts";

/** A king in check as the request claims it: a square, or just "yes". */
export type CheckClaim = "auto" | "yes" | "no" | string;

/** Options and players for one look; the same for a frame of a game. */
export interface Look {
  options: RenderSvgOptions;
  white?: string | Player;
  black?: string | Player;
  /** lila-gif's `comment`, written into a GIF file. */
  comment?: string;
  /** The rules `variant` names (its records read so: pockets, counters). */
  rules?: Rules;
}

/** A checked image request, ready to draw. */
export interface ImageRequest extends Look {
  kind: ImageKind;
  fen: string;
  check: CheckClaim;
  /** The request in canonical form: its ETag is a hash of this. */
  canonical: string;
}

/** Options being read, each remembering which parameter set it. */
export class Draft {
  readonly options: Record<string, unknown> = {};
  readonly #setBy = new Map<string, string>();
  readonly endpoint: Endpoint;
  fen: string | undefined;
  check: CheckClaim = "auto";
  white: string | undefined;
  black: string | undefined;
  comment: string | undefined;
  rules: Rules | undefined;

  constructor(endpoint: Endpoint) {
    this.endpoint = endpoint;
  }

  /** Sets an option once: two parameters for one option are refused. */
  set(option: string, value: unknown, parameter: string): void {
    const earlier = this.#setBy.get(option);
    if (earlier !== undefined) {
      throw new RequestError(
        earlier === parameter
          ? `${parameter} was given twice`
          : `${parameter} and ${earlier} were both given (they say the same thing)`,
        { parameter },
      );
    }
    this.#setBy.set(option, parameter);
    this.options[option] = value;
  }

  /** Adds to a list option (arrows, highlighted squares). */
  add(option: string, values: readonly unknown[], parameter: string): void {
    if (values.length === 0) return;
    const list = (this.options[option] ??= []) as unknown[];
    list.push(...values);
    if (list.length > MAX_MARKS) {
      throw new RequestError(`more than ${MAX_MARKS} ${option}`, {
        parameter,
      });
    }
  }
}

type Reader = (value: string, draft: Draft, parameter: string) => void;

/** Yes and no as lila-gif spells them, and web-boardimage (`True`, ""). */
const TRUE = ["1", "yes", "true", "True", ""];
const FALSE = ["0", "no", "false", "False"];
const MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
const SQUARE = /^[a-h][1-8]$/;
const ARROW = /^[GRYB]?[a-h][1-8][a-h][1-8]$/;
const MARK = /^[GRYB]?[a-h][1-8]$/;

/** Every query parameter an image endpoint takes, and how to read it. */
const PARAMETERS: Readonly<Record<string, Reader>> = {
  fen(value, draft, parameter) {
    if (draft.fen !== undefined) {
      throw new RequestError(`${parameter} was given twice`, { parameter });
    }
    draft.fen = value;
  },
  variant(value, draft, parameter) {
    if (draft.rules !== undefined) {
      throw new RequestError(`${parameter} was given twice`, { parameter });
    }
    const variant = variantNamed(value);
    if (variant === undefined) {
      throw new RequestError(
        `${parameter} ${shown(value)} is not one of ${
          VARIANT_RULES.join(", ")
        }`,
        { parameter },
      );
    }
    draft.rules = variant.rules;
  },
  orientation(value, draft, parameter) {
    const side = oneOf(value, ["white", "black"], parameter);
    draft.set("flip", side === "black", parameter);
  },
  flip: (value, draft, parameter) =>
    draft.set("flip", yesNo(value, parameter), parameter),
  size(value, draft, parameter) {
    if (!/^[1-9][0-9]{0,4}$/.test(value) || Number(value) > MAX_SERVE_SIZE) {
      throw new RequestError(
        `${parameter} ${
          shown(value)
        } is not a whole number of pixels from 1 to ${MAX_SERVE_SIZE}`,
        { parameter },
      );
    }
    draft.set("size", Number(value), parameter);
  },
  lastMove: lastMove,
  lastmove: lastMove,
  "last-move": lastMove,
  check(value, draft, parameter) {
    if (draft.check !== "auto") {
      throw new RequestError(`${parameter} was given twice`, { parameter });
    }
    draft.check = checkClaim(value, parameter);
  },
  arrows: webBoardimageArrows,
  arrow(value, draft, parameter) {
    draft.add("arrows", items(value, ARROW, parameter, "an arrow"), parameter);
  },
  squares: highlight,
  highlight: highlight,
  coordinates(value, draft, parameter) {
    const { endpoint } = draft;
    const named = COORDINATES.includes(value as never) ? value : null;
    const on = named === null ? yesNo(value, parameter, COORDINATES) : null;
    const where = named ?? (on ? endpoint.coordinates : "none");
    draft.set("coordinates", where, parameter);
  },
  colors(value, draft, parameter) {
    const colors = WEB_BOARDIMAGE_COLORS[
      oneOf(value, Object.keys(WEB_BOARDIMAGE_COLORS), parameter)
    ];
    for (const [option, color] of Object.entries(colors)) {
      draft.set(option, color, parameter);
    }
  },
  theme(value, draft, parameter) {
    const theme =
      LILA_THEMES[oneOf(value, Object.keys(LILA_THEMES), parameter)];
    draft.set("theme", theme, parameter);
  },
  piece: pieces,
  pieces: pieces,
  frame: (value, draft, parameter) =>
    draft.set("frame", oneOf(value, FRAMES, parameter), parameter),
  style: (value, draft, parameter) =>
    draft.set("style", oneOf(value, SVG_STYLES, parameter), parameter),
  light: color,
  dark: color,
  "highlight-color": color,
  "arrow-color": color,
  "side-to-move": (value, draft, parameter) =>
    draft.set("sideToMove", yesNo(value, parameter), parameter),
  hill: (value, draft, parameter) =>
    draft.set("hill", yesNo(value, parameter), parameter),
  white: player,
  black: player,
  comment(value, draft, parameter) {
    // lila-gif writes it into the file as a comment extension.
    bytesAtMost(value, MAX_COMMENT_BYTES, parameter);
    if (draft.comment !== undefined) {
      throw new RequestError(`${parameter} was given twice`, { parameter });
    }
    draft.comment = value;
  },
};

/** The renderer option each color parameter sets. */
const COLOR_OPTIONS: Readonly<Record<string, string>> = {
  light: "light",
  dark: "dark",
  "highlight-color": "highlightColor",
  "arrow-color": "arrowColor",
};

function lastMove(value: string, draft: Draft, parameter: string): void {
  if (!MOVE.test(value)) {
    throw new RequestError(
      `${parameter} ${shown(value)} is not a move such as "e2e4"`,
      { parameter },
    );
  }
  draft.set("lastMove", value, parameter);
}

/** web-boardimage's arrows: `Ge6g8` is an arrow, `Bh7` a circle (a tint). */
function webBoardimageArrows(
  value: string,
  draft: Draft,
  parameter: string,
): void {
  const marks = items(
    value,
    /^[GRYB]?[a-h][1-8]([a-h][1-8])?$/,
    parameter,
    "an arrow",
  );
  draft.add("arrows", marks.filter((mark) => ARROW.test(mark)), parameter);
  draft.add("highlight", marks.filter((mark) => MARK.test(mark)), parameter);
}

function highlight(value: string, draft: Draft, parameter: string): void {
  draft.add("highlight", items(value, MARK, parameter, "a square"), parameter);
}

function pieces(value: string, draft: Draft, parameter: string): void {
  draft.set("pieces", oneOf(value, PIECE_SETS, parameter), parameter);
}

function color(value: string, draft: Draft, parameter: string): void {
  if (value.length > 64) {
    throw new RequestError(`${parameter} is not a color`, { parameter });
  }
  draft.set(COLOR_OPTIONS[parameter], value, parameter);
}

function player(value: string, draft: Draft, parameter: string): void {
  bytesAtMost(value, MAX_NAME_BYTES, parameter);
  if (draft[parameter as "white" | "black"] !== undefined) {
    throw new RequestError(`${parameter} was given twice`, { parameter });
  }
  draft[parameter as "white" | "black"] = value;
}

/**
 * An unknown parameter's error: the nearest known name if one is near
 * ("did you mean lastMove?", as the command answers), else the list.
 */
export function unknownParameter(
  parameter: string,
  known: readonly string[],
): RequestError {
  const near = nearestName(parameter, known);
  return new RequestError(
    `unknown parameter ${shown(parameter)}` +
      (near === null
        ? ` (the parameters are ${known.join(", ")})`
        : `; did you mean ${near}?`),
    { parameter: parameter.slice(0, 40) },
  );
}

/** A check claim: a square, yes or no (lila-gif's spellings). */
export function checkClaim(value: string, parameter: string): CheckClaim {
  if (SQUARE.test(value)) return value;
  if (TRUE.includes(value)) return "yes";
  if (FALSE.includes(value)) return "no";
  throw new RequestError(
    `${parameter} ${
      shown(value)
    } is not a square such as "e8", or true or false`,
    { parameter },
  );
}

/** Refuses text longer than `limit` UTF-8 bytes. */
export function bytesAtMost(
  value: string,
  limit: number,
  parameter: string,
): void {
  if (new TextEncoder().encode(value).length > limit) {
    throw new RequestError(`${parameter} is longer than ${limit} bytes`, {
      parameter,
    });
  }
}

function yesNo(
  value: string,
  parameter: string,
  also: readonly string[] = [],
): boolean {
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw new RequestError(
    `${parameter} ${shown(value)} is not one of ${
      [...also, "true", "false", "1", "0", "yes", "no"].join(", ")
    }`,
    { parameter },
  );
}

/** `value` if it is one of `names`; the message lists them. */
export function oneOf<T extends string>(
  value: string,
  names: readonly T[],
  parameter: string,
): T {
  if ((names as readonly string[]).includes(value)) return value as T;
  throw new RequestError(
    `${parameter} ${shown(value)} is not one of ${names.join(", ")}`,
    { parameter },
  );
}

/** A comma-separated list, each item matching `pattern`. */
function items(
  value: string,
  pattern: RegExp,
  parameter: string,
  what: string,
): string[] {
  const found = value.split(",").map((item) => item.trim()).filter((item) =>
    item !== ""
  );
  for (const item of found) {
    if (!pattern.test(item)) {
      throw new RequestError(
        `${parameter}: ${shown(item)} is not ${what} such as ${
          what === "a square" ? '"e4" or "Ge4"' : '"e2e4" or "Ge2e4"'
        }`,
        { parameter },
      );
    }
  }
  return found;
}

/**
 * Reads an image endpoint's query into a request: every parameter known,
 * every value checked as far as it can be without the board.
 */
export function readQuery(
  query: URLSearchParams,
  endpoint: Endpoint,
): ImageRequest {
  const draft = new Draft(endpoint);
  for (const [parameter, value] of query) {
    if (!Object.hasOwn(PARAMETERS, parameter)) {
      throw unknownParameter(parameter, Object.keys(PARAMETERS));
    }
    PARAMETERS[parameter](value, draft, parameter);
  }
  return finish(draft);
}

/** The dialect's defaults, and the request's canonical form. */
function finish(draft: Draft): ImageRequest {
  const { endpoint, options } = draft;
  if (draft.fen === undefined && endpoint.fenRequired) {
    throw new RequestError("fen is missing", { parameter: "fen" });
  }
  options.style ??= "vector";
  options.size ??= endpoint.size;
  if (options.coordinates === undefined && endpoint.coordinatesByDefault) {
    options.coordinates = endpoint.coordinates;
  }
  if (options.style === "classic") {
    if (endpoint.kind !== "svg") {
      throw new RequestError(
        `style "classic" is drawn only as SVG (its pieces are a font's)`,
        { parameter: "style" },
      );
    }
    // The classic drawing writes its coordinates only outside, as labels;
    // "inside" is left for the renderer to refuse.
    if (options.coordinates === "outside") options.labels = true;
    if (options.coordinates !== "inside") delete options.coordinates;
  }
  // A square marks the king there, in check or not, as both dialects draw
  // it; yes and no turn the marks on and off.
  if (draft.check !== "auto") {
    options.check = draft.check === "yes"
      ? true
      : draft.check === "no"
      ? false
      : draft.check;
  }
  const request: ImageRequest = {
    kind: endpoint.kind,
    fen: draft.fen ?? INITIAL_FEN,
    check: draft.check,
    options: options as RenderSvgOptions,
    canonical: "",
  };
  if (draft.white !== undefined) request.white = draft.white;
  if (draft.black !== undefined) request.black = draft.black;
  if (draft.comment !== undefined) request.comment = draft.comment;
  if (draft.rules !== undefined) request.rules = draft.rules;
  request.canonical = canonical(request);
  return request;
}

/**
 * The request as one string, options in name order: equal requests, equal
 * text. Option values are numbers, booleans, strings and lists of strings.
 */
function canonical(request: ImageRequest): string {
  const { options } = request;
  const record = options as Record<string, unknown>;
  let text = JSON.stringify([request.kind, request.fen, request.check]);
  for (const name of Object.keys(options).sort()) {
    text += `\n${name}=${JSON.stringify(record[name])}`;
  }
  for (const name of ["white", "black", "comment", "rules"] as const) {
    if (request[name] !== undefined) {
      text += `\n${name}=${JSON.stringify(request[name])}`;
    }
  }
  return text;
}

// A game to animate, as lila-gif's `POST /game.gif` takes it: a JSON body
// with the look (`white`, `black`, `orientation`, `theme`, `piece`,
// `coordinates`, `delay`, `comment`, and the image endpoints' other
// options) and `frames: [{fen, delay, lastMove, check, glyph}]`. Every
// frame is checked before the first is drawn.

import type { GifFrame } from "../gif/mod.ts";
import { MOVE_GLYPHS, type MoveGlyph } from "../svg/mod.ts";
import { RequestError, shown } from "./_http.ts";
import { checkLook, readFen } from "./_images.ts";
import { IMAGE_ENDPOINTS } from "./_dialects.ts";
import { INITIAL_FEN, type Rules } from "../types.ts";
import { checkClaim, type Look, readQuery } from "./_query.ts";

/** The most frames in one game (lila-gif's games are a few hundred). */
export const MAX_FRAMES = 1000;

/** A checked game: its look, and its frames with parsed positions. */
export interface Game extends Look {
  delay?: number;
  frames: GifFrame[];
}

/** The top-level fields that are not the look's. */
const FRAME_FIELDS = ["fen", "delay", "lastMove", "check", "glyph"];
/** Query parameters that belong to a frame, not to a game's look. */
const PER_FRAME = ["fen", "lastMove", "lastmove", "last-move", "check"];

/** Reads and checks a game from a parsed JSON body. */
export function readGame(body: unknown): Game {
  if (!isObject(body)) {
    throw new RequestError("the body is not a JSON object", {
      parameter: "body",
    });
  }
  const { frames, delay, ...rest } = body;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(rest)) {
    if (PER_FRAME.includes(name)) {
      throw new RequestError(`${name} belongs in each of the frames`, {
        parameter: name,
      });
    }
    query.append(name, scalar(value, name));
  }
  const look = readQuery(query, IMAGE_ENDPOINTS["/game.gif"]);
  checkLook(look, "gif");
  const game: Game = {
    options: look.options,
    frames: readFrames(frames, look.rules),
  };
  if (look.white !== undefined) game.white = look.white;
  if (look.black !== undefined) game.black = look.black;
  if (look.comment !== undefined) game.comment = look.comment;
  if (delay !== undefined) game.delay = centiseconds(delay, "delay");
  return game;
}

function readFrames(frames: unknown, rules: Rules | undefined): GifFrame[] {
  if (!Array.isArray(frames) || frames.length === 0) {
    throw new RequestError("frames is not a list of at least one frame", {
      parameter: "frames",
    });
  }
  if (frames.length > MAX_FRAMES) {
    throw new RequestError(`more than ${MAX_FRAMES} frames`, {
      status: 413,
      parameter: "frames",
    });
  }
  return frames.map((frame, i) => readFrame(frame, `frames[${i}]`, rules));
}

function readFrame(
  frame: unknown,
  where: string,
  rules: Rules | undefined,
): GifFrame {
  if (!isObject(frame)) {
    throw new RequestError(`${where} is not an object`, { parameter: where });
  }
  for (const name of Object.keys(frame)) {
    if (!FRAME_FIELDS.includes(name)) {
      throw new RequestError(
        `${where}: unknown field ${shown(name)} (a frame has ${
          FRAME_FIELDS.join(", ")
        })`,
        { parameter: `${where}.${name.slice(0, 40)}` },
      );
    }
  }
  const fen = frame.fen === undefined
    ? INITIAL_FEN
    : scalar(frame.fen, `${where}.fen`);
  const position = readFen(fen, `${where}.fen`, rules);
  const out: GifFrame = { position };
  if (frame.lastMove !== undefined) {
    const move = scalar(frame.lastMove, `${where}.lastMove`);
    if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(move)) {
      throw new RequestError(
        `${where}.lastMove ${shown(move)} is not a move such as "e2e4"`,
        { parameter: `${where}.lastMove` },
      );
    }
    out.lastMove = move;
  }
  if (frame.check !== undefined) {
    // As lila-gif draws it: a square marks the king there, no marks none.
    const parameter = `${where}.check`;
    const claim = checkClaim(scalar(frame.check, parameter), parameter);
    if (claim !== "auto") {
      out.check = claim === "yes" ? true : claim === "no" ? false : claim;
    }
  }
  if (frame.glyph !== undefined) out.glyph = glyph(frame.glyph, where);
  if (frame.delay !== undefined) {
    out.delay = centiseconds(frame.delay, `${where}.delay`);
  }
  return out;
}

function glyph(value: unknown, where: string): MoveGlyph {
  const parameter = `${where}.glyph`;
  const text = scalar(value, parameter);
  if (!Object.hasOwn(MOVE_GLYPHS, text)) {
    throw new RequestError(
      `${parameter} ${shown(text)} is not one of ${
        Object.keys(MOVE_GLYPHS).join(" ")
      }`,
      { parameter },
    );
  }
  return text as MoveGlyph;
}

function centiseconds(value: unknown, parameter: string): number {
  if (typeof value === "number" && Number.isInteger(value)) {
    if (value >= 0 && value <= 0xffff) return value;
  }
  throw new RequestError(
    `${parameter} is not a whole number of centiseconds from 0 to 65535`,
    { parameter },
  );
}

/** A JSON string, number or boolean as query text; anything else refused. */
function scalar(value: unknown, parameter: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new RequestError(`${parameter} is not a string, number or boolean`, {
    parameter,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

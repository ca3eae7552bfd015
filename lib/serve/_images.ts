// Draws the service's images. Each request is checked whole first (the
// FEN, the check it claims, every option, as the renderers would check
// them) so that anything the client got wrong is a 400 before a pixel is
// drawn, and a failure while drawing can only be ours.

import { FenSyntaxError } from "../errors.ts";
import { parseFen } from "../fen/mod.ts";
import type { Position, Rules } from "../types.ts";
import type { GifFrame, GifRenderer, Player } from "../gif/mod.ts";
import { squarePixels } from "../raster/frame.ts";
import type { PngRenderer } from "../raster/png.ts";
import { readOptions } from "../svg/options.ts";
import { renderSvg, type RenderSvgOptions } from "../svg/mod.ts";
import { RequestError } from "./_http.ts";
import type { ImageKind } from "./_dialects.ts";
import type { ImageRequest, Look } from "./_query.ts";

/** The content type of each image kind. */
export const IMAGE_TYPES: Readonly<Record<ImageKind, string>> = {
  svg: "image/svg+xml; charset=utf-8",
  png: "image/png",
  gif: "image/gif",
};

/** A FEN read for the service: a syntax error is the client's, with its place. */
export function readFen(
  text: string,
  parameter: string,
  rules: Rules = "chess",
): Position {
  try {
    return parseFen(text, { rules });
  } catch (error) {
    if (!(error instanceof FenSyntaxError)) throw error;
    const detail = error.hinted((rules) => `variant=${rules}`);
    throw new RequestError(`${detail} at column ${error.column}`, {
      parameter,
      field: error.field,
      offset: error.offset,
    });
  }
}

/**
 * Checks a look as the renderer of `kind` will: the option reader's and
 * the GIF's own refusals become the client's errors.
 */
export function checkLook(look: Look, kind: ImageKind): RenderSvgOptions {
  const options = kind === "svg"
    ? look.options
    : { ...look.options, style: "vector" as const, accessible: false };
  if (kind !== "gif") {
    for (const side of ["white", "black"] as const) {
      if (look[side] !== undefined) {
        throw new RequestError(`${side}: players are drawn only on GIFs`, {
          parameter: side,
        });
      }
    }
    if (look.comment !== undefined) {
      throw new RequestError("comment: written only into GIFs", {
        parameter: "comment",
      });
    }
  }
  try {
    const drawing = readOptions(options);
    if (kind === "gif") squarePixels(drawing);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new RequestError(error.message.replace(/^Cannot render \w+: /, ""));
  }
  return options;
}

/**
 * The most looks (size, theme, colors, pieces, highlights...) a renderer
 * keeps sprites for before it is made anew: each look holds its sprites
 * and palette (megabytes at 1024 px), and requests choose looks freely.
 */
export const MAX_LOOKS = 32;

/**
 * A renderer made on first use and reused, made anew (its sprites let go)
 * once it has seen MAX_LOOKS looks, so that memory stays bounded whatever
 * the requests ask for. Drawings under way keep the renderer they started
 * with.
 */
class Kept<T> {
  readonly #make: () => Promise<T>;
  #current: Promise<T> | null = null;
  readonly #looks = new Set<string>();

  constructor(make: () => Promise<T>) {
    this.#make = make;
  }

  /** The renderer for a look (`null`: no drawing yet, just loading). */
  get(look: string | null): Promise<T> {
    if (look !== null && !this.#looks.has(look)) {
      if (this.#looks.size >= MAX_LOOKS) {
        this.#looks.clear();
        this.#current = null;
      }
      this.#looks.add(look);
    }
    return this.#current ??= this.#make().catch((error) => {
      this.#current = null;
      throw error;
    });
  }
}

/**
 * A look's key: the options in name order but what a board puts where
 * (the last move, the checked square, where the arrows and tinted squares
 * go: their color letters stay, as the palette holds their colors). The
 * renderer keys its sprites the same way, so a new set of squares is no new
 * look.
 */
function lookKey(options: RenderSvgOptions): string {
  const record = options as Record<string, unknown>;
  let key = "";
  for (const name of Object.keys(record).sort()) {
    let value = record[name];
    if (name === "lastMove") continue;
    if (name === "check" && typeof value === "string") value = true;
    if (name === "arrows" || name === "highlight") {
      value = [...new Set((value as string[]).map(colorLetter))].sort();
    }
    key += `${name}=${JSON.stringify(value)};`;
  }
  return key;
}

/** A lettered mark's color letter (`Ge4`: G), or "" for the default color. */
function colorLetter(mark: string): string {
  return /^[GRYB]/.test(mark) ? mark[0] : "";
}

/**
 * The renderers, made once per server on first use and reused. Their
 * modules are imported then too, as the command does: a server that only
 * draws SVG never loads them, and a bundle keeps them outside.
 */
export class Renderers {
  readonly #png = new Kept<PngRenderer>(() =>
    import("../raster/png.ts").then((png) =>
      png.createPngRenderer({ sprites: true })
    )
  );
  readonly #gif = new Kept<GifRenderer>(() =>
    import("../gif/mod.ts").then((gif) => gif.createGifRenderer())
  );
  readonly #log: (line: string) => void;

  /** @param log Where a failure while streaming is written, one line. */
  constructor(log: (line: string) => void) {
    this.#log = log;
  }

  /** Loads both renderers ahead of the first image. */
  warm(): Promise<unknown> {
    return Promise.all([this.#png.get(null), this.#gif.get(null)]);
  }

  /**
   * Checks an image request whole, then draws it (for HEAD too, whose
   * Content-Length is the drawing's: the server sends no body).
   */
  async draw(request: ImageRequest): Promise<BodyInit> {
    const position = readFen(request.fen, "fen", request.rules);
    const options = checkLook(request, request.kind);
    if (request.kind === "svg") return renderSvg(position, options);
    const { style: _, accessible: __, ...raster } = options;
    const look = lookKey(raster);
    const bytes = request.kind === "png"
      ? (await this.#png.get(look)).render(position, raster)
      : (await this.#gif.get(look)).render(position, {
        ...raster,
        ...playersOf(request),
        ...(request.comment === undefined ? {} : { comment: request.comment }),
      });
    return bytes as Uint8Array<ArrayBuffer>;
  }

  /**
   * A game's GIF as a stream, a frame coded per pull so that other
   * requests are answered between frames. The frames are checked already.
   */
  async animate(
    frames: GifFrame[],
    look: Look & { delay?: number },
  ): Promise<ReadableStream<Uint8Array>> {
    const { style: _, accessible: __, ...options } = checkLook(look, "gif");
    const renderer = await this.#gif.get(lookKey(options));
    const parts = renderer.animate(frames, {
      ...options,
      ...playersOf(look),
      ...(look.comment === undefined ? {} : { comment: look.comment }),
      ...(look.delay === undefined ? {} : { delay: look.delay }),
    });
    const log = this.#log;
    return new ReadableStream<Uint8Array>({
      pull(controller): void {
        // The frames were checked; a failure here is ours, and the status
        // is sent already: the file is cut short and the failure logged.
        try {
          const next = parts.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          log(`fen: internal error: ${(error as Error)?.message}`);
          controller.error(error);
        }
      },
      cancel(): void {
        parts.return();
      },
    }, { highWaterMark: 0 });
  }
}

function playersOf(
  look: Look,
): { white?: string | Player; black?: string | Player } {
  const players: { white?: string | Player; black?: string | Player } = {};
  if (look.white !== undefined) players.white = look.white;
  if (look.black !== undefined) players.black = look.black;
  return players;
}

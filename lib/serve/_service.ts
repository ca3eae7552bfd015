// The service: which path answers what, the limits on what comes in, and
// the caching of what goes out. One Service per server; it holds the
// renderers, made once on first use.

import { VERSION } from "../program/version.ts";
import { checkFen, readCheckQuery } from "./_check.ts";
import { type Game, readGame } from "./_game.ts";
import {
  CACHE_HEADERS,
  errorResponse,
  etag,
  headers,
  internalErrorResponse,
  matches,
  RequestError,
} from "./_http.ts";
import { IMAGE_TYPES, Renderers } from "./_images.ts";
import { PAGE_FILES } from "./_page.ts";
import { IMAGE_ENDPOINTS } from "./_dialects.ts";
import { readQuery } from "./_query.ts";

/** The longest request URL, in bytes: a longer one is a 414. */
export const MAX_URL_BYTES = 4096;
/** The largest request body, in bytes: a larger one is a 413. */
export const MAX_BODY_BYTES = 512 * 1024;

/** The methods a path that is read answers (`/game.gif` also takes POST). */
const READ_METHODS = ["GET", "HEAD"] as const;

/** Answers requests; `log` receives internal failures (never the client's). */
export class Service {
  readonly #renderers: Renderers;
  readonly #log: (message: string) => void;

  /** @param log Where internal failures are written, one line each. */
  constructor(log: (message: string) => void) {
    this.#log = log;
    this.#renderers = new Renderers(log);
  }

  /** Starts loading the rasterizer and encoder, so the first image is quick. */
  warm(): Promise<unknown> {
    return this.#renderers.warm();
  }

  /** The answer to one request: never throws, never a stack trace. */
  async handle(request: Request): Promise<Response> {
    try {
      return await this.#route(request);
    } catch (error) {
      if (error instanceof RequestError) return errorResponse(error);
      const message = error instanceof Error ? error.message : String(error);
      this.#log(`fen: internal error: ${message}`);
      return internalErrorResponse();
    }
  }

  async #route(request: Request): Promise<Response> {
    if (request.url.length > MAX_URL_BYTES) {
      throw new RequestError(`the URL is longer than ${MAX_URL_BYTES} bytes`, {
        status: 414,
      });
    }
    const url = new URL(request.url);
    const { pathname } = url;
    if (request.method === "OPTIONS") return preflight();
    const endpoint = IMAGE_ENDPOINTS[pathname];
    if (pathname === "/game.gif") {
      if (request.method === "POST") return await this.#postGame(request, url);
      allow(request, READ_METHODS);
      return await this.#pgnGame(request, url);
    }
    if (endpoint !== undefined) {
      allow(request, READ_METHODS);
      return await this.#image(request, url);
    }
    if (pathname === "/check") {
      allow(request, READ_METHODS);
      return this.#check(request, url);
    }
    const file = PAGE_FILES[pathname];
    if (file !== undefined) {
      allow(request, READ_METHODS);
      return new Response(request.method === "HEAD" ? null : file.body, {
        headers: headers(file.type, file.headers),
      });
    }
    throw new RequestError(`nothing at ${JSON.stringify(pathname)}`, {
      status: 404,
    });
  }

  async #image(request: Request, url: URL): Promise<Response> {
    const endpoint = IMAGE_ENDPOINTS[url.pathname];
    const image = readQuery(url.searchParams, endpoint);
    const tag = etag(`${VERSION}\n${url.pathname}\n${image.canonical}`);
    const cached = cacheHeaders(tag);
    if (matches(request, tag)) {
      return new Response(null, {
        status: 304,
        headers: headers(null, cached),
      });
    }
    const draw = request.method !== "HEAD";
    const body = await this.#renderers.draw(image, { draw });
    return new Response(body, {
      headers: headers(IMAGE_TYPES[image.kind], cached),
    });
  }

  #check(request: Request, url: URL): Response {
    const fen = readCheckQuery(url.searchParams);
    const tag = etag(`${VERSION}\n/check\n${fen}`);
    const cached = cacheHeaders(tag);
    if (matches(request, tag)) {
      return new Response(null, {
        status: 304,
        headers: headers(null, cached),
      });
    }
    const body = checkFen(fen);
    return new Response(request.method === "HEAD" ? null : body, {
      headers: headers("application/json; charset=utf-8", cached),
    });
  }

  /** `GET /game.gif?pgn=...`: a PGN game, cached like an image. */
  async #pgnGame(request: Request, url: URL): Promise<Response> {
    const query = new URLSearchParams(url.searchParams);
    const pgn = query.get("pgn");
    if (pgn === null) {
      throw new RequestError(
        "pgn is missing (or POST lila-gif's JSON body, or a PGN body)",
        { parameter: "pgn" },
      );
    }
    if (query.getAll("pgn").length > 1) {
      throw new RequestError("pgn was given twice", { parameter: "pgn" });
    }
    query.delete("pgn");
    const game = (await import("./_pgn.ts")).readPgnGame(pgn, query, "pgn");
    const tag = etag(`${VERSION}\n/game.gif\n${game.canonical}`);
    const cached = cacheHeaders(tag);
    if (matches(request, tag)) {
      return new Response(null, {
        status: 304,
        headers: headers(null, cached),
      });
    }
    const stream = request.method === "HEAD"
      ? null
      : await this.#renderers.animate(game.frames, game);
    return new Response(stream, { headers: headers(IMAGE_TYPES.gif, cached) });
  }

  /**
   * `POST /game.gif`: lila-gif's JSON body (the look in it), or a PGN body
   * (the look in the query string), told apart by the content type, else
   * by the first character.
   */
  async #postGame(request: Request, url: URL): Promise<Response> {
    const text = await readBody(request);
    const type = request.headers.get("Content-Type") ?? "";
    const json = /json/i.test(type) ||
      (!/pgn/i.test(type) && text.trimStart().startsWith("{"));
    let game: Game;
    if (json) {
      if (url.search !== "") {
        throw new RequestError(
          "a JSON body carries the look itself: no query parameters",
          { parameter: [...url.searchParams.keys()][0] ?? null },
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new RequestError("the body is not JSON", { parameter: "body" });
      }
      game = readGame(body);
    } else {
      // PGN's reader is loaded with the first game that needs it.
      const { readPgnGame } = await import("./_pgn.ts");
      game = readPgnGame(text, url.searchParams, "body");
    }
    const stream = await this.#renderers.animate(game.frames, game);
    return new Response(stream, {
      headers: headers(IMAGE_TYPES.gif, [
        ["Access-Control-Allow-Origin", "*"],
        ["Cache-Control", "no-store"],
      ]),
    });
  }
}

function cacheHeaders(tag: string): [string, string][] {
  return [...CACHE_HEADERS, ["ETag", tag]];
}

function allow(request: Request, methods: readonly string[]): void {
  if (!methods.includes(request.method)) {
    throw new RequestError(`${request.method} is not answered here`, {
      status: 405,
    });
  }
}

/** CORS preflight: any origin may GET the images and POST games. */
function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: headers(null, [
      ["Access-Control-Allow-Origin", "*"],
      ["Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS"],
      ["Access-Control-Allow-Headers", "Content-Type, If-None-Match"],
      ["Access-Control-Max-Age", "86400"],
    ]),
  });
}

/** The body as text, refused once it passes MAX_BODY_BYTES. */
async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (request.body === null) return "";
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of request.body) {
    length += chunk.length;
    if (length > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new RequestError("the body is not UTF-8", { parameter: "body" });
  }
}

function tooLarge(): RequestError {
  return new RequestError(`the body is larger than ${MAX_BODY_BYTES} bytes`, {
    status: 413,
    parameter: "body",
  });
}

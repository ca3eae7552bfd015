// The service: which path answers what (one route table), the limits on
// what comes in; what goes out is cached by one helper (_http.ts cached).
// One Service per server; it holds the renderers, made once on first use.

import { checkFen, readCheckQuery } from "./_check.ts";
import { type Endpoint, IMAGE_ENDPOINTS } from "./_dialects.ts";
import { type Game, readGame } from "./_game.ts";
import {
  type Cacheable,
  cached,
  errorResponse,
  headers,
  internalErrorResponse,
  RequestError,
  shown,
} from "./_http.ts";
import { IMAGE_TYPES, Renderers } from "./_images.ts";
import { PAGE_FILES, type PageFile } from "./_page.ts";
import { readQuery } from "./_query.ts";
import {
  type ExplorerPath,
  limitMoves,
  readExplorerQuery,
} from "./_explorer.ts";
import type { Explorer } from "../db/explorer.ts";

/** The longest request URL, in bytes: a longer one is a 414. */
export const MAX_URL_BYTES = 4096;
/** The largest request body, in bytes: a larger one is a 413. */
export const MAX_BODY_BYTES = 512 * 1024;

/** The methods a path that is read answers (`/game.gif` also takes POST). */
const READ_METHODS = ["GET", "HEAD"] as const;

/** What a route answers: a cacheable body (see `cached`), or a response. */
type Answer = Cacheable | Response;

/**
 * What `fen serve --db` serves from a game database: made where the
 * database is opened (lib/subcommands/serve.ts), so that the service's
 * bundle needs none of the database's modules but the explorer's.
 */
export interface ServedDatabase {
  /** The explorer: `/lichess`, `/masters`, `/player`. */
  readonly explorer: Explorer;
  /** How many games it holds (`/facts`). */
  gameCount(): number;
  /** A game's PGN as `fen db query --id ID` writes it; null if no such id. */
  gamePgn(id: number): string | null;
}

/** What a route answers with: the drawing, and the game database. */
interface Context {
  renderers: Renderers;
  /** `fen serve --db`'s database, or null without one. */
  database: ServedDatabase | null;
}

/** A path the service answers: the methods it takes, and how it answers. */
interface Route {
  methods: readonly string[];
  /** Reads the request (a RequestError when the client is wrong), answers. */
  answer(context: Context, request: Request, url: URL): Promise<Answer>;
}

/** `/board.svg` and the other image endpoints: one position, drawn. */
function imageRoute(endpoint: Endpoint): Route {
  return {
    methods: READ_METHODS,
    answer({ renderers }, _request, url) {
      const image = readQuery(url.searchParams, endpoint);
      return Promise.resolve({
        key: `${url.pathname}\n${image.canonical}`,
        type: IMAGE_TYPES[image.kind],
        body: () => renderers.draw(image),
      });
    },
  };
}

/** A page file, as it is: the playground, its script, the notices. */
function pageRoute(file: PageFile): Route {
  return {
    methods: READ_METHODS,
    async answer() {
      const body = typeof file.body === "string"
        ? file.body
        : await file.body();
      if (body === null) {
        throw new RequestError(
          "the page's script has not been built: run deno task build",
          { status: 503 },
        );
      }
      return new Response(body, { headers: headers(file.type, file.headers) });
    },
  };
}

/**
 * `/lichess`, `/masters` and `/player`: a game database's explorer
 * (`fen serve --db`), as lichess's (`/masters` over the same games, its
 * `since` and `until` years); `/player` as one line of NDJSON (lichess streams lines
 * while it indexes: here the games are there, and one line is the last).
 */
function explorerRoute(path: ExplorerPath): Route {
  return {
    methods: READ_METHODS,
    answer({ database }, _request, url) {
      const { explorer } = served(database);
      const query = readExplorerQuery(url.searchParams, path);
      const answer = query.player === undefined
        ? explorer.answer(query.position, query.filter)
        : explorer.playerAnswer(query.position, {
          ...query.player,
          filter: query.filter,
        });
      const type = path === "/player"
        ? "application/x-ndjson"
        : "application/json; charset=utf-8";
      // Not cached: the database may grow under a running server.
      return Promise.resolve(
        new Response(
          JSON.stringify(limitMoves(answer, query.moves)) +
            (path === "/player" ? "\n" : ""),
          {
            headers: headers(type),
          },
        ),
      );
    },
  };
}

/** The database, or the 404 that says how to serve one. */
function served(database: ServedDatabase | null): ServedDatabase {
  if (database === null) {
    throw new RequestError(
      "no game database: start fen serve with --db games.db",
      { status: 404 },
    );
  }
  return database;
}

/**
 * `/masters/pgn/ID` (and lila's older `/master/pgn/ID`): a game of the
 * database by its id, as lichess's explorer serves a masters game's PGN;
 * the ids are those the explorer's answers list.
 */
const GAME_ROUTE: Route = {
  methods: READ_METHODS,
  answer({ database }, _request, url) {
    const games = served(database);
    const id = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
    if (!/^[0-9]{1,15}$/.test(id)) {
      throw new RequestError(
        `a game's id is its number in the database, not ${shown(id)}`,
        { parameter: "id" },
      );
    }
    const pgn = games.gamePgn(Number(id));
    if (pgn === null) {
      throw new RequestError(`no game ${id} in the database`, {
        status: 404,
        parameter: "id",
      });
    }
    return Promise.resolve(
      new Response(pgn, {
        headers: headers("application/x-chess-pgn; charset=utf-8"),
      }),
    );
  },
};

/**
 * `/facts`: what this server has, for the page (its explorer panel shows
 * only with a database): `{"database": {"games": N}}`, or `null` for none.
 */
const FACTS_ROUTE: Route = {
  methods: READ_METHODS,
  answer({ database }) {
    const facts = {
      database: database === null ? null : { games: database.gameCount() },
    };
    return Promise.resolve(
      new Response(JSON.stringify(facts), {
        headers: headers("application/json; charset=utf-8", [
          ["Cache-Control", "no-store"],
        ]),
      }),
    );
  },
};

/** Every path the service answers, and how (lila-gif's is a table too). */
const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ...Object.entries(IMAGE_ENDPOINTS)
    .filter(([path]) => path !== "/game.gif")
    .map(([path, endpoint]) => [path, imageRoute(endpoint)] as const),
  ["/game.gif", {
    methods: ["GET", "HEAD", "POST"],
    answer: ({ renderers }, request, url) =>
      request.method === "POST"
        ? postGame(renderers, request, url)
        : pgnGame(renderers, url.searchParams),
  }],
  ["/example.gif", {
    methods: READ_METHODS,
    answer: ({ renderers }, _request, url) =>
      pgnGame(renderers, exampleQuery(url)),
  }],
  ["/check", {
    methods: READ_METHODS,
    answer(_context, _request, url) {
      const query = readCheckQuery(url.searchParams);
      return Promise.resolve({
        key: `/check\n${query.rules}\n${query.fen}`,
        type: "application/json; charset=utf-8",
        body: () => checkFen(query),
      });
    },
  }],
  ["/lichess", explorerRoute("/lichess")],
  ["/masters", explorerRoute("/masters")],
  ["/player", explorerRoute("/player")],
  // A path whose last part is an id is looked up with `:id` for it.
  ["/masters/pgn/:id", GAME_ROUTE],
  ["/master/pgn/:id", GAME_ROUTE],
  ["/facts", FACTS_ROUTE],
  ...Object.entries(PAGE_FILES)
    .map(([path, file]) => [path, pageRoute(file)] as const),
]);

/** Answers requests; `log` receives internal failures (never the client's). */
export class Service {
  readonly #renderers: Renderers;
  readonly #database: ServedDatabase | null;
  readonly #log: (message: string) => void;

  /**
   * @param log Where internal failures are written, one line each.
   * @param options `database`: the game database served (`--db`), if any.
   */
  constructor(
    log: (message: string) => void,
    { database = null }: { database?: ServedDatabase | null } = {},
  ) {
    this.#log = log;
    this.#renderers = new Renderers(log);
    this.#database = database;
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
    if (request.method === "OPTIONS") return preflight();
    const route = ROUTES.get(url.pathname) ??
      ROUTES.get(url.pathname.replace(/\/[^/]*$/, "/:id"));
    if (route === undefined) {
      throw new RequestError(`nothing at ${JSON.stringify(url.pathname)}`, {
        status: 404,
      });
    }
    allow(request, route.methods);
    const answer = await route.answer(
      { renderers: this.#renderers, database: this.#database },
      request,
      url,
    );
    return answer instanceof Response ? answer : await cached(request, answer);
  }
}

/** `GET /game.gif?pgn=...`: a PGN game, cached like an image. */
async function pgnGame(
  renderers: Renderers,
  parameters: URLSearchParams,
): Promise<Cacheable> {
  const query = new URLSearchParams(parameters);
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
  return {
    key: `/game.gif\n${game.canonical}`,
    type: IMAGE_TYPES.gif,
    body: () => renderers.animate(game.frames, game),
  };
}

/**
 * `POST /game.gif`: lila-gif's JSON body (the look in it), or a PGN body
 * (the look in the query string), told apart by the content type, else
 * by the first character. Never cached.
 */
async function postGame(
  renderers: Renderers,
  request: Request,
  url: URL,
): Promise<Response> {
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
  const stream = await renderers.animate(game.frames, game);
  return new Response(stream, {
    headers: headers(IMAGE_TYPES.gif, [
      ["Access-Control-Allow-Origin", "*"],
      ["Cache-Control", "no-store"],
    ]),
  });
}

/**
 * lila-gif's `/example.gif`: the game its own example animates (a lichess
 * game between two grandmasters), with its players, comment and the long
 * last frame, as `GET /game.gif?pgn=` draws it.
 */
function exampleQuery(url: URL): URLSearchParams {
  if (url.search !== "") {
    throw new RequestError("the example takes no parameters", {
      parameter: [...url.searchParams.keys()][0] ?? null,
    });
  }
  return new URLSearchParams({
    pgn: EXAMPLE_PGN,
    comment: "https://lichess.org/Q0iQs5Zi",
  });
}

/** The moves of lila-gif's example game. */
const EXAMPLE_PGN = `[White "DrDrunkenstein"]
[WhiteTitle "GM"]
[WhiteElo "2888"]
[Black "Zhigalko_Sergei"]
[BlackTitle "GM"]
[BlackElo "2895"]

1. c4 Nf6 2. Nc3 e5 3. d4 exd4 4. Qxd4 Nc6 5. Qd1 Bb4 6. Bd2 O-O
7. e3 Bxc3 8. Bxc3 Ne4 9. Ne2 d6 10. Qc2 Re8 11. Nf4 Bf5
12. Bd3 Qg5 13. O-O g6?! 14. Rae1? Nxc3 15. Qxc3 Bxd3 16. Qxd3 Ne5
17. Qd1? Rad8?? 18. b3?? c6 19. Kh1 Qf5 20. Qa1 h5 21. Rd1 Ng4
22. h3 Nf6 23. Qd4 a6 24. f3 Qe5 25. Rfe1 Qxd4 26. exd4 Rxe1+
27. Rxe1 Kf8 28. h4 Re8?! 29. Rxe8+ Kxe8 30. Kg1 Ng8 31. Kf2 Nh6
32. g3 Ke7 33. Ng2 Ke6 34. Ne3 a5 35. g4 f6 36. Kg3 d5 37. c5 Nf7?
38. Ng2? hxg4 39. fxg4 Nd8 40. Nf4+ Kf7 41. h5 g5 42. Ne2 Ne6
43. Kf3 Kg7 44. Ke3 Kh6 45. Ng3 Ng7 46. Nf5+?? Nxf5+ *
`;

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

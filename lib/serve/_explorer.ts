// `/lichess` and `/player`: the explorer of a game database
// (`fen serve --db`), read as the lichess opening explorer's endpoints read
// their queries (variant, fen, play, speeds, ratings, since, until,
// topGames, recentGames, moves; player and color) and answered in their
// shape (lib/db/explorer.ts, lib/db/player.ts).

import { RequestError, shown } from "./_http.ts";
import { tryParseFen } from "../fen/mod.ts";
import { playMoves } from "../moves/play.ts";
import { type Position, type Rules, VARIANT_RULES } from "../types.ts";
import { variantNamed, variantOf } from "../chess/variant_names.ts";
import {
  type ExplorerAnswer,
  type ExplorerFilter,
  monthNumber,
} from "../db/explorer.ts";
import { RATING_GROUPS, type Speed, SPEEDS } from "../db/speed.ts";

/** The parameters `/lichess` reads: any other is refused. */
const LICHESS_PARAMETERS = new Set([
  "variant",
  "fen",
  "play",
  "speeds",
  "ratings",
  "since",
  "until",
  "topGames",
  "recentGames",
  "moves",
]);

/** `/masters`': lichess's masters explorer's (`since` and `until` years). */
const MASTERS_PARAMETERS = new Set([
  "fen",
  "play",
  "since",
  "until",
  "topGames",
  "moves",
]);

/** `/player`'s: lichess's player explorer's (its `modes` are not kept). */
const PLAYER_PARAMETERS = new Set([
  ...LICHESS_PARAMETERS,
  "player",
  "color",
]);

/** The explorer's endpoints. */
export type ExplorerPath = "/lichess" | "/masters" | "/player";

/** What a `/lichess` query asks: the position, the filter, how many moves. */
export interface ExplorerQuery {
  position: Position;
  filter: ExplorerFilter;
  /** The most moves listed (lichess's `moves`), or null for all. */
  moves: number | null;
}

/** One value of a parameter, or null; given twice is refused. */
function one(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  if (values.length > 1) {
    throw new RequestError(`${name} was given twice`, { parameter: name });
  }
  return values[0] ?? null;
}

/** A comma-separated list (or `name[]` repeated, as lichess's clients send). */
function list(query: URLSearchParams, name: string): string[] | null {
  const values = [...query.getAll(name), ...query.getAll(`${name}[]`)];
  if (values.length === 0) return null;
  return values.flatMap((v) => v.split(",")).map((v) => v.trim())
    .filter((v) => v !== "");
}

function whole(
  query: URLSearchParams,
  { name, max }: { name: string; max: number },
): number | null {
  const text = one(query, name);
  if (text === null) return null;
  if (!/^[0-9]{1,4}$/.test(text) || Number(text) > max) {
    throw new RequestError(
      `${name} takes a whole number from 0 to ${max}, not ${shown(text)}`,
      { parameter: name },
    );
  }
  return Number(text);
}

/** The rules `variant` names (lichess's names): standard chess without. */
function rulesOf(query: URLSearchParams): Rules {
  const name = one(query, "variant");
  if (name === null) return "chess";
  const variant = variantNamed(name);
  if (variant === undefined) {
    throw new RequestError(
      `variant ${shown(name)} is not one of ${VARIANT_RULES.join(", ")}`,
      { parameter: "variant" },
    );
  }
  return variant.rules;
}

function positionOf(query: URLSearchParams, rules: Rules): Position {
  const fen = one(query, "fen") ?? variantOf(rules).start;
  const read = tryParseFen(fen, { rules });
  if (!read.ok) {
    throw new RequestError(`fen ${shown(fen)}: ${read.error.message}`, {
      parameter: "fen",
    });
  }
  const play = one(query, "play");
  if (play === null || play === "") return read.position;
  try {
    return playMoves(read.position, play.split(","), { rules }).position;
  } catch (error) {
    throw new RequestError(`play: ${(error as Error).message}`, {
      parameter: "play",
    });
  }
}

function filterOf(
  query: URLSearchParams,
  { years }: { years: boolean },
): ExplorerFilter {
  const filter: ExplorerFilter = {
    topGames: whole(query, { name: "topGames", max: 15 }) ?? 4,
    recentGames: whole(query, { name: "recentGames", max: 15 }) ?? 4,
  };
  const speeds = list(query, "speeds");
  if (speeds !== null) {
    const bad = speeds.find((s) => !(SPEEDS as readonly string[]).includes(s));
    if (bad !== undefined) {
      throw new RequestError(`speeds: no speed ${shown(bad)}`, {
        parameter: "speeds",
      });
    }
    filter.speeds = speeds as Speed[];
  }
  const ratings = list(query, "ratings");
  if (ratings !== null) {
    const bad = ratings.find((r) => !RATING_GROUPS.includes(Number(r)));
    if (bad !== undefined) {
      throw new RequestError(
        `ratings: no rating group ${shown(bad)} (${RATING_GROUPS.join(", ")})`,
        { parameter: "ratings" },
      );
    }
    filter.ratings = ratings.map(Number);
  }
  for (const name of ["since", "until"] as const) {
    const text = one(query, name);
    if (text === null) continue;
    const year = years && /^[0-9]{4}$/.test(text) ? Number(text) : null;
    const month = years
      ? year === null ? null : year * 12 + (name === "since" ? 0 : 11)
      : monthNumber(text);
    if (month === null) {
      throw new RequestError(
        `${name} takes ${years ? "a year YYYY" : "a month YYYY-MM"}, not ${
          shown(text)
        }`,
        { parameter: name },
      );
    }
    filter[name] = month;
  }
  return filter;
}

/**
 * Reads a `/lichess`, `/masters` or `/player` query.
 *
 * @param query The query string's parameters.
 * @param path The endpoint: `/lichess` or `/player`.
 * @returns What it asks.
 * @throws {RequestError} For a parameter it does not take or cannot read.
 */
export function readExplorerQuery(
  query: URLSearchParams,
  path: ExplorerPath = "/lichess",
): ExplorerQuery & { player?: { player: string; color: "white" | "black" } } {
  const known = path === "/player"
    ? PLAYER_PARAMETERS
    : path === "/masters"
    ? MASTERS_PARAMETERS
    : LICHESS_PARAMETERS;
  for (const name of query.keys()) {
    if (!known.has(name.replace(/\[\]$/, ""))) {
      throw new RequestError(`no parameter ${shown(name)} at ${path}`, {
        parameter: name,
      });
    }
  }
  const rules = rulesOf(query);
  const read = {
    position: positionOf(query, rules),
    filter: { ...filterOf(query, { years: path === "/masters" }), rules },
    moves: whole(query, { name: "moves", max: 500 }),
  };
  if (path !== "/player") return read;
  const player = one(query, "player");
  const color = one(query, "color");
  if (player === null || player === "") {
    throw new RequestError("player is missing", { parameter: "player" });
  }
  if (color !== "white" && color !== "black") {
    throw new RequestError(
      `color is white or black, not ${shown(color ?? "")}`,
      { parameter: "color" },
    );
  }
  return { ...read, player: { player, color } };
}

/** The answer's moves cut to the `moves` asked for. */
export function limitMoves(
  answer: ExplorerAnswer,
  moves: number | null,
): ExplorerAnswer {
  return moves === null
    ? answer
    : { ...answer, moves: answer.moves.slice(0, moves) };
}

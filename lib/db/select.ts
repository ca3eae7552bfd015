/**
 * Choosing games in a database: by their tags (player and colour, rating,
 * date, speed, ECO, result) in SQL, and by position (`--match`, as the
 * command reads it over PGN), the games the prefilters let through (the
 * last position's material and home pawns) replayed and tested.
 *
 * @module
 */

import type { SQLInputValue } from "node:sqlite";
import type { GameDatabase } from "./database.ts";
import { compileMatch, GameMatch, matchNeeds } from "../match/mod.ts";
import { MovesReplay } from "./moves.ts";
import { GAME_COLUMNS, type GameRow, rulesOfRow, startOf } from "./game_row.ts";
import { MATERIAL_PIECES } from "./signature.ts";
import type { Speed } from "./speed.ts";

/** Which games to choose; every filter given must hold. */
export interface GameFilter {
  /** A player, either colour unless `color` (the White or Black tag, any case). */
  player?: string;
  /** With `player`: the colour the player had. */
  color?: "white" | "black";
  /** The players' average rating at least this (both rated). */
  minRating?: number;
  /** The players' average rating at most this (both rated). */
  maxRating?: number;
  /** Played on or after this date (`YYYY.MM.DD`). */
  since?: string;
  /** Played on or before this date. */
  until?: string;
  /** Of these speeds. */
  speeds?: readonly Speed[];
  /** ECO codes: `B20` (or a prefix, `B2`) or a range `B20-B99`. */
  eco?: string;
  /** With this result. */
  result?: string;
  /** A `--match` pattern: a position of the game matches it. */
  match?: string;
  /** These games, by id. */
  ids?: readonly number[];
}

/** A WHERE clause and its values. */
interface Where {
  sql: string[];
  values: SQLInputValue[];
}

const DATE =
  "replace(coalesce((SELECT text FROM strings WHERE id = date), ''), '?', '0')";

/** A text column (an id in `strings`) whose text meets an SQL condition. */
function textIn(column: string, condition: string): string {
  return `${column} IN (SELECT id FROM strings WHERE ${condition})`;
}
const AVERAGE = "(white_elo + black_elo) / 2.0";

/** The SQL filters of the tags. */
function tagWhere(filter: GameFilter, where: Where): void {
  const add = (sql: string, ...values: SQLInputValue[]): void => {
    where.sql.push(sql);
    where.values.push(...values);
  };
  if (filter.player !== undefined) {
    const name = filter.player.toLowerCase();
    const named = (column: string): string => textIn(column, "lower(text) = ?");
    if (filter.color === "white") add(named("white"), name);
    else if (filter.color === "black") add(named("black"), name);
    else add(`(${named("white")} OR ${named("black")})`, name, name);
  }
  if (filter.minRating !== undefined) {
    add(
      `white_elo > 0 AND black_elo > 0 AND ${AVERAGE} >= ?`,
      filter.minRating,
    );
  }
  if (filter.maxRating !== undefined) {
    add(
      `white_elo > 0 AND black_elo > 0 AND ${AVERAGE} <= ?`,
      filter.maxRating,
    );
  }
  if (filter.since !== undefined) add(`${DATE} >= ?`, filter.since);
  if (filter.until !== undefined) add(`${DATE} <= ?`, filter.until);
  if (filter.speeds !== undefined) {
    add(
      textIn("speed", `text IN (${filter.speeds.map(() => "?").join(", ")})`),
      ...filter.speeds,
    );
  }
  if (filter.eco !== undefined) {
    const [low, high] = filter.eco.toUpperCase().split("-");
    if (high === undefined) add(textIn("eco", "text LIKE ?"), `${low}%`);
    else add(textIn("eco", "text BETWEEN ? AND ?"), low, high);
  }
  if (filter.result !== undefined) {
    add(textIn("result", "text = ?"), filter.result);
  }
  if (filter.ids !== undefined) {
    add(`id IN (SELECT value FROM json_each(?))`, JSON.stringify(filter.ids));
  }
}

/** One count of the `material` column, in SQL. */
function countSql(side: 0 | 1, piece: number): string {
  return `((material >> ${side * 20 + 4 * piece}) & 15)`;
}

/**
 * The prefilter of a `--match` pattern: what the last position of a game
 * that matches must show (lib/match's `matchNeeds`), in SQL.
 */
export function prefilterSql(pattern: string): string | null {
  const needs = matchNeeds(pattern);
  if (needs.material === null) {
    return needs.noHomePawn === 0
      ? null
      : `(home_pawns & ${needs.noHomePawn}) = 0`;
  }
  const pawn = MATERIAL_PIECES.indexOf("P");
  const way = (white: readonly number[], black: readonly number[]): string => {
    const parts: string[] = [];
    const each: string[] = [];
    for (const [side, counts] of [[0, white], [1, black]] as const) {
      parts.push(`${countSql(side, pawn)} <= ${counts[pawn]}`);
      const total = counts.reduce((a, b) => a + b, 0);
      parts.push(
        `(${
          [...MATERIAL_PIECES].map((_, k) => countSql(side, k)).join(" + ")
        }) <= ${total}`,
      );
      counts.forEach((n, k) => each.push(`${countSql(side, k)} <= ${n}`));
    }
    // Without a promotion, no count ever rose.
    parts.push(`((material >> 40) & 1 = 1 OR (${each.join(" AND ")}))`);
    return `(${parts.join(" AND ")})`;
  };
  const [one, two] = needs.material;
  return `(${way(one, two)} OR ${way(two, one)})`;
}

/**
 * The games chosen, in the order they were imported, each row with all
 * its columns.
 *
 * @param db The database.
 * @param filter Which games.
 * @returns The rows.
 */
export function* selectGames(
  db: GameDatabase,
  filter: GameFilter,
): Generator<GameRow, void, undefined> {
  const where: Where = { sql: [], values: [] };
  tagWhere(filter, where);
  const test = filter.match === undefined
    ? null
    : new GameMatch(compileMatch(filter.match));
  if (filter.match !== undefined) {
    const prefilter = prefilterSql(filter.match);
    // the prefilter read from the index of the signatures (a scan of a few
    // bytes a game) rather than from the games' rows (all of each row)
    if (prefilter !== null) {
      where.sql.push(`id IN (SELECT id FROM games WHERE ${prefilter})`);
    }
  }
  const sql = `SELECT ${GAME_COLUMNS} FROM games${
    where.sql.length === 0 ? "" : ` WHERE ${where.sql.join(" AND ")}`
  } ORDER BY id`;
  const replay = new MovesReplay();
  for (const row of db.sql.prepare(sql).iterate(...where.values)) {
    const game = db.store.logical(row as GameRow);
    if (test === null || matches(game, test, replay)) yield game;
  }
}

/** Whether a game's positions match, as `--match` decides over PGN. */
function matches(row: GameRow, test: GameMatch, replay: MovesReplay): boolean {
  replay.load(startOf(row), rulesOfRow(row), row.moves as Uint8Array);
  test.start();
  test.position(replay);
  for (let ply = 1; replay.more && !test.matched; ply++) {
    replay.play(replay.next(), { ply, san: false });
    test.position(replay);
  }
  return test.matched;
}

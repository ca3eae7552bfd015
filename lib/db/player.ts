/**
 * A player's explorer, as lichess's `/player` answers: the player's games
 * (by name, in one colour) that reached a position, and the moves played
 * there. Not from the index (it has no players): the player's games are
 * chosen in SQL and replayed to any depth, each counted once in the
 * position and once for each move it played there, as the index counts
 * them, and answered as the index's rows are.
 *
 * @module
 */

import type { GameDatabase } from "./database.ts";
import { addCounts, addGameRef, ExplorerEntry } from "./entry.ts";
import {
  GAME_COLUMNS,
  gameOfRow,
  type GameRow,
  rulesOfRow,
  startOf,
} from "./game_row.ts";
import { MovesReplay } from "./moves.ts";
import { cellOf, groupOf, type Speed, SPEED_INDEX } from "./speed.ts";
import { variantKeyHalves } from "../data/polyglot/variant_key.ts";
import { recordViewOf } from "../record_view.ts";
import type { Position, Rules } from "../types.ts";

/** Whose games: a player's name (any case) and colour. */
export interface PlayerQuery {
  player: string;
  color: "white" | "black";
}

const FIELDS: Readonly<Record<string, "white" | "draws" | "black">> = {
  "1-0": "white",
  "1/2-1/2": "draws",
  "0-1": "black",
};

/**
 * A player's games in one colour that reached a position, counted into
 * an entry as the index counts games (the months `since` to `until`);
 * `Explorer.playerAnswer` answers from it.
 *
 * @example
 * ```ts
 * import { GameDatabase } from "./database.ts";
 * import { GameImporter } from "./import.ts";
 * import { playerEntry } from "./player.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const db = await GameDatabase.open(":memory:", { write: true });
 * const importer = new GameImporter(db, { indexPlies: 2, annotations: false });
 * importer.push('[White "Ann"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n[White "Bob"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n');
 * importer.end();
 * const start = parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
 * const entry = playerEntry(db, start, { rules: "chess", player: "ann", color: "white" });
 * assert.equal(entry.moves.length, 1); // 1. e4, Ann's
 * ```
 *
 * @param db The database.
 * @param position The position.
 * @param query Whose games, and of which months.
 * @returns The counts, moves and games.
 */
export function playerEntry(
  db: GameDatabase,
  position: Position,
  query: PlayerQuery & { rules: Rules; since?: number; until?: number },
): ExplorerEntry {
  const column = query.color === "white" ? "white" : "black";
  const rows = db.sql.prepare(
    `SELECT ${GAME_COLUMNS} FROM games WHERE ${column} IN
      (SELECT id FROM strings WHERE lower(text) = ?)
      AND month BETWEEN ? AND ? ORDER BY id`,
  ).iterate(
    query.player.toLowerCase(),
    query.since ?? 0,
    query.until ?? Number.MAX_SAFE_INTEGER,
  );
  const key = new Uint32Array(2);
  variantKeyHalves(recordViewOf(position), query.rules, key);
  const entry = new ExplorerEntry();
  const replay = new MovesReplay();
  for (const found of rows) {
    const row = db.store.logical(found as GameRow);
    const plies = pliesReaching(row, { key, replay });
    if (plies.length > 0) countGame(entry, { row, plies, replay });
  }
  return entry;
}

/** The plies at which the game reached the key. */
function pliesReaching(
  row: GameRow,
  { key, replay }: { key: Uint32Array; replay: MovesReplay },
): number[] {
  const halves = new Uint32Array(2);
  const plies: number[] = [];
  for (const position of gameOfRow(row, replay).cursor()) {
    variantKeyHalves(position.view(), position.game.rules, halves);
    if (halves[0] === key[0] && halves[1] === key[1]) plies.push(position.ply);
  }
  return plies;
}

/** Counts a game that reached the position at `plies`, and its moves there. */
function countGame(
  entry: ExplorerEntry,
  { row, plies, replay }: {
    row: GameRow;
    plies: number[];
    replay: MovesReplay;
  },
): void {
  const field = FIELDS[String(row.result)];
  if (field === undefined) return;
  const white = Number(row.white_elo ?? NaN);
  const black = Number(row.black_elo ?? NaN);
  const rated = white > 0 && black > 0;
  const cell = cellOf(
    SPEED_INDEX[String(row.speed) as Speed],
    groupOf(rated ? (white + black) / 2 : null),
  );
  const counts = {
    white: 0,
    draws: 0,
    black: 0,
    whiteSum: rated ? white : 0,
    blackSum: rated ? black : 0,
  };
  counts[field] = 1;
  replay.load(startOf(row), rulesOfRow(row), row.moves as Uint8Array);
  const codes = replay.codes();
  addCounts(entry.extra, cell, counts);
  const played = new Set(
    plies.filter((p) => p < codes.length).map((p) => codes[p]),
  );
  for (const code of played) {
    const move = entry.move(code);
    addCounts(move.cells, cell, counts);
    addCounts(entry.extra, cell, counts, -1);
    addGameRef(move, { id: Number(row.id), cell });
  }
}

/**
 * Merging databases: the games of one added to another in their order (a
 * game already there skipped), the explorer rows added up with their game
 * ids renumbered, and the games skipped taken out of the index again: the
 * databases of the parts of a file merge into the one the whole gives.
 *
 * @module
 */

import { dbErrorOf, type GameDatabase } from "./database.ts";
import { ExplorerEntry } from "./entry.ts";
import { GAME_COLUMNS, gameOfRow, type GameRow } from "./game_row.ts";
import {
  type ImportCounts,
  indexedGame,
  INSERT_COLUMNS,
  INSERT_SQL,
  walkGame,
} from "./import.ts";
import { IndexBatch } from "./index_batch.ts";
import { MovesReplay } from "./moves.ts";
import { gameCounts } from "./game_counts.ts";
import { DbError } from "./database.ts";

/**
 * Adds the games and index of `source` to `target`.
 *
 * @param target The database merged into, opened to write.
 * @param source The database added.
 * @returns The games read, added and skipped.
 * @throws {DbError} When the two index different plies.
 */
export function mergeDatabase(
  target: GameDatabase,
  source: GameDatabase,
): ImportCounts {
  const plies = Number(source.meta("index_plies") ?? 0);
  const mine = target.meta("index_plies");
  if (mine === null) target.setMeta("index_plies", plies);
  else if (Number(mine) !== plies) {
    throw new DbError(
      "schema",
      `${JSON.stringify(source.path)} indexes ${plies} plies, ` +
        `${JSON.stringify(target.path)} ${mine}: they do not add up`,
    );
  }
  try {
    target.sql.exec("BEGIN");
    target.markVersion();
    const batch = new IndexBatch(target);
    const { ids, counts } = copyGames(target, source, { batch, plies });
    const rows = source.sql.prepare("SELECT key, month, data FROM explorer");
    rows.setReadBigInts(true);
    for (const row of rows.iterate()) {
      const entry = ExplorerEntry.decode(
        row.data as Uint8Array,
        source.lookup,
      );
      for (const move of entry.moves) {
        move.games = move.games.filter((g) => ids.has(g.id))
          .map((g) => ({ id: ids.get(g.id)!, cell: g.cell }));
      }
      const key = BigInt.asUintN(64, row.key as bigint);
      batch.addRow({
        hi: Number(key >> 32n),
        lo: Number(key & 0xffffffffn),
        month: Number(row.month),
      }, entry);
      if (batch.full) batch.flush();
    }
    batch.flush();
    target.sql.exec("COMMIT");
    return counts;
  } catch (error) {
    if (target.sql.isTransaction) target.sql.exec("ROLLBACK");
    throw dbErrorOf(error, target.path);
  }
}

/**
 * Copies the games, skipping those already there (and taking them out of
 * the index the source's rows bring): their new ids by old id.
 */
function copyGames(
  target: GameDatabase,
  source: GameDatabase,
  { batch, plies }: { batch: IndexBatch; plies: number },
): { ids: Map<number, number>; counts: ImportCounts } {
  const insert = target.sql.prepare(INSERT_SQL);
  const read = source.sql.prepare(
    `SELECT uid, ${GAME_COLUMNS} FROM games ORDER BY id`,
  );
  read.setReadBigInts(true);
  const ids = new Map<number, number>();
  const counts = { read: 0, added: 0, duplicates: 0, failed: 0 };
  const replay = new MovesReplay();
  for (const found of read.iterate()) {
    const row = source.store.logical(numbers(found as GameRow));
    counts.read++;
    // the source's index rows that refer to a game read its counts: from
    // memory, as an import's merges do, not from its row again
    const kept = gameCounts(row);
    if (kept !== null) source.remember(Number(row.id), kept);
    const stored = target.store.stored(row);
    const values = INSERT_COLUMNS.map((c) => stored[c] ?? null);
    const { changes, lastInsertRowid } = insert.run(...values as never[]);
    if (Number(changes) === 1) {
      counts.added++;
      ids.set(Number(row.id), Number(lastInsertRowid));
      continue;
    }
    counts.duplicates++;
    const walk = walkGame(gameOfRow(row, replay), plies);
    const indexed = indexedGame(row, { id: 0, ...walk });
    if (indexed !== null) batch.addGame(indexed, -1);
    if (batch.full) batch.flush();
  }
  return { ids, counts };
}

/** A row read with big integers, its small ones as numbers (uid stays). */
function numbers(row: GameRow): GameRow {
  const out: GameRow = {};
  for (const [name, value] of Object.entries(row)) {
    out[name] = typeof value === "bigint" && name !== "uid"
      ? Number(value)
      : value;
  }
  return out;
}

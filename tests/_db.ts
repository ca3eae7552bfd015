// What the database's tests share: a database file's tables as text, to
// hold two databases equal (a --jobs import and one thread's, a merge and
// the whole import).

import { DatabaseSync } from "node:sqlite";
import { stockfishGamesWithPlayers } from "./_books.ts";

/** The test data's lichess-style games (site URLs, clocks, ratings). */
export function lichessGames(): string {
  return Deno.readTextFileSync(
    new URL("./testdata/lichess_style.pgn", import.meta.url),
  );
}

/**
 * The `fen db` tests' games: the Stockfish games with players' names, then
 * the lichess-style ones.
 */
export function databaseGames(): string {
  return stockfishGamesWithPlayers() + "\n" + lichessGames();
}

/** A new folder for a test's database files (the caller removes it). */
export function databaseFolder(): string {
  return Deno.makeTempDirSync({ prefix: "fen-db-" });
}

/** A database's games, strings and index rows, as text. */
export function dumpDatabase(path: string): string {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const [games, strings, rows] = [
      "SELECT * FROM games ORDER BY id",
      "SELECT * FROM strings ORDER BY id",
      "SELECT key, month, hex(data) AS data FROM explorer ORDER BY key, month",
    ].map((sql) => {
      const statement = db.prepare(sql);
      statement.setReadBigInts(true);
      return statement.all();
    });
    return JSON.stringify(
      { games, strings, rows },
      (_, v) =>
        typeof v === "bigint"
          ? String(v)
          : v instanceof Uint8Array
          ? [...v].join()
          : v,
    );
  } finally {
    db.close();
  }
}

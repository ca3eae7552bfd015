import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import {
  DbError,
  GameDatabase,
  SCHEMA_SQL,
  SCHEMA_VERSION,
} from "../../../lib/db/database.ts";
import { ExplorerEntry, REFERENCE } from "../../../lib/db/entry.ts";
import { testGames } from "./_games.ts";
import { GameImporter } from "../../../lib/db/import.ts";

Deno.test("a database is made with its tables and version, and opened again to read", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-" });
  try {
    const made = await GameDatabase.open(`${dir}/g.db`, { write: true });
    made.setMeta("index_plies", 8);
    made.close();
    const read = await GameDatabase.open(`${dir}/g.db`);
    assert.equal(read.meta("version"), SCHEMA_VERSION);
    assert.equal(read.meta("index_plies"), 8);
    assert.equal(read.gameCount(), 0);
    assert.throws(() => read.setMeta("x", 1), /readonly/);
    read.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a new database has 16 KiB pages; one made with other pages keeps them", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-" });
  const pageSize = (path: string) => {
    const sql = new DatabaseSync(path, { readOnly: true });
    const { page_size } = sql.prepare("PRAGMA page_size").get() as {
      page_size: number;
    };
    sql.close();
    return page_size;
  };
  try {
    (await GameDatabase.open(`${dir}/new.db`, { write: true })).close();
    assert.equal(pageSize(`${dir}/new.db`), 16384);
    const old = new DatabaseSync(`${dir}/old.db`);
    old.exec(`PRAGMA page_size = 4096; ${SCHEMA_SQL}`);
    old.exec(`INSERT INTO meta VALUES ('version', ${SCHEMA_VERSION})`);
    old.close();
    const opened = await GameDatabase.open(`${dir}/old.db`, { write: true });
    opened.setMeta("index_plies", 8);
    opened.close();
    assert.equal(pageSize(`${dir}/old.db`), 4096);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("what is not one of fen's databases is a DbError saying why", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-" });
  try {
    const reason = async (path: string, write = false) => {
      try {
        (await GameDatabase.open(path, { write })).close();
        return "opened";
      } catch (error) {
        assert.ok(error instanceof DbError, String(error));
        return `${error.reason}: ${error.message}`;
      }
    };
    Deno.writeTextFileSync(
      `${dir}/text`,
      "a text file, long enough to be no database\n".repeat(100),
    );
    const other = new DatabaseSync(`${dir}/other.db`);
    other.exec("CREATE TABLE games (x)");
    other.close();
    const newer = await GameDatabase.open(`${dir}/newer.db`, { write: true });
    newer.setMeta("version", SCHEMA_VERSION + 1);
    newer.close();
    assert.equal(
      await reason(`${dir}/none.db`),
      `missing: cannot open "${dir}/none.db": no such file or directory`,
    );
    assert.equal(await reason(dir), `open: "${dir}" is a directory`);
    assert.equal(
      await reason(`${dir}/text`),
      `not-database: "${dir}/text" is not a database`,
    );
    assert.equal(
      await reason(`${dir}/text`, true),
      `not-database: "${dir}/text" is not a database`,
    );
    assert.equal(
      await reason(`${dir}/other.db`),
      `schema: "${dir}/other.db" is an SQLite file but no fen game database (no table meta)`,
    );
    assert.equal(
      await reason(`${dir}/newer.db`),
      `schema: "${dir}/newer.db" has schema version ${
        SCHEMA_VERSION + 1
      }; this fen reads versions 2 and ${SCHEMA_VERSION}: a newer fen made it`,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a version 2 database is read, and marked version 3 when first written to", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-" });
  try {
    const made = await GameDatabase.open(`${dir}/g.db`, { write: true });
    made.setMeta("version", 2);
    made.close();
    const version = async () => {
      const read = await GameDatabase.open(`${dir}/g.db`);
      const value = read.meta("version");
      read.close();
      return value;
    };
    assert.equal(await version(), 2);
    // opened to write and left unwritten, it stays what it was
    (await GameDatabase.open(`${dir}/g.db`, { write: true })).close();
    assert.equal(await version(), 2);
    const writing = await GameDatabase.open(`${dir}/g.db`, { write: true });
    const importer = new GameImporter(writing, {
      indexPlies: 12,
      annotations: false,
    });
    importer.push('[Result "1-0"]\n\n1. e4 e5 1-0\n');
    importer.end();
    writing.close();
    assert.equal(await version(), SCHEMA_VERSION);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("an explorer row that refers to a game the database lacks says the database is damaged", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-" });
  const path = `${dir}/g.db`;
  const made = await GameDatabase.open(path, { write: true });
  const importer = new GameImporter(made, {
    indexPlies: 12,
    annotations: false,
  });
  importer.push(testGames());
  importer.end();
  made.close();
  // opened again: the counts of the games it added are no longer in memory
  const db = await GameDatabase.open(path, { write: true });
  try {
    const find = db.sql.prepare(
      "SELECT key, month, data FROM explorer WHERE data >= x'7f' AND data < x'80' LIMIT 1",
    );
    find.setReadBigInts(true);
    const row = find.get() as { key: bigint; month: bigint; data: Uint8Array };
    assert.equal(row.data[0], REFERENCE);
    const id = ExplorerEntry.decode(row.data, db.lookup).moves[0].games[0].id;
    db.sql.prepare("DELETE FROM games WHERE id = ?").run(id);
    const damaged = (error: unknown) =>
      error instanceof DbError && error.reason === "not-database" &&
      error.message ===
        `"${path}" is damaged: its explorer counts game ${id}, which it ` +
          "does not hold with a result";
    assert.throws(() => db.gameCounts(id), damaged);
    // and so does the merge of a row into it
    assert.throws(
      () =>
        db.sql.prepare(
          "INSERT INTO explorer VALUES (?, ?, ?) ON CONFLICT (key, month) " +
            "DO UPDATE SET data = fen_explorer_merge(data, excluded.data)",
        ).run(row.key, row.month, row.data),
      damaged,
    );
  } finally {
    db.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

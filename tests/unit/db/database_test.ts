import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import {
  DbError,
  GameDatabase,
  SCHEMA_VERSION,
} from "../../../lib/db/database.ts";

Deno.test("a database is made with its tables and version, and opened again to read", () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-" });
  try {
    const made = GameDatabase.open(`${dir}/g.db`, { write: true });
    made.setMeta("index_plies", 8);
    made.close();
    const read = GameDatabase.open(`${dir}/g.db`);
    assert.equal(read.meta("version"), SCHEMA_VERSION);
    assert.equal(read.meta("index_plies"), 8);
    assert.equal(read.gameCount(), 0);
    assert.throws(() => read.setMeta("x", 1), /readonly/);
    read.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("what is not one of fen's databases is a DbError saying why", () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-" });
  try {
    const reason = (path: string, write = false) => {
      try {
        GameDatabase.open(path, { write }).close();
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
    const newer = GameDatabase.open(`${dir}/newer.db`, { write: true });
    newer.setMeta("version", SCHEMA_VERSION + 1);
    newer.close();
    assert.equal(
      reason(`${dir}/none.db`),
      `missing: cannot open "${dir}/none.db": no such file or directory`,
    );
    assert.equal(reason(dir), `open: "${dir}" is a directory`);
    assert.equal(
      reason(`${dir}/text`),
      `not-database: "${dir}/text" is not a database`,
    );
    assert.equal(
      reason(`${dir}/text`, true),
      `not-database: "${dir}/text" is not a database`,
    );
    assert.equal(
      reason(`${dir}/other.db`),
      `schema: "${dir}/other.db" is an SQLite file but no fen game database (no table meta)`,
    );
    assert.equal(
      reason(`${dir}/newer.db`),
      `schema: "${dir}/newer.db" has schema version ${
        SCHEMA_VERSION + 1
      }; this fen reads version ${SCHEMA_VERSION}`,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

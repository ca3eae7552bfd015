// `fen db` as a process: a compressed file imported on one thread and on
// workers (which read their code from build/), a query, a database Deno may
// not write, and the file read by sqlite3. The in-process cases are
// tests/cli/db_test.ts.

import assert from "node:assert/strict";
import { databaseFolder, databaseGames, dumpDatabase } from "../_db.ts";
import { spawnFen } from "../cli/_harness.ts";

const GAMES = databaseGames();
const folder = databaseFolder;

Deno.test("fen db as a process: import a compressed file, then sqlite3 opens the database", async () => {
  const dir = folder();
  try {
    Deno.writeTextFileSync(`${dir}/games.pgn`, GAMES);
    const zstd = await new Deno.Command("zstd", {
      args: ["-q", `${dir}/games.pgn`, "-o", `${dir}/games.pgn.zst`],
    }).output();
    assert.ok(zstd.success);
    const permissions = [`--allow-read=${dir}`, `--allow-write=${dir}`];
    const run = await spawnFen([
      "db",
      "import",
      "--db",
      `${dir}/g.db`,
      `${dir}/games.pgn.zst`,
    ], {
      permissions,
    });
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    // on workers (build/db_worker.js, which they read): the same database
    const build = new URL("../../build/", import.meta.url).pathname;
    for (const read of [`${dir},${build}`, dir]) {
      const jobs = await spawnFen([
        "db",
        "import",
        "--db",
        `${dir}/jobs.db`,
        "--jobs",
        "2",
        `${dir}/games.pgn.zst`,
      ], { permissions: [`--allow-read=${read}`, `--allow-write=${dir}`] });
      assert.equal(
        jobs.stderr,
        read === dir
          ? "fen: db import: --jobs needs --allow-read to start its workers (their code is read from a file): importing on one core\n"
          : "",
      );
      assert.equal(jobs.code, 0);
      assert.equal(dumpDatabase(`${dir}/jobs.db`), dumpDatabase(`${dir}/g.db`));
      Deno.removeSync(`${dir}/jobs.db`);
    }
    const query = await spawnFen([
      "db",
      "query",
      `${dir}/g.db`,
      "--moves",
      "d3",
      "--format",
      "json",
    ], {
      permissions,
    });
    assert.equal(query.code, 0);
    assert.equal(JSON.parse(query.stdout).opening.name, "Mieses Opening");
    // a database Deno may not write: one line, exit 4
    const denied = await spawnFen([
      "db",
      "import",
      "--db",
      `${dir}/g.db`,
      `${dir}/games.pgn`,
    ], {
      permissions: [`--allow-read=${dir}`],
    });
    assert.equal(denied.code, 4);
    assert.equal(
      denied.stderr,
      `fen: db import: needs permission to read and write "${dir}/g.db" (run deno with --allow-read=${dir}/g.db --allow-write=${dir}/g.db)\n`,
    );
    let sqlite: Deno.CommandOutput;
    try {
      sqlite = await new Deno.Command("sqlite3", {
        args: [
          `${dir}/g.db`,
          "select count(*) from games; select count(*) > 100 from explorer;" +
          // the readable columns, and a byte a move (two for castling and
          // a queen's diagonal move)
          "select white, black, site from games_view where id = 101;" +
          "select sum(length(moves)) < 1.1 * sum(plies) from games",
        ],
      }).output();
    } catch {
      console.warn(
        "sqlite3 is not installed: its reading of the database is not checked",
      );
      return;
    }
    assert.equal(
      new TextDecoder().decode(sqlite.stdout),
      "106\n1\nplayer0a|player0b|https://lichess.org/example0\n1\n",
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

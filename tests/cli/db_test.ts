// `fen db` through the real program, in-process (tests/cli/_harness.ts);
// its spawned runs are tests/e2e/db_process_test.ts. The databases are
// real files in a folder of the test's own; the PGN comes on stdin or
// through the harness's files.

import assert from "node:assert/strict";
import {
  databaseFolder,
  databaseGames,
  dumpDatabase,
  lichessGames,
} from "../_db.ts";
import { DatabaseSync } from "node:sqlite";
import { runMain } from "./_harness.ts";
import { stockfishGamesWithPlayers } from "../_books.ts";
import { prefilterSql } from "../../lib/db/select.ts";

const LICHESS = lichessGames();
const GAMES = databaseGames();
const folder = databaseFolder;

Deno.test("fen db import then export gives the games as fen --format pgn writes them", async () => {
  const dir = folder();
  try {
    const imported = await runMain(["db", "import", "--db", `${dir}/g.db`], {
      stdin: GAMES,
    });
    assert.equal(imported.stderr, "");
    assert.equal(imported.code, 0);
    assert.equal(
      imported.stdout,
      `"${dir}/g.db": 106 games read, 106 added, 0 already there (skipped), 0 left out\n`,
    );
    const exported = await runMain(["db", "export", `${dir}/g.db`]);
    const expected = await runMain(["--from", "pgn", "--format", "pgn", "-"], {
      stdin: GAMES,
    });
    assert.equal(exported.code, 0);
    assert.equal(exported.stdout, expected.stdout);
    // the same through query --format pgn, and a game chosen by id
    const queried = await runMain([
      "db",
      "query",
      `${dir}/g.db`,
      "--format",
      "pgn",
    ]);
    assert.equal(queried.stdout, expected.stdout);
    const one = await runMain(["db", "query", `${dir}/g.db`, "--id", "101"]);
    assert.match(
      one.stdout,
      /^\[Event "Rated Blitz game"\]\n\[Site "https:\/\/lichess.org\/example0"\]/,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen db import adds to a database, skipping and counting the games it holds", async () => {
  const dir = folder();
  try {
    const db = `${dir}/g.db`;
    await runMain(["db", "import", "--db", db, "games.pgn"], {
      files: { "games.pgn": LICHESS },
    });
    const again = await runMain(["db", "import", "--db", db, "-", "more.pgn"], {
      stdin: LICHESS,
      files: { "more.pgn": stockfishGamesWithPlayers() },
    });
    assert.equal(again.code, 0);
    assert.match(
      again.stdout,
      /: 106 games read, 100 added, 6 already there \(skipped\), 0 left out\n$/,
    );
    const other = await runMain([
      "db",
      "import",
      "--db",
      db,
      "--index-plies",
      "3",
    ], {
      stdin: LICHESS,
    });
    assert.equal(other.code, 1);
    assert.match(
      other.stderr,
      /^fen: db import: --index-plies 3: the database indexes 12 plies\n/,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen db query answers for a position as fen tree counts it, in the lichess explorer's shape", async () => {
  const dir = folder();
  try {
    const db = `${dir}/g.db`;
    await runMain(["db", "import", "--db", db], { stdin: GAMES });
    const tree = await runMain(["tree", "--max-ply", "12"], { stdin: GAMES });
    const nodes = tree.stdout.trim().split("\n").map((line) =>
      JSON.parse(line)
    );
    for (const node of nodes.filter((_, i) => i % 25 === 0)) {
      const { stdout, code } = await runMain([
        "db",
        "query",
        db,
        "--fen",
        node.fen,
      ]);
      assert.equal(code, 0);
      const answer = JSON.parse(stdout);
      assert.deepEqual(
        Object.keys(answer),
        [
          "white",
          "draws",
          "black",
          "moves",
          "recentGames",
          "topGames",
          "opening",
        ],
      );
      assert.deepEqual([answer.white, answer.draws, answer.black], [
        node.white,
        node.draws,
        node.black,
      ]);
      assert.deepEqual(
        answer.moves.map((
          m: Record<string, unknown>,
        ) => [m.uci, m.san, m.white, m.draws, m.black, m.averageRating]),
        node.moves.map((
          m: Record<string, unknown>,
        ) => [m.uci, m.san, m.white, m.draws, m.black, m.averageRating]),
        node.fen,
      );
    }
    const moves = await runMain(["db", "query", db, "--moves", "d3 Na6"]);
    const byFen = await runMain(["db", "query", db, "--fen", nodes[2].fen]);
    assert.equal(
      nodes[2].fen.split(" ")[0],
      "r1bqkbnr/pppppppp/n7/8/8/3P4/PPP1PPPP/RNBQKBNR",
    );
    assert.equal(moves.stdout, byFen.stdout);
    const table = await runMain(["db", "query", db, "--moves", "d3"], {
      terminal: { stdout: true },
    });
    assert.match(
      table.stdout,
      /^move +games +white +draws +black +rating +perf\n/m,
    );
    const blitz = JSON.parse(
      (await runMain(["db", "query", db, "--moves", "", "--speeds", "blitz"]))
        .stdout,
    );
    assert.equal(blitz.white + blitz.draws + blitz.black, 6);
    const since = JSON.parse(
      (await runMain([
        "db",
        "query",
        db,
        "--moves",
        "",
        "--since",
        "2024-01",
        "--until",
        "2024-01",
      ])).stdout,
    );
    // the lichess games' month, and one of the others'
    assert.equal(since.white + since.draws + since.black, 7);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen db query --match writes the games and positions fen --match writes over their PGN", async () => {
  const dir = folder();
  try {
    const db = `${dir}/g.db`;
    await runMain(["db", "import", "--db", db], { stdin: GAMES });
    let found = 0;
    for (
      const pattern of [
        "KNPPvKQP",
        "KQRvK",
        "*/*/*/*/*/*/PPP3PP/*",
        "*/*/*/*/4P3/*/*/* w",
      ]
    ) {
      for (const format of ["fen", "pgn", "epd", "key"]) {
        const ours = await runMain([
          "db",
          "query",
          db,
          "--match",
          pattern,
          "--format",
          format,
        ]);
        const theirs = await runMain([
          "--from",
          "pgn",
          "--match",
          pattern,
          "--format",
          format,
          "-",
        ], {
          stdin: GAMES,
        });
        assert.equal(ours.code, 0);
        assert.equal(ours.stdout, theirs.stdout, `${pattern} ${format}`);
        found += ours.stdout === "" ? 0 : 1;
      }
    }
    assert.equal(found, 16);
    // the prefilter reads the index of the signatures, not the games' rows
    const sql = new DatabaseSync(db, { readOnly: true });
    const plan = sql.prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM games WHERE ${prefilterSql("KRvKR")}`,
    ).all().map((row) => String(row.detail)).join("\n");
    sql.close();
    assert.match(plan, /USING COVERING INDEX games_signature/);
    const bad = await runMain(["db", "query", db, "--match", "KQvKx"]);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /^fen: db query: --match: cannot read the pattern/,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen db says in one line what is wrong with a database, with its exit code", async () => {
  const dir = folder();
  try {
    Deno.writeTextFileSync(
      `${dir}/text.db`,
      "not a database at all, just some text\n".repeat(200),
    );
    const other = new DatabaseSync(`${dir}/other.db`);
    other.exec("CREATE TABLE t (x)");
    other.close();
    // the first schema's tables, as an older fen made them
    const old = new DatabaseSync(`${dir}/old.db`);
    old.exec(
      "CREATE TABLE meta (name TEXT PRIMARY KEY, value ANY) WITHOUT ROWID;" +
        "INSERT INTO meta VALUES ('version', 1);" +
        "CREATE TABLE games (id INTEGER PRIMARY KEY, uid INTEGER NOT NULL," +
        " site TEXT, white TEXT, moves BLOB, tags TEXT);" +
        "CREATE TABLE explorer (key INTEGER, month INTEGER, data BLOB," +
        " PRIMARY KEY (key, month)) WITHOUT ROWID;",
    );
    old.close();
    const older =
      /old\.db" has schema version 1; this fen reads versions 2 and 3: import the games again into a new database \(the fen that made this one writes them with fen db export\)$/;
    const cases: [string[], number, RegExp][] = [
      [["db", "import", "--db", `${dir}/old.db`], 2, older],
      [["db", "query", `${dir}/old.db`, "--moves", "e4"], 2, older],
      [
        ["db", "query", `${dir}/none.db`, "--moves", "e4"],
        4,
        /: cannot open ".*none.db": no such file or directory$/,
      ],
      [
        ["db", "query", `${dir}/text.db`, "--moves", "e4"],
        2,
        /text\.db" is not a database$/,
      ],
      [
        ["db", "export", `${dir}/other.db`],
        2,
        /is an SQLite file but no fen game database \(no table meta\)$/,
      ],
      [["db", "import", "--db", `${dir}/text.db`], 2, /is not a database$/],
      [
        ["db", "import", "--db", `${dir}/no folder/g.db`],
        4,
        /cannot be opened$/,
      ],
      [["db", "import"], 1, /--db <file> is needed$/],
      [
        ["db", "query", `${dir}/text.db`, "--moves", "e4", "--player", "a"],
        1,
        /the player's explorer needs --color white\|black$/,
      ],
      [["db", "query"], 1, /give the database to read$/],
    ];
    for (const [args, code, says] of cases) {
      const run = await runMain(args, { stdin: "1. e4 *\n" });
      const lines = run.stderr.split("\n").filter((line) => line !== "");
      assert.match(lines[0], says, args.join(" "));
      assert.ok(lines[0].startsWith(`fen: db ${args[1]}: `), lines[0]);
      assert.equal(run.code, code, `${args.join(" ")}: ${run.stderr}`);
      if (code !== 1) assert.equal(lines.length, 1, run.stderr);
    }
    // the older database is left as it was: nothing added to it
    const kept = new DatabaseSync(`${dir}/old.db`, { readOnly: true });
    const names = kept.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    ).all().map((row) => row.name);
    kept.close();
    assert.deepEqual(names, ["explorer", "games", "meta"]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen db import waits for a database another program holds locked, then says so", async () => {
  const dir = folder();
  try {
    const db = `${dir}/g.db`;
    await runMain(["db", "import", "--db", db], { stdin: LICHESS });
    const holder = new DatabaseSync(db);
    holder.exec("BEGIN EXCLUSIVE");
    try {
      const run = await runMain(["db", "import", "--db", db], { stdin: GAMES });
      assert.equal(run.code, 4);
      assert.match(
        run.stderr,
        /^fen: db import: "[^"]*g\.db" is locked by another program\n$/,
      );
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

/**
 * Games in several parts of `--jobs`' size: the games four times, each
 * copy's own by its Event tag (the lichess games, known by their URL, are
 * there again), with a game that cannot be read and a three-check game
 * among them.
 */
function manyGames(): string {
  const variant = Deno.readTextFileSync(
    new URL("../testdata/lichess_variants.pgn", import.meta.url),
  ).split(/\n\n(?=\[Event)/)[0];
  const copies = [0, 1, 2, 3].map((k) =>
    GAMES.replaceAll('[Event "', `[Event "copy ${k} `)
  );
  copies[2] += '\n\n[Event "bad"]\n\n1. e4 Ke7 2. Zz9 *\n\n';
  copies[3] = variant + "\n\n" + copies[3];
  return copies.join("\n\n");
}

Deno.test("fen db import --jobs gives the database, the summary and the messages one thread gives", async () => {
  const dir = folder();
  try {
    const files = { "games.pgn": manyGames() };
    const cases = [[], ["--no-annotations"], ["--shard", "2/3"]];
    for (const [k, options] of cases.entries()) {
      const runs = [];
      for (const jobs of ["1", "3"]) {
        const db = `${dir}/j${jobs}-${k}.db`;
        const run = await runMain(
          ["db", "import", "--db", db, "--jobs", jobs, ...options, "games.pgn"],
          { files },
        );
        runs.push({ ...run, stdout: run.stdout.replace(db, "DB"), db });
      }
      const [one, three] = runs;
      assert.equal(three.stdout, one.stdout, options.join(" "));
      assert.equal(three.stderr, one.stderr);
      assert.equal(three.code, one.code);
      assert.equal(
        dumpDatabase(three.db),
        dumpDatabase(one.db),
        options.join(" "),
      );
      if (options.length === 0) {
        assert.equal(
          one.stdout,
          '"DB": 426 games read, 407 added, 18 already there (skipped), 1 left out\n',
        );
        assert.equal(
          one.stderr,
          'fen: db import: cannot read PGN: game 319 (line 3960, column 7), move 1... "Ke7": illegal: no king can move to e7; left out\n',
        );
        assert.equal(one.code, 2);
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

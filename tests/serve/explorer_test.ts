/**
 * `fen serve --db`: the lichess opening explorer's `/lichess` endpoint
 * answered from a game database, over real HTTP: the answer is
 * `fen db query`'s, in the shape of lila-openingexplorer's response
 * (src/api/response.rs of lichess-org/lila-openingexplorer:
 * `ExplorerResponse` flattens the totals, then moves, recentGames,
 * topGames, opening; `ExplorerMove` has uci, san, averageRating and the
 * results, then game; `ExplorerGame` id, winner, speed, mode, white and
 * black as name and rating, year, month), its parameters read as lichess
 * reads them, and no database a 404. The games the answers list come back
 * by id as lila's explorer serves a masters game (`/masters/pgn/ID`), and
 * `/facts` tells the page whether there is a database.
 */

import assert from "node:assert/strict";
import { get, ServerProcess } from "./_server.ts";
import { CLI, runFen, spawnFen } from "../cli/_harness.ts";

const LICHESS = new URL("../testdata/lichess_style.pgn", import.meta.url)
  .pathname;
const STOCKFISH = new URL("../testdata/stockfish_games.pgn", import.meta.url)
  .pathname;
const VARIANTS = new URL("../testdata/lichess_variants.pgn", import.meta.url)
  .pathname;

Deno.test("fen serve --db answers /lichess as fen db query answers, in lichess's shape", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-serve-db-" });
  const db = `${dir}/g.db`;
  const imported = await spawnFen([
    "db",
    "import",
    "--db",
    db,
    LICHESS,
    STOCKFISH,
    VARIANTS,
  ], {
    permissions: [`--allow-read`, `--allow-write=${dir}`],
  });
  assert.equal(imported.code, 0, imported.stderr);
  const server = await ServerProcess.start(["--db", db], [
    Deno.execPath(),
    "run",
    "--quiet",
    "--allow-net",
    `--allow-read=${db}`,
    CLI,
  ]);
  try {
    const response = await get(server, "/lichess?variant=standard&play=d2d3");
    assert.equal(response.status, 200);
    assert.equal(
      response.headers.get("Content-Type"),
      "application/json; charset=utf-8",
    );
    const answer = await response.json();
    const query = await spawnFen([
      "db",
      "query",
      db,
      "--moves",
      "d3",
      "--format",
      "json",
    ], {
      permissions: [`--allow-read=${db}`],
    });
    assert.deepEqual(answer, JSON.parse(query.stdout));
    assert.deepEqual(Object.keys(answer), [
      "white",
      "draws",
      "black",
      "moves",
      "recentGames",
      "topGames",
      "opening",
    ]);
    const [move] = answer.moves;
    assert.deepEqual(
      ["uci", "san", "averageRating", "white", "draws", "black", "game"].filter(
        (k) => !(k in move),
      ),
      [],
    );
    const game = answer.recentGames[0];
    assert.deepEqual(Object.keys(game), [
      "uci",
      "id",
      "winner",
      "speed",
      "mode",
      "white",
      "black",
      "year",
      "month",
    ]);
    assert.deepEqual(Object.keys(game.white), ["name", "rating"]);
    assert.equal(game.mode, "rated");
    assert.match(game.month, /^[0-9]{4}-[0-9]{2}$/);
    // lichess's parameters: a FEN, moves cut, speeds and ratings as lists
    const after = "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
    const byFen = await (await get(
      server,
      `/lichess?fen=${encodeURIComponent(after)}&moves=1`,
    )).json();
    assert.equal(byFen.moves.length, 1);
    assert.deepEqual(byFen.moves[0], answer.moves[0]);
    // each variant's index, by lichess's names, as fen db query --variant
    // answers (the games of the others are not counted)
    for (
      const [variant, play, moves] of [
        ["threeCheck", "e2e4,c7c6", "e4 c6"],
        ["crazyhouse", "", ""],
        ["racingKings", "h2h3", "Kh3"],
        ["antichess", "e2e3", "e3"],
      ]
    ) {
      const served = await (await get(
        server,
        `/lichess?variant=${variant}&play=${play}`,
      )).json();
      const asked = await runFen([
        "db",
        "query",
        db,
        "--variant",
        variant,
        "--moves",
        moves,
      ], { permissions: [`--allow-read=${db}`] });
      assert.equal(asked.code, 0, asked.stderr);
      assert.deepEqual(served, JSON.parse(asked.stdout), variant);
      assert.ok(served.white + served.draws + served.black > 0, variant);
    }
    const blitz = await (await get(
      server,
      "/lichess?speeds[]=blitz&speeds[]=rapid&ratings=0,1000",
    )).json();
    assert.equal(blitz.white + blitz.draws + blitz.black, 0);
    const all = await (await get(server, "/lichess?speeds=blitz")).json();
    assert.equal(all.white + all.draws + all.black, 6);
    // /masters: the same games, its since and until years
    const masters =
      await (await get(server, "/masters?play=d2d3&since=2024&until=2024"))
        .json();
    const since = await (await get(
      server,
      "/lichess?play=d2d3&since=2024-01&until=2024-12",
    )).json();
    assert.deepEqual(masters, since);
    assert.ok(masters.white + masters.draws + masters.black > 0);
    // /player: lichess's player explorer, one line of NDJSON
    const player = await get(
      server,
      "/player?player=PLAYER1A&color=white&play=b1c3",
    );
    assert.equal(player.status, 200);
    assert.equal(player.headers.get("Content-Type"), "application/x-ndjson");
    const lines = (await player.text()).split("\n");
    assert.deepEqual(lines.slice(1), [""]);
    const scan = await spawnFen(
      [
        "db",
        "query",
        db,
        "--moves",
        "Nc3",
        "--player",
        "player1a",
        "--color",
        "white",
      ],
      { permissions: [`--allow-read=${db}`] },
    );
    assert.deepEqual(JSON.parse(lines[0]), JSON.parse(scan.stdout));
    assert.equal(JSON.parse(lines[0]).black, 1);
    assert.deepEqual(
      JSON.parse(lines[0]).moves.map((m: { san: string }) => m.san),
      ["d5"],
    );
    for (
      const [path, parameter] of [
        ["/masters?since=2024-01", "since"],
        ["/masters?speeds=blitz", "speeds"],
        ["/player?color=white", "player"],
        ["/player?player=a&color=red", "color"],
        ["/lichess?speeds=fast", "speeds"],
        ["/lichess?since=2024", "since"],
        ["/lichess?play=e2e5", "play"],
        ["/lichess?variant=shogi", "variant"],
        ["/lichess?player=x", "player"],
      ]
    ) {
      const refused = await get(server, path);
      assert.equal(refused.status, 400, path);
      assert.equal((await refused.json()).error.parameter, parameter, path);
    }
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen serve without --db answers /lichess with a 404 saying so", async () => {
  const server = await ServerProcess.start();
  try {
    const response = await get(server, "/lichess");
    assert.equal(response.status, 404);
    assert.match(
      (await response.json()).error.message,
      /start fen serve with --db/,
    );
  } finally {
    await server.stop();
  }
});

Deno.test("fen serve --db serves a listed game's PGN at /masters/pgn/ID as fen db query --id writes it, and /facts counts the games", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-serve-db-" });
  const db = `${dir}/g.db`;
  const imported = await spawnFen(["db", "import", "--db", db, LICHESS], {
    permissions: [`--allow-read`, `--allow-write=${dir}`],
  });
  assert.equal(imported.code, 0, imported.stderr);
  const server = await ServerProcess.start(["--db", db], [
    Deno.execPath(),
    "run",
    "--quiet",
    "--allow-net",
    `--allow-read=${db}`,
    CLI,
  ]);
  try {
    const facts = await get(server, "/facts");
    assert.equal(facts.status, 200);
    const count = await spawnFen(["db", "query", db, "--format", "json"], {
      permissions: [`--allow-read=${db}`],
    });
    const games = count.stdout.trim().split("\n").length;
    assert.ok(games > 1);
    assert.deepEqual(await facts.json(), { database: { games } });
    const answer = await (await get(server, "/lichess")).json();
    const { id } = answer.topGames[0] ?? answer.recentGames[0];
    const expected = await spawnFen(
      ["db", "query", db, "--id", id, "--format", "pgn"],
      { permissions: [`--allow-read=${db}`] },
    );
    assert.equal(expected.code, 0, expected.stderr);
    assert.match(expected.stdout, /^\[Event .*\n\n1\. /s);
    for (const path of [`/masters/pgn/${id}`, `/master/pgn/${id}`]) {
      const response = await get(server, path);
      assert.equal(response.status, 200, path);
      assert.equal(
        response.headers.get("Content-Type"),
        "application/x-chess-pgn; charset=utf-8",
      );
      assert.equal(await response.text(), expected.stdout);
    }
    for (
      const [path, status] of [
        ["/masters/pgn/99999", 404],
        ["/masters/pgn/abc", 400],
        ["/masters/pgn/", 400],
        ["/masters/pgn/1%2F2", 400],
      ] as const
    ) {
      const refused = await get(server, path);
      assert.equal(refused.status, status, path);
      assert.equal((await refused.json()).error.parameter, "id", path);
    }
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen serve without --db: /facts says there is no database, a game by id is a 404", async () => {
  const server = await ServerProcess.start();
  try {
    const facts = await get(server, "/facts");
    assert.equal(facts.status, 200);
    assert.deepEqual(await facts.json(), { database: null });
    const game = await get(server, "/masters/pgn/1");
    assert.equal(game.status, 404);
    assert.match(
      (await game.json()).error.message,
      /start fen serve with --db/,
    );
  } finally {
    await server.stop();
  }
});

import assert from "node:assert/strict";
import { parsePgn } from "../../../lib/pgn/mod.ts";
import { compileMatch, GameMatch } from "../../../lib/match/mod.ts";
import { prefilterSql, selectGames } from "../../../lib/db/select.ts";
import { databaseOf, testGames } from "./_games.ts";

const PATTERNS = [
  "KNPPvKQP",
  "KQRvK",
  "KPvKRPP",
  "KRvKR",
  "KRPvKR b",
  "*/*/*/*/*/*/PPPPP1PP/*",
  "*/*/*/*/*/*/PPP3PP/*",
  "*/pp1ppppp/*/*/*/*/*/*",
  "*/*/*/*/4P3/*/*/* w",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
];

Deno.test("--match over the database chooses the games --match chooses over their PGN, and the prefilters drop none of them", async () => {
  const text = testGames();
  const db = await databaseOf(text);
  const games = parsePgn(text).filter((g) => g.error === null);
  let matched = 0;
  for (const pattern of PATTERNS) {
    const test = new GameMatch(compileMatch(pattern));
    const expected: string[] = [];
    games.forEach((game, index) => {
      test.start();
      for (const position of game.cursor()) test.position(position.view());
      if (test.matched) expected.push(String(index + 1));
    });
    const chosen = [...selectGames(db, { match: pattern })].map((row) =>
      String(row.id)
    );
    assert.deepEqual(chosen, expected, pattern);
    matched += expected.length;
    // the prefilter alone lets every matching game through
    const where = prefilterSql(pattern);
    if (where !== null) {
      const passed = new Set(
        db.sql.prepare(`SELECT id FROM games WHERE ${where}`).all().map((r) =>
          String(r.id)
        ),
      );
      for (const id of expected) assert.ok(passed.has(id), `${pattern}: ${id}`);
      assert.ok(
        passed.size < games.length,
        `${pattern}: the prefilter drops games`,
      );
    }
  }
  assert.ok(matched > 100, `${matched} games matched`);
  db.close();
});

Deno.test("tag filters choose games by player, colour, rating, date, speed, ECO and result", async () => {
  const db = await databaseOf(testGames());
  const ids = (filter: Parameters<typeof selectGames>[1]) =>
    [...selectGames(db, filter)].length;
  assert.equal(ids({}), 406);
  const ann = ids({ player: "ann" });
  assert.equal(
    ann,
    ids({ player: "Ann", color: "white" }) +
      ids({ player: "ANN", color: "black" }),
  );
  assert.ok(ann > 50 && ann < 100);
  assert.ok(ids({ minRating: 1900 }) < ids({ minRating: 1500 }));
  assert.equal(ids({ minRating: 0 }), ids({ minRating: 0, maxRating: 9999 }));
  assert.equal(ids({ speeds: ["blitz"] }), 6);
  assert.equal(ids({ since: "2020.01.01", until: "2020.12.31" }), 12);
  assert.equal(ids({ result: "1/2-1/2", speeds: ["blitz"] }), 0);
  assert.deepEqual([...selectGames(db, { ids: [3, 1] })].map((r) => r.id), [
    1,
    3,
  ]);
  db.close();
  const ecos = await databaseOf(
    ["B20", "B99", "C00"].map((eco) => `[ECO "${eco}"]\n\n1. e4 *\n`).join(
      "\n",
    ),
  );
  const count = (eco: string) => [...selectGames(ecos, { eco })].length;
  assert.deepEqual([count("B"), count("B20-B50"), count("C0"), count("A")], [
    2,
    1,
    1,
    0,
  ]);
  ecos.close();
});

import assert from "node:assert/strict";
import { DbError } from "../../../lib/db/database.ts";
import {
  type GameCounts,
  gameCounts,
  RecentGames,
} from "../../../lib/db/game_counts.ts";
import type { GameRow } from "../../../lib/db/game_row.ts";
import { databaseOf, testGames } from "./_games.ts";

Deno.test("the counts of the games an import added are read from memory, and equal their rows'", async () => {
  const db = await databaseOf(testGames());
  try {
    const rows = db.sql.prepare(
      "SELECT id, result, white_elo, black_elo, speed FROM games",
    ).all() as GameRow[];
    const ids = rows.map((row) => Number(row.id));
    const expected = rows.map((row) => gameCounts(db.store.logical(row)));
    // the rows are gone: what is still read comes from memory
    db.sql.exec("DELETE FROM games");
    const counted: [number, GameCounts][] = [];
    ids.forEach((id, n) => {
      try {
        counted.push([n, db.gameCounts(id)]);
      } catch (error) {
        assert.ok(error instanceof DbError, String(error));
      }
    });
    assert.ok(counted.length > 100, `${counted.length} games in memory`);
    for (const [n, counts] of counted) assert.deepEqual(counts, expected[n]);
  } finally {
    db.close();
  }
});

Deno.test("the games kept in memory are the last added, through the arrays' growth", () => {
  const recent = new RecentGames();
  const counts = (id: number): GameCounts => ({
    cell: id % 70,
    field: id % 3,
    whiteSum: 1000 + id % 2000,
    blackSum: id % 7 === 0 ? 0 : 1100 + id % 1900,
  });
  const last = 3 * 2 ** 20;
  for (let id = 1; id <= last; id++) recent.remember(id, counts(id));
  // the last 2^20 games are kept, the older ones are not
  for (const id of [last, last - 1, last - 2 ** 20 + 1, 2 ** 21 + 5]) {
    assert.deepEqual(recent.get(id), counts(id));
  }
  for (const id of [last - 2 ** 20, 1, 4096, 2 ** 20]) {
    assert.equal(recent.get(id), null);
  }
  // a game whose ratings do not fit is not kept (its row is read), nor the
  // game it would have replaced
  recent.remember(last + 1, { ...counts(1), whiteSum: 70000 });
  assert.equal(recent.get(last + 1), null);
  assert.deepEqual(recent.get(last + 2 - 2 ** 20), counts(last + 2 - 2 ** 20));
  recent.remember(last + 2, { ...counts(2), blackSum: 70000 });
  assert.equal(recent.get(last + 2 - 2 ** 20), null);
  // no game has id 0: an empty place is no game's
  assert.equal(new RecentGames().get(0), null);
  assert.equal(recent.get(0), null);
});

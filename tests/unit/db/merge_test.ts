import assert from "node:assert/strict";
import { GameDatabase } from "../../../lib/db/database.ts";
import { mergeDatabase } from "../../../lib/db/merge.ts";
import { cellCounts, ExplorerEntry } from "../../../lib/db/entry.ts";
import { databaseOf, testGames } from "./_games.ts";
import { GameImporter } from "../../../lib/db/import.ts";
import { Explorer } from "../../../lib/db/explorer.ts";
import { OpeningTree } from "../../../lib/tree/mod.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { GAME_COLUMNS, type GameRow } from "../../../lib/db/game_row.ts";

/** Everything a database holds, its index rows decoded and ordered. */
function contents(db: GameDatabase): unknown {
  const games = db.sql.prepare(
    `SELECT ${GAME_COLUMNS} FROM games ORDER BY id`,
  ).all().map((row) => {
    const { id, site, white, result, moves, tags, annotations } = db.store
      .logical(row as GameRow);
    return { id, site, white, result, moves, tags, annotations };
  });
  const read = db.sql.prepare(
    "SELECT key, month, data FROM explorer ORDER BY key, month",
  );
  read.setReadBigInts(true);
  const rows = read.all().map((row) => {
    const entry = ExplorerEntry.decode(row.data as Uint8Array, db.lookup);
    const cells = (m: number[]) =>
      [...cellCounts(m)].filter(([, c]) => {
        const { white, draws, black } = c;
        return white !== 0 || draws !== 0 || black !== 0;
      }).sort((a, b) => a[0] - b[0]);
    return {
      key: row.key,
      month: row.month,
      extra: cells(entry.extra),
      moves: entry.moves.map((m) => ({
        code: m.code,
        cells: cells(m.cells),
        games: m.games.map((g) => g.id).sort((a, b) => a - b),
      })).filter((m) => m.cells.length > 0).sort((a, b) => a.code - b.code),
    };
  });
  return { games, rows };
}

function parts(text: string): string[] {
  return text.trim().split(/\n\n(?=\[Event)|\n(?=\[Event "openings")/);
}

Deno.test("databases of two halves merge into the database of the whole", async () => {
  const games = parts(testGames());
  const half = Math.floor(games.length / 2);
  const whole = await databaseOf(games.join("\n\n") + "\n", 8);
  const a = await databaseOf(games.slice(0, half).join("\n\n") + "\n", 8);
  const b = await databaseOf(games.slice(half).join("\n\n") + "\n", 8);
  const merged = await GameDatabase.open(":memory:", { write: true });
  assert.deepEqual(mergeDatabase(merged, a), {
    read: half,
    added: half,
    duplicates: 0,
    failed: 0,
  });
  mergeDatabase(merged, b);
  assert.deepEqual(contents(merged), contents(whole));
  for (const db of [whole, a, b, merged]) db.close();
});

Deno.test("parts that share games merge into the whole: a game both hold is counted once", async () => {
  const games = parts(testGames());
  const whole = await databaseOf(games.join("\n\n") + "\n", 8);
  const a = await databaseOf(games.slice(0, 250).join("\n\n") + "\n", 8);
  const b = await databaseOf(games.slice(200).join("\n\n") + "\n", 8);
  const merged = await GameDatabase.open(":memory:", { write: true });
  mergeDatabase(merged, a);
  const counts = mergeDatabase(merged, b);
  assert.equal(counts.duplicates, 50);
  assert.deepEqual(contents(merged), contents(whole));
  const shallow = await databaseOf("1. e4 *\n", 4);
  assert.throws(() => mergeDatabase(merged, shallow), /indexes 4 plies/);
  for (const db of [whole, a, b, merged, shallow]) db.close();
});

Deno.test("the shards of an import merge into the whole's games and counts (their ids in part order)", async () => {
  const text = testGames();
  const whole = await databaseOf(text, 6);
  const merged = await GameDatabase.open(":memory:", { write: true });
  for (const index of [1, 2, 3]) {
    const part = await GameDatabase.open(":memory:", { write: true });
    part.setMeta("index_plies", 6);
    const importer = new GameImporter(part, {
      indexPlies: 6,
      annotations: false,
      shard: { index, count: 3 },
    });
    importer.push(text);
    importer.end();
    assert.ok(importer.counts.read > 100 && importer.counts.read < 150);
    mergeDatabase(merged, part);
    part.close();
  }
  const games = (db: GameDatabase) =>
    db.sql.prepare(
      "SELECT v.site, v.white, v.black, v.result, g.moves " +
        "FROM games_view v JOIN games g USING (id)",
    ).all().map((row) => JSON.stringify(row)).sort();
  assert.deepEqual(games(merged), games(whole));
  const explorers = [new Explorer(whole), new Explorer(merged)];
  const tree = new OpeningTree({ maxPly: 6 });
  tree.push(text);
  tree.end();
  for (const node of tree.nodes()) {
    const [a, b] = explorers.map((e) => {
      const { white, draws, black, moves } = e.answer(parseFen(node.fen));
      return [
        white,
        draws,
        black,
        moves.map((m) => [m.uci, m.white, m.draws, m.black, m.ratingSum]),
      ];
    });
    assert.deepEqual(b, a, node.fen);
  }
  for (const db of [whole, merged]) db.close();
});

import assert from "node:assert/strict";
import type { ByteWriter } from "../../../lib/db/_varint.ts";
import { addCounts, addGameRef, ExplorerEntry } from "../../../lib/db/entry.ts";
import {
  IndexBatch,
  type IndexedGame,
  type PackedRows,
  positionKey,
  RowPacker,
  type RowSink,
} from "../../../lib/db/index_batch.ts";
import { GameDatabase } from "../../../lib/db/database.ts";
import { cellOf, UNRATED } from "../../../lib/db/speed.ts";
import { randomOf } from "../_random.ts";

/** The rows a batch writes, by key and month: their bytes. */
class Rows implements RowSink {
  readonly rows = new Map<string, Uint8Array>();
  add(
    key: { hi: number; lo: number; month: number },
    data: ByteWriter,
  ): void {
    const name = `${key.hi}:${key.lo}:${key.month}`;
    assert.ok(!this.rows.has(name), `${name} written twice in a flush`);
    this.rows.set(name, data.bytes.slice(0, data.length));
  }
  end(): void {}
}

/**
 * Games through a small pool of positions (rows of one game and rows of
 * many, a position reached twice in a game), rated and not, some taken
 * away again (`sign` -1).
 */
function gamesOf(random: (n: number) => number): [IndexedGame, 1 | -1][] {
  const games: [IndexedGame, 1 | -1][] = [];
  for (let id = 1; id <= 400; id++) {
    const plies = 1 + random(12);
    const keys: number[] = [], codes: number[] = [];
    for (let k = 0; k <= plies; k++) {
      // the first plies from a few positions, the deeper from many
      const pool = k < 3 ? 4 : k === 5 ? 30 : 100_000;
      const at = random(pool);
      keys.push(at * 7919 - 40_000, (at * 104_729) ^ k);
      codes.push(1 + random(k < 3 ? 3 : 4000));
    }
    const group = random(4) === 0 ? UNRATED : random(UNRATED);
    const rated = group !== UNRATED;
    const game: IndexedGame = {
      id,
      month: 24_000 + random(3),
      cell: cellOf(random(6), group),
      field: random(3),
      whiteSum: rated ? 1000 + random(2000) : 0,
      blackSum: rated ? 1000 + random(2000) : 0,
      keys,
      codes: codes.slice(0, plies),
    };
    games.push([game, 1]);
    if (id % 37 === 0) games.push([games[random(games.length)][0], -1]);
  }
  return games;
}

/** The rows the games make, counted one event at a time into entries. */
function expectedRows(
  games: [IndexedGame, 1 | -1][],
  bases: Map<string, ExplorerEntry>,
): Map<string, ExplorerEntry> {
  const rows = new Map<string, ExplorerEntry>();
  for (const [name, base] of bases) {
    const copy = new ExplorerEntry();
    copy.add(base);
    rows.set(name, copy);
  }
  for (const [game, sign] of games) {
    const counts = {
      white: game.field === 0 ? 1 : 0,
      draws: game.field === 1 ? 1 : 0,
      black: game.field === 2 ? 1 : 0,
      whiteSum: game.whiteSum,
      blackSum: game.blackSum,
    };
    const cell = game.cell, seen = new Set<string>();
    const positions = game.keys.length / 2;
    for (let k = 0; k < positions; k++) {
      const name = `${game.keys[2 * k]}:${game.keys[2 * k + 1]}:${game.month}`;
      if (!rows.has(name)) rows.set(name, new ExplorerEntry());
      const entry = rows.get(name)!;
      if (!seen.has(`${name}/-1`)) {
        seen.add(`${name}/-1`);
        addCounts(entry.extra, cell, counts, sign);
      }
      const code = game.codes[k];
      if (k + 1 === positions || seen.has(`${name}/${code}`)) continue;
      seen.add(`${name}/${code}`);
      const played = entry.move(code);
      addCounts(played.cells, cell, counts, sign);
      addCounts(entry.extra, cell, counts, -sign);
      if (sign > 0) addGameRef(played, { id: game.id, cell });
    }
  }
  return rows;
}

Deno.test("a batch writes each row as its entry packs it: one game's rows, many games', repetitions, games taken away, stored rows added", () => {
  for (const seed of [1, 2, 3]) {
    const random = randomOf(seed);
    const games = gamesOf(random);
    const sink = new Rows(), batch = new IndexBatch(sink);
    // stored rows to add to, at the last positions of two games
    const bases = new Map<string, ExplorerEntry>();
    for (const [game] of [games[10], games[11]]) {
      const k = game.keys.length / 2 - 1;
      const hi = game.keys[2 * k], lo = game.keys[2 * k + 1];
      const base = new ExplorerEntry();
      const move = base.move(77);
      addCounts(move.cells, cellOf(1, UNRATED), {
        white: 2,
        draws: 0,
        black: 1,
        whiteSum: 0,
        blackSum: 0,
      });
      move.games.push({ id: 9_000, cell: cellOf(1, UNRATED) });
      // the same key twice (two short games) adds both
      const name = `${hi}:${lo}:${game.month}`;
      if (bases.has(name)) bases.get(name)!.add(base);
      else bases.set(name, base);
      const stored = new ExplorerEntry();
      stored.add(base);
      batch.addRow({ hi, lo, month: game.month }, stored);
    }
    for (const [game, sign] of games) batch.addGame(game, sign);
    batch.flush();
    const expected = expectedRows(games, bases);
    assert.equal(sink.rows.size, expected.size, `seed ${seed}: rows`);
    let alone = 0;
    for (const [name, entry] of expected) {
      const bytes = sink.rows.get(name);
      assert.ok(bytes !== undefined, `seed ${seed}: row ${name} written`);
      assert.deepEqual(bytes, entry.encode(), `seed ${seed}: row ${name}`);
      const games = entry.moves.reduce((n, m) => n + m.games.length, 0);
      if (games <= 1 && entry.moves.length <= 1) alone++;
    }
    // both kinds of rows were written
    assert.ok(
      alone > expected.size / 2,
      `seed ${seed}: ${alone} rows of one game`,
    );
    assert.ok(alone < expected.size, `seed ${seed}: rows of many games`);
  }
});

Deno.test("a batch written twice: the second flush writes the second games' rows only", () => {
  const random = randomOf(9);
  const games = gamesOf(random).filter(([, sign]) => sign === 1);
  const half = games.length / 2;
  const sink = new Rows(), batch = new IndexBatch(sink);
  for (const [game] of games.slice(0, half)) batch.addGame(game);
  batch.flush();
  sink.rows.clear();
  for (const [game] of games.slice(half)) batch.addGame(game);
  batch.flush();
  const expected = expectedRows(games.slice(half), new Map());
  assert.equal(sink.rows.size, expected.size);
  for (const [name, entry] of expected) {
    assert.deepEqual(sink.rows.get(name), entry.encode(), name);
  }
});

Deno.test("a batch taken (its arrays) and written elsewhere gives the rows its own flush gives, packed in messages, and a database's batch stores them", async () => {
  const random = randomOf(5);
  const games = gamesOf(random);
  const own = new Rows(), batch = new IndexBatch(own);
  for (const [game, sign] of games) batch.addGame(game, sign);
  batch.flush();
  const taken = new IndexBatch(new Rows());
  for (const [game, sign] of games) taken.addGame(game, sign);
  const arrays = taken.take();
  assert.equal(taken.size, 0);
  const messages: PackedRows[] = [];
  IndexBatch.write(
    arrays,
    new RowPacker((rows) => messages.push(rows), { rows: 500 }),
  );
  assert.ok(messages.length > 2, `${messages.length} messages`);
  // the messages unpacked: the same rows, in the same key order
  const rows = new Map<string, Uint8Array>();
  for (const { count, numbers, bytes } of messages) {
    for (let n = 0, from = 0; n < count; n++) {
      const name = `${numbers[4 * n]}:${numbers[4 * n + 1]}:${
        numbers[4 * n + 2]
      }`;
      rows.set(name, bytes.slice(from, from += numbers[4 * n + 3]));
    }
  }
  assert.deepEqual([...rows], [...own.rows]);
  // stored by a database's batch, as its own flush stores its rows
  const db = await GameDatabase.open(":memory:", { write: true });
  try {
    const stored = new IndexBatch(db);
    for (const message of messages) stored.addRows(message);
    stored.endRows();
    const select = db.sql.prepare(
      "SELECT key, month, data FROM explorer ORDER BY key, month",
    );
    select.setReadBigInts(true);
    const table = select.all() as {
      key: number | bigint;
      month: number;
      data: Uint8Array;
    }[];
    const expected = [...own.rows].map(([name, bytes]) => {
      const [hi, lo, month] = name.split(":").map(Number);
      return { key: positionKey(hi, lo), month, data: bytes };
    }).sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.month - b.month
    );
    assert.deepEqual(
      table.map(({ key, month, data }) => ({
        key: BigInt(key),
        month: Number(month),
        data: new Uint8Array(data),
      })),
      expected,
    );
  } finally {
    db.close();
  }
  // the batch taken goes on counting, from none
  const [[next]] = games;
  taken.addGame(next);
  own.rows.clear();
  const again = new Rows();
  const alone = new IndexBatch(again);
  alone.addGame(next);
  alone.flush();
  const after = new Rows();
  IndexBatch.write(taken.take(), after);
  assert.deepEqual([...after.rows], [...again.rows]);
});

Deno.test("a batch holding stored rows added is not taken", () => {
  const batch = new IndexBatch(new Rows());
  batch.addRow({ hi: 1, lo: 2, month: 3 }, new ExplorerEntry());
  assert.throws(() => batch.take(), RangeError);
});

import assert from "node:assert/strict";
import {
  addCounts,
  addRowGames,
  cellCounts,
  ExplorerEntry,
  KEPT_GAMES,
  REFERENCE,
  writeOneGame,
} from "../../../lib/db/entry.ts";
import { ByteWriter } from "../../../lib/db/_varint.ts";
import { cellOf, GROUP_COUNT, SPEEDS, UNRATED } from "../../../lib/db/speed.ts";

function counts(white: number, draws: number, black: number, sum = 0) {
  return { white, draws, black, whiteSum: sum, blackSum: sum };
}

function get(cells: number[], cell: number) {
  return new Map(cellCounts(cells)).get(cell);
}

Deno.test("an explorer row packs and unpacks to the same counts, negative extras included", () => {
  const entry = new ExplorerEntry();
  addCounts(entry.extra, cellOf(2, 3), counts(1, 0, -1, 0));
  const move = entry.move(0x1234);
  addCounts(move.cells, cellOf(2, 3), counts(3, 1, 200, 123456));
  addCounts(move.cells, cellOf(6, UNRATED), counts(0, 1, 0));
  move.games.push({ id: 7, cell: cellOf(2, 3) }, {
    id: 3,
    cell: cellOf(6, UNRATED),
  });
  const back = ExplorerEntry.decode(entry.encode());
  assert.deepEqual(back.extra, entry.extra);
  assert.equal(back.moves.length, 1);
  assert.equal(back.moves[0].code, 0x1234);
  assert.deepEqual(
    get(back.moves[0].cells, cellOf(2, 3)),
    counts(3, 1, 200, 123456),
  );
  // an unrated cell keeps no rating sums
  assert.deepEqual(
    get(back.moves[0].cells, cellOf(6, UNRATED)),
    counts(0, 1, 0),
  );
  assert.deepEqual(
    back.moves[0].games.map((g) => g.id).sort((a, b) => a - b),
    [3, 7],
  );
});

Deno.test("explorer rows add up, and a move keeps its newest and highest rated games only", () => {
  const a = new ExplorerEntry(), b = new ExplorerEntry();
  for (let id = 1; id <= 20; id++) {
    const row = id % 2 === 0 ? a : b;
    const cell = cellOf(2, id === 3 ? 8 : 1);
    const move = row.move(5);
    addCounts(move.cells, cell, counts(1, 0, 0));
    move.games.push({ id, cell });
  }
  a.add(b);
  const move = ExplorerEntry.decode(a.encode()).moves[0];
  const total = [...cellCounts(move.cells)].reduce(
    (n, [, c]) => n + c.white,
    0,
  );
  assert.equal(total, 20);
  const ids = move.games.map((g) => g.id).sort((x, y) => x - y);
  // the 4 newest, and game 3 of the highest group with the newest of the next
  assert.ok(ids.length <= 2 * KEPT_GAMES);
  assert.ok(ids.includes(3));
  for (const id of [17, 18, 19, 20]) assert.ok(ids.includes(id));
});

Deno.test("a row one game makes alone refers to the game in 6 bytes and reads back through its counts", () => {
  const entry = new ExplorerEntry();
  const cell = cellOf(2, 4);
  const move = entry.move(796);
  addCounts(move.cells, cell, counts(1, 0, 0, 1650));
  move.games.push({ id: 100000, cell });
  const bytes = entry.encode();
  assert.equal(bytes[0], REFERENCE);
  assert.equal(bytes.length, 6);
  // the batch's way, without the entry, writes the same bytes
  const out = new ByteWriter();
  writeOneGame(out, {
    cell,
    field: 0,
    whiteSum: 1650,
    blackSum: 1650,
    id: 100000,
    move: 796,
  });
  assert.deepEqual(out.done(), bytes);
  assert.throws(
    () => ExplorerEntry.decode(bytes),
    /RangeError: the row refers to game 100000: no games given/,
  );
  const looked: number[] = [];
  const back = ExplorerEntry.decode(bytes, (id) => {
    looked.push(id);
    return { cell, field: 0, whiteSum: 1650, blackSum: 1650 };
  });
  assert.deepEqual(looked, [100000]);
  assert.deepEqual(back.extra, []);
  assert.equal(back.moves.length, 1);
  assert.deepEqual(get(back.moves[0].cells, cell), counts(1, 0, 0, 1650));
  assert.deepEqual(back.moves[0].games, [{ id: 100000, cell }]);
  assert.deepEqual(back.encode(), bytes);
  const played = new Map<number, number>();
  assert.equal(addRowGames(bytes, played), 0);
  assert.deepEqual([...played], [[796, 1]]);
  // no row of counts begins with the reference's number
  assert.ok(SPEEDS.length * GROUP_COUNT < REFERENCE);
});

Deno.test("a row of two games, or with counts of its own, is written whole", () => {
  const cell = cellOf(2, 4);
  const two = new ExplorerEntry();
  const move = two.move(796);
  addCounts(move.cells, cell, counts(1, 1, 0, 1650));
  move.games.push({ id: 5, cell }, { id: 6, cell });
  const ended = new ExplorerEntry();
  addCounts(ended.extra, cell, counts(0, 1, 0, 1650));
  const repeated = new ExplorerEntry();
  addCounts(repeated.extra, cell, counts(-1, 0, 0, 1650));
  const again = repeated.move(796);
  addCounts(again.cells, cell, counts(1, 0, 0, 1650));
  again.games.push({ id: 5, cell });
  for (const entry of [two, ended, repeated]) {
    const bytes = entry.encode();
    assert.notEqual(bytes[0], REFERENCE);
    assert.deepEqual(ExplorerEntry.decode(bytes).encode(), bytes);
  }
});

Deno.test("a row's bytes do not depend on the order its cells and games came in; a move keeps exactly the 4 newest games and the 4 highest rated, by group then newest", () => {
  // 30 games in cells of 3 speeds and every group (unrated included)
  const games = Array.from({ length: 30 }, (_, n) => ({
    id: 1000 + ((n * 7) % 30),
    cell: cellOf(1 + (n % 3), (n * 3) % GROUP_COUNT),
  }));
  const rowOf = (order: typeof games) => {
    const entry = new ExplorerEntry();
    for (const game of order) {
      const move = entry.move(9);
      addCounts(
        move.cells,
        game.cell,
        counts(game.id % 2, 1 - (game.id % 2), 0, game.id),
      );
      addCounts(entry.extra, game.cell, counts(0, 0, 1));
      move.games.push(game);
    }
    return entry.encode();
  };
  const bytes = rowOf(games);
  assert.deepEqual(rowOf(games.toReversed()), bytes);
  assert.deepEqual(
    rowOf(games.toSorted((a, b) => a.cell - b.cell || b.id - a.id)),
    bytes,
  );
  // the cells come back in the order of their numbers
  const back = ExplorerEntry.decode(bytes).moves[0];
  const cells = [...cellCounts(back.cells)].map(([cell]) => cell);
  assert.deepEqual(cells, cells.toSorted((a, b) => a - b));
  const newest = games.toSorted((a, b) => b.id - a.id).slice(0, KEPT_GAMES);
  const rated = games.filter((g) => g.cell % GROUP_COUNT !== UNRATED)
    .toSorted((a, b) =>
      b.cell % GROUP_COUNT - a.cell % GROUP_COUNT || b.id - a.id
    ).slice(0, KEPT_GAMES);
  const kept = [...new Set([...newest, ...rated].map((g) => g.id))];
  assert.deepEqual(
    back.games.map((g) => g.id).toSorted((a, b) => a - b),
    kept.toSorted((a, b) => a - b),
  );
  assert.ok(kept.length > KEPT_GAMES);
});

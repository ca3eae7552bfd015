// The messages of `fen db import --jobs`: games packed by the reading
// thread come out of the worker's unpacker as they went in, their texts
// sent once and then by number, up to the bound and past it.

import assert from "node:assert/strict";
import { GamePacker, GameUnpacker } from "../../../lib/db/import_rows.ts";
import type { GameRow } from "../../../lib/db/game_row.ts";
import { randomOf } from "../_random.ts";

/** Rows whose texts repeat (from small pools), change, and are null. */
function rowsOf(random: (n: number) => number, count: number): GameRow[] {
  const pick = (pool: number, prefix: string): string | null =>
    random(9) === 0 ? null : `${prefix}${random(pool)}`;
  const rows: GameRow[] = [];
  for (let k = 0; k < count; k++) {
    const rest: (string | null)[] = [];
    for (let t = random(4); t > 0; t--) {
      rest.push(`Tag${random(3)}`, random(3) === 0 ? null : `v${random(12)}`);
    }
    rows.push({
      event: pick(3, "event "),
      site: `https://lichess.org/${k}`,
      date: pick(40, "2024.01."),
      round: pick(2, "r"),
      white: pick(25, "player "),
      black: pick(25, "player "),
      white_elo: random(5) === 0 ? null : 1000 + random(2000),
      black_elo: 1500,
      eco: pick(20, "B"),
      opening: pick(20, "Sicilian Defense, variation "),
      time_control: pick(4, "300+"),
      variant: null,
      tags: rest.length === 0 ? null : rest,
      uid: random(2) === 0 ? null : BigInt(random(1 << 30)) << 20n,
      result: pick(3, "1-"),
      speed: pick(3, "blitz"),
      month: 24_000 + random(12),
      plies: random(200),
      fen: random(20) === 0 ? `8/8/8/8/8/8/8/K1k${random(5)} w - - 0 1` : null,
      material: random(1000),
      home_pawns: random(65536),
      moves: new Uint8Array([random(256), random(256)]),
      annotations: null,
    });
  }
  return rows;
}

Deno.test("games packed come out of the unpacker as they went in, their texts numbered up to the bound and past it", () => {
  for (const numbered of [0, 5, 40, undefined]) {
    const random = randomOf(numbered ?? 99);
    const rows = rowsOf(random, 300);
    const options = numbered === undefined ? {} : { numbered };
    const packer = new GamePacker(options),
      unpacker = new GameUnpacker(options);
    const out: GameRow[] = [], keys: number[][] = [];
    let sent = 0, at = 0;
    // messages of a few games each, as the thread sends a chunk's games
    while (at < rows.length) {
      for (let n = 1 + random(20); n > 0 && at < rows.length; n--, at++) {
        packer.add({ row: rows[at], keys: [at, -at], codes: [at] });
      }
      const message = packer.take();
      sent += message.text.length;
      unpacker.games(message, (game) => {
        out.push({
          ...game.row,
          moves: new Uint8Array(game.row.moves as Uint8Array),
        });
        keys.push([...Array.from(game.keys), ...Array.from(game.codes)]);
      });
    }
    assert.deepEqual(out, rows, `numbered ${numbered}`);
    assert.deepEqual(keys, rows.map((_, k) => [k, -k, k]));
    // numbered texts go once: less text than with none numbered
    if (numbered === undefined) {
      const plain = new GamePacker({ numbered: 0 });
      let all = 0;
      for (const row of rows) {
        plain.add({ row, keys: [], codes: [] });
        all += plain.take().text.length;
      }
      assert.ok(
        sent < all / 2,
        `${sent} characters sent, ${all} without numbers`,
      );
    }
  }
});

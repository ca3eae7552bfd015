// The messages of `fen db import --jobs`: games packed by the reading
// thread (their tags as a map, or as the PGN's bytes) come out of the
// worker's unpacker as they went in, texts that repeat at their place and
// texts that change, in messages of any size.

import assert from "node:assert/strict";
import {
  GamePacker,
  type GameToPack,
  GameUnpacker,
} from "../../../lib/db/import_rows.ts";
import { randomOf } from "../_random.ts";

const encoder = new TextEncoder();

/** A game as it should come out: its tags in order, and the rest. */
interface Expected {
  tags: [string, string][];
  marker: string | null;
  walked: Record<string, unknown>;
  keys: number[];
  codes: number[];
}

/** Games whose tags repeat (small pools), change, and are not ASCII. */
function gamesOf(
  random: (n: number) => number,
  count: number,
): { game: GameToPack; expected: Expected }[] {
  const pick = (pool: number, prefix: string): string =>
    `${prefix}${random(pool)}`;
  const games = [];
  for (let k = 0; k < count; k++) {
    const tags: [string, string][] = [
      ["Event", pick(3, "event ")],
      ["Site", `https://lichess.org/${k}`],
      ["White", random(4) === 0 ? pick(5, "Gr\u00fcnfeld ") : pick(25, "p")],
      ["Black", pick(25, "player ")],
      ["Result", pick(3, "1-")],
    ];
    for (let t = random(4); t > 0; t--) tags.push([`Tag${t}`, pick(3, "")]);
    if (random(5) === 0) tags.push(["Empty", ""]);
    const walked = {
      plies: random(200),
      fen: random(20) === 0 ? `8/8/8/8/8/8/8/K1k${random(5)} w - - 0 1` : null,
      material: random(1000),
      home_pawns: random(65536),
      moves: new Uint8Array([random(256), random(256)]),
      annotations: random(3) === 0 ? new Uint8Array([random(256)]) : null,
    };
    const keys = [k, -k], codes = [random(4096)];
    const marker = random(4) === 0 ? null : pick(2, "0-");
    // as the mainline reader gives them (ASCII) or as a map (the others)
    const ascii = tags.every(([, value]) => !/[^ -~]/.test(value));
    const tagBytes = ascii && random(2) === 0 ? bytesOf(tags) : null;
    games.push({
      game: {
        tags: tagBytes === null ? new Map(tags) : new Map(),
        tagBytes,
        marker,
        walked,
        keys,
        codes,
      },
      expected: { tags, marker, walked, keys, codes },
    });
  }
  return games;
}

/** Tags as the mainline reader's collector gives them: their bytes. */
function bytesOf(
  tags: [string, string][],
): { bytes: Uint8Array; lengths: number[] } {
  const parts = tags.flat().map((text) => encoder.encode(text));
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) (bytes.set(part, at), at += part.length);
  return { bytes, lengths: parts.map((part) => part.length) };
}

Deno.test("games packed (tags as a map or as bytes) come out of the unpacker as they went in, in messages of any size", () => {
  for (const seed of [1, 2, 3]) {
    const random = randomOf(seed);
    const games = gamesOf(random, 400);
    const packer = new GamePacker(), unpacker = new GameUnpacker();
    const out: Expected[] = [];
    let at = 0;
    // messages of a few games each, as the thread sends a chunk's games
    while (at < games.length) {
      for (let n = 1 + random(20); n > 0 && at < games.length; n--, at++) {
        packer.add(games[at].game);
      }
      assert.equal(packer.count, at - out.length);
      unpacker.games(packer.take(), (game) => {
        // the bytes are valid until the next game: copied here
        const { moves, annotations } = game.walked;
        out.push({
          tags: [...game.tags],
          marker: game.marker,
          walked: {
            ...game.walked,
            moves: new Uint8Array(moves),
            annotations: annotations === null
              ? null
              : new Uint8Array(annotations),
          },
          keys: Array.from(game.keys),
          codes: Array.from(game.codes),
        });
      });
      assert.equal(packer.count, 0);
    }
    assert.deepEqual(out, games.map((game) => game.expected), `seed ${seed}`);
    assert.ok(games.some((game) => game.game.tagBytes !== null));
    assert.ok(games.some((game) => game.game.tagBytes === null));
  }
});

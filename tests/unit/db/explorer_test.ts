import assert from "node:assert/strict";
import { Explorer } from "../../../lib/db/explorer.ts";
import { OpeningTree } from "../../../lib/tree/mod.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { polyglotKey } from "../../../lib/data/polyglot/mod.ts";
import { databaseOf, testGames } from "./_games.ts";

/** A position's Polyglot key, as its two halves. */
function keyHalves(fen: string): { hi: number; lo: number } {
  const key = polyglotKey(parseFen(fen));
  return { hi: Number(key >> 32n), lo: Number(key & 0xffffffffn) };
}

/** A move as both explorers list it. */
function moveFields(m: {
  uci: string;
  san: string;
  white: number;
  draws: number;
  black: number;
  averageRating: number | null;
  ratedGames: number;
  ratingSum: number;
}) {
  const {
    uci,
    san,
    white,
    draws,
    black,
    averageRating,
    ratedGames,
    ratingSum,
  } = m;
  return {
    uci,
    san,
    white,
    draws,
    black,
    averageRating,
    ratedGames,
    ratingSum,
  };
}

Deno.test("the explorer counts every position as fen tree counts it, to the plies indexed, in its answers and its counts alone", async () => {
  const text = testGames();
  for (const plies of [1, 6]) {
    const db = await databaseOf(text, plies);
    const tree = new OpeningTree({ maxPly: plies });
    tree.push(text);
    tree.end();
    const explorer = new Explorer(db);
    let positions = 0;
    for (const node of tree.nodes()) {
      positions++;
      const answer = explorer.answer(parseFen(node.fen));
      assert.deepEqual(
        {
          white: answer.white,
          draws: answer.draws,
          black: answer.black,
          moves: answer.moves.map(moveFields),
        },
        {
          white: node.white,
          draws: node.draws,
          black: node.black,
          moves: node.moves.map(moveFields),
        },
        node.fen,
      );
      // the counts alone, read without making the answer
      assert.deepEqual(
        explorer.moveGames(keyHalves(node.fen)),
        {
          games: node.white + node.draws + node.black,
          moves: node.moves.map((m) => ({
            uci: m.uci,
            games: m.white + m.draws + m.black,
          })),
        },
        node.fen,
      );
    }
    assert.ok(positions > (plies === 1 ? 10 : 500), `${positions} positions`);
    db.close();
  }
});

Deno.test("the explorer filters by speed, rating group and month as lichess's query parameters do", async () => {
  const game = (tc: string, elo: number, date: string, result: string) =>
    `[Date "${date}"]\n[WhiteElo "${elo}"]\n[BlackElo "${elo}"]\n` +
    `[TimeControl "${tc}"]\n[Result "${result}"]\n\n1. e4 e5 ${result}\n\n`;
  const db = await databaseOf(
    game("180+0", 1500, "2024.01.05", "1-0") +
      game("600+0", 1900, "2024.02.05", "0-1") +
      game("60+0", 2300, "2024.03.05", "1/2-1/2") +
      '[Result "1-0"]\n\n1. e4 c5 1-0\n\n',
  );
  const explorer = new Explorer(db);
  const start = parseFen(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  );
  const totals = (filter: Parameters<Explorer["answer"]>[1]) => {
    const a = explorer.answer(start, filter);
    return [a.white, a.draws, a.black];
  };
  assert.deepEqual(totals({}), [2, 1, 1]);
  assert.deepEqual(totals({ speeds: ["blitz"] }), [1, 0, 0]);
  assert.deepEqual(totals({ speeds: ["rapid", "bullet"] }), [0, 1, 1]);
  assert.deepEqual(totals({ ratings: [1800, 2200] }), [0, 1, 1]);
  assert.deepEqual(totals({ since: 2024 * 12 + 1 }), [0, 1, 1]);
  assert.deepEqual(totals({ until: 2024 * 12 + 1 }), [2, 0, 1]);
  const answer = explorer.answer(start);
  const e4 = answer.moves[0];
  assert.equal(e4.san, "e4");
  // White moves: the opponents' mean is Black's, 1900; +1 -1 =1 over the 3 rated
  assert.equal(e4.averageOpponentRating, 1900);
  assert.equal(e4.performance, 1900);
  assert.deepEqual(answer.topGames.map((g) => g.id), ["3", "2", "1"]);
  assert.deepEqual(answer.recentGames.map((g) => g.id), ["3", "2", "1", "4"]);
  assert.equal(answer.topGames[0].speed, "bullet");
  assert.equal(answer.topGames[0].month, "2024-03");
  assert.equal(answer.opening, null);
  db.close();
});

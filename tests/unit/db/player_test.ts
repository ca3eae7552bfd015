import assert from "node:assert/strict";
import { Explorer } from "../../../lib/db/explorer.ts";
import { OpeningTree } from "../../../lib/tree/mod.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { databaseOf, testGames } from "./_games.ts";

Deno.test("a player's explorer counts the player's games as fen tree --player --color does", async () => {
  const text = testGames();
  const db = await databaseOf(text, 4);
  let compared = 0;
  for (const [player, color] of [["Ann", "white"], ["bob", "black"]] as const) {
    const tree = new OpeningTree({ maxPly: 8, player, color });
    tree.push(text);
    tree.end();
    let seen = 0;
    for (const node of tree.nodes()) {
      // Each answer replays all of the player's games (7.4 s for all 506
      // positions, the unit loop's slowest test): every position two or
      // more games share, and every fourth of the others, each game's line
      // still checked at several plies.
      if (node.white + node.draws + node.black < 2 && seen++ % 4 !== 0) {
        continue;
      }
      const answer = new Explorer(db).playerAnswer(parseFen(node.fen), {
        player,
        color,
      });
      assert.deepEqual(
        [answer.white, answer.draws, answer.black],
        [node.white, node.draws, node.black],
        node.fen,
      );
      // the tree lists no move past its plies; the scan goes on
      if (node.moves.length === 0) continue;
      const moves = (list: typeof node.moves) =>
        list.map((
          m,
        ) => [m.uci, m.san, m.white, m.draws, m.black, m.averageRating]);
      assert.deepEqual(moves(answer.moves), moves(node.moves), node.fen);
      compared++;
    }
  }
  assert.ok(compared > 50, `${compared} positions compared`);
  db.close();
});

/**
 * The explorer's answer time over many positions of a database (bench/
 * db.sh): the positions its games reach in their first plies (read back
 * from the database), each answered once in a warm process; the median
 * and the 95th percentile, in milliseconds. Also `--match` over all games.
 *
 * ```sh
 * deno run -A bench/_db_latency.ts games.db [POSITIONS] [PATTERN...]
 * ```
 *
 * @module
 */

import { GameDatabase } from "../lib/db/database.ts";
import { Explorer } from "../lib/db/explorer.ts";
import { selectGames } from "../lib/db/select.ts";
import { GAME_COLUMNS, gameOfRow, type GameRow } from "../lib/db/game_row.ts";
import { MovesReplay } from "../lib/db/moves.ts";

const [path, count = "2000", ...patterns] = Deno.args;
const db = await GameDatabase.open(path);
const plies = Number(db.meta("index_plies"));
const explorer = new Explorer(db);
// positions: the start, then those of the first games at every ply indexed
const positions = [];
const replay = new MovesReplay();
const rows = db.sql.prepare(`SELECT ${GAME_COLUMNS} FROM games LIMIT ?`)
  .all(Math.ceil(Number(count) / Math.max(plies, 1)));
for (const row of rows) {
  const game = gameOfRow(db.store.logical(row as GameRow), replay);
  for (const position of game.positions()) {
    if (position.ply > plies) break;
    positions.push(position.toPosition());
  }
}
positions.length = Math.min(positions.length, Number(count));
for (const position of positions.slice(0, 50)) explorer.answer(position);
const times: number[] = [];
for (const position of positions) {
  const t = performance.now();
  explorer.answer(position);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (q: number) =>
  times[Math.min(times.length - 1, Math.floor(q * times.length))];
console.log(
  `explorer: ${times.length} positions, p50 ${at(0.5).toFixed(2)} ms, p95 ${
    at(0.95).toFixed(2)
  } ms, max ${times.at(-1)!.toFixed(2)} ms`,
);
for (const pattern of patterns) {
  const t = performance.now();
  let n = 0;
  for (const _ of selectGames(db, { match: pattern })) n++;
  console.log(
    `--match ${pattern}: ${n} games in ${
      (performance.now() - t).toFixed(0)
    } ms`,
  );
}
db.close();

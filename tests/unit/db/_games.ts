// The games the database tests import: the Stockfish games with players,
// ratings and dates, the lichess-style games (time controls, clocks,
// comments), and a slice of the openings as games (results of every kind,
// a comment, a variation, a NAG).

import { openingGames, stockfishGamesWithPlayers } from "../../_books.ts";
import { GameDatabase } from "../../../lib/db/database.ts";
import { GameImporter } from "../../../lib/db/import.ts";

const LICHESS = new URL("../../testdata/lichess_style.pgn", import.meta.url);

/** The games, as one PGN text. */
export function testGames(): string {
  const openings = openingGames(1).split(/\n(?=\[Event)/).slice(0, 300);
  return [
    stockfishGamesWithPlayers(),
    Deno.readTextFileSync(LICHESS),
    openings.join("\n\n"),
  ].join("\n\n") + "\n";
}

/** A database in memory holding `text`'s games, indexed to `plies`. */
export async function databaseOf(
  text: string,
  plies = 12,
): Promise<GameDatabase> {
  const db = await GameDatabase.open(":memory:", { write: true });
  db.setMeta("index_plies", plies);
  const importer = new GameImporter(db, {
    indexPlies: plies,
    annotations: true,
  });
  importer.push(text);
  importer.end();
  return db;
}

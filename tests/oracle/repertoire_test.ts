// `fen repertoire check` and `gaps` against an independent answer made with
// python-chess (tests/oracle/_repertoire.py): each game's exit, plies in
// preparation, move played and moves prepared; each gap with its games and
// share. On the repertoires of tests/testdata/repertoire with their games
// (written ones, and 40 games played on lichess), and on a repertoire of
// the Stockfish games' openings (every other game's first plies, as
// chapters) with all of the games. Skipped, saying why, without python3
// and python-chess.

import assert from "node:assert/strict";
import { stockfishGamesWithPlayers } from "../_books.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";
import { runFen } from "../cli/_harness.ts";
import { parsePgn } from "../../lib/pgn/mod.ts";

const SCRIPT = new URL("./_repertoire.py", import.meta.url).pathname;
const DIR = new URL("../testdata/repertoire/", import.meta.url).pathname;
const python = await pythonChess();
/** python-chess's import path for tests/_python.ts ("" when skipped). */
const pythonPath = "path" in python ? python.path : "";
const reason = "skip" in python ? python.skip : null;
if (reason !== null) console.warn(`repertoire oracle skipped: ${reason}`);
const READ = { permissions: ["--allow-read"] };

/** The openings of every other standard game: its first 6 to 12 plies. */
function openings(games: string): string {
  return parsePgn(games)
    .filter((game, i) => i % 2 === 0 && !game.tags.has("FEN"))
    .map((game, i) => {
      const sans = game.mainline.moves.slice(0, 6 + i % 7).map((m, ply) =>
        ply % 2 === 0 ? `${ply / 2 + 1}. ${m.san}` : m.san
      );
      return `[Event "Chapter ${i + 1}"]\n[Result "*"]\n\n${
        sans.join(" ")
      } *\n`;
    }).join("\n");
}

interface Expected {
  check: {
    game: number;
    exit: string;
    plies: number;
    entered: number;
    played: string | null;
    prepared: string[];
  }[];
  gaps: { position: string; uci: string; games: number; total: number }[];
}

async function oracle(
  repertoire: string,
  games: string,
  color: string,
): Promise<Expected> {
  const stdout = await runPython([SCRIPT, repertoire, games, color, "1"], {
    path: pythonPath,
  });
  return JSON.parse(stdout);
}

async function agree(
  repertoire: string,
  games: string,
  color: "white" | "black",
): Promise<void> {
  const expected = await oracle(repertoire, games, color);
  const check = await runFen(
    [
      "repertoire",
      "check",
      "--color",
      color,
      "--format",
      "json",
      repertoire,
      games,
    ],
    READ,
  );
  assert.equal(check.stderr, "");
  const lines = check.stdout.trim().split("\n").map((l) => JSON.parse(l));
  const actual = lines.slice(0, -1).map((r) => ({
    game: r.game,
    exit: r.exit,
    plies: r.plies,
    entered: r.entered,
    played: r.played?.uci ?? null,
    prepared: r.prepared.map((m: { uci: string }) => m.uci).sort(),
  }));
  assert.deepEqual(actual, expected.check, `${repertoire} ${color}: check`);
  const gaps = await runFen(
    [
      "repertoire",
      "gaps",
      "--color",
      color,
      "--format",
      "json",
      repertoire,
      "--games",
      games,
    ],
    READ,
  );
  assert.equal(gaps.stderr, "");
  const key = (g: { position: string; uci: string; games: number }) =>
    `${g.position} ${g.uci} ${g.games}`;
  const found = gaps.stdout.trim().split("\n").filter((l) => l !== "").map(
    (l) => JSON.parse(l),
  ).map((g) => ({
    position: g.fen.split(" ").slice(0, 3).join(" "),
    uci: g.uci,
    games: g.games,
    share: g.share,
  }));
  const wanted = expected.gaps.map((g) => ({
    position: g.position,
    uci: g.uci,
    games: g.games,
    share: Math.round(100 * g.games / g.total * 10) / 10,
  }));
  const order = (a: { games: number }, b: { games: number }) =>
    b.games - a.games;
  assert.deepEqual(
    [...found].sort((a, b) => key(a) < key(b) ? -1 : 1),
    [...wanted].sort((a, b) => key(a) < key(b) ? -1 : 1),
    `${repertoire} ${color}: gaps`,
  );
  // most played first
  assert.deepEqual(
    found.map((g) => g.games),
    [...found].sort(order).map((g) => g.games),
  );
}

Deno.test({
  name:
    "fen repertoire check and gaps agree with an independent python-chess answer",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-repertoire-" });
    try {
      const games = stockfishGamesWithPlayers();
      Deno.writeTextFileSync(`${dir}/games.pgn`, games);
      Deno.writeTextFileSync(`${dir}/openings.pgn`, openings(games));
      await agree(`${DIR}white.pgn`, `${DIR}games.pgn`, "white");
      await agree(`${DIR}black.pgn`, `${DIR}games.pgn`, "black");
      // real games: lichess's, against a 1. e4 repertoire
      await agree(`${DIR}e4_white.pgn`, `${DIR}lichess_classical.pgn`, "white");
      for (const color of ["white", "black"] as const) {
        const expected = await oracle(
          `${dir}/openings.pgn`,
          `${dir}/games.pgn`,
          color,
        );
        // the openings hold the games that made them to their ends
        assert.ok(expected.check.filter((g) => g.plies >= 6).length >= 30);
        assert.ok(expected.gaps.length > 20);
        await agree(`${dir}/openings.pgn`, `${dir}/games.pgn`, color);
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

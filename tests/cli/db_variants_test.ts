// `fen db` with games of every variant fen plays beside standard ones,
// through the built command in-process (tests/cli/_harness.ts): the real
// lichess variant games of tests/testdata/lichess_variants.pgn (three-check,
// crazyhouse with drops, antichess with promotions to a king, racing kings)
// are stored, come back as `fen --format pgn` writes them, are counted in
// their variant's index only, and survive `fen db merge`. Their counts are
// held to python-chess's in tests/oracle/db_variant_count_test.ts.

import assert from "node:assert/strict";
import { dumpDatabase } from "../_db.ts";
import { runFen } from "./_harness.ts";

const VARIANTS = Deno.readTextFileSync(
  new URL("../testdata/lichess_variants.pgn", import.meta.url),
);
const STANDARD = Deno.readTextFileSync(
  new URL("../testdata/lichess_style.pgn", import.meta.url),
);
const permissions = ["--allow-read", "--allow-write"];

/** The games, one a string, in order. */
function gamesOf(pgn: string): string[] {
  return pgn.trim().split(/\n\n(?=\[Event)/);
}

/** A folder with the games written, and the work done in it. */
async function inFolder(
  work: (dir: string, pgn: string) => Promise<void>,
): Promise<void> {
  const dir = Deno.makeTempDirSync({ prefix: "fen-db-variants-" });
  try {
    const pgn = `${dir}/games.pgn`;
    Deno.writeTextFileSync(pgn, STANDARD.trim() + "\n\n" + VARIANTS);
    await work(dir, pgn);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

async function fen(args: string[]): Promise<string> {
  const run = await runFen(args, { permissions });
  assert.equal(run.stderr, "", args.join(" "));
  assert.equal(run.code, 0, args.join(" "));
  return run.stdout;
}

/** The explorer's answer's totals and moves as `uci san games`. */
async function explorer(
  db: string,
  { variant, moves }: { variant: string; moves: string },
): Promise<{ games: number; moves: string[] }> {
  const answer = JSON.parse(
    await fen(["db", "query", db, "--variant", variant, "--moves", moves]),
  );
  return {
    games: answer.white + answer.draws + answer.black,
    moves: answer.moves.map((m: Record<string, number>) =>
      `${m.uci} ${m.san} ${m.white + m.draws + m.black}`
    ),
  };
}

Deno.test("fen db stores games of every variant, and exports them as fen --format pgn writes them", async () => {
  await inFolder(async (dir, pgn) => {
    const count = gamesOf(STANDARD).length + gamesOf(VARIANTS).length;
    assert.equal(
      await fen(["db", "import", "--db", `${dir}/g.db`, pgn]),
      `"${dir}/g.db": ${count} games read, ${count} added, 0 already there (skipped), 0 left out\n`,
    );
    assert.equal(
      await fen(["db", "export", `${dir}/g.db`]),
      await fen(["--from", "pgn", "--format", "pgn", pgn]),
    );
  });
});

Deno.test("fen db query --variant answers from that variant's index only", async () => {
  await inFolder(async (dir, pgn) => {
    const db = `${dir}/g.db`;
    await fen(["db", "import", "--db", db, "--index-plies", "24", pgn]);
    const standard = await explorer(db, { variant: "standard", moves: "" });
    // lichess_style.pgn's games that have a result, and no variant game
    assert.equal(standard.games, gamesOf(STANDARD).length);
    assert.equal(
      (await explorer(db, { variant: "racingKings", moves: "" })).games,
      8,
    );
    assert.deepEqual(await explorer(db, { variant: "atomic", moves: "" }), {
      games: 0,
      moves: [],
    });
    // the three-check game from the start, the standard games' first move
    assert.deepEqual(await explorer(db, { variant: "threeCheck", moves: "" }), {
      games: 1,
      moves: ["e2e4 e4 1"],
    });
    // crazyhouse: a pawn captured is in Black's pocket, and dropped
    const line = "e4 d5 exd5 Qxd5 Nc3 Qd8 Bc4 e6 Qf3 Nf6 Nge2 Be7 d4 Bd7 " +
      "Qxb7 Bc6 Bb5 O-O Bxc6 Nxc6 Qxc6";
    assert.deepEqual(
      await explorer(db, { variant: "crazyhouse", moves: line }),
      {
        games: 1,
        moves: ["P@b4 @b4 1"], // python-chess and chessops write a pawn drop so
      },
    );
    // the same moves read as standard chess reach no standard game there
    assert.equal(
      (await explorer(db, { variant: "standard", moves: "e4 d5 exd5 Qxd5" }))
        .games,
      0,
    );
    // openings are named as lichess names them: in the variants whose
    // positions are standard chess's, with nothing in hand and no check given
    const opening = async (variant: string, moves: string) =>
      JSON.parse(
        await fen(["db", "query", db, "--variant", variant, "--moves", moves]),
      ).opening?.name ?? null;
    assert.deepEqual(
      [
        await opening("standard", "e3"),
        await opening("crazyhouse", "e4"),
        await opening("crazyhouse", "e4 d5 exd5"),
        await opening("antichess", "e3"),
      ],
      ["Van't Kruijs Opening", "King's Pawn Game", null, null],
    );
    const refused = await runFen(
      ["db", "query", db, "--variant", "shogi", "--moves", ""],
      { permissions },
    );
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /^fen: db query: --variant takes one of chess, .*, not "shogi"\n/,
    );
  });
});

Deno.test("fen db query --match over variant games writes what --match over their PGN writes, crazyhouse's drops included", async () => {
  await inFolder(async (dir, pgn) => {
    const db = `${dir}/g.db`;
    await fen(["db", "import", "--db", db, pgn]);
    // the crazyhouse game has this material early on, and more at its end
    // (pieces dropped): the prefilter passes it
    for (
      const pattern of [
        "KQRRBBNNPPPPPPPvKQRRBBNNPPPPPPP",
        "*/*/*/*/*/*/PPPPPPPP/*",
      ]
    ) {
      const expected = await fen([
        "--from",
        "pgn",
        "--match",
        pattern,
        "--format",
        "fen",
        pgn,
      ]);
      assert.notEqual(expected, "", pattern);
      assert.equal(
        await fen(["db", "query", db, "--match", pattern, "--format", "fen"]),
        expected,
        pattern,
      );
    }
  });
});

Deno.test("fen db merge of two parts with variant games gives the whole's database", async () => {
  await inFolder(async (dir, pgn) => {
    const games = gamesOf(Deno.readTextFileSync(pgn));
    const half = Math.floor(games.length / 2) + 3;
    const parts = [games.slice(0, half), games.slice(half)];
    for (const [k, part] of parts.entries()) {
      Deno.writeTextFileSync(`${dir}/p${k}.pgn`, part.join("\n\n") + "\n");
      await fen([
        "db",
        "import",
        "--db",
        `${dir}/p${k}.db`,
        `${dir}/p${k}.pgn`,
      ]);
    }
    await fen(["db", "import", "--db", `${dir}/whole.db`, pgn]);
    await fen([
      "db",
      "merge",
      `${dir}/p0.db`,
      `${dir}/p1.db`,
      "--db",
      `${dir}/m.db`,
    ]);
    assert.equal(dumpDatabase(`${dir}/m.db`), dumpDatabase(`${dir}/whole.db`));
    assert.equal(
      (await explorer(`${dir}/m.db`, { variant: "racingKings", moves: "" }))
        .games,
      8,
    );
  });
});

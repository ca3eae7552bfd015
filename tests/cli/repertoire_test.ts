// `fen repertoire` through the real program (cli.ts: build/, in-process
// with runFen, and one spawned run), on the repertoires and games of
// tests/testdata/repertoire: a white repertoire of five lichess study
// chapters with one transposition inside it, a black one whose two chapters
// meet by transposition, and twelve blitz games of one player.

import assert from "node:assert/strict";
import { runFen, runFenBytes, spawnFen } from "./_harness.ts";

const DIR = new URL("../testdata/repertoire/", import.meta.url).pathname;
const WHITE = `${DIR}white.pgn`;
const BLACK = `${DIR}black.pgn`;
const GAMES = `${DIR}games.pgn`;
const READ = { permissions: ["--allow-read", "--allow-write"] };

/** The JSON lines of a run: the games, then the summary. */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout.trim().split("\n").map((line) => JSON.parse(line));
}

Deno.test("fen repertoire check: each game's exit from the repertoire, whose move it was and what was prepared", async () => {
  const { code, stdout, stderr } = await runFen(
    ["repertoire", "check", "--player", "fenfan", WHITE, GAMES],
    READ,
  );
  assert.equal(stderr, "");
  assert.equal(code, 0);
  const rows = stdout.split("\n");
  assert.match(
    rows[0],
    /^game +white +black +you +plies +exit +move +prepared$/,
  );
  const row = (game: number) =>
    rows.find((r) => r.startsWith(`${game} `))!.split(/ {2,}/);
  // yours: 9. d4 where 9. h3 was prepared (the Spanish, 16 plies in)
  assert.deepEqual(row(1).slice(3), [
    "white",
    "16",
    "deviation",
    "9. d4",
    "h3",
  ]);
  // theirs: 2... g6, which the Sicilian chapter has no answer to
  assert.deepEqual(row(4).slice(3), [
    "white",
    "3",
    "surprise",
    "2... g6",
    "d6, Nc6, e6",
  ]);
  // 2... e6 then 5... d6 reaches the Scheveningen of the 2... d6 line, where
  // 6. Be3 is prepared: the game stays to its end (11 plies)
  assert.deepEqual(row(3).slice(3), ["white", "11", "end", "6... a6", "-"]);
  assert.deepEqual(row(12).slice(3), ["white", "16", "inside", "-", "-"]);
  assert.match(
    stdout,
    /\n12 games checked \(0 not the player's, 0 unreadable, left out\)\nexits: 2 deviations of yours, 4 surprises of theirs, 5 past the end of a line, 1 ended inside, 0 started outside\n/,
  );
  assert.match(
    stdout,
    /their surprises, by position:\n +2 {2}the start: c4 1, d4 1; prepared e4\n/,
  );
});

Deno.test("fen repertoire check: two move orders to one position agree (1. d4 Nf6 2. c4 e6 and 1. c4 e6 2. d4 Nf6)", async () => {
  const games = [
    '[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 b6 *\n',
    '[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. c4 e6 2. d4 Nf6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 b6 *\n',
    // the English chapter's own line, to its end (a Queen's Gambit, not
    // the Nimzo-Indian's 3... Bb4)
    '[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. c4 e6 2. Nc3 d5 3. d4 Nf6 4. Nf3 *\n',
  ].join("\n");
  const { code, stdout, stderr } = await runFen(
    ["repertoire", "check", "--color", "black", "--format", "json", BLACK, "-"],
    { ...READ, stdin: games },
  );
  assert.equal(stderr, "");
  assert.equal(code, 0);
  const [first, second, third] = jsonLines(stdout);
  for (const game of [first, second]) {
    assert.equal(game.exit, "deviation");
    assert.equal(game.plies, 11);
    assert.deepEqual(game.played, { uci: "b7b6", san: "b6" });
    assert.deepEqual(game.prepared, [{ san: "d5", uci: "d7d5" }]);
  }
  assert.equal(first.fen, second.fen);
  assert.equal(third.exit, "end");
  assert.equal(third.plies, 6);
  assert.equal(third.line, "1. c4 e6 2. Nc3 d5 3. d4 Nf6");
});

Deno.test("fen repertoire check: a chapter set up from a position (a lichess study's) is entered where a game reaches it", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-repertoire-" });
  try {
    Deno.writeTextFileSync(
      `${dir}/study.pgn`,
      '[Event "Sicilian: Open"]\n[Variant "From Position"]\n' +
        '[FEN "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"]\n' +
        '[SetUp "1"]\n\n2... d6 { [%cal Gd2d4] } 3. d4 $1 cxd4 4. Nxd4 *\n',
    );
    const games =
      '[White "a"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 *\n\n' +
      '[White "b"]\n\n1. d4 d5 *\n';
    const run = await runFen(
      [
        "repertoire",
        "check",
        "--color",
        "white",
        "--format",
        "json",
        `${dir}/study.pgn`,
        "-",
      ],
      { ...READ, stdin: games },
    );
    assert.equal(run.stderr, "");
    const [entered, outside] = jsonLines(run.stdout);
    assert.deepEqual(
      [entered.exit, entered.entered, entered.plies, entered.line],
      ["end", 3, 7, "2... d6 3. d4 cxd4 4. Nxd4"],
    );
    assert.deepEqual([outside.exit, outside.plies, outside.fen], [
      "outside",
      0,
      null,
    ]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen repertoire check --format pgn writes each game with a comment on the move that left", async () => {
  const { code, stdout } = await runFen(
    [
      "repertoire",
      "check",
      "--color",
      "white",
      "--format",
      "pgn",
      WHITE,
      GAMES,
    ],
    READ,
  );
  assert.equal(code, 0);
  assert.equal(stdout.match(/^\[Event /gm)?.length, 12);
  assert.match(
    stdout,
    /O-O 9\. d4 \{Left the repertoire: h3 was prepared\} 9\.\.\. Bg4/,
  );
  assert.match(
    stdout,
    /2\. Nf3 g6 \{Left the repertoire: d6 or Nc6 or e6 was prepared\}/,
  );
  assert.match(stdout, /7\. Nb3 Be6\s\{Past the end of the repertoire\}/);
  assert.match(stdout, /5\. d4 d5\s\{Past the end of the repertoire\}/);
  // no table, no summary in PGN
  assert.doesNotMatch(stdout, /games checked/);
});

Deno.test("fen repertoire check --player takes each game's colour from its tags; --color keeps that colour's games", async () => {
  const both = await runFen(
    [
      "repertoire",
      "check",
      "--player",
      "FENFAN",
      "--format",
      "json",
      BLACK,
      GAMES,
    ],
    READ,
  );
  assert.equal(both.code, 0);
  const lines = jsonLines(both.stdout);
  assert.deepEqual(
    lines.slice(0, -1).map((game) => game.you),
    [...Array(8).fill("white"), "black", "black", "white", "white"],
  );
  const black = await runFen(
    [
      "repertoire",
      "check",
      "--player",
      "fenfan",
      "--color",
      "black",
      "--summary",
      BLACK,
      GAMES,
    ],
    READ,
  );
  assert.equal(black.code, 0);
  assert.match(black.stdout, /^2 games checked \(10 not the player's/);
  assert.match(
    black.stdout,
    /in preparation to ply \(games\): 7 \(1\), 11 \(1\)\n/,
  );
  const summary = jsonLines(both.stdout).at(-1)!.summary as {
    games: number;
    exits: Record<string, number>;
  };
  assert.equal(summary.games, 12);
  assert.equal(
    Object.values(summary.exits).reduce((sum, n) => sum + n, 0),
    12,
  );
});

Deno.test("fen repertoire check: a usage error without a side; a repertoire that is not one is said in one line", async () => {
  const none = await runFen(["repertoire", "check", WHITE, GAMES], READ);
  assert.equal(none.code, 1);
  assert.match(
    none.stderr,
    /^fen: repertoire check: --color or --player is needed/,
  );
  const dir = Deno.makeTempDirSync({ prefix: "fen-repertoire-" });
  try {
    Deno.writeTextFileSync(`${dir}/bad.pgn`, "1. e4 e5 2. Ke3 *\n");
    const bad = await runFen(
      ["repertoire", "check", "--color", "white", `${dir}/bad.pgn`, GAMES],
      READ,
    );
    assert.equal(bad.code, 2);
    assert.equal(bad.stdout, "");
    assert.match(
      bad.stderr,
      /^fen: repertoire check: cannot read PGN: game 1 .*"Ke3"/,
    );
    assert.equal(bad.stderr.split("\n").length, 2);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen repertoire check: a game that cannot be read is said and left out, the others checked (exit 2)", async () => {
  const games = '[White "a"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n' +
    '[White "b"]\n\n1. e4 e5 2. Ke3 *\n\n[White "c"]\n\n1. e4 c5 *\n';
  const run = await runFen(
    ["repertoire", "check", "--color", "white", "--summary", WHITE, "-"],
    { ...READ, stdin: games },
  );
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /^fen: repertoire check: cannot read PGN: game 2 .*"Ke3".*; left out\n$/,
  );
  assert.match(
    run.stdout,
    /^2 games checked \(0 not the player's, 1 unreadable, left out\)\n/,
  );
});

Deno.test("fen repertoire gaps: the opponents' moves with no answer, most played first, from games and from a database", async () => {
  const games = await runFen(
    [
      "repertoire",
      "gaps",
      "--color",
      "white",
      "--player",
      "fenfan",
      "--format",
      "json",
      WHITE,
      "--games",
      GAMES,
    ],
    READ,
  );
  assert.equal(games.stderr, "");
  assert.equal(games.code, 0);
  const gaps = jsonLines(games.stdout);
  assert.equal(gaps.length, 8);
  assert.deepEqual(gaps.at(-1), {
    fen: "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    line: "1. e4 c5 2. Nf3",
    move: "2... g6",
    uci: "g7g6",
    games: 1,
    share: 33.3,
    prepared: false,
  });
  // a line ending with their move has no answer after it
  assert.ok(gaps.some((gap) => gap.move === "8... Kxd8" && gap.prepared));
  const shared = await runFen(
    [
      "repertoire",
      "gaps",
      "--color",
      "white",
      "--min-share",
      "50",
      WHITE,
      "--games",
      GAMES,
    ],
    READ,
  );
  assert.doesNotMatch(shared.stdout, /g6/);
  assert.match(shared.stdout, /^games +share +move +after\n/);
  const dir = Deno.makeTempDirSync({ prefix: "fen-repertoire-" });
  try {
    const imported = await runFen(
      ["db", "import", "--db", `${dir}/g.db`, GAMES],
      READ,
    );
    assert.equal(imported.code, 0);
    const db = await runFen(
      [
        "repertoire",
        "gaps",
        "--color",
        "white",
        "--player",
        "fenfan",
        "--format",
        "json",
        WHITE,
        "--db",
        `${dir}/g.db`,
      ],
      READ,
    );
    assert.equal(db.stderr, "");
    assert.deepEqual(jsonLines(db.stdout), gaps);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen repertoire stats: size, depth, branches and transpositions; --pgn writes it as chapters that read back the same", async () => {
  const stats = await runFen(
    ["repertoire", "stats", "--format", "json", WHITE],
    READ,
  );
  assert.equal(stats.code, 0);
  assert.deepEqual(JSON.parse(stats.stdout), {
    positions: 125,
    whiteToMove: 63,
    blackToMove: 62,
    moves: 125,
    chapters: 5,
    longestLine: 17,
    branches: 9,
    ends: 16,
    transpositions: 1,
  });
  const black = await runFen(["repertoire", "stats", BLACK], READ);
  assert.match(black.stdout, /^transpositions +1 /m);
  const pgn = await runFen(
    ["repertoire", "stats", "--pgn", "--color", "white", WHITE],
    READ,
  );
  assert.equal(pgn.code, 0);
  assert.deepEqual(
    pgn.stdout.match(/^\[Event .*\]$/gm),
    ["1. e4 e5", "1. e4 c5", "1. e4 e6", "1. e4 c6", "1. e4 d5"].map((line) =>
      `[Event "Repertoire: ${line}"]`
    ),
  );
  assert.match(pgn.stdout, /\[Orientation "white"\]/);
  const again = await runFen(
    ["repertoire", "stats", "--format", "json", "-"],
    { ...READ, stdin: pgn.stdout },
  );
  assert.deepEqual(
    { ...JSON.parse(again.stdout), chapters: 5 },
    JSON.parse(stats.stdout),
  );
});

Deno.test("fen repertoire prune drops the lines the games reach less often than 1/N", async () => {
  const pruned = await runFen(
    [
      "repertoire",
      "prune",
      "--color",
      "white",
      "--below",
      "1/4",
      WHITE,
      "--games",
      GAMES,
    ],
    READ,
  );
  assert.equal(pruned.code, 0);
  const stats = await runFen(
    ["repertoire", "stats", "--format", "json", "-"],
    { ...READ, stdin: pruned.stdout },
  );
  // 12 games: kept what 3 or more reach (1. e4 e5 2. Nf3, 1. e4 c5 2. Nf3)
  assert.equal(JSON.parse(stats.stdout).positions, 6);
  assert.match(pruned.stdout, /\n1\. e4 e5 2\. Nf3 \*\n/);
  assert.match(pruned.stdout, /\n1\. e4 c5 2\. Nf3 \*\n/);
  const bad = await runFen(
    ["repertoire", "prune", "--below", "half", WHITE, "--games", GAMES],
    READ,
  );
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--below takes 1\/N/);
  const both = await runFen(
    ["repertoire", "prune", WHITE, "--games", GAMES, "--db", "g.db"],
    READ,
  );
  assert.equal(both.code, 1);
  assert.match(
    both.stderr,
    /^fen: repertoire prune: --games and --db cannot go together\n/,
  );
});

Deno.test("fen repertoire check reads a Polyglot book and fen tree's lines as repertoires", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "fen-repertoire-" });
  try {
    const made = await runFen(["tree", "--max-ply", "6", GAMES], READ);
    Deno.writeTextFileSync(`${dir}/tree.jsonl`, made.stdout);
    const bytes = await runFenBytes(
      ["book", "make", "--min-game", "1", "--max-ply", "6", GAMES],
      READ,
    );
    Deno.writeFileSync(`${dir}/book.bin`, bytes.stdout);
    const check = async (repertoire: string) => {
      const run = await runFen(
        [
          "repertoire",
          "check",
          "--color",
          "white",
          "--format",
          "json",
          repertoire,
          GAMES,
        ],
        READ,
      );
      assert.equal(run.stderr, "", repertoire);
      assert.equal(run.code, 0);
      return jsonLines(run.stdout).slice(0, -1);
    };
    // the tree of the games' first 6 plies holds every game to ply 6
    const tree = await check(`${dir}/tree.jsonl`);
    assert.equal(tree.length, 12);
    assert.ok(tree.every((game) => (game.plies as number) >= 6));
    // the book keeps the moves of the side that did not lose (polyglot's
    // weights): the Spanish win has 3... a6 out, the Berlin draw's 3... Nf6 in
    const [first] = await check(`${dir}/book.bin`);
    assert.deepEqual(
      [first.exit, first.plies, first.played, first.prepared],
      ["surprise", 5, { uci: "a7a6", san: "a6" }, [{
        san: "Nf6",
        uci: "g8f6",
      }]],
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("fen repertoire check, spawned: the real process reads the games from stdin", async () => {
  const { code, stdout, stderr } = await spawnFen(
    ["repertoire", "check", "--player", "fenfan", "--summary", WHITE],
    { ...READ, stdin: Deno.readTextFileSync(GAMES) },
  );
  assert.equal(stderr, "");
  assert.equal(code, 0);
  assert.match(stdout, /^12 games checked /);
});

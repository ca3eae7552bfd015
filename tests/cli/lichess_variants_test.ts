// The lichess variant games kept in tests/testdata/lichess_variants.pgn
// (three-check, racing kings, crazyhouse and antichess games of lichess's
// open database, see the README there) through the real program, without python: read with 0
// errors, and the positions, moves and results python-chess gives for them
// (tests/oracle/variant_games_diff_test.ts compares every position with
// python-chess when it is at hand). stdout, stderr and the exit code
// together.

import assert from "node:assert/strict";
import { runFen } from "./_harness.ts";

const FILE = new URL("../testdata/lichess_variants.pgn", import.meta.url)
  .pathname;
const READ = { permissions: [`--allow-read=${FILE}`] };

/** Every game's last position, as python-chess gives it (lichess's form). */
const LAST = [
  "r4r2/pp4pk/2nb1q1p/5B2/8/7P/PPPP1PP1/R1B4K b - - 1 18 +3+0",
  "8/8/8/4K3/2k5/8/1rbnNBR1/qrbnNBRQ b - - 5 3",
  "1R3K2/k7/2n5/8/8/8/4N3/B1bnNB1Q w - - 3 13",
  "6K1/k7/8/8/8/8/3nNq2/1rbnNB1Q w - - 0 13",
  "1R2K1R1/k7/3q4/8/8/8/1bNnN3/5B1n w - - 7 13",
  "5K2/1Q6/8/k2n4/8/8/2NnNB2/2b2B2 b - - 4 12",
  "7K/8/1R6/8/k7/8/2n5/2N3Rn b - - 1 12",
  "kr3RR1/8/1r6/7K/8/8/8/N1N2Q2 w - - 3 12",
  "k7/8/8/4q3/1R5K/8/4N3/1rbnNB2 w - - 1 13",
  // python-chess's halfmove clock is 7: it is not zeroed after the pawn drop
  // that mates (lichess and chessops zero it, as we do).
  "q3r2R/p1p1b1Pp/4p1bB/4N1pB/3P1kN1/2P1P1N1/P1q2PPP/R3K2R[Pnpp] b - - 0 32",
  // Two kings promoted from pawns (antichess), a draw.
  "3KK3/8/1r6/8/8/8/8/8 w - - 17 45",
];

Deno.test("lichess's variant games: every position read, 0 errors, the last ones python-chess's", async () => {
  const all = await runFen(
    ["--from", "pgn", "--ply", "all", "--format", "fen", FILE],
    READ,
  );
  const fens = all.stdout.trimEnd().split("\n");
  // 36 + 6 + 4 × 25 + 2 × 24 + 23 + 64 + 89 positions, starts included.
  assert.deepEqual([all.code, all.stderr, fens.length], [0, "", 366]);
  assert.equal(
    fens[0],
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
  );
  assert.equal(fens[36], "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1");
  // 14. Bxe6+ is White's first check, 17. Qh7+ its second (python-chess).
  assert.equal(
    fens[27],
    "r2q1rk1/pp4pp/2nbB3/8/8/5Q1P/PPPP1PP1/R1B4K b - - 0 14 +1+0",
  );
  assert.equal(
    fens[33],
    "r4r1k/pp4pQ/2nbBq1p/8/8/7P/PPPP1PP1/R1B4K b - - 3 17 +2+0",
  );
  const last = await runFen(["--from", "pgn", "--format", "fen", FILE], READ);
  assert.deepEqual([last.code, last.stdout, last.stderr], [
    0,
    LAST.join("\n") + "\n",
    "",
  ]);
  // The remaining-checks convention on request: White has none left to give.
  const remaining = await runFen(
    ["--from", "pgn", "--format", "fen", "--checks", "remaining", FILE],
    READ,
  );
  assert.deepEqual([remaining.code, remaining.stderr], [0, ""]);
  assert.equal(
    remaining.stdout.split("\n")[0],
    "r4r2/pp4pk/2nb1q1p/5B2/8/7P/PPPP1PP1/R1B4K b - - 0+3 1 18",
  );
});

Deno.test("lichess's variant games written back as PGN keep their tags, clocks, evals and results", async () => {
  const run = await runFen(["--from", "pgn", "--format", "pgn", FILE], READ);
  assert.deepEqual([run.code, run.stderr], [0, ""]);
  const results = [...run.stdout.matchAll(/^\[Result "([^"]*)"\]$/gm)]
    .map((m) => m[1]);
  assert.deepEqual(results, [
    "1-0",
    "1-0",
    "1-0",
    "1-0",
    "1-0",
    "1-0",
    "1-0",
    "0-1",
    "0-1",
    "1-0",
    "1/2-1/2",
  ]);
  assert.match(run.stdout, /\[Variant "Three-check"\]/);
  assert.equal(run.stdout.match(/\[Variant "Racing Kings"\]/g)?.length, 8);
  assert.match(run.stdout, /Bf5# \{\[%clk 0:00:42\]\} 1-0/);
  assert.match(run.stdout, /1\. Kg3 \{\[%eval 0\.19\] \[%clk 0:00:30\]\}/);
  // Read back, the same last positions.
  const back = await runFen(["--from", "pgn", "--format", "fen", "-"], {
    stdin: run.stdout,
  });
  assert.deepEqual([back.code, back.stdout, back.stderr], [
    0,
    LAST.join("\n") + "\n",
    "",
  ]);
});

Deno.test("--format moves lists a game's moves by its Variant tag's rules: none after the goal, drops in crazyhouse", async () => {
  const run = await runFen(
    ["--from", "pgn", "--format", "moves", FILE],
    READ,
  );
  const lines = run.stdout.split("\n");
  assert.deepEqual([run.code, run.stderr, lines.length], [0, "", 12]);
  // The third check, a king on the eighth rank, checkmate: no moves left.
  assert.deepEqual(
    [lines[0], lines[2], lines[3], lines[8], lines[9]],
    ["", "", "", "", ""],
  );
  // Antichess's last position: White's two kings, no capture to force.
  assert.equal(
    lines[10].split(" ").sort().join(" "),
    "d8c7 d8c8 d8d7 d8e7 e8d7 e8e7 e8f7 e8f8",
  );
  // Racing kings: no move gives check, so the rook on b2 that shields the
  // white king from the queen on a1 stays (python-chess's 22 moves).
  assert.equal(
    lines[1].split(" ").sort().join(" "),
    "a1a2 a1a3 a1a4 a1a6 a1a7 a1a8 c2a4 c2b3 c2d3 c2e4 c2f5 c2g6 c2h7 " +
      "c4b3 c4b4 c4b5 d1c3 d1e3 d1f2 d2b3 d2e4 d2f1",
  );
  const zh = await runFen(
    ["--from", "pgn", "--format", "moves", "--san", "-"],
    { stdin: '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 *\n' },
  );
  assert.deepEqual([zh.code, zh.stderr], [0, ""]);
  const drops = zh.stdout.trim().split(" ").filter((m) => m.includes("@"));
  // A pawn in White's pocket: 33 empty squares off the first and last ranks.
  assert.equal(drops.length, 33);
  assert.ok(drops.includes("@e4") || drops.includes("P@e4"), zh.stdout);
});

Deno.test("a variant's FEN read under other rules names the way to choose them where it is read: --variant, or a game's Variant tag", async () => {
  const zh = "8/8/8/8/8/8/8/K6k[Qn] w - - 0 1";
  const record = await runFen(["--format", "fen", "-"], { stdin: zh });
  assert.deepEqual([record.code, record.stdout, record.stderr], [
    2,
    "",
    `fen: line 1: invalid FEN-string: "[" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 (crazyhouse's pockets and promoted pieces are read under its rules: --variant crazyhouse) at column 18\n`,
  ]);
  const game = await runFen(["--from", "pgn", "--format", "fen", "-"], {
    stdin: `[FEN "${zh}"]\n\n1. Ka2 *\n`,
  });
  assert.deepEqual([game.code, game.stdout, game.stderr], [
    2,
    "",
    `fen: stdin:1:1: game 1, the FEN tag: "[" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 (crazyhouse's pockets and promoted pieces are read under its rules: [Variant "Crazyhouse"]) at column 18\n`,
  ]);
  const three = await runFen(["--from", "pgn", "--format", "fen", "-"], {
    stdin: '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1 +1+2"]\n\n1. Ka2 *\n',
  });
  assert.equal(three.code, 2);
  assert.match(
    three.stderr,
    /three-check's counters are read under its rules: \[Variant "Three-check"\]\) at column 29\n$/,
  );
});

Deno.test("a drop in a game of other rules says only crazyhouse has drops", async () => {
  const run = await runFen(["--from", "pgn", "--format", "fen", "-"], {
    stdin: "1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n",
  });
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    2,
    "",
    `fen: stdin:1:26: game 1, move 3. "P@e4": illegal: only crazyhouse has drops, and these are chess's rules\n`,
  ]);
  // Under crazyhouse's, an empty pocket is the reason.
  const zh = await runFen(["--from", "pgn", "--format", "fen", "-"], {
    stdin: '[Variant "Crazyhouse"]\n\n1. e4 d5 2. N@e5 *\n',
  });
  assert.deepEqual([zh.code, zh.stdout, zh.stderr], [
    2,
    "",
    `fen: stdin:3:13: game 1, move 2. "N@e5": illegal: no knight can be dropped on e5\n`,
  ]);
});

Deno.test("--from pgn: an operand named *.pgn is a file, missing or unreadable, never moves", async () => {
  const missing = await runFen(["--from", "pgn", "no-such-games.pgn"], {
    permissions: ["--allow-read"],
  });
  assert.equal(missing.code, 4);
  assert.equal(missing.stdout, "");
  assert.match(
    missing.stderr,
    /^fen: cannot read no-such-games\.pgn: no such file or directory\n$/,
  );
  const denied = await runFen(["--from", "pgn", "--format", "fen", FILE]);
  assert.deepEqual([denied.code, denied.stdout, denied.stderr], [
    4,
    "",
    `fen: cannot read ${FILE}: no permission (run deno with --allow-read=${FILE})\n`,
  ]);
  // Moves are still moves.
  const moves = await runFen([
    "--from",
    "pgn",
    "--format",
    "fen",
    "1.",
    "e4",
  ]);
  assert.deepEqual([moves.code, moves.stderr], [0, ""]);
});

Deno.test("--check names the variant's end of each finished lichess game, the winner of its Result tag", async () => {
  const run = await runFen(
    ["--from", "pgn", "--check", "--format", "json", FILE],
    READ,
  );
  assert.deepEqual([run.code, run.stderr], [0, ""]);
  const ends = run.stdout.trimEnd().split("\n").map((line) => {
    const { game, legal, variantEnd } = JSON.parse(line);
    return [game, legal, variantEnd?.winner ?? null];
  });
  // Game 2 ended 1-0 with neither king home (resigned or lost on time).
  assert.deepEqual(ends, [
    [1, true, "w"],
    [2, true, null],
    [3, true, "w"],
    [4, true, "w"],
    [5, true, "w"],
    [6, true, "w"],
    [7, true, "w"],
    [8, true, "b"],
    [9, true, "b"],
    // Checkmate and a draw: no variant's own end.
    [10, true, null],
    [11, true, null],
  ]);
});

Deno.test("--explain with --from pgn: a game's positions were not converted from text, so nothing is told (it was an internal error)", async () => {
  const explain = [
    "--format",
    "fen",
    "--checks",
    "remaining",
    "--explain",
    "-",
  ];
  const run = await runFen(
    ["--from", "pgn", ...explain],
    { stdin: '[Variant "Three-check"]\n\n1. e4 e5 2. Bb5 c6 3. Bxc6 *\n' },
  );
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    0,
    "rnbqkbnr/pp1p1ppp/2B5/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 3+3 0 3\n",
    "",
  ]);
  // A record's conversion is still told.
  const record = await runFen(
    ["--variant", "threecheck", ...explain],
    {
      stdin: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2\n",
    },
  );
  assert.deepEqual([record.code, record.stdout, record.stderr], [
    0,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1\n",
    "fen: line 1: three-check counters +1+2 written as 2+1: the checks remaining, before the clocks\n",
  ]);
});

Deno.test("--perft counts a game's last position by its Variant tag's rules: nothing after the goal (python-chess's counts)", async () => {
  const run = await runFen(["--from", "pgn", "--perft", "1", FILE], READ);
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    0,
    "0\n22\n0\n0\n0\n0\n0\n0\n0\n0\n8\n",
    "",
  ]);
  const divide = await runFen(
    ["--from", "pgn", "--perft", "2", "--divide", "-"],
    { stdin: '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 *\n' },
  );
  assert.deepEqual([divide.code, divide.stderr], [0, ""]);
  // White's pawn in hand: drops are counted (standard chess's 2-ply count of
  // this position, without them, would be smaller).
  assert.match(divide.stdout, /^P@e4: \d+$/m);
});

Deno.test("crazyhouse FEN: a promoted mark on a pawn or a king is an error at its column (it was kept and written back)", async () => {
  const run = await runFen(
    ["--variant", "crazyhouse", "--format", "fen", "-"],
    {
      stdin:
        "4k3/8/8/8/8/8/P~7/4K3[] w - - 0 1\n4k3/8/8/8/8/8/Q~7/4K3[] w - - 0 1\n",
    },
  );
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    2,
    "4k3/8/8/8/8/8/Q~7/4K3[] w - - 0 1\n",
    `fen: line 1: invalid FEN-string: "~" marks a piece promoted from a pawn: a pawn never is one at column 16\n`,
  ]);
  const after = await runFen(
    ["--variant", "crazyhouse", "--format", "fen", "-"],
    { stdin: "4k3/8/8/8/8/8/8/4K3[Q]x w - - 0 1\n" },
  );
  assert.equal(
    after.stderr,
    `fen: line 1: invalid FEN-string: nothing may follow the pockets' "]" at column 23\n`,
  );
});

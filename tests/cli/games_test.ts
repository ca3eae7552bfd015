// The command reading games (--from pgn) and writing them (--format pgn,
// --format gif), in-process: stdout, stderr and the exit code together.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { parsePgn, stringifyPgn } from "../../lib/pgn/mod.ts";
import { playMoves } from "../../lib/moves/mod.ts";
import { INITIAL_FEN, parseFen, stringifyFen } from "../../mod.ts";
import { runFen, runMain } from "./_harness.ts";

const GAMES = [
  '[Event "A"]',
  '[White "Anna"]',
  '[Black "Bo"]',
  "",
  "1. e4 e5 2. Nf3 {best [%clk 0:03:00] [%eval 0.3]} Nc6 (2... d6 3. d4) 3. Bb5 a6?! 1-0",
  "",
  '[Event "B"]',
  "",
  "1. d4 d5 2. Nf6 *",
  "",
  '[Event "C"]',
  "1. f3 e5 2. g4 Qh4# 0-1",
  "",
].join("\n");

function fenAfter(moves: string): string {
  return stringifyFen(playMoves(parseFen(INITIAL_FEN), moves).position);
}

Deno.test("--from pgn: each game's last position; a bad game is named by file, line and column, the others go on", async () => {
  const run = await runMain([
    "--from",
    "pgn",
    "--format",
    "fen",
    "--input",
    "g.pgn",
  ], {
    files: { "g.pgn": GAMES },
  });
  assert.equal(run.code, EXIT.invalidFen);
  assert.equal(
    run.stdout,
    `${fenAfter("e4 e5 Nf3 Nc6 Bb5 a6")}\n${fenAfter("f3 e5 g4 Qh4")}\n`,
  );
  assert.equal(
    run.stderr,
    'fen: g.pgn:9:13: game 2, move 2. "Nf6": illegal: no knight can move to f6\n',
  );
});

Deno.test("--ply N, --ply all and --variations choose the positions", async () => {
  const ply2 = await runMain([
    "--from",
    "pgn",
    "--ply",
    "2",
    "--format",
    "fen",
    "-",
  ], {
    stdin: GAMES,
  });
  assert.deepEqual(ply2.stdout.trimEnd().split("\n"), [
    fenAfter("e4 e5"),
    fenAfter("d4 d5"), // game 2's error is after ply 2: its positions before it stand
    fenAfter("f3 e5"),
  ]);
  const all = await runMain([
    "--from",
    "pgn",
    "--ply",
    "all",
    "--format",
    "fen",
    "-",
  ], {
    stdin: GAMES,
  });
  // 7 + 5 (before the error) + 5 positions, starts included.
  assert.equal(all.stdout.trimEnd().split("\n").length, 7 + 3 + 5);
  const variations = await runMain(
    ["--from", "pgn", "--ply", "all", "--variations", "--format", "fen", "-"],
    { stdin: GAMES },
  );
  const lines = variations.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 7 + 2 + 3 + 5);
  assert.ok(lines.includes(fenAfter("e4 e5 Nf3 d6 d4")));
  const short = await runMain([
    "--from",
    "pgn",
    "--ply",
    "9",
    "--format",
    "fen",
    "-",
  ], {
    stdin: "1. e4 e5 *\n",
  });
  assert.deepEqual(short, {
    code: 0,
    stdout: "",
    stderr:
      "fen: stdin:1:1: game 1: no position at ply 9 (the game is shorter)\n",
    files: new Map(),
  });
});

Deno.test("--from pgn --format json: game, ply, move, tags, comments, NAGs, clock and eval", async () => {
  const run = await runMain([
    "--from",
    "pgn",
    "--ply",
    "all",
    "--format",
    "json",
    "-",
  ], {
    stdin: GAMES,
  });
  const objects = run.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  const third = objects[3];
  assert.equal(third.game, 1);
  assert.equal(third.ply, 3);
  assert.equal(third.line, 1);
  assert.deepEqual(third.move, { san: "Nf3", uci: "g1f3" });
  assert.deepEqual(third.tags.White, "Anna");
  assert.equal(third.clock, 180);
  assert.deepEqual(third.eval.pawns, 0.3);
  assert.equal(third.fen, fenAfter("e4 e5 Nf3"));
  assert.deepEqual(objects[6].nags, [6]);
  assert.equal(objects[0].move, null);
  // The bad game's error object stands where its game is.
  const error = objects.find((o) => o.error !== undefined);
  assert.deepEqual(error, {
    game: 2,
    line: 9,
    error: {
      field: "pgn",
      line: 9,
      column: 13,
      message: 'move 2. "Nf6": illegal: no knight can move to f6',
    },
  });
});

Deno.test("--format pgn writes games the PGN readers read back to the same game", async () => {
  const run = await runMain(["--from", "pgn", "--format", "pgn", "-"], {
    stdin: GAMES,
  });
  assert.equal(run.code, EXIT.invalidFen);
  const games = parsePgn(run.stdout);
  assert.equal(games.length, 2);
  const first = GAMES.slice(0, GAMES.indexOf('[Event "B"]'));
  assert.equal(stringifyPgn(games[0]), stringifyPgn(parsePgn(first)[0]));
  // --moves from a record: SetUp and FEN only when the start is not the initial position.
  const moved = await runMain(["--moves", "e4 e5", "--format", "pgn"]);
  assert.doesNotMatch(moved.stdout, /SetUp/);
  assert.match(moved.stdout, /\n1\. e4 e5 \*\n/);
  const fromRecord = await runMain([
    "--moves",
    "Kb2",
    "--format",
    "pgn",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
  ]);
  assert.match(
    fromRecord.stdout,
    /\[SetUp "1"\]\n\[FEN "8\/8\/8\/8\/8\/8\/8\/K6k w - - 0 1"\]/,
  );
  assert.match(fromRecord.stdout, /1\. Kb2 \*/);
});

Deno.test("game options are refused where they would be ignored", async () => {
  const cases: [string[], string][] = [
    [["--ply", "3", "-"], "fen: --ply goes with --from pgn\n"],
    [
      ["--from", "pgn", "--ply", "x", "-"],
      'fen: --ply "x" must be last, all or a number of half-moves such as 40\n',
    ],
    [
      ["--from", "pgn", "--format", "pgn", "--ply", "all", "-"],
      "fen: --format pgn writes whole games: --ply and --variations do not go with it\n",
    ],
    [["--delay", "20", "-"], "fen: --delay goes with --format gif\n"],
    [
      ["--theme", "blue", INITIAL_FEN],
      "fen: --theme draws the vector look: it goes with --style vector, --format png or gif\n",
    ],
    [
      ["-n", "--coordinates", "inside", "--style", "vector", INITIAL_FEN],
      "fen: -n and --coordinates both say where the labels go: give one\n",
    ],
  ];
  for (const [args, stderr] of cases) {
    const run = await runMain(args, { stdin: "" });
    assert.deepEqual([run.code, run.stdout, run.stderr], [
      EXIT.usage,
      "",
      stderr,
    ], args.join(" "));
  }
});

Deno.test("hostile games keep the command standing: deep variations, a huge comment, random bytes", async () => {
  const deep = "1. e4 " + "(1. d4 ".repeat(20_000) + ")".repeat(20_000) +
    " *\n";
  const nested = await runMain(["--from", "pgn", "--format", "fen", "-"], {
    stdin: deep,
  });
  assert.equal(nested.code, 0, nested.stderr);
  assert.equal(nested.stdout, `${fenAfter("e4")}\n`);
  const comment = `1. e4 {${"x".repeat(3_000_000)}} e5 *\n`;
  const long = await runMain(["--from", "pgn", "--format", "fen", "-"], {
    stdin: comment,
  });
  assert.equal(long.code, 0);
  assert.equal(long.stdout, `${fenAfter("e4 e5")}\n`);
  // Cut at 1 MiB, and said so, once for the game.
  const cut =
    "fen: stdin:1:7: game 1, warning: a comment longer than 1,048,576 characters, cut there\n";
  assert.equal(long.stderr, cut);
  const twice = await runMain(["--from", "pgn", "--format", "pgn", "-"], {
    stdin: comment.replace("e5", `e5 {${"y".repeat(1_100_000)}}`),
  });
  assert.equal(twice.code, 0);
  assert.equal(twice.stderr, cut);
  assert.equal(twice.stdout.match(/x+/)![0].length, 1 << 20);
  assert.equal(twice.stdout.match(/y+/)![0].length, 1 << 20);
  let seed = 11;
  const bytes = new Uint8Array(200_000).map(() => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed & 0xff;
  });
  const random = await runMain(["--from", "pgn", "--format", "fen", "-"], {
    stdin: bytes,
  });
  // Binary data (a NUL in the first chunk) is refused before any game.
  assert.equal(random.code, EXIT.ioError, random.stderr.slice(0, 300));
  assert.equal(random.stdout, "");
  assert.match(
    random.stderr,
    /^fen: stdin is binary data, not text \(a NUL byte at byte \d+\): nothing read\n$/,
  );
  // Random bytes without a NUL are read as text: errors, never a crash.
  const noNul = await runMain(["--from", "pgn", "--format", "fen", "-"], {
    stdin: bytes.map((b) => b === 0 ? 1 : b),
  });
  assert.ok(
    [0, EXIT.invalidFen].includes(noNul.code),
    noNul.stderr.slice(0, 300),
  );
  assert.doesNotMatch(noNul.stderr, /internal error|\n\s+at /);
});

Deno.test("--format pgn of a position no move can be played from: its start alone", async () => {
  const run = await runMain(["--format", "pgn", "-"], {
    stdin: "8/8/8/8/8/8/8/8 w - - 0 1\n",
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.match(
    run.stdout,
    /\[FEN "8\/8\/8\/8\/8\/8\/8\/8 w - - 0 1"\]\n\n\*\n/,
  );
});

Deno.test("a game whose FEN tag has no king is that game's error, walked or read whole", async () => {
  const text = '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n\n1. d4 *\n';
  for (const format of ["epd", "json"]) {
    const run = await runMain(
      ["--from", "pgn", "--ply", "all", "--format", format, "-"],
      { stdin: text },
    );
    assert.equal(run.code, EXIT.invalidFen, format);
    assert.equal(
      run.stderr,
      "fen: stdin:1:1: game 1, no move can be played from the start: White has no king\n",
    );
    // The next game's two positions, and for JSON the first game's error.
    assert.equal(
      run.stdout.trim().split("\n").length,
      format === "epd" ? 2 : 3,
    );
    assert.match(run.stdout, /3P4/);
  }
});

Deno.test("a ; comment holding a } ends at a lone CR: the game is written back, not an internal error", async () => {
  const run = await runFen(["--from", "pgn", "--format", "pgn", "-"], {
    stdin: "1. e4 ;a } comment\re5 2. Nf3 *\n",
  });
  assert.deepEqual(
    [run.code, run.stderr],
    [EXIT.ok, ""],
  );
  assert.match(run.stdout, /\n1\. e4 ;a \} comment\n1\.\.\. e5 2\. Nf3 \*\n/);
});

Deno.test("--match by material keeps a game whose balance holds in three positions in a row before a move, as pgn-extract -z does", async () => {
  // after Rxb2 the balance is QR against K: held at plies 1 and 2 in the
  // first game (its final position is not looked at), 1 to 3 in the second
  const games = ["1. Rxb2 Kd7 2. Kd2", "1. Rxb2 Kd7 2. Kd2 Ke7"].map(
    (moves, i) =>
      `[Round "${
        i + 1
      }"]\n[FEN "4k3/8/8/8/8/8/1n6/QR2K3 w - - 0 1"]\n\n${moves} *\n`,
  ).join("\n");
  const args = ["--from", "pgn", "--match", "KvKQR", "--format", "fen", "-"];
  const expected = [0, "8/4k3/8/8/8/8/1R1K4/Q7 w - - 3 3\n", ""];
  const inProcess = await runMain(args, { stdin: games });
  assert.deepEqual(
    [inProcess.code, inProcess.stdout, inProcess.stderr],
    expected,
  );
  const built = await runFen(args, { stdin: games });
  assert.deepEqual([built.code, built.stdout, built.stderr], expected);
});

// Variant games through the command: the Variant tag (or --variant) sets
// the rules a game is replayed by, positions carry pockets and counters,
// --format pgn writes the game back as lichess does, a move after the
// variant's goal is an error, and Polyglot keys are refused for variant
// games. stdout, stderr and the exit code together; one test spawns the
// real program, the others call main in-process.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { runFen, runMain } from "./_harness.ts";

/** A crazyhouse game with drops (checked with python-chess). */
const CRAZYHOUSE = [
  '[Variant "Crazyhouse"]',
  "",
  "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Qxe2+ 5. Ngxe2 B@d4 6. P@e3 Bxc3",
  "7. Nxc3 N@d4 8. exd4 *",
  "",
].join("\n");

/** python-chess's last position of CRAZYHOUSE. */
const CRAZYHOUSE_LAST =
  "rnb1kbnr/ppp1pppp/8/8/3P4/2N5/PPPP1PPP/R1BQK2R[QBNp] b KQkq - 0 8";

/** The roster lines --format pgn writes for a game without tags. */
const ROSTER = [
  '[Event "?"]',
  '[Site "?"]',
  '[Date "????.??.??"]',
  '[Round "?"]',
  '[White "?"]',
  '[Black "?"]',
  '[Result "*"]',
];

Deno.test("a crazyhouse game's positions carry the pockets from ply to ply, drops read as SAN", async () => {
  const run = await runFen(
    ["--from", "pgn", "--ply", "all", "--format", "fen", "-"],
    { stdin: CRAZYHOUSE },
  );
  const fens = run.stdout.trimEnd().split("\n");
  assert.deepEqual([run.code, run.stderr, fens.length], [0, "", 16]);
  assert.equal(
    fens[0],
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  );
  // exd5 puts a pawn in White's pocket, Qxd5 one in Black's.
  assert.equal(
    fens[4],
    "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3",
  );
  assert.equal(fens[15], CRAZYHOUSE_LAST);
});

Deno.test("--format pgn writes a variant game back with its Variant tag, and FEN and SetUp only where lichess does", async () => {
  const zh = await runMain(["--from", "pgn", "--format", "pgn", "-"], {
    stdin: CRAZYHOUSE,
  });
  assert.deepEqual([zh.code, zh.stderr], [0, ""]);
  // python-chess's SAN: a pawn drop is `@e3`; ours is read back the same.
  assert.equal(
    zh.stdout,
    [
      ...ROSTER,
      '[Variant "Crazyhouse"]',
      "",
      "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Qxe2+ 5. Ngxe2 B@d4 6. @e3 Bxc3 7.",
      "Nxc3 N@d4 8. exd4 *",
      "",
      "",
    ].join("\n"),
  );
  const back = await runMain(["--from", "pgn", "--format", "fen", "-"], {
    stdin: zh.stdout,
  });
  assert.deepEqual(
    [back.code, back.stdout, back.stderr],
    [0, CRAZYHOUSE_LAST + "\n", ""],
  );
  // Racing kings starts elsewhere: lichess writes its FEN and SetUp.
  const rk = await runMain(["--from", "pgn", "--format", "pgn", "-"], {
    stdin: '[Variant "Racing Kings"]\n\n1. Kh3 Ka3 *\n',
  });
  assert.deepEqual([rk.code, rk.stderr], [0, ""]);
  assert.match(
    rk.stdout,
    /\[SetUp "1"\]\n\[FEN "8\/8\/8\/8\/8\/8\/krbnNBRK\/qrbnNBRQ w - - 0 1"\]\n\[Variant "Racing Kings"\]\n\n1\. Kh3 Ka3 \*\n/,
  );
  // Three-check starts from the standard position: no FEN tag; the third
  // check ends the game, marked `#` as python-chess marks it.
  const threeCheck = await runMain(["--from", "pgn", "--format", "pgn", "-"], {
    stdin:
      '[Variant "Three-check"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxg6+ *\n',
  });
  assert.deepEqual([threeCheck.code, threeCheck.stderr], [0, ""]);
  assert.ok(!threeCheck.stdout.includes("[FEN"));
  assert.ok(threeCheck.stdout.includes("5. Qxg6# *"));
});

Deno.test("--variant sets the rules of games without a Variant tag; a tag wins", async () => {
  const atomic = await runMain(
    ["--variant", "atomic", "--from", "pgn", "--format", "fen", "-"],
    { stdin: "1. Nf3 d5 2. Ng5 h6 3. Nxf7 *\n" },
  );
  // Nxf7 explodes the knight, the pawn, the king and the bishop and queen
  // beside f7 (pawns but the one taken stay).
  assert.deepEqual([atomic.code, atomic.stdout, atomic.stderr], [
    0,
    "rnbq3r/ppp1p1p1/7p/3p4/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3\n",
    "",
  ]);
  const tagged = await runMain(
    ["--variant", "atomic", "--from", "pgn", "--format", "fen", "-"],
    { stdin: '[Variant "Standard"]\n\n1. Nf3 d5 2. Ng5 h6 3. Nxf7 *\n' },
  );
  assert.deepEqual([tagged.code, tagged.stdout, tagged.stderr], [
    0,
    "rnbqkbnr/ppp1pNp1/7p/3p4/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3\n",
    "",
  ]);
});

Deno.test("a move after a variant's goal is reached is an error, as after checkmate", async () => {
  const exploded = await runMain(
    ["--variant", "atomic", "--from", "pgn", "--format", "fen", "-"],
    { stdin: "1. Nf3 d5 2. Ng5 h6 3. Nxf7 e5 *\n" },
  );
  assert.deepEqual([exploded.code, exploded.stdout, exploded.stderr], [
    EXIT.invalidFen,
    "",
    'fen: stdin:1:29: game 1, move 3... "e5": the game is over (its goal is reached)\n',
  ]);
  const hill = await runMain(["--from", "pgn", "--format", "pgn", "-"], {
    stdin:
      '[Variant "King of the Hill"]\n\n1. e4 d5 2. Ke2 Kd7 3. Ke3 Kd6 4. Kd4 *\n',
  });
  assert.deepEqual([hill.code, hill.stderr], [0, ""]);
  assert.ok(hill.stdout.includes("4. Kd4# *"));
});

Deno.test("--en-passant legal judges a variant game's capture by its rules", async () => {
  // Antichess: Black has no king, so standard chess could not judge it.
  const run = await runMain(
    ["--from", "pgn", "--format", "fen", "--en-passant", "legal", "-"],
    {
      stdin: [
        '[Variant "Antichess"]',
        "",
        "1. f4 c5 2. h3 a6 3. d3 g5 4. fxg5 Nh6 5. gxh6 Bxh6 6. Bxh6 Qc7",
        "7. a4 Kf8 8. Bxf8 Rxf8 9. Kf2 h6 10. Ra2 d5 *",
        "",
      ].join("\n"),
    },
  );
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    0,
    "rnb2r2/1pq1pp2/p6p/2pp4/P7/3P3P/RPP1PKP1/1N1Q1BNR w - - 0 11\n",
    "",
  ]);
});

Deno.test("Polyglot keys are refused for variant games, with a usage error; Chess960 games keep theirs", async () => {
  const reason =
    "Polyglot keys are defined for standard chess and Chess960 only, and no published scheme keys Crazyhouse positions";
  for (
    const [args, option] of [
      [["--format", "key"], "--format key"],
      [["--unique", "--ply", "all"], "--unique"],
      [["--format", "json", "--json-fields", "key"], "--json-fields key"],
    ]
  ) {
    const run = await runMain(["--from", "pgn", ...args, "-"], {
      stdin: CRAZYHOUSE,
    });
    assert.deepEqual([run.code, run.stdout, run.stderr], [
      EXIT.usage,
      "",
      `fen: ${option}: stdin:1:1: game 1 is Crazyhouse: ${reason}\n`,
    ]);
  }
  const variant = await runMain(
    ["--variant", "atomic", "--from", "pgn", "--format", "key", "-"],
    { stdin: "1. e4 *\n" },
  );
  assert.deepEqual([variant.code, variant.stdout, variant.stderr], [
    EXIT.usage,
    "",
    "fen: --variant atomic: --format key keys positions as Polyglot does, for standard chess and Chess960 only\n",
  ]);
  const chess960 = await runMain(["--from", "pgn", "--format", "key", "-"], {
    stdin:
      '[Variant "Chess960"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]\n\n1. e4 *\n',
  });
  assert.deepEqual([chess960.code, chess960.stderr], [0, ""]);
  assert.match(chess960.stdout, /^[0-9a-f]{16}\n$/);
});

Deno.test("book make and tree refuse a variant game, with a usage error", async () => {
  const files = { "zh.pgn": CRAZYHOUSE };
  const why =
    "game 1 is Crazyhouse: Polyglot keys are defined for standard chess and Chess960 only, and no published scheme keys Crazyhouse positions";
  const book = await runMain(["book", "make", "zh.pgn"], { files });
  assert.deepEqual([book.code, book.stdout, book.stderr], [
    EXIT.usage,
    "",
    `fen: book make: ${why}\n`,
  ]);
  const tree = await runMain(["tree", "zh.pgn"], { files });
  assert.deepEqual([tree.code, tree.stdout, tree.stderr], [
    EXIT.usage,
    "",
    `fen: tree: ${why}\n`,
  ]);
});

Deno.test("--check judges a game's positions by its Variant tag's rules, not the run's", async () => {
  const run = await runMain(["--from", "pgn", "--check", "-"], {
    stdin: '[Variant "Atomic"]\n\n1. Nf3 d5 2. Ng5 h6 3. Nxf7 *\n',
  });
  // Standard chess would call the exploded king a missing one.
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    0,
    "game 1, ply 5: legal\ngame 1, ply 5: info variant-end: Black's king exploded: White wins\n",
    "",
  ]);
});

Deno.test("fen analyse does not send a variant game to the engine", async () => {
  const { PLAIN_FAKE_ENGINE } = await import("../_fake_engine.ts");
  const run = await runFen(
    ["analyse", "--engine", PLAIN_FAKE_ENGINE, "--nodes", "1", "-"],
    { permissions: ["--allow-all"], stdin: CRAZYHOUSE },
  );
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    EXIT.illegalPosition,
    "",
    "fen: analyse: stdin: game 1: not sent to the engine: its variant is Crazyhouse, and the engine is asked about standard chess and Chess960 only\n",
  ]);
});

Deno.test("--strict reads a pawn drop as lichess writes it (P@e3) and as python-chess does (@e3)", async () => {
  for (const text of [CRAZYHOUSE, CRAZYHOUSE.replace("P@e3", "@e3")]) {
    const run = await runMain(
      ["--from", "pgn", "--strict", "--format", "fen", "-"],
      { stdin: text },
    );
    assert.deepEqual([run.code, run.stdout, run.stderr], [
      0,
      CRAZYHOUSE_LAST + "\n",
      "",
    ]);
  }
});

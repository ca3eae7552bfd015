// The command on Chess960 and the other variants: castling letters as the
// peers write them, --variant and the PGN Variant tag, variant FEN. stdout,
// stderr and the exit code together; one test spawns the real program.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { runFen, runMain } from "./_harness.ts";

/** A Chess960 game whose rooks stand on a1 and f1 (`RNBBKRQN`). */
const CHESS960_GAME = [
  '[Variant "Chess960"]',
  '[SetUp "1"]',
  '[FEN "rnbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/RNBBKRQN w KQkq - 0 1"]',
  "",
  "1. e4 e5 2. Ng3 Ng6 *",
  "",
].join("\n");

const CHESS960_FENS = [
  "rnbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/RNBBKRQN w KQkq - 0 1",
  "rnbbkrqn/pppppppp/8/8/4P3/8/PPPP1PPP/RNBBKRQN b KQkq e3 0 1",
  "rnbbkrqn/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBBKRQN w KQkq e6 0 2",
  "rnbbkrqn/pppp1ppp/8/4p3/4P3/6N1/PPPP1PPP/RNBBKRQ1 b KQkq - 1 2",
  "rnbbkrq1/pppp1ppp/6n1/4p3/4P3/6N1/PPPP1PPP/RNBBKRQ1 w KQkq - 2 3",
];

Deno.test("a Chess960 game's positions have KQkq castling, as python-chess and chessops write it", async () => {
  const run = await runFen(
    ["--from", "pgn", "--ply", "all", "--format", "fen", "-"],
    { stdin: CHESS960_GAME },
  );
  assert.deepEqual(run, {
    code: 0,
    stdout: CHESS960_FENS.join("\n") + "\n",
    stderr: "",
  });
});

Deno.test("--castling shredder writes the rooks' files; x-fen is the default", async () => {
  const shredder = await runMain(
    ["--from", "pgn", "--format", "fen", "--castling", "shredder", "-"],
    { stdin: CHESS960_GAME },
  );
  assert.deepEqual([shredder.code, shredder.stdout, shredder.stderr], [
    0,
    "rnbbkrq1/pppp1ppp/6n1/4p3/4P3/6N1/PPPP1PPP/RNBBKRQ1 w FAfa - 2 3\n",
    "",
  ]);
  const records =
    "4k3/8/8/8/8/8/8/RR2K1RR w GBA -\nbnrknrqb/8/8/8/8/8/8/BNRKNRQB w FCfc -\n";
  const xfen = await runMain(["--format", "epd", "--chess960", "-"], {
    stdin: records,
  });
  assert.deepEqual([xfen.code, xfen.stdout, xfen.stderr], [
    0,
    "4k3/8/8/8/8/8/8/RR2K1RR w GBQ -\nbnrknrqb/8/8/8/8/8/8/BNRKNRQB w KQkq -\n",
    "",
  ]);
  const back = await runMain(
    ["--format", "epd", "--chess960", "--castling", "shredder", "-"],
    { stdin: xfen.stdout },
  );
  assert.equal(back.stdout, records);
  const bad = await runMain(["--castling", "xfen", "--format", "fen", "8/8"]);
  assert.deepEqual([bad.code, bad.stdout, bad.stderr], [
    EXIT.usage,
    "",
    'fen: --castling "xfen" must be x-fen or shredder\n',
  ]);
});

Deno.test("--variant: crazyhouse and three-check FEN in both conventions, brackets and checks given by default, --explain says what changed", async () => {
  const zh = await runMain(
    ["--variant", "crazyhouse", "--format", "fen", "--explain", "-"],
    {
      stdin: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1\n" +
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1\n",
    },
  );
  assert.deepEqual([zh.code, zh.stdout, zh.stderr], [
    0,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1\n" +
    "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1\n",
    "fen: line 1: crazyhouse pockets /Qn written as [Qn]\n" +
    "fen: line 2: crazyhouse pockets / written as []\n",
  ]);
  const rank = await runMain(
    ["--variant", "Crazyhouse", "--format", "epd", "--pockets", "rank", "-"],
    { stdin: "8/8/8/8/8/8/8/K6k[QRbp] w - - 0 1\n" },
  );
  assert.equal(rank.stdout, "8/8/8/8/8/8/8/K6k/QRbp w - -\n");
  const checks = await runMain(
    ["--variant", "Three-check", "--format", "fen", "--explain", "-"],
    { stdin: "8/8/8/8/8/8/8/K6k w - - 2+1 0 1\n" },
  );
  assert.deepEqual([checks.code, checks.stdout, checks.stderr], [
    0,
    "8/8/8/8/8/8/8/K6k w - - 0 1 +1+2\n",
    "fen: line 1: three-check counters 2+1 written as +1+2: the checks given, after the clocks (lichess)\n",
  ]);
  const remaining = await runMain(
    ["--variant", "3check", "--format", "fen", "--checks", "remaining", "-"],
    { stdin: "8/8/8/8/8/8/8/K6k w - - 0 1 +1+2\n" },
  );
  assert.equal(remaining.stdout, "8/8/8/8/8/8/8/K6k w - - 2+1 0 1\n");
  const json = await runMain(
    ["--variant", "threecheck", "--format", "json", "-"],
    { stdin: "8/8/8/8/8/8/8/K6k w - - 0 1 +1+2\n" },
  );
  assert.equal(
    JSON.parse(json.stdout).remainingChecks.w,
    2,
  );
});

Deno.test("variant FEN without --variant is an error that names the option; an unknown variant and move work are refused", async () => {
  const zh = await runFen(["--format", "fen", "-"], {
    stdin: "8/8/8/8/8/8/8/K6k[Qn] w - - 0 1\n",
  });
  assert.deepEqual(zh, {
    code: EXIT.invalidFen,
    stdout: "",
    stderr:
      `fen: line 1: invalid FEN-string: "[" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 (crazyhouse's pockets and promoted pieces are read under its rules: --variant crazyhouse) at column 18\n`,
  });
  const checks = await runMain(["--format", "fen", "-"], {
    stdin: "8/8/8/8/8/8/8/K6k w - - 0 1 +1+2\n",
  });
  assert.equal(checks.code, EXIT.invalidFen);
  assert.match(checks.stderr, /--variant threecheck\) at column 29\n$/);
  const bad = await runMain(["--variant", "suicide", "--format", "fen", "-"]);
  assert.deepEqual([bad.code, bad.stdout, bad.stderr], [
    EXIT.usage,
    "",
    'fen: --variant "suicide" is not a variant: chess, chess960, crazyhouse, threecheck, kingofthehill, atomic, antichess, horde, racingkings\n',
  ]);
  const both = await runMain(["--variant", "horde", "--chess960", "-"]);
  assert.deepEqual([both.code, both.stderr], [
    EXIT.usage,
    "fen: --chess960 and --variant horde: choose one\n",
  ]);
});

Deno.test("--check --variant: every problem in the variant's words, and the variant's game end", async () => {
  const race = await runFen(["--variant", "Racing Kings", "--check", "-"], {
    stdin: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\n" +
      "8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1\n" +
      "K7/8/8/8/8/8/krbnNBR1/qrbnNBRQ b - - 0 1\n",
  });
  assert.deepEqual(race, {
    code: EXIT.illegalPosition,
    stdout: "line 1: legal\n" +
      "line 2: error race-material: racing kings has no pawns (on a3)\n" +
      "line 3: legal\n" +
      "line 3: info variant-end: White's king reached rank 8: White wins\n",
    stderr: "",
  });
  const horde = await runMain(["--variant", "horde", "--check", "-"], {
    stdin:
      "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n" +
      "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPK w kq - 0 1\n",
  });
  assert.deepEqual([horde.code, horde.stdout], [
    EXIT.illegalPosition,
    "line 1: legal\n" +
    "line 2: error too-many-kings: White has a king: in horde White has none\n",
  ]);
  const atomic = await runMain(
    ["--variant", "atomic", "--check", "--format", "json", "-"],
    { stdin: "8/8/8/8/8/8/8/k7 w - - 0 1\n" },
  );
  const report = JSON.parse(atomic.stdout);
  assert.equal(report.legal, true);
  assert.deepEqual(report.variantEnd, {
    winner: "b",
    reason: "White's king exploded",
  });
  const zh = await runMain(["--variant", "crazyhouse", "--check", "-"], {
    stdin: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Kq] w KQkq - 0 1\n",
  });
  assert.equal(
    zh.stdout,
    "line 1: error bad-pockets: a king is in hand: kings are never captured\n",
  );
});

Deno.test("--variant: keys are refused for variants", async () => {
  for (
    const [args, message] of [
      [
        ["--variant", "atomic", "--format", "key"],
        "fen: --variant atomic: --format key keys positions as Polyglot does, for standard chess and Chess960 only\n",
      ],
      [
        ["--variant", "crazyhouse", "--unique"],
        "fen: --variant crazyhouse: --unique keys positions as Polyglot does, for standard chess and Chess960 only\n",
      ],
    ] as const
  ) {
    const run = await runMain([...args, "8/8/8/8/8/8/8/k6K"]);
    assert.deepEqual([run.code, run.stdout, run.stderr], [
      EXIT.usage,
      "",
      message,
    ]);
  }
});

Deno.test("--variant: --perft and --format moves play the variant's moves", async () => {
  // Horde: White's first-rank pawns step one or two squares.
  const horde = await runMain([
    "--variant",
    "horde",
    "--perft",
    "1",
    "4k3/8/8/8/8/8/8/PPPP4 w - - 0 1",
  ]);
  assert.deepEqual([horde.code, horde.stdout, horde.stderr], [0, "8\n", ""]);
  // Antichess: the capture is forced.
  const anti = await runMain([
    "--variant",
    "antichess",
    "--format",
    "moves",
    "8/8/8/3p4/4P3/8/8/K7 w - - 0 1",
  ]);
  assert.deepEqual([anti.code, anti.stdout, anti.stderr], [0, "e4d5\n", ""]);
  // Crazyhouse in SAN: a pawn's drop is @e4, a knight's N@f3.
  const zh = await runMain([
    "--variant",
    "crazyhouse",
    "--format",
    "moves",
    "--san",
    "4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1",
  ]);
  assert.equal(zh.stderr, "");
  const sans = zh.stdout.trim().split(" ");
  assert.ok(
    sans.includes("N@f3") && sans.includes("@e4") && sans.includes("Kd2"),
  );
  // A white king in horde is refused in the variant's words.
  const king = await runMain([
    "--variant",
    "horde",
    "--perft",
    "1",
    "8/8/8/8/8/8/8/k6K",
  ]);
  assert.equal(
    king.stderr,
    "fen: cannot count moves: cannot play from this position: White has a king: in horde White has none\n",
  );
});

Deno.test("--variant crazyhouse: the ninth rank lichess's server writes and the brackets of chessops, python-chess and Fairy-Stockfish read alike", async () => {
  // One position (each side has taken a pawn) as lichess's server writes
  // it, a ninth rank, and as its board and the others write it.
  const server =
    "r1b1kb1r/ppp1pppp/2n2n2/q7/8/2N2N2/PPPP1PPP/R1BQKB1R/Pp w KQkq - 4 5";
  const board =
    "r1b1kb1r/ppp1pppp/2n2n2/q7/8/2N2N2/PPPP1PPP/R1BQKB1R[Pp] w KQkq - 4 5";
  for (const run of [runMain, runFen]) {
    const written = await run(
      ["--variant", "crazyhouse", "--format", "fen", "-"],
      { stdin: `${server}\n${board}\n` },
    );
    assert.deepEqual(
      [written.code, written.stdout, written.stderr],
      [0, `${board}\n${board}\n`, ""],
    );
    const rank = await run(
      ["--variant", "crazyhouse", "--format", "fen", "--pockets", "rank", "-"],
      { stdin: `${board}\n${server}\n` },
    );
    assert.deepEqual(
      [rank.code, rank.stdout, rank.stderr],
      [0, `${server}\n${server}\n`, ""],
    );
  }
});

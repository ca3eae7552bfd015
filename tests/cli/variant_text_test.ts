// Variants in the text boards and the FEN-writing options: nothing a
// variant adds is dropped, no option is silently ignored. stdout, stderr
// and the exit code together, through the real program.

import assert from "node:assert/strict";
import { runFen, spawnFen } from "./_harness.ts";

const HOUSE = "r3k3/8/8/8/8/8/8/4K3[QRbpp] w - - 0 1";
const EMPTY_RANKS = Array(6).fill("........");

Deno.test("--format board, grid and unicode show crazyhouse pockets and three-check checks on a line above and below the board", async () => {
  const board = await runFen(
    ["--variant", "crazyhouse", "--format", "board", HOUSE],
  );
  assert.deepEqual(board, {
    code: 0,
    stdout: ["[bpp]", "r...k...", ...EMPTY_RANKS, "....K...", "[QR]", ""]
      .join("\n"),
    stderr: "",
  });
  const unicode = await runFen(
    ["--variant", "crazyhouse", "--format", "unicode", "--flip", HOUSE],
  );
  const lines = unicode.stdout.split("\n");
  assert.deepEqual(
    [unicode.code, unicode.stderr, lines[0], lines[1], lines[9], lines[10]],
    [0, "", "  [♕ ♖]", "1 · · · ♔ · · · ·", "  h g f e d c b a", "  [♝ ♟ ♟]"],
  );
  const grid = await runFen([
    "--variant",
    "threecheck",
    "--format",
    "grid",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0",
  ]);
  assert.deepEqual(grid, {
    code: 0,
    stdout: [
      "+0",
      "****k***",
      ...Array(6).fill("********"),
      "****K***",
      "+2",
      "",
    ]
      .join("\n"),
    stderr: "",
  });
});

Deno.test("--from grid reads the variant boards back to their placements, skipping the pocket and check lines", async () => {
  const boards = await runFen(
    ["--variant", "crazyhouse", "--format", "unicode", "-"],
    { stdin: `${HOUSE}\n4k3/8/8/8/8/8/8/4K3[] b - - 0 1\n` },
  );
  const back = await runFen(["--from", "grid", "--format", "fen", "-"], {
    stdin: boards.stdout,
  });
  assert.deepEqual(back, {
    code: 0,
    stdout: "r3k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    stderr: "",
  });
});

Deno.test("--pockets, --checks and --castling are refused where they would change nothing, naming the option and why", async () => {
  const cases: [string[], string][] = [
    [
      ["--format", "svg", "--pockets", "rank", "8/8/8/8/8/8/8/K6k"],
      "fen: --pockets rank goes with --format fen or epd, not --format svg\n",
    ],
    [
      ["--format", "fen", "--pockets", "rank", "8/8/8/8/8/8/8/K6k"],
      "fen: --pockets rank: only crazyhouse positions have pockets (--variant crazyhouse)\n",
    ],
    [
      ["--format", "fen", "--checks", "remaining", "8/8/8/8/8/8/8/K6k"],
      "fen: --checks remaining: only three-check positions have check counters (--variant threecheck)\n",
    ],
    [
      [
        "--variant",
        "threecheck",
        "--format",
        "epd",
        "--checks",
        "remaining",
        "8/8/8/8/8/8/8/K6k",
      ],
      "fen: --checks remaining goes with --format fen, not --format epd\n",
    ],
    [
      [
        "--variant",
        "antichess",
        "--format",
        "fen",
        "--castling",
        "shredder",
        "8/8/8/8/8/8/8/K6k",
      ],
      "fen: --castling shredder: antichess positions have no castling rights\n",
    ],
    [
      ["--check", "--castling", "shredder", "8/8/8/8/8/8/8/K6k"],
      "fen: --castling shredder goes with --format fen or epd, not --check\n",
    ],
  ];
  for (const [args, stderr] of cases) {
    const run = await runFen(args);
    assert.deepEqual(run, { code: 1, stdout: "", stderr }, args.join(" "));
  }
});

Deno.test("--pockets stays accepted with --from pgn: each game's Variant tag chooses its rules", async () => {
  const run = await runFen(
    [
      "--from",
      "pgn",
      "--format",
      "fen",
      "--ply",
      "last",
      "--pockets",
      "rank",
      "-",
    ],
    { stdin: '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 *\n' },
  );
  assert.deepEqual(run, {
    code: 0,
    stdout: "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR/P b KQkq - 0 2\n",
    stderr: "",
  });
});

Deno.test("a refused castling or forced-capture move says why, through the real program", async () => {
  const castle = await spawnFen([
    "--moves",
    "O-O",
    "--format",
    "fen",
    "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1",
  ]);
  assert.deepEqual(castle, {
    code: 5,
    stdout: "",
    stderr:
      `fen: cannot play move 1 "O-O": illegal: White's king would pass through check on f1\n`,
  });
  const antichess = await spawnFen(
    ["--from", "pgn", "--format", "fen", "--ply", "last", "-"],
    { stdin: '[Variant "Antichess"]\n\n1. e3 b5 2. Ba6 *\n' },
  );
  assert.deepEqual(antichess, {
    code: 2,
    stdout: "",
    stderr:
      `fen: stdin:3:13: game 1, move 2. "Ba6": illegal: a capture must be made (Bxb5)\n`,
  });
});

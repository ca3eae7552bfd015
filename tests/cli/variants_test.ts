// The command on Chess960 and the other variants: castling letters as the
// peers write them, --variant and the PGN Variant tag, variant FEN. stdout,
// stderr and the exit code together; one test spawns the real program.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { runMain, spawnFen } from "./_harness.ts";

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
  const run = await spawnFen(
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

// `--moves` with a format of games (pgn, gif): the game the moves make from
// the record's position, written whole, in-process and by the real program.

import assert from "node:assert/strict";
import { parsePgn, stringifyPgn } from "../../lib/pgn/mod.ts";
import { runFen, runFenBytes, runMain } from "./_harness.ts";

const ROSTER = [
  '[Event "?"]',
  '[Site "?"]',
  '[Date "????.??.??"]',
  '[Round "?"]',
  '[White "?"]',
  '[Black "?"]',
  '[Result "*"]',
];

/** The PGN text of a game of `movetext` with these tags after the roster. */
function pgnOf(tags: readonly string[], movetext: string): string {
  return [...ROSTER, ...tags, "", movetext, ""].join("\n");
}

Deno.test("--moves --format pgn: the game the moves make, suffixes as NAGs", async () => {
  const cases: [string[], string][] = [
    [
      ["--moves", "e4 e5 Nf3!? Nc6?? Bb5!"],
      pgnOf([], "1. e4 e5 2. Nf3 $5 Nc6 $4 3. Bb5 $1 *"),
    ],
    [
      // Black to move, a late move number: the game starts there.
      ["--moves", "Kd7 Kd2!", "4k3/8/8/8/8/8/8/4K3 b - - 10 40"],
      pgnOf(
        ['[SetUp "1"]', '[FEN "4k3/8/8/8/8/8/8/4K3 b - - 10 40"]'],
        "40... Kd7 41. Kd2 $1 *",
      ),
    ],
    [
      ["--moves", "exd6", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"],
      pgnOf(
        ['[SetUp "1"]', '[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"]'],
        "2. exd6 *",
      ),
    ],
    [
      [
        "--variant",
        "atomic",
        "--moves",
        "e4 d5 exd5!",
      ],
      pgnOf(
        ['[Variant "Atomic"]'],
        "1. e4 d5 2. exd5 $1 *",
      ),
    ],
    [
      [
        "--variant",
        "crazyhouse",
        "--moves",
        "e4 d5 exd5 Qxd5 P@d6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
      ],
      pgnOf(
        [
          '[Variant "Crazyhouse"]',
          '[SetUp "1"]',
          '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"]',
        ],
        "1. e4 d5 2. exd5 Qxd5 3. @d6 *",
      ),
    ],
  ];
  for (const [args, expected] of cases) {
    const run = await runMain([...args, "--format", "pgn"]);
    assert.deepEqual(
      [run.code, run.stdout, run.stderr],
      [0, `${expected}\n`, ""],
      args.join(" "),
    );
  }
});

Deno.test("--chess960 --moves --format pgn: castling from a Chess960 start, a game that reads back", async () => {
  const start = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
  const args = [
    "--chess960",
    "--moves",
    "O-O O-O-O!",
    "--format",
    "pgn",
    start,
  ];
  const expected = pgnOf(
    [
      '[Variant "Chess960"]',
      '[SetUp "1"]',
      '[FEN "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"]',
    ],
    "1. O-O O-O-O $1 *",
  );
  const inProcess = await runMain(args);
  assert.deepEqual(
    [inProcess.code, inProcess.stdout, inProcess.stderr],
    [0, `${expected}\n`, ""],
  );
  const spawned = await runFen(args);
  assert.deepEqual(
    [spawned.code, spawned.stdout, spawned.stderr],
    [0, `${expected}\n`, ""],
  );
  // The game reads back as Chess960, its castling the king takes the rook.
  const [game] = parsePgn(spawned.stdout);
  assert.equal(game.error, null);
  assert.equal(game.rules, "chess960");
  assert.deepEqual(game.mainline.moves.map((m) => m.uci), ["e1g1", "e8b8"]);
  assert.equal(stringifyPgn(game), expected);
});

Deno.test("--chess960 --moves --format gif: the castling game animated as its PGN is", async () => {
  const start = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
  const fromMoves = await runFenBytes([
    "--chess960",
    "--moves",
    "O-O O-O-O",
    "--format",
    "gif",
    start,
  ]);
  const fromGame = await runFenBytes([
    "--from",
    "pgn",
    "--format",
    "gif",
    "-",
  ], {
    stdin: pgnOf(
      ['[Variant "Chess960"]', '[SetUp "1"]', `[FEN "${start}"]`],
      "1. O-O O-O-O *",
    ),
  });
  assert.deepEqual([fromMoves.code, fromMoves.stderr], [0, ""]);
  assert.deepEqual([fromGame.code, fromGame.stderr], [0, ""]);
  assert.deepEqual(fromMoves.stdout, fromGame.stdout);
});

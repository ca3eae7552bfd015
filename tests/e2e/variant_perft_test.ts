// Variant moves through the real program (its built modules, run in-process
// by tests/cli/_harness.ts): `--variant NAME`
// with `--perft N`, `--divide` and `--format moves` counts and lists each
// record's moves by its variant's rules, where standard chess counts
// differently.

import assert from "node:assert/strict";
import { runFen } from "../cli/_harness.ts";

/** python-chess's and chessops' atomic test position "programfox-2". */
const ATOMIC = "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1";

Deno.test("--variant atomic --perft 2 --divide: the atomic count, not chess's", async () => {
  const atomic = await runFen([
    "--variant",
    "atomic",
    "--perft",
    "2",
    "--divide",
    ATOMIC,
  ]);
  assert.equal(atomic.stderr, "");
  assert.equal(atomic.code, 0);
  const lines = atomic.stdout.trimEnd().split("\n");
  assert.equal(lines.at(-1), "Nodes searched: 833");
  const rows = lines.slice(0, -2).map((line) => line.split(": "));
  assert.equal(rows.length, 28);
  assert.equal(rows.reduce((sum, [, n]) => sum + Number(n), 0), 833);
  const chess = await runFen(["--perft", "2", ATOMIC]);
  assert.deepEqual([chess.code, chess.stdout, chess.stderr], [0, "827\n", ""]);
});

Deno.test("--variant antichess --perft 1 --divide: a capture is forced", async () => {
  const result = await runFen([
    "--variant",
    "antichess",
    "--perft",
    "1",
    "--divide",
    "8/8/8/3p4/4P3/8/8/K7 w - - 0 1",
  ]);
  assert.deepEqual(
    [result.code, result.stdout, result.stderr],
    [0, "e4d5: 1\n\nNodes searched: 1\n", ""],
  );
});

Deno.test("--variant racingkings --format moves: no move gives check", async () => {
  const result = await runFen([
    "--variant",
    "racingkings",
    "--format",
    "moves",
    "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
  ]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  const moves = result.stdout.trim().split(" ");
  assert.equal(moves.length, 21);
  // Nc3 would check the black king on a2: absent.
  assert.ok(!moves.includes("e2c3") && moves.includes("e2d4"));
});

Deno.test("--variant threecheck --perft 2 --divide: the third check ends the game", async () => {
  // lichess's +2+0: White has given two checks, Ra8+ is the third.
  const result = await runFen([
    "--variant",
    "threecheck",
    "--perft",
    "2",
    "--divide",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0",
  ]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  const rows = new Map(
    result.stdout.trim().split("\n").slice(0, -2).map((line) => {
      const [move, nodes] = line.split(": ");
      return [move, Number(nodes)];
    }),
  );
  assert.equal(rows.get("a1a8"), 0); // over: no reply
  assert.equal(rows.get("a1a7"), 2); // Kd8 and Kf8
});

Deno.test("--variant crazyhouse --perft 1 --divide: drops from the pocket", async () => {
  const result = await runFen([
    "--variant",
    "crazyhouse",
    "--perft",
    "1",
    "--divide",
    "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
  ]);
  assert.equal(result.stderr, "");
  assert.equal(result.code, 0);
  const lines = result.stdout.trim().split("\n");
  // Five king steps and a knight on any of the 62 empty squares.
  assert.equal(lines.at(-1), "Nodes searched: 67");
  assert.ok(lines.includes("N@f3: 1") && lines.includes("N@a8: 1"));
});

// `fen --check --variant`: the status under each variant's rules, through
// the real program (stdout, stderr and exit code together): checks as the
// variant means them, checkmate and stalemate by its moves, and the game's
// one end with its result, on one line.

import assert from "node:assert/strict";
import { runFen } from "./_harness.ts";

/** `fen --check --variant <variant> -` on the lines, as one run. */
async function checked(variant: string, lines: string[]): Promise<unknown[]> {
  const run = await runFen(["--check", "--variant", variant, "-"], {
    stdin: lines.map((line) => `${line}\n`).join(""),
  });
  return [run.code, run.stdout, run.stderr];
}

Deno.test("--check --variant antichess: no move or no piece left wins, and there is no check", async () => {
  assert.deepEqual(
    await checked("antichess", [
      "8/8/8/8/8/1p6/1P6/8 w - - 0 1", // blocked pawns: White cannot move
      "8/8/8/8/8/8/p7/8 w - - 0 1", // White has given everything away
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", // the rook "attacks" e8: no check
    ]),
    [
      0,
      "line 1: legal\nline 1: info variant-end: White has no legal move: White wins\n" +
      "line 2: legal\nline 2: info variant-end: White has no pieces left: White wins\n" +
      "line 3: legal\n",
      "",
    ],
  );
});

Deno.test("--check --variant atomic: kings side by side give no check; a king may not capture; an exploded king loses", async () => {
  assert.deepEqual(
    await checked("atomic", [
      "7q/8/8/8/8/k7/8/1K5r w - - 0 1", // the rook checks
      "7q/8/8/8/8/8/k7/1K5r w - - 0 1", // the kings touch: no check
      "k7/8/8/8/8/8/1q6/K7 w - - 0 1", // Kxb2 would explode both: mate
      "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 3",
    ]),
    [
      0,
      "line 1: legal\nline 1: info check: White is in check from h1\n" +
      "line 2: legal\n" +
      "line 3: legal\nline 3: info checkmate: White is checkmated: Black wins\n" +
      "line 4: legal\nline 4: info variant-end: White's king exploded: Black wins\n",
      "",
    ],
  );
});

Deno.test("--check --variant crazyhouse: a drop can block a mate", async () => {
  assert.deepEqual(
    await checked("crazyhouse", [
      "6rk/8/8/8/8/8/PPP5/1K5r[N] w - - 0 1", // N@c1..g1 blocks
      "6rk/8/8/8/8/8/PPP5/1K5r[] w - - 0 1",
    ]),
    [
      0,
      "line 1: legal\nline 1: info check: White is in check from h1\n" +
      "line 2: legal\nline 2: info checkmate: White is checkmated: Black wins\n",
      "",
    ],
  );
});

Deno.test("--check --variant racingkings: the race is won, drawn, or still open for Black", async () => {
  assert.deepEqual(
    await checked("racingkings", [
      "K7/7k/8/8/8/8/8/8 b - - 0 1", // Black can still reach rank 8
      "K6k/8/8/8/8/8/8/8 w - - 0 1",
      "K7/8/7k/8/8/8/8/8 b - - 0 1",
    ]),
    [
      0,
      "line 1: legal\n" +
      "line 2: legal\nline 2: info variant-end: both kings reached rank 8: a draw\n" +
      "line 3: legal\nline 3: info variant-end: White's king reached rank 8: White wins\n",
      "",
    ],
  );
});

Deno.test("--check --variant horde: the horde loses when out of pieces; mate and stalemate as in chess", async () => {
  assert.deepEqual(
    await checked("horde", [
      "4k3/8/8/8/8/8/8/8 w - - 0 1",
      "2Nk4/5Q2/8/8/8/8/8/2R5 b - - 20 194",
      "4B3/8/5P2/6Pk/5P2/1N3PP1/8/8 b - - 6 138",
    ]),
    [
      0,
      "line 1: legal\nline 1: info variant-end: White has no pieces left: Black wins\n" +
      "line 2: legal\nline 2: info stalemate: Black has no legal move: a draw\n" +
      "line 3: legal\nline 3: info checkmate: Black is checkmated: White wins\n",
      "",
    ],
  );
});

Deno.test("--check --variant kingofthehill and threecheck: the goal reached ends the game, once", async () => {
  assert.deepEqual(
    await checked("kingofthehill", [
      "8/8/8/4k3/8/8/8/4K3 w - - 0 1", // no "stalemate" though White cannot move
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1", // kings only: one may walk to the hill
    ]),
    [
      0,
      "line 1: legal\nline 1: info variant-end: Black's king reached the hill (e5): Black wins\n" +
      "line 2: legal\n",
      "",
    ],
  );
  assert.deepEqual(
    await checked("threecheck", [
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+3",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+2", // kings only: no check to give
      "4k3/8/8/8/8/8/8/4KB2 w - - 0 1 +2+2",
    ]),
    [
      0,
      "line 1: legal\nline 1: info variant-end: Black gave three checks: Black wins\n" +
      "line 2: legal\nline 2: info insufficient-material: neither side has mating material: a draw\n" +
      "line 3: legal\n",
      "",
    ],
  );
});

Deno.test("--check --variant --format json: the status's end and the variantEnd member agree", async () => {
  const run = await runFen([
    "--check",
    "--format",
    "json",
    "--variant",
    "kingofthehill",
    "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
  ]);
  const { status, variantEnd } = JSON.parse(run.stdout);
  assert.deepEqual([run.code, run.stderr], [0, ""]);
  assert.deepEqual(status.end, {
    winner: "b",
    termination: "variant-loss",
    reason: "Black's king reached the hill (e5)",
  });
  assert.deepEqual(variantEnd, { winner: "b", reason: status.end.reason });
  assert.deepEqual([status.legalMoveCount, status.stalemate], [0, false]);
});

Deno.test("--check --variant atomic: a king the side to move attacks may be exploded, and every record of the stream is judged", async () => {
  assert.deepEqual(
    await checked("atomic", [
      "4k3/8/8/8/8/8/8/q2K4 b - - 0 1", // Qxd1 explodes White's king
      "4k3/p7/8/8/8/8/P7/K3R3 w - - 0 1", // Rxe8 explodes Black's king
      "4k3/8/8/8/8/8/8/q2K4 w - - 0 1", // White in check, to move
      "4k3/8/8/8/8/8/8/q1K5 b - - 0 1",
    ]),
    [
      0,
      "line 1: legal\n" +
      "line 2: legal\n" +
      "line 3: legal\nline 3: info check: White is in check from a1\n" +
      "line 4: legal\n",
      "",
    ],
  );
  const run = await runFen([
    "--variant",
    "atomic",
    "--moves",
    "Qxd1",
    "--check",
    "4k3/8/8/8/8/8/8/q2K4 b - - 0 1",
  ]);
  assert.deepEqual(
    [run.code, run.stdout, run.stderr],
    [0, "legal\ninfo variant-end: White's king exploded: Black wins\n", ""],
  );
});

Deno.test("--check --variant antichess: kings are never in check, so no check is impossible", async () => {
  const run = await runFen([
    "--variant",
    "antichess",
    "--moves",
    "Qxh5",
    "--check",
    "rnb1kbnr/3Bp2p/8/2p4p/4pP2/1P5N/2P3K1/3Q2R1 w - - 0 16",
  ]);
  assert.deepEqual([run.code, run.stdout, run.stderr], [0, "legal\n", ""]);
  assert.deepEqual(
    await checked("antichess", [
      "4k3/3B4/8/7Q/8/8/8/8 b - - 0 1", // two "checks" no move gives
      "4k3/3B4/8/1B5Q/8/8/4R3/8 b - - 0 1", // four of them
      "4K3/8/8/8/8/8/8/4r3 b - - 0 1", // White's king attacked, Black to move
    ]),
    [0, "line 1: legal\nline 2: legal\nline 3: legal\n", ""],
  );
});

Deno.test("--check --variant horde: a pawn that stepped from rank 1 gives check", async () => {
  const run = await runFen([
    "--variant",
    "horde",
    "--moves",
    "a2",
    "--check",
    "8/8/8/8/8/1k6/8/P7 w - - 0 1",
  ]);
  assert.deepEqual(
    [run.code, run.stdout, run.stderr],
    [0, "legal\ninfo check: Black is in check from a2\n", ""],
  );
  assert.deepEqual(
    await checked("horde", [
      "8/8/8/8/8/1k6/P7/8 b - - 0 1", // a1-a2
      "8/8/8/8/2k5/1P6/8/8 b - - 0 1", // b1-b3, two squares
      "8/8/8/8/8/2k5/1P6/1P6 b - - 0 1", // a1xb2 (or c1xb2)
      "8/8/8/8/8/2k5/1P6/8 w - - 0 1", // not Black's king: White made no move
    ]),
    [
      3,
      "line 1: legal\nline 1: info check: Black is in check from a2\n" +
      "line 2: legal\nline 2: info check: Black is in check from b3\n" +
      "line 3: legal\nline 3: info check: Black is in check from b2\n" +
      "line 4: error opposite-check: Black is in check (king on c3) with White to move: Black cannot have made the last move\n",
      "",
    ],
  );
});

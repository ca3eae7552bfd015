// Pictures of variant positions through the real program: crazyhouse's
// pockets in the diagram, the hill on request, GIFs of every variant's
// records and games.

import assert from "node:assert/strict";
import { readGif } from "../_gif.ts";
import { pixel } from "../_pixels.ts";
import { runFen, runFenBytes, runMainBytes } from "./_harness.ts";

/**
 * A GIF of the command: as a real process for the first of a loop
 * (`spawned`), in-process for the others, which share one loaded rasterizer
 * (a process loads it anew, about a second each).
 */
async function gifRun(
  args: string[],
  { stdin, spawned }: { stdin?: string; spawned: boolean },
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  if (spawned) {
    return await runFenBytes(args, stdin === undefined ? {} : { stdin });
  }
  return await runMainBytes(args, stdin === undefined ? {} : { stdin });
}

const HOUSE = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Qp] w KQkq - 0 1";

Deno.test("fen --variant crazyhouse --format svg draws both pockets with their counts", async () => {
  const run = await runFen([
    "--variant",
    "crazyhouse",
    "--format",
    "svg",
    HOUSE,
  ]);
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  assert.match(run.stdout, /height="488" viewBox="-1 -1.99 9 10.98"/);
  const white = run.stdout.slice(run.stdout.indexOf('<g class="fen-pocket-w"'));
  assert.match(white, /<text class="piece" x="4" y="0">&#9813;<\/text>/);
  assert.match(white, />1<\/text>/);
  assert.match(
    run.stdout,
    /<g class="fen-pocket-b"[^>]*>\n<text class="piece" x="0" y="0">&#9823;/,
  );
});

Deno.test("fen --mark-hill tints d4 e4 d5 e5", async () => {
  const run = await runFen([
    "--mark-hill",
    "--highlight-color",
    "red",
    "8/8/8/8/8/8/8/4K2k",
  ]);
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  assert.ok(run.stdout.includes(
    '<path d="M2.5 2.5h1v1h-1zM3.5 2.5h1v1h-1zM2.5 3.5h1v1h-1zM3.5 3.5h1v1h-1z" fill="red"/>',
  ));
});

/** Each variant's start, as a record. */
const STARTS: Readonly<Record<string, string>> = {
  chess960: "bnrkrqnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKRQNB w KQkq - 0 1",
  crazyhouse: HOUSE,
  threecheck: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
  kingofthehill: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  atomic: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  antichess: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  horde:
    "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
  racingkings: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
};

/** A short game of each variant, as its Variant tag names it. */
const GAMES: Readonly<Record<string, [string, string]>> = {
  chess960: ["Chess960", "1. e4 e5 2. Nc3 Nc6 *"],
  crazyhouse: ["Crazyhouse", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *"],
  threecheck: ["Three-check", "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *"],
  kingofthehill: ["King of the Hill", "1. e4 e5 2. Ke2 Ke7 3. Ke3 *"],
  atomic: ["Atomic", "1. Nf3 d5 2. Ne5 Nd7 3. Nxd7 1-0"],
  antichess: ["Antichess", "1. e3 b5 2. Bxb5 c6 3. Bxc6 *"],
  horde: ["Horde", "1. b6 axb6 2. cxb6 e6 *"],
  racingkings: ["Racing Kings", "1. Kh3 Ka3 2. Kh4 *"],
};

/** Rows above and below for pockets and counters: 200 px boards get 25 px. */
const ROWS: Readonly<Record<string, number>> = {
  crazyhouse: 25,
  threecheck: 25,
};

Deno.test("fen --variant NAME --format gif draws each variant's record, with its rows", async () => {
  for (const [i, [variant, fen]] of Object.entries(STARTS).entries()) {
    const run = await gifRun(
      ["--variant", variant, "--format", "gif", "--size", "200", fen],
      { spawned: i === 0 },
    );
    assert.equal(run.stderr, "", variant);
    assert.equal(run.code, 0, variant);
    assert.equal(new TextDecoder().decode(run.stdout.subarray(0, 6)), "GIF89a");
    const gif = readGif(run.stdout);
    const rows = ROWS[variant] ?? 0;
    assert.deepEqual([gif.width, gif.height], [200, 200 + 2 * rows], variant);
    assert.equal(gif.frames.length, 1, variant);
  }
});

Deno.test("fen --from pgn --format gif animates each variant's game by its Variant tag, or --variant", async () => {
  for (const [i, [variant, [tag, moves]]] of Object.entries(GAMES).entries()) {
    const plies = moves.split(" ").filter((t) => !/^\d+\.$|^\*$|-/.test(t))
      .length;
    const tagged = `[Variant "${tag}"]\n\n${moves}\n`;
    for (
      const [args, stdin] of [
        [[], tagged],
        [["--variant", variant], `${moves}\n`],
      ] as const
    ) {
      const run = await gifRun(
        ["--from", "pgn", "--format", "gif", "--size", "200", ...args, "-"],
        { stdin, spawned: i === 0 },
      );
      assert.equal(run.stderr, "", `${variant} ${args}`);
      assert.equal(run.code, 0, variant);
      assert.equal(
        new TextDecoder().decode(run.stdout.subarray(0, 6)),
        "GIF89a",
      );
      const gif = readGif(run.stdout);
      assert.equal(gif.frames.length, plies + 1, `${variant}: plies + 1`);
      const rows = ROWS[variant] ?? 0;
      // A finished game has the players' bars (17 px at 200), its result
      // in them.
      const bars = moves.endsWith("*") ? 0 : 17;
      assert.equal(gif.height, 200 + 2 * rows + 2 * bars, variant);
    }
  }
});

Deno.test("fen --mark-hill --format gif tints the hill", async () => {
  const fen = STARTS.kingofthehill;
  const args = [
    "--variant",
    "kingofthehill",
    "--format",
    "gif",
    "--size",
    "200",
  ];
  const plain = await gifRun([...args, fen], { spawned: false });
  const hill = await gifRun([...args, "--mark-hill", fen], { spawned: true });
  assert.equal(hill.stderr, "");
  assert.equal(hill.code, 0);
  const at = (run: { stdout: Uint8Array }) =>
    pixel(readGif(run.stdout).frames[0].picture, 3 * 25 + 2, 3 * 25 + 2);
  assert.notDeepEqual(at(hill), at(plain), "d5 is tinted");
});

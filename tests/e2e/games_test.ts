// Games and pictures through the real program: GIF files decoded by an
// independent decoder (npm omggif), frame by frame.

import assert from "node:assert/strict";
import { readGif } from "../_gif.ts";
import { runFenBytes } from "../cli/_harness.ts";

/** The program with read permission (for --input), stdout as bytes. */
function fenBytes(
  args: string[],
  stdin = "",
): ReturnType<typeof runFenBytes> {
  return runFenBytes(args, { stdin, permissions: ["--allow-read"] });
}

Deno.test("--format gif: a position is one frame; --moves and --from pgn animate the game", async () => {
  const one = await fenBytes([
    "--format",
    "gif",
    "--size",
    "240",
    "8/8/8/8/8/8/8/K6k",
  ]);
  assert.equal(one.code, 0, one.stderr);
  assert.equal(one.stderr, "");
  const still = readGif(one.stdout);
  assert.deepEqual([still.width, still.frames.length], [240, 1]);

  const mate = await fenBytes([
    "--format",
    "gif",
    "--size",
    "240",
    "--delay",
    "20",
    "--moves",
    "f3 e5 g4 Qh4#",
  ]);
  assert.equal(mate.code, 0, mate.stderr);
  const animation = readGif(mate.stdout);
  assert.equal(animation.frames.length, 5); // the start and four plies
  assert.equal(animation.loop, 0); // forever
  assert.deepEqual(
    animation.frames.map((f) => f.delay),
    [20, 20, 20, 20, 300],
  );

  const pgn =
    '[White "Anna"]\n[Black "Bo"]\n[WhiteElo "2400"]\n\n1. e4 e5 2. Nf3?? *\n';
  const game = await fenBytes([
    "--from",
    "pgn",
    "--format",
    "gif",
    "--size",
    "240",
    "-",
  ], pgn);
  assert.equal(game.code, 0, game.stderr);
  const named = readGif(game.stdout);
  assert.equal(named.frames.length, 4);
  assert.ok(named.height > 240, "the players' bars are drawn");
});

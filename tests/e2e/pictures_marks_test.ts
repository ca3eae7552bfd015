// Marks on the rasterized pictures through the real program: arrows and
// squares on GIFs (options and a PGN comment's %cal/%csl), a finished
// game's result on its last frame, and option errors named for the format
// asked for, before any output.

import assert from "node:assert/strict";
import { readGif } from "../_gif.ts";
import { blend, hex, near, type Picture, pixel, rgbOf } from "../_pixels.ts";
import { runFenBytes } from "../cli/_harness.ts";
import { BOARD_THEMES, DEFAULT_THEME, MARK_COLORS } from "../../lib/svg/mod.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/** A 240 px board without a frame: squares of 30 px. */
const SIDE = 30;
const { light, dark } = BOARD_THEMES[DEFAULT_THEME];

function fen(args: string[], stdin = ""): ReturnType<typeof runFenBytes> {
  return runFenBytes(args, { stdin, permissions: ["--allow-read"] });
}

/** The center of a square in a 240 px picture, from White's side. */
function center(square: string): [number, number] {
  const col = square.charCodeAt(0) - 97;
  const row = 8 - Number(square[1]);
  return [(col + 0.5) * SIDE, (row + 0.5) * SIDE];
}

Deno.test("--format gif --arrow draws the arrow (it was dropped)", async () => {
  const run = await fen([
    "--format",
    "gif",
    "--size",
    "240",
    "--arrow",
    "e2e4",
    START,
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  const [frame] = readGif(run.stdout).frames;
  // e3 is a dark square the arrow's shaft crosses: green over it.
  const seen = pixel(frame.picture, ...center("e3"));
  const arrow = blend(rgbOf(MARK_COLORS.G), rgbOf(dark), 0xb3 / 255);
  assert.ok(near(seen, arrow, 12), `${hex(seen)} is not ${hex(arrow)}`);
});

Deno.test("--from pgn --format gif draws each move's %cal arrows and %csl squares on its frame", async () => {
  const pgn = "1. e4 { [%cal Rg1f3] [%csl Bd5] } e5 *\n";
  const run = await fen(
    ["--from", "pgn", "--format", "gif", "--size", "240", "-"],
    pgn,
  );
  assert.equal(run.code, 0, run.stderr);
  const frames = readGif(run.stdout).frames.map((f) => f.picture);
  assert.equal(frames.length, 3);
  // The arrow's shaft halfway from g1 to f3, on the edge of f2 (dark) and
  // g2 (light): the pixel just on g2's side.
  const [gx, gy] = center("g1");
  const [fx, fy] = center("f3");
  const shaft: [number, number] = [(gx + fx) / 2 + 1, (gy + fy) / 2];
  const before = pixel(frames[0], ...shaft);
  const marked = pixel(frames[1], ...shaft);
  const after = pixel(frames[2], ...shaft);
  assert.ok(near(before, rgbOf(light), 6), hex(before));
  assert.ok(marked[0] - marked[1] > 60, `reddish: ${hex(marked)}`);
  assert.ok(near(after, before, 6), "the next move's frame has no arrow");
  // d5 (a light square) tinted blue on the same frame only.
  const tint = blend(rgbOf(MARK_COLORS.B), rgbOf(light), 0x80 / 255);
  const d5 = pixel(
    frames[1],
    ...center("d5").map((v) => v - 10) as [
      number,
      number,
    ],
  );
  assert.ok(near(d5, tint, 12), `${hex(d5)} is not ${hex(tint)}`);
  assert.ok(!near(pixel(frames[2], ...center("d5")), tint, 12));
});

/** The rows `top` to `top + height` of a picture's pixels. */
function rows(picture: Picture, top: number, height: number): Uint8Array {
  const stride = picture.width * 3;
  return picture.rgb.subarray(top * stride, (top + height) * stride);
}

/** How many pixels of a region are lighter than the bars (letters). */
function lettered(picture: Picture, box: [number, number, number, number]) {
  let count = 0;
  const [left, top, width, height] = box;
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) {
      if (Math.min(...pixel(picture, x, y)) > 100) count++;
    }
  }
  return count;
}

Deno.test("a GIF of a finished game shows the result in the bars, hiding no square", async () => {
  const bar = 20; // a 240 px board's bars
  const tags = '[White "Anna"]\n[Black "Bo"]\n\n';
  const moves = "1. f3 e5 2. g4 Qh4#";
  async function last(pgn: string): Promise<[Picture, Picture]> {
    const run = await fen(
      ["--from", "pgn", "--format", "gif", "--size", "240", "-"],
      pgn,
    );
    assert.equal(run.code, 0, run.stderr);
    const frames = readGif(run.stdout).frames.map((f) => f.picture);
    return [frames.at(-1)!, frames.at(-2)!];
  }
  const [unfinished] = await last(`${tags}${moves} *\n`);
  assert.equal(unfinished.height, 240 + 2 * bar);
  // The scores at the bars' right ends: Black's above, White's below.
  const topScore: [number, number, number, number] = [200, 0, 40, bar];
  const bottomScore: [number, number, number, number] = [200, 260, 40, bar];
  assert.equal(lettered(unfinished, topScore), 0);
  for (const [result, tagged] of [["0-1", true], ["1/2-1/2", false]] as const) {
    const [final, before] = await last(
      `${tagged ? tags : ""}${moves} ${result}\n`,
    );
    // Bars even without players' tags, to show the result in.
    assert.equal(final.height, 240 + 2 * bar, result);
    // Every square as the unfinished game's last frame draws it.
    const [board, plain] = [rows(final, bar, 240), rows(unfinished, bar, 240)];
    const differing = board.filter((byte, i) => byte !== plain[i]).length;
    assert.equal(differing, 0, `${result}: the board has a result over it`);
    assert.ok(lettered(final, topScore) > 3, `${result}: Black's score`);
    assert.ok(lettered(final, bottomScore) > 3, `${result}: White's score`);
    assert.equal(lettered(before, bottomScore), 0, "only the last frame");
  }
});

Deno.test("a PNG or GIF job's option errors come before any output", async () => {
  const thin = await fen([
    "--format",
    "png",
    "--coordinates",
    "outside",
    "--frame",
    "thin",
    START,
  ]);
  assert.equal(thin.code, 1);
  assert.equal(thin.stdout.length, 0);
  assert.equal(
    thin.stderr,
    "fen: --coordinates outside draws the labels in --frame labels: not --frame thin\n",
  );
  const gif = await fen([
    "--format",
    "gif",
    "--coordinates",
    "outside",
    "--frame",
    "thin",
    START,
  ]);
  assert.equal(gif.code, 1);
  assert.doesNotMatch(gif.stderr, /SVG/);
  // A size the GIF's squares cannot use: an option error (it was an
  // internal error, exit 70).
  const odd = await fen(["--format", "gif", "--size", "101", START, START]);
  assert.equal(odd.code, 1);
  assert.equal(odd.stdout.length, 0);
  assert.equal(
    odd.stderr,
    'fen: cannot render GIF: a 101 px board with frame "none" does not put the squares on whole pixels; 96 or 104 px does\n',
  );
});

Deno.test("inside coordinates are drawn over the pieces, as lichess draws them", async () => {
  const run = await fen([
    "--format",
    "svg",
    "--style",
    "vector",
    "--coordinates",
    "inside",
    START,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const svg = new TextDecoder().decode(run.stdout);
  const lastPiece = Math.max(
    ...[..."KQRBNPkqrbnp"].map((p) => svg.lastIndexOf(`#fen-cb-${p}"`)),
  );
  const fileA = svg.lastIndexOf('"#fen-la"');
  assert.ok(lastPiece > 0 && fileA > lastPiece, `${fileA} ${lastPiece}`);
});

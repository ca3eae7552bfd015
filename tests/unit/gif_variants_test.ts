// GIFs of variant positions and games, decoded frame by frame: crazyhouse's
// pockets filling and emptying, three-check's counters, the hill, atomic's
// explosions, horde's and racing kings' starts. Each frame is compared with
// the PNG renderer's picture of the same position (the whole vector
// drawing, rows included), and the rows' pixels are read where they change.

import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import {
  createGifRenderer,
  type GameFrame,
  gameFrames,
  type GifFrame,
} from "../../lib/gif/mod.ts";
import { parsePgn } from "../../lib/pgn/mod.ts";
import { createPngRenderer } from "../../lib/raster/png.ts";
import { DEFAULT_HIGHLIGHT_COLOR } from "../../lib/svg/mod.ts";
import { type GifFile, join, readGif } from "../_gif.ts";
import {
  difference,
  near,
  type Picture,
  pixel,
  readPng,
  rgbOf,
} from "../_pixels.ts";

const renderer = await createGifRenderer();
const png = await createPngRenderer();

/** 240 px: 30 px squares, and rows of 30 px above and below. */
const SIZE = 240;
const SIDE = 30;

/** A game's frames and its GIF, decoded. */
function animate(pgn: string): { frames: GameFrame[]; gif: GifFile } {
  const [game] = parsePgn(pgn);
  const frames = [...gameFrames(game)];
  assert.equal(frames.length, game.mainline.moves.length + 1);
  const gif = readGif(join(renderer.animate(frames, { size: SIZE })));
  return { frames, gif };
}

/** Each decoded frame is the PNG renderer's picture of its position. */
function assertLikePng(frames: GameFrame[], gif: GifFile): void {
  assert.equal(
    gif.frames.length,
    frames.length,
    "a frame a ply, and the start",
  );
  frames.forEach((frame, i) => {
    const drawn = readPng(png.render(frame.position, {
      size: SIZE,
      ...(frame.lastMove ? { lastMove: frame.lastMove } : {}),
    }));
    const { mean, far } = difference(gif.frames[i].picture, drawn);
    assert.ok(mean < 2 && far < 0.003, `frame ${i}: mean ${mean}, far ${far}`);
  });
}

/** How many pixels of a row's slot (0 pawn ... 4 queen, 7 the counter) are near `color`. */
function countNear(
  picture: Picture,
  where: { top: number; slot: number },
  color: readonly [number, number, number],
): number {
  let found = 0;
  for (let y = where.top; y < where.top + SIDE; y++) {
    for (let x = where.slot * SIDE; x < (where.slot + 1) * SIDE; x++) {
      if (near(pixel(picture, x, y), color, 24)) found++;
    }
  }
  return found;
}

/** A slot's pixels, to tell whether it changed. */
function slotPixels(
  picture: Picture,
  where: { top: number; slot: number; width?: number },
): number[] {
  const out: number[] = [];
  const width = where.width ?? 1;
  for (let y = where.top; y < where.top + SIDE; y++) {
    for (let x = where.slot * SIDE; x < (where.slot + width) * SIDE; x++) {
      out.push(...pixel(picture, x, y));
    }
  }
  return out;
}

const ORANGE = rgbOf("#d64f00"); // the count badge
const TOP = { top: 0 }; // Black's row
const BOTTOM = { top: SIDE + SIZE }; // White's row

const CRAZYHOUSE = `[Variant "Crazyhouse"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7
7. Qf3+ Ke6 8. P@f7 N@d4 *`;

Deno.test("gif: a crazyhouse game's pockets fill as pieces are captured and empty as they are dropped", () => {
  const { frames, gif } = animate(CRAZYHOUSE);
  assert.deepEqual([gif.width, gif.height], [SIZE, SIZE + 2 * SIDE]);
  assertLikePng(frames, gif);
  const pictures = gif.frames.map((frame) => frame.picture);
  const badges = (i: number, row: { top: number }, slot: number) =>
    countNear(pictures[i], { ...row, slot }, ORANGE);
  // Nothing in hand at the start: no badge in either row.
  for (let slot = 0; slot < 5; slot++) {
    assert.equal(badges(0, TOP, slot), 0);
    assert.equal(badges(0, BOTTOM, slot), 0);
  }
  // 5. exd5: White holds a pawn; 5...Nxd5: so does Black.
  assert.equal(badges(8, BOTTOM, 0), 0);
  assert.ok(badges(9, BOTTOM, 0) > 20, "White's pawn badge after exd5");
  assert.equal(badges(9, TOP, 0), 0);
  assert.ok(badges(10, TOP, 0) > 20, "Black's pawn badge after Nxd5");
  // 6...Kxf7: Black holds the knight; 8...N@d4 drops it again.
  assert.equal(badges(11, TOP, 1), 0);
  assert.ok(badges(12, TOP, 1) > 20, "Black's knight badge after Kxf7");
  assert.equal(badges(16, TOP, 1), 0, "the knight dropped on d4");
  // 6. Nxf7 makes White's pawns 2, 8. P@f7 makes them 1: the count changes.
  const count = (i: number) => slotPixels(pictures[i], { ...BOTTOM, slot: 0 });
  assert.notDeepEqual(count(11), count(9), "2 pawns, not 1");
  assert.notDeepEqual(count(15), count(11), "1 pawn again after P@f7");
  assert.deepEqual(count(15), count(9), "1 pawn, as after exd5");
  // A capture's frame codes the row beside the squares; a quiet move's not.
  const rect = (i: number) => gif.frames[i];
  assert.ok(
    rect(9).y + rect(9).height > SIDE + SIZE,
    "exd5 reaches White's row",
  );
  assert.ok(rect(12).y < SIDE, "Kxf7 reaches Black's row");
  const quiet = rect(3); // 2. Nf3
  assert.ok(quiet.y >= SIDE && quiet.y + quiet.height <= SIDE + SIZE);
});

Deno.test("gif: a three-check game counts each side's checks beside the board", () => {
  const { frames, gif } = animate(`[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 *`);
  assert.deepEqual([gif.width, gif.height], [SIZE, SIZE + 2 * SIDE]);
  assertLikePng(frames, gif);
  // "+N" at the right end of White's row: columns 6 and 7.
  const counter = (i: number, row: { top: number } = BOTTOM) =>
    slotPixels(gif.frames[i].picture, { ...row, slot: 6, width: 2 });
  assert.deepEqual(counter(4), counter(0), "+0 until the first check");
  assert.notDeepEqual(counter(5), counter(4), "+1 after Bxf7+");
  assert.notDeepEqual(counter(7), counter(5), "+2 after Qh5+");
  assert.deepEqual(counter(7, TOP), counter(0, TOP), "Black gave none");
  // The counter is drawn: dark ink on the white ground.
  const ink = counter(5, BOTTOM).filter((v) => v < 128).length;
  assert.ok(ink > 10, `the counter's ink: ${ink}`);
});

Deno.test("gif: atomic explosions, horde's and racing kings' starts, frame by frame", () => {
  const games = [
    `[Variant "Atomic"]\n\n1. Nf3 d5 2. Ne5 Nd7 3. Nxd7 *`,
    `[Variant "Horde"]\n\n1. b6 axb6 2. cxb6 e6 3. f6 Qxf6 *`,
    `[Variant "Racing Kings"]\n\n1. Kh3 Ka3 2. Kh4 Ka4 *`,
  ];
  for (const pgn of games) {
    const { frames, gif } = animate(pgn);
    assert.deepEqual([gif.width, gif.height], [SIZE, SIZE], "no rows");
    assertLikePng(frames, gif);
  }
  // The explosion took the capturer, the bishop, the queen and the king.
  const { frames } = animate(games[0]);
  const last = frames.at(-1)!.position.board;
  assert.deepEqual(last.slice(1, 5), [null, null, null, null]); // b8 to e8
  assert.equal(last[11], null); // d7
});

Deno.test("gif: --mark-hill's tint, as on PNGs", () => {
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const plain = readGif(renderer.render(fen, { size: SIZE })).frames[0].picture;
  const gif = readGif(renderer.render(fen, { size: SIZE, hill: true }));
  const hill = gif.frames[0].picture;
  const drawn = readPng(png.render(fen, { size: SIZE, hill: true }));
  const { mean, far } = difference(hill, drawn);
  assert.ok(mean < 2 && far < 0.003, `mean ${mean}, far ${far}`);
  // d5, e5, d4, e4 tinted; e3 not.
  const tint = rgbOf(DEFAULT_HIGHLIGHT_COLOR);
  for (const [col, row] of [[3, 3], [4, 3], [3, 4], [4, 4]]) {
    const [x, y] = [col * SIDE + 3, row * SIDE + 3];
    assert.notDeepEqual(pixel(hill, x, y), pixel(plain, x, y));
    assert.ok(
      near(pixel(hill, x, y), tint, 110),
      `the tint's yellow at ${col},${row}`,
    );
  }
  const e3 = [4 * SIDE + 3, 5 * SIDE + 3] as const;
  assert.deepEqual(pixel(hill, ...e3), pixel(plain, ...e3));
});

Deno.test("gif: the rows of a crazyhouse position on a still, flipped; an animation keeps one variant", () => {
  const fen = "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1";
  const position = parseFen(fen, { rules: "crazyhouse" });
  const gif = readGif(renderer.render(position, { size: SIZE, flip: true }));
  assert.deepEqual([gif.width, gif.height], [SIZE, SIZE + 2 * SIDE]);
  const drawn = readPng(png.render(position, { size: SIZE, flip: true }));
  const { mean, far } = difference(gif.frames[0].picture, drawn);
  assert.ok(mean < 2 && far < 0.003, `mean ${mean}, far ${far}`);
  // Flipped, White's row is on top: its queen (slot 4) has the badge.
  const picture = gif.frames[0].picture;
  assert.ok(countNear(picture, { ...TOP, slot: 4 }, ORANGE) > 20);
  assert.ok(countNear(picture, { ...BOTTOM, slot: 1 }, ORANGE) > 20);
  assert.equal(countNear(picture, { ...TOP, slot: 1 }, ORANGE), 0);
  // Every frame and coordinates: the rows where the PNG has them.
  const three = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2", {
    rules: "threecheck",
  });
  const looks = [
    { size: 360, frame: "labels", coordinates: "outside" },
    { size: 320, frame: "thin" },
    { size: 240, coordinates: "inside", pieces: "dejavu" },
  ] as const;
  for (const board of [position, three]) {
    for (const look of looks) {
      const still = readGif(renderer.render(board, look)).frames[0].picture;
      const whole = readPng(png.render(board, look));
      const { mean, far } = difference(still, whole);
      assert.ok(mean < 1 && far < 0.001, `${look.size}: ${mean}, ${far}`);
    }
  }
  const mixed: GifFrame[] = [
    { position },
    { position: "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
  ];
  assert.throws(() => [...renderer.animate(mixed, { size: SIZE })], {
    name: "RangeError",
    message:
      "Cannot render GIF: frame 2 has nothing beside the board, the first pockets: an animation's frames are of one variant",
  });
});

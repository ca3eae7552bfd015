import assert from "node:assert/strict";
import {
  createPngRenderer,
  renderPng,
  type RenderPngOptions,
} from "../../lib/raster/png.ts";
import { loadResvg } from "../../lib/raster/resvg_wasm.js";
import { BOARD_THEMES, renderSvg } from "../../lib/svg/mod.ts";
import {
  blend,
  difference,
  hex,
  ink,
  near,
  pixel,
  readPng,
  rgbOf,
  toPixels,
} from "../_pixels.ts";

const REFERENCE_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
// The vector style's default colors; the classic frame keeps the squares
// where toPixels() expects them.
const LIGHT = rgbOf(BOARD_THEMES.brown.light);
const DARK = rgbOf(BOARD_THEMES.brown.dark);

/** Screen squares holding a piece, from a placement read by hand. */
function occupied(placement: string): boolean[] {
  return [...placement.replace(/\d/g, (n) => "1".repeat(+n))]
    .filter((c) => c !== "/")
    .map((c) => c !== "1");
}

Deno.test("renderPng() draws the vector board: 400 px, square colors, a piece where there is one", async () => {
  const picture = readPng(await renderPng(REFERENCE_FEN, { labels: true }));
  assert.deepEqual([picture.width, picture.height], [400, 400]);
  const pieces = occupied(REFERENCE_FEN);
  for (let k = 0; k < 64; k++) {
    const [col, row] = [k & 7, k >> 3];
    const color = (col + row) % 2 === 0 ? LIGHT : DARK;
    const share = ink(picture, col, row, color);
    if (pieces[k]) assert.ok(share > 0.1, `square ${k}: ${share} ink`);
    else {
      assert.equal(share, 0, `square ${k} is empty`);
      const center = pixel(picture, ...toPixels(400, col, row));
      assert.ok(near(center, color), `square ${k}: ${hex(center)}`);
    }
  }
  // White pieces are opaque white inside: the a4 king's right lobe (Burnett's
  // king), not the square.
  const [x, y] = toPixels(400, 0, 4);
  assert.ok(near(pixel(picture, x + 6, y - 2), [255, 255, 255], 8));
});

Deno.test("renderPng(): size, flip, highlight and arrow pixels", async () => {
  const picture = readPng(
    await renderPng("8/8/8/8/8/8/8/K7", {
      size: 180,
      frame: "labels",
      flip: true,
      highlight: ["h8"],
      highlightColor: "#0000ff",
      arrows: ["c3e3"],
      arrowColor: "#ff00ff",
    }),
  );
  assert.deepEqual([picture.width, picture.height], [180, 180]);
  // Flipped: the a1 king is at the top right, h8 (blue) at the bottom left.
  assert.ok(ink(picture, 7, 0, LIGHT) > 0.1, "the king at the top right");
  assert.ok(near(pixel(picture, ...toPixels(180, 0, 7)), [0, 0, 255]));
  // c3 is screen column 5, row 2 when flipped; e3 column 3: a magenta shaft.
  const between = pixel(picture, ...toPixels(180, 4, 2));
  assert.ok(near(between, [255, 0, 255], 8), hex(between));
});

Deno.test("translucent default tints blend with the square", async () => {
  const picture = readPng(
    await renderPng("8/8/8/8/8/8/8/8", { highlight: ["a8"], frame: "labels" }),
  );
  // #ffff0080: yellow at 128/255 over the light square.
  const expected = blend([255, 255, 0], LIGHT, 128 / 255);
  const center = pixel(picture, ...toPixels(400, 0, 0));
  assert.ok(near(center, expected, 2), `${hex(center)} vs ${hex(expected)}`);
});

Deno.test("one renderer draws many boards, sharing one loaded rasterizer", async () => {
  const renderer = await createPngRenderer();
  const again = await createPngRenderer();
  assert.equal(await loadResvg(), await loadResvg(), "loaded once");
  const boards = ["8/8/8/8/8/8/8/8", REFERENCE_FEN, "k7/8/8/8/8/8/8/7K"];
  for (const board of boards) {
    const png = renderer.render(board, { size: 100 });
    assert.deepEqual(png, again.render(board, { size: 100 }));
    assert.deepEqual(png, await renderPng(board, { size: 100 }));
  }
  // The style is always the vector one, whatever is passed.
  const svgToPng = await loadResvg();
  const options = { style: "classic" } as Record<string, unknown>;
  assert.deepEqual(
    renderer.render(REFERENCE_FEN, options),
    svgToPng(renderSvg(REFERENCE_FEN, { style: "vector", accessible: false })),
  );
});

Deno.test("renderPng() refuses bad input as renderSvg() does", async () => {
  await assert.rejects(() => renderPng("8/8"), SyntaxError);
  await assert.rejects(
    () => renderPng("8/8/8/8/8/8/8/8", { size: 0 }),
    RangeError,
  );
  const board = new Array(64).fill(null);
  board[5] = "X";
  await assert.rejects(
    () => renderPng(board),
    new TypeError(
      'Cannot render SVG: f8 (board[5]) holds "X", not a piece letter (KQRBNP, kqrbnp) or null',
    ),
  );
  const renderer = await createPngRenderer();
  assert.throws(() => renderer.render(board), TypeError);
});

Deno.test("sprites: the same pictures as resvg's, as 8-bit palette PNGs", async () => {
  const sprites = await createPngRenderer({ sprites: true });
  const whole = await createPngRenderer();
  const cases: [string, RenderPngOptions][] = [
    [REFERENCE_FEN, {}],
    [REFERENCE_FEN, { size: 160, theme: "blue", flip: true }],
    [REFERENCE_FEN, { size: 360, coordinates: "inside", lastMove: "f5d4" }],
    [REFERENCE_FEN, { size: 360, frame: "labels", labels: true }],
    [
      "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
      {
        size: 240,
        pieces: "dejavu",
        highlight: ["Re8", "d5"],
        badge: { square: "f7", glyph: "!!" },
      },
    ],
    // Arrows, rings and the side-to-move marker are filled over the sprites
    // from the same outlines: still palette PNGs, within the same tolerance.
    [
      "5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8 w - - 0 1",
      {
        size: 360,
        lastMove: "f4g6",
        check: "h8",
        arrows: ["Ge6g8", "Bh7h7"],
        highlight: ["a3", "c3"],
      },
    ],
    [
      "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
      {
        size: 160,
        flip: true,
        coordinates: "inside",
        arrows: ["e2e4", "Ra1h8", { from: "b1", to: "c3", color: "#00f8" }],
        sideToMove: true,
      },
    ],
  ];
  for (const [board, options] of cases) {
    const fast = sprites.render(board, options);
    assert.equal(fast[25], 3, "color type 3: a palette");
    const { mean, far } = difference(
      readPng(fast),
      readPng(whole.render(board, options)),
    );
    assert.ok(
      mean < 0.5 && far < 0.001,
      `${JSON.stringify(options)}: ${mean} ${far}`,
    );
    // The same board again comes from the kept sprites, byte for byte.
    assert.deepEqual(sprites.render(board, options), fast);
  }
});

Deno.test("sprites: a board's own tinted squares, last move, check and arrows are drawn from the look's sprites, as resvg draws them", async () => {
  const sprites = await createPngRenderer({ sprites: true });
  const whole = await createPngRenderer();
  const fen = "5r1k/1b4pp/3pB1N1/p2Pq2Q/PpP5/6PK/8/8 w - - 0 1";
  const look: RenderPngOptions = { size: 360, highlight: ["a3"] };
  sprites.render(fen, look); // the look's sprites and palette
  // The same look (the same colors): nothing more is rasterized. A new
  // color of tint or arrow, or flipping, is another look.
  const cases: [string, RenderPngOptions, "same look" | "new look"][] = [
    [fen, { highlight: ["c4"] }, "same look"],
    [fen, { highlight: ["d5"], lastMove: "f4g6" }, "same look"],
    [fen, { highlight: ["a3", "c3", "h8"], check: "h8" }, "same look"],
    [REFERENCE_FEN, { highlight: ["f6", "b3"], lastMove: "c4c3" }, "same look"],
    [fen, { highlight: ["Re6", "e5"], arrows: ["Ge6g8"] }, "new look"],
    [REFERENCE_FEN, { flip: true, highlight: ["a1", "h8"] }, "new look"],
  ];
  for (const [board, marks, kind] of cases) {
    const options = { ...look, ...marks };
    const before = sprites.rasterized;
    const fast = sprites.render(board, options);
    const label = `${JSON.stringify(marks)}`;
    assert.equal(sprites.rasterized === before, kind === "same look", label);
    const { mean, far } = difference(
      readPng(fast),
      readPng(whole.render(board, options)),
    );
    assert.ok(mean < 0.5 && far < 0.001, `${label}: ${mean} ${far}`);
  }
});

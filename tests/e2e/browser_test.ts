/**
 * What people see: the `fen` command's SVG, and the library's vector style
 * and annotations, drawn by headless Chromium and checked from the pixels
 * of a screenshot (square colors, pieces, labels, --flip, highlights,
 * arrows). Without a Chromium the tests are reported as ignored, with the
 * reason printed once.
 */

import assert from "node:assert/strict";
import { renderSvg, type RenderSvgOptions } from "../../lib/svg/mod.ts";
import { renderGif } from "../../lib/gif/mod.ts";
import { renderPng } from "../../lib/raster/png.ts";
import { difference, readPng } from "../_pixels.ts";
import { chromiumPng, findTool, noFonts } from "./_renderers.ts";

const CLI = new URL("../../cli.ts", import.meta.url).pathname;
const REFERENCE_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const LONE_KING = "8/8/8/8/8/8/8/K7"; // a white king on a1, nothing else

/** The screenshot is 400x400 px of the viewBox -1 -1 9 9. */
const SIZE = 400;
const UNIT = SIZE / 9; // one square, ≈ 44.4 px
/** Pixels skipped at each edge of a square: anti-aliased boundaries. */
const INSET = 3;
/** A channel may be off by this much and still count as the same color. */
const TOLERANCE = 3;

type Rgb = readonly [number, number, number];

const DEFAULT_LIGHT: Rgb = [0xff, 0xce, 0x9e]; // #ffce9e
const DEFAULT_DARK: Rgb = [0xd2, 0x8c, 0x45]; // #d28c45

const chromium = findTool("chromium", "chromium");
const browser = chromium.path;
if (browser === undefined) {
  console.log(`browser_test.ts: SKIPPED, ${chromium.reason}`);
}

// The vector style is drawn with no font at all: it needs none.
const fontDir = await Deno.makeTempDir({ prefix: "fen_nofonts_" });
const NO_FONTS = await noFonts(fontDir);
globalThis.addEventListener("unload", () => {
  Deno.removeSync(fontDir, { recursive: true });
});

// ---------------------------------------------------------------------------
// Drawing and screenshots

interface Shot {
  /** What was drawn, for messages. */
  args: string[];
  width: number;
  height: number;
  /** RGB over white, 3 bytes a pixel. */
  data: Uint8Array;
  channels: number;
}

/** Runs the real `fen` command and returns its SVG. */
async function fen(args: string[]): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", CLI, ...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  assert.equal(code, 0, `fen ${args.join(" ")}: ${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}

/** Draws an SVG document in Chromium and decodes the screenshot. */
async function screenshot(
  label: string[],
  svg: string,
  env: Record<string, string> = {},
): Promise<Shot> {
  const picture = readPng(await chromiumPng(browser!, svg, SIZE, env));
  assert.deepEqual([picture.width, picture.height], [SIZE, SIZE]);
  return { ...picture, args: label, data: picture.rgb, channels: 3 };
}

/** Each drawing is made once, by the first test that needs it. */
const shots = new Map<string, Promise<Shot>>();
function once(key: string, make: () => Promise<Shot>): Promise<Shot> {
  let promise = shots.get(key);
  if (promise === undefined) {
    promise = make();
    shots.set(key, promise);
  }
  return promise;
}

/** `fen ...args` in Chromium (with the system's fonts). */
function shot(...args: string[]): Promise<Shot> {
  return once(
    JSON.stringify(args),
    async () => screenshot(args, await fen(args)),
  );
}

/**
 * The library's vector style in Chromium, with no font installed, in the
 * classic frame and colors that the pixel helpers here measure (the look
 * of the vector default has its own test below).
 */
function vectorShot(
  board: string,
  options: RenderSvgOptions = {},
): Promise<Shot> {
  const label = ["vector", board, JSON.stringify(options)];
  return once(
    JSON.stringify(label),
    () =>
      screenshot(
        label,
        renderSvg(board, {
          frame: "labels",
          light: "#ffce9e",
          dark: "#d28c45",
          ...options,
          style: "vector",
        }),
        NO_FONTS,
      ),
  );
}

// ---------------------------------------------------------------------------
// Reading pixels

function pixel(image: Shot, x: number, y: number): Rgb {
  const i = (y * image.width + x) * image.channels;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
}

function near(a: Rgb, b: Rgb, tolerance = TOLERANCE): boolean {
  return Math.abs(a[0] - b[0]) <= tolerance &&
    Math.abs(a[1] - b[1]) <= tolerance &&
    Math.abs(a[2] - b[2]) <= tolerance;
}

const hex = (c: Rgb) =>
  "#" + c.map((v) => v.toString(16).padStart(2, "0")).join("");

/** The pixels of a square, at screen column `col` and row `row` (0-7). */
function squarePixels(image: Shot, col: number, row: number): Rgb[] {
  const x0 = Math.ceil((col + 0.5) * UNIT) + INSET;
  const x1 = Math.floor((col + 1.5) * UNIT) - INSET;
  const y0 = Math.ceil((row + 0.5) * UNIT) + INSET;
  const y1 = Math.floor((row + 1.5) * UNIT) - INSET;
  const pixels: Rgb[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) pixels.push(pixel(image, x, y));
  }
  return pixels;
}

interface Square {
  /** The most common color: the square's own, with or without a piece. */
  color: Rgb;
  /** The share of pixels far from that color: the ink of a piece. */
  ink: number;
}

function square(image: Shot, col: number, row: number): Square {
  const pixels = squarePixels(image, col, row);
  const counts = new Map<string, [Rgb, number]>();
  for (const p of pixels) {
    const key = p.join();
    const entry = counts.get(key);
    if (entry) entry[1]++;
    else counts.set(key, [p, 1]);
  }
  let [color, most] = [pixels[0], 0];
  for (const [p, n] of counts.values()) if (n > most) [color, most] = [p, n];
  const inked = pixels.filter((p) => !near(p, color, 32)).length;
  return { color, ink: inked / pixels.length };
}

/** Screen position of a square named like "a1", as drawn with or without --flip. */
function at(name: string, flip = false): [number, number] {
  const col = name.charCodeAt(0) - 97;
  const row = 56 - name.charCodeAt(1); // "8" is the top row
  return flip ? [7 - col, 7 - row] : [col, row];
}

/** Which screen squares hold a piece, read from a placement by hand. */
function occupied(placement: string, flip = false): boolean[][] {
  const rows = placement.split(" ")[0].split("/").map((rank) =>
    [...rank].flatMap((c) => /\d/.test(c) ? Array(+c).fill(false) : [true])
  );
  assert.equal(rows.length, 8);
  for (const row of rows) assert.equal(row.length, 8);
  return flip ? rows.reverse().map((row) => row.reverse()) : rows;
}

/**
 * All 64 squares: colors alternate, light where column + row is even. A
 * square in `occupied` is judged by its top left corner, which no piece
 * reaches (a big outline can cover most of the rest).
 */
function assertSquareColors(
  image: Shot,
  light: Rgb,
  dark: Rgb,
  occupied?: boolean[][],
): void {
  assert.ok(!near(light, dark, 40), "the test needs distinct colors");
  const wrong: string[] = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const expected = (col + row) % 2 === 0 ? light : dark;
      const color = occupied?.[row][col]
        ? squarePixels(image, col, row)[0]
        : square(image, col, row).color;
      if (!near(color, expected)) {
        wrong.push(
          `screen col ${col} row ${row}: ${hex(color)}, not ${hex(expected)}`,
        );
      }
    }
  }
  assert.deepEqual(wrong, [], `fen ${image.args.join(" ")}`);
}

/** Pieces exactly where the placement has them, nothing elsewhere. */
function assertPieces(image: Shot, expected: boolean[][]): void {
  const wrong: string[] = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const { ink } = square(image, col, row);
      const piece = expected[row][col];
      // A glyph darkens or lightens a good part of its square; an empty
      // square has no pixel off its color.
      if (piece ? ink < 0.05 : ink > 0.005) {
        wrong.push(
          `screen col ${col} row ${row}: ${(ink * 100).toFixed(1)}% ink, ` +
            (piece ? "a piece expected" : "empty expected"),
        );
      }
    }
  }
  assert.deepEqual(wrong, [], `fen ${image.args.join(" ")}`);
}

// The frame: 0.5 units of black around the board, with rounded corners
// (the corners are left out). Labels are grey (#808080) text in it.
const FRAME = Math.floor(UNIT / 2) - 2; // 20 px, clear of the board's edge
const CORNER = Math.ceil(UNIT / 2); // rx = 0.2 units and more
const STRIPS = {
  top: [CORNER, 2, SIZE - CORNER, FRAME],
  bottom: [CORNER, SIZE - FRAME, SIZE - CORNER, SIZE - 2],
  left: [2, CORNER, FRAME, SIZE - CORNER],
  right: [SIZE - FRAME, CORNER, SIZE - 2, SIZE - CORNER],
} as const;

/** A label pixel: grey, lighter than the black frame (faint at its edges). */
function isLabelInk([r, g, b]: Rgb): boolean {
  return r > 8 && r <= 160 && Math.abs(r - g) <= 12 && Math.abs(g - b) <= 12;
}

interface FrameInk {
  /** How many label pixels. */
  label: number;
  /** Their brightness added up: how much is written. */
  ink: number;
  /** The brightest of them. */
  brightest: number;
  /** Pixels neither frame-black nor label-grey. */
  other: number;
}

function frameInk(image: Shot, [x0, y0, x1, y1]: readonly number[]): FrameInk {
  const result = { label: 0, ink: 0, brightest: 0, other: 0 };
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = pixel(image, x, y);
      if (isLabelInk(p)) {
        result.label++;
        result.ink += p[0];
        result.brightest = Math.max(result.brightest, p[0]);
      } else if (!near(p, [0, 0, 0], 8)) result.other++;
    }
  }
  return result;
}

/** The label ink beside each row, in the left margin: the rank digits. */
function rankInk(image: Shot): number[] {
  const ink: number[] = [];
  for (let row = 0; row < 8; row++) {
    const y0 = Math.ceil((row + 0.5) * UNIT);
    const y1 = Math.floor((row + 1.5) * UNIT);
    ink.push(frameInk(image, [2, y0, FRAME, y1]).ink);
  }
  return ink;
}

function assertNoLabels(image: Shot): void {
  for (const [side, strip] of Object.entries(STRIPS)) {
    const ink = frameInk(image, strip);
    assert.deepEqual(
      ink,
      { label: 0, ink: 0, brightest: 0, other: 0 },
      `fen ${image.args.join(" ")}: the ${side} of the frame is plain black`,
    );
  }
}

function assertLabels(image: Shot): void {
  for (const [side, strip] of Object.entries(STRIPS)) {
    const ink = frameInk(image, strip);
    const where = `fen ${image.args.join(" ")}, ${side} of the frame`;
    assert.ok(ink.label >= 40, `${where}: ${ink.label} label pixels`);
    assert.equal(ink.other, 0, `${where}: only grey on black`);
    // Anti-aliased 9 px text: thin strokes of grey (128), none brighter.
    assert.ok(
      ink.brightest >= 64 && ink.brightest <= 140,
      `${where}: the brightest label pixel is ${ink.brightest}, not grey`,
    );
  }
}

// ---------------------------------------------------------------------------
// The tests

function browserTest(name: string, fn: () => Promise<void>): void {
  Deno.test({ name: `browser: ${name}`, ignore: browser === undefined, fn });
}

browserTest(
  "default colors alternate; a8 and h1 are light, a1 dark",
  async () => {
    const image = await shot(REFERENCE_FEN);
    assertSquareColors(image, DEFAULT_LIGHT, DEFAULT_DARK);
    for (
      const [name, color] of [["a8", DEFAULT_LIGHT], ["h1", DEFAULT_LIGHT], [
        "a1",
        DEFAULT_DARK,
      ]] as const
    ) {
      const measured = square(image, ...at(name)).color;
      assert.ok(near(measured, color), `${name} is ${hex(measured)}`);
    }
    const [x, y] = [Math.round(UNIT), Math.round(UNIT)]; // inside a8
    assert.ok(near(pixel(image, x, y), DEFAULT_LIGHT), "a8 near its corner");
  },
);

browserTest(
  "occupied squares differ from empty squares of their color",
  async () => {
    const image = await shot(REFERENCE_FEN);
    assertPieces(image, occupied(REFERENCE_FEN));
    // Side by side: a piece on each color against an empty square of it.
    for (const [full, empty] of [["e8", "g8"], ["a1", "c1"]]) {
      const a = square(image, ...at(full));
      const b = square(image, ...at(empty));
      assert.ok(near(a.color, b.color), `${full} and ${empty}: one color`);
      assert.ok(
        a.ink > 0.05 && b.ink === 0,
        `${full} ${a.ink}, ${empty} ${b.ink}`,
      );
      const [cx, cy] = at(full).map((v) => Math.round((v + 1) * UNIT));
      // Around the glyph's centre, some pixel is far from the square color.
      let off = 0;
      for (let dy = -8; dy <= 8; dy++) {
        for (let dx = -8; dx <= 8; dx++) {
          if (!near(pixel(image, cx + dx, cy + dy), a.color, 32)) off++;
        }
      }
      assert.ok(off > 10, `${full}: ${off} pixels off color near the centre`);
    }
  },
);

browserTest("-l and -d set the square colors (hex)", async () => {
  const image = await shot("-l", "#c9b458", "-d", "#6aaa64", REFERENCE_FEN);
  assertSquareColors(image, [0xc9, 0xb4, 0x58], [0x6a, 0xaa, 0x64]);
  assertPieces(image, occupied(REFERENCE_FEN));
});

browserTest("-l and -d set the square colors (CSS name, rgb())", async () => {
  const image = await shot("-l", "wheat", "-d", "rgb(70, 130, 180)", LONE_KING);
  assertSquareColors(image, [0xf5, 0xde, 0xb3], [70, 130, 180]);
  assertPieces(image, occupied(LONE_KING));
  assert.ok(square(image, 0, 7).ink > 0.05, "the king is at the bottom left");
});

browserTest("labels appear in the frame only with -n", async () => {
  const plain = await shot(REFERENCE_FEN);
  const labelled = await shot("-n", REFERENCE_FEN);
  assertNoLabels(plain);
  assertLabels(labelled);
  // The board itself is the same picture.
  let differ = 0;
  for (let y = Math.ceil(UNIT / 2); y < SIZE - UNIT / 2; y++) {
    for (let x = Math.ceil(UNIT / 2); x < SIZE - UNIT / 2; x++) {
      if (!near(pixel(plain, x, y), pixel(labelled, x, y))) differ++;
    }
  }
  assert.equal(differ, 0, "pixels of the board changed by -n");
  // Ranks read 8 at the top down to 1: an "8" has more ink than a "1".
  const ranks = rankInk(labelled);
  assert.ok(ranks.every((n) => n > 0), `a digit by every row: ${ranks}`);
  assert.ok(ranks[0] > ranks[7], `"8" at the top, "1" at the bottom: ${ranks}`);
});

browserTest(
  "--flip puts a1 at the top right, h1 light at the top left",
  async () => {
    const image = await shot("--flip", LONE_KING);
    assertSquareColors(image, DEFAULT_LIGHT, DEFAULT_DARK);
    assertPieces(image, occupied(LONE_KING, true));
    assert.deepEqual(at("a1", true), [7, 0]);
    assert.ok(square(image, 7, 0).ink > 0.05, "the king is at the top right");
    assert.ok(near(square(image, ...at("h1", true)).color, DEFAULT_LIGHT));
    assert.ok(near(square(image, ...at("a8", true)).color, DEFAULT_LIGHT));
    assert.ok(near(square(image, ...at("a1", true)).color, DEFAULT_DARK));
    assertNoLabels(image);
  },
);

browserTest(
  "--flip -n mirrors the pieces and reverses the rank labels",
  async () => {
    const plain = await shot("-n", REFERENCE_FEN);
    const image = await shot("--flip", "-n", REFERENCE_FEN);
    assertSquareColors(image, DEFAULT_LIGHT, DEFAULT_DARK);
    assertPieces(image, occupied(REFERENCE_FEN, true));
    assertLabels(image);
    // The same digits, bottom to top: "1" at the top, "8" at the bottom.
    // (The file letters are reversed too, but "a" and "h" have about the
    // same ink, so they are not checked from pixels.)
    const ranks = rankInk(plain);
    const flipped = rankInk(image);
    for (let row = 0; row < 8; row++) {
      assert.ok(
        Math.abs(flipped[row] - ranks[7 - row]) <= 0.1 * ranks[7 - row],
        `row ${row}: ${flipped} is not ${ranks} reversed`,
      );
    }
    assert.ok(flipped[0] < flipped[7], `"1" at the top: ${flipped}`);
  },
);

// ---------------------------------------------------------------------------
// The vector style and the annotations (drawn by the library)

browserTest(
  "vector style with no font installed: square colors, pieces and labels",
  async () => {
    const image = await vectorShot(REFERENCE_FEN, { labels: true });
    const pieces = occupied(REFERENCE_FEN);
    assertSquareColors(image, DEFAULT_LIGHT, DEFAULT_DARK, pieces);
    assertPieces(image, pieces);
    assertLabels(image);
    const ranks = rankInk(image);
    assert.ok(ranks.every((n) => n > 0), `a digit by every row: ${ranks}`);
    assert.ok(
      ranks[0] > ranks[7],
      `"8" at the top, "1" at the bottom: ${ranks}`,
    );
    // White pieces are opaque: the inside of the a4 king (Burnett's) is white.
    const [cx, cy] = at("a4").map((v) => Math.round((v + 1) * UNIT));
    assert.ok(near(pixel(image, cx + 6, cy - 2), [255, 255, 255], 8));
  },
);

browserTest(
  "vector style: black pieces stay visible on dark squares of a dark board",
  async () => {
    const fen = "rnbqkbnr/pppppppp/8/8/8/8/8/8";
    const image = await vectorShot(fen, {
      light: "#888",
      dark: "#333",
      pieces: "dejavu",
    });
    const pieces = occupied(fen);
    assertSquareColors(image, [0x88, 0x88, 0x88], [0x33, 0x33, 0x33], pieces);
    assertPieces(image, pieces);
    // b7 is dark: its pawn has a white rim that a dark square never has.
    const pixels = squarePixels(image, ...at("b7"));
    const white = pixels.filter((p) => near(p, [255, 255, 255], 40)).length;
    assert.ok(white > 20, `${white} white pixels around the b7 pawn`);
  },
);

browserTest(
  "highlights: the color at each square's center, flipped too",
  async () => {
    const board = "8/8/8/8/8/8/8/8";
    const blue: Rgb = [0, 0, 255];
    for (const style of ["classic", "vector"] as const) {
      for (const flip of [false, true]) {
        const image = await vectorShot(board, {
          style,
          flip,
          highlight: ["e4", "a8"],
          highlightColor: "#0000ff",
        });
        for (const name of ["e4", "a8"]) {
          const measured = square(image, ...at(name, flip)).color;
          assert.ok(near(measured, blue), `${style} ${name}: ${hex(measured)}`);
        }
        const other = square(image, ...at("d5", flip)).color;
        assert.ok(near(other, DEFAULT_LIGHT), `d5 untouched: ${hex(other)}`);
      }
    }
  },
);

browserTest(
  "arrows: colored pixels between the squares, none beside, flipped too",
  async () => {
    for (const flip of [false, true]) {
      const image = await vectorShot("8/8/8/8/8/8/4P3/8", {
        flip,
        arrows: ["e2e4", "b1b1"],
        arrowColor: "#ff00ff",
        check: false,
      });
      const center = (name: string) =>
        at(name, flip).map((v) => Math.round((v + 1) * UNIT)) as [
          number,
          number,
        ];
      const magenta: Rgb = [255, 0, 255];
      const shaft = pixel(image, ...center("e3"));
      assert.ok(near(shaft, magenta), `e3: ${hex(shaft)}`);
      for (const name of ["d3", "f3", "e5"]) {
        const beside = pixel(image, ...center(name));
        assert.ok(!near(beside, magenta, 100), `${name}: ${hex(beside)}`);
      }
      // An arrow to its own square is a ring: color on the rim, not inside.
      const [bx, by] = center("b1");
      assert.ok(!near(pixel(image, bx, by), magenta, 100), "b1 center");
      const rim = pixel(image, bx + Math.round(0.42 * UNIT), by);
      assert.ok(rim[1] < 100 && rim[0] > 150, `b1 rim: ${hex(rim)}`);
    }
  },
);

// ---------------------------------------------------------------------------
// The new look and the GIF, as a browser shows them

browserTest(
  "the vector default and a GIF look in Chromium as the PNG renderer draws them",
  async () => {
    const fen =
      "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    const options = {
      size: SIZE,
      lastMove: "h5f7",
      coordinates: "inside",
    } as const;
    const png = readPng(await renderPng(fen, options));
    const svg = readPng(
      await chromiumPng(
        browser!,
        renderSvg(fen, { ...options, style: "vector" }),
        SIZE,
        NO_FONTS,
      ),
    );
    const gif = await renderGif(fen, options);
    const page = '<svg xmlns="http://www.w3.org/2000/svg" ' +
      `xmlns:xlink="http://www.w3.org/1999/xlink" width="${SIZE}" ` +
      `height="${SIZE}"><image width="${SIZE}" height="${SIZE}" ` +
      `xlink:href="data:image/gif;base64,${encodeBase64(gif)}"/></svg>`;
    const shown = readPng(await chromiumPng(browser!, page, SIZE, NO_FONTS));
    for (
      const [what, picture, most] of [["SVG", svg, 1.5], [
        "GIF",
        shown,
        2,
      ]] as const
    ) {
      const { mean, far } = difference(picture, png);
      assert.ok(
        mean < most && far < 0.002,
        `${what}: mean ${mean}, far ${far}`,
      );
    }
  },
);

/** Bytes as base64, for a data URL. */
function encodeBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

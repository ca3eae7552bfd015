import assert from "node:assert/strict";
import { generatePieces, OUTPUT, readFont } from "../../scripts/gen_pieces.ts";
import { LABEL_PATHS, PIECE_PATHS } from "../../lib/svg/_pieces.ts";
import {
  CBURNETT_OUTPUT,
  generateCburnett,
  readStyleSheet,
} from "../../scripts/gen_cburnett.ts";
import {
  generateGlyphs,
  GLYPH_CHARS,
  GLYPHS_OUTPUT,
} from "../../scripts/gen_glyphs.ts";
import { CBURNETT } from "../../lib/svg/_cburnett.ts";
import { GLYPHS } from "../../lib/svg/_glyphs.ts";
import { PIECES } from "../../lib/types.ts";

Deno.test("lib/svg/_pieces.ts is what scripts/gen_pieces.ts writes from DejaVu Sans today", async () => {
  const committed = await Deno.readTextFile(OUTPUT);
  assert.equal(
    committed,
    generatePieces(await readFont()),
    "stale outlines: run deno run --allow-read --allow-write=lib/svg scripts/gen_pieces.ts",
  );
});

/** Every absolute point a path visits (its control points included). */
function points(d: string): [number, number][] {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const arity: Record<string, number> = {
    m: 2,
    l: 2,
    h: 1,
    v: 1,
    q: 4,
    t: 2,
    c: 6,
    z: 0,
  };
  const result: [number, number][] = [];
  let [x, y, sx, sy] = [0, 0, 0, 0];
  let command = "";
  for (let i = 0; i < tokens.length;) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    const lower = command.toLowerCase();
    if (lower === "z") {
      [x, y] = [sx, sy];
      continue;
    }
    const args = tokens.slice(i, i + arity[lower]).map(Number);
    assert.equal(args.length, arity[lower], `truncated ${command} in ${d}`);
    i += arity[lower];
    const absolute = command === "M";
    if (lower === "h") x += args[0];
    else if (lower === "v") y += args[0];
    else {
      for (let a = 0; a < args.length - 2; a += 2) {
        result.push([x + args[a], y + args[a + 1]]);
      }
      const [ex, ey] = args.slice(-2);
      [x, y] = absolute ? [ex, ey] : [x + ex, y + ey];
    }
    result.push([x, y]);
    if (lower === "m") {
      [sx, sy] = [x, y];
      command = absolute ? "L" : "l"; // pairs after a move are lines
    }
  }
  return result;
}

function extent(d: string): { x0: number; x1: number; y0: number; y1: number } {
  const p = points(d);
  return {
    x0: Math.min(...p.map(([x]) => x)),
    x1: Math.max(...p.map(([x]) => x)),
    y0: Math.min(...p.map(([, y]) => y)),
    y1: Math.max(...p.map(([, y]) => y)),
  };
}

Deno.test("each piece fits 0.9 of a square around the center, its silhouette inside its outline's box", () => {
  const EPSILON = 0.0015; // rounding to thousandths, added up along a contour
  let tallest = 0;
  for (const piece of PIECES) {
    const [silhouette, glyph] = PIECE_PATHS[piece];
    const outline = extent(glyph);
    const shape = extent(silhouette);
    for (const [a, b] of [[outline.x0, outline.x1], [outline.y0, outline.y1]]) {
      assert.ok(
        a >= -0.45 - EPSILON && b <= 0.45 + EPSILON,
        `${piece}: ${a}..${b}`,
      );
    }
    // Centered horizontally on its own box.
    assert.ok(Math.abs(outline.x0 + outline.x1) <= 2 * EPSILON, piece);
    assert.ok(
      shape.x0 >= outline.x0 - EPSILON && shape.x1 <= outline.x1 + EPSILON,
    );
    assert.ok(
      shape.y0 >= outline.y0 - EPSILON && shape.y1 <= outline.y1 + EPSILON,
    );
    tallest = Math.max(
      tallest,
      outline.y1 - outline.y0,
      outline.x1 - outline.x0,
    );
    // The silhouette is the outline's outer contours: fewer subpaths.
    const subpaths = (d: string) => d.match(/[mM]/g)!.length;
    assert.ok(subpaths(silhouette) <= subpaths(glyph), piece);
  }
  assert.ok(
    Math.abs(tallest - 0.9) <= 2 * EPSILON,
    `largest extent ${tallest}`,
  );
});

Deno.test("the labels a-h and 1-8 are small outlines centered in the frame's width", () => {
  assert.deepEqual(Object.keys(LABEL_PATHS).sort(), [..."12345678abcdefgh"]);
  for (const [char, d] of Object.entries(LABEL_PATHS)) {
    const { x0, x1, y0, y1 } = extent(d);
    assert.ok(Math.abs(x0 + x1) <= 0.003, `${char} centered: ${x0}..${x1}`);
    assert.ok(x1 - x0 < 0.2 && y1 - y0 < 0.3, `${char} fits the frame`);
    assert.ok(y0 > -0.2 && y1 < 0.2, `${char}: ${y0}..${y1}`);
  }
});

Deno.test("lib/svg/_cburnett.ts is what scripts/gen_cburnett.ts writes from chessground's style sheet today", async () => {
  const committed = await Deno.readTextFile(CBURNETT_OUTPUT);
  assert.equal(
    committed,
    generateCburnett(await readStyleSheet()),
    "stale pieces: run deno run --allow-read --allow-write=lib/svg scripts/gen_cburnett.ts",
  );
  // Twelve drawings of shapes only, in their 45-unit box.
  assert.deepEqual(Object.keys(CBURNETT), [...PIECES]);
  for (const [piece, svg] of Object.entries(CBURNETT)) {
    assert.ok(/^<(g|path)[ >]/.test(svg), piece);
    assert.ok(!/<(text|style|image|script)|href|style=/.test(svg), piece);
  }
});

Deno.test("lib/svg/_glyphs.ts is what scripts/gen_glyphs.ts writes from DejaVu Sans today", async () => {
  const committed = await Deno.readTextFile(GLYPHS_OUTPUT);
  assert.equal(
    committed,
    generateGlyphs(await readFont()),
    "stale glyphs: run deno run --allow-read --allow-write=lib/svg scripts/gen_glyphs.ts",
  );
  assert.deepEqual(Object.keys(GLYPHS).sort(), [...GLYPH_CHARS].sort());
  // Every glyph but the space is drawn, and has an advance.
  for (const [char, data] of Object.entries(GLYPHS)) {
    const [advance, d = ""] = data.split(" ", 2);
    assert.ok(Number(advance) > 0, `${char} advances`);
    assert.equal(d === "", char === " ", `${char} drawn`);
  }
});

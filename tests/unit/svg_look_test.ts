// The vector style's look: piece sets, themes, frames, coordinates, color
// letters for arrows and squares, badges. The classic style keeps its own.

import assert from "node:assert/strict";
import {
  BOARD_THEMES,
  DEFAULT_DARK,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_LIGHT,
  MARK_COLORS,
  MOVE_GLYPHS,
  parseArrows,
  parseSquareMarks,
  renderSvg,
  type RenderSvgOptions,
} from "../../lib/svg/mod.ts";
import { thinBorder } from "../../lib/svg/vector.ts";
import { type Element, parseXml } from "./_xml.ts";

const FEN =
  "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
const XLINK = "xlink:href";

function vector(options: RenderSvgOptions = {}): Element[] {
  return parseXml(renderSvg(FEN, { style: "vector", ...options }));
}

function root(elements: Element[]): Record<string, string> {
  return elements[0][1];
}

Deno.test("look: the vector default is lichess brown, Burnett's pieces, no frame, no coordinates", () => {
  const elements = vector();
  assert.equal(root(elements).viewBox, "-0.5 -0.5 8 8");
  const fills = elements.map(([, a]) => a.fill);
  assert.ok(fills.includes(BOARD_THEMES.brown.dark));
  const light = elements.filter(([, a]) =>
    a.stroke === BOARD_THEMES.brown.light
  );
  assert.equal(light.length, 2, "the light squares' dashes");
  assert.ok(!elements.some(([n, a]) => n === "rect" && a.fill === "black"));
  assert.ok(!elements.some(([, a]) => a.id?.startsWith("fen-l")));
  const defined = elements.filter(([n, a]) => n === "g" && a.id);
  assert.deepEqual(
    defined.map(([, a]) => [a.id, a.transform]),
    [..."KQRBNPkqrbnp"].map((
      p,
    ) => [`fen-cb-${p}`, "translate(-.5 -.5) scale(.0222222)"]),
  );
  // No text, no CSS, no script, no image anywhere.
  for (const [name, a] of elements) {
    assert.ok(!["text", "style", "script", "image"].includes(name), name);
    assert.ok(!("style" in a) && !("class" in a), name);
  }
});

Deno.test("look: themes by name, light and dark override them, in both styles", () => {
  for (const [name, colors] of Object.entries(BOARD_THEMES)) {
    const svg = renderSvg(FEN, { style: "vector", theme: name as "blue" });
    assert.ok(svg.includes(`fill="${colors.dark}"`), name);
    assert.ok(svg.includes(`stroke="${colors.light}"`), name);
    const classic = renderSvg(FEN, { theme: name as "blue" });
    assert.ok(classic.includes(`fill="${colors.dark}"`), `classic ${name}`);
  }
  const mixed = renderSvg(FEN, {
    style: "vector",
    theme: "blue",
    dark: "teal",
  });
  assert.ok(mixed.includes('fill="teal"'));
  assert.ok(mixed.includes(`stroke="${BOARD_THEMES.blue.light}"`));
  // The classic style keeps the classic script's colors.
  const classic = renderSvg(FEN);
  assert.ok(classic.includes(`fill="${DEFAULT_DARK}"`));
  assert.ok(classic.includes(`stroke="${DEFAULT_LIGHT}"`));
  assert.throws(() => renderSvg(FEN, { theme: "wood" as "blue" }), {
    name: "SvgOptionError",
    message:
      'Cannot render SVG: theme "wood" is not one of brown, blue, green, ic, pink, purple',
  });
});

Deno.test("look: frames: none, a thin border of whole pixels, the classic frame", () => {
  for (const size of [64, 100, 160, 240, 320, 360, 400, 720, 1000, 1001]) {
    const elements = vector({ frame: "thin", size });
    const [x, , width] = root(elements).viewBox.split(" ").map(Number);
    const border = (-0.5 - x) * size / width;
    assert.ok(Math.abs(border - thinBorder(size)) < 1e-3, `${size}: ${border}`);
    const target = Math.max(1, Math.round(size / 240));
    assert.ok(border > target - 1e-3 && border < target + 3 + 1e-3);
    // From 240 px, an even size puts the squares on whole pixels.
    const side = (size - 2 * thinBorder(size)) / 8;
    assert.equal(
      Number.isInteger(side),
      size >= 240 && size % 2 === 0,
      `${size}`,
    );
    const rect = elements.find(([n]) => n === "rect")!;
    assert.equal(rect[1].fill, "#404040");
  }
  const framed = vector({ frame: "labels" });
  assert.equal(root(framed).viewBox, "-1 -1 9 9");
  assert.ok(
    framed.some(([n, a]) =>
      n === "rect" && a.fill === "black" && a.rx === "0.2"
    ),
  );
  assert.ok(
    !framed.some(([, a]) => a.id?.startsWith("fen-l")),
    "no labels asked",
  );
});

Deno.test("look: coordinates outside need the frame, inside sit in the edge squares' corners", () => {
  const outside = vector({ coordinates: "outside" });
  assert.equal(root(outside).viewBox, "-1 -1 9 9");
  assert.deepEqual(vector({ labels: true }), outside);
  for (
    const bad of [{ coordinates: "outside", frame: "none" }, {
      coordinates: "outside",
      frame: "thin",
    }, { labels: true, coordinates: "inside" }] as RenderSvgOptions[]
  ) {
    assert.throws(
      () => renderSvg(FEN, { style: "vector", ...bad }),
      RangeError,
      JSON.stringify(bad),
    );
  }
  for (const flip of [false, true]) {
    const labels = vector({ coordinates: "inside", flip })
      .filter(([n, a]) => n === "use" && a[XLINK].startsWith("#fen-l"))
      .map(([, a]) => {
        const [, x, y] = /translate\(([-.\d]+) ([-.\d]+)\)/.exec(a.transform)!;
        return [
          a[XLINK].slice(6),
          Math.round(Number(x)) || 0,
          Math.round(Number(y)) || 0,
          a.fill,
        ];
      });
    assert.equal(labels.length, 16);
    const files = flip ? "hgfedcba" : "abcdefgh";
    const ranks = flip ? "12345678" : "87654321";
    const { light, dark } = BOARD_THEMES.brown;
    for (let i = 0; i < 8; i++) {
      // The bottom row: a1 (or h8) is dark, so its letter is light.
      assert.deepEqual(labels[2 * i], [
        files[i],
        i,
        7,
        i % 2 === 0 ? light : dark,
      ]);
      // The left column: a8 (or h1) is light, so its digit is dark.
      assert.deepEqual(labels[2 * i + 1], [
        ranks[i],
        0,
        i,
        i % 2 === 0 ? dark : light,
      ]);
    }
  }
});

Deno.test("look: the classic style refuses what only the vector style draws", () => {
  for (
    const option of [{ pieces: "dejavu" }, { frame: "thin" }, {
      coordinates: "inside",
    }, { badge: { square: "e4", glyph: "!" } }] as RenderSvgOptions[]
  ) {
    assert.throws(() => renderSvg(FEN, option), {
      name: "SvgOptionError",
      message: /is drawn only in the vector style/,
    });
  }
  assert.throws(
    () => renderSvg(FEN, { style: "vector", pieces: "merida" as "dejavu" }),
    /pieces "merida" is not one of cburnett, dejavu/,
  );
});

Deno.test("look: color letters on arrows and squares, as lichess writes them", () => {
  assert.deepEqual(parseArrows("Ge2e4,Rd1d8 Yb1c3,Bg8f6,a2a4,e7e8q"), [
    { from: "e2", to: "e4", color: MARK_COLORS.G + "b3" },
    { from: "d1", to: "d8", color: MARK_COLORS.R + "b3" },
    { from: "b1", to: "c3", color: MARK_COLORS.Y + "b3" },
    { from: "g8", to: "f6", color: MARK_COLORS.B + "b3" },
    { from: "a2", to: "a4" },
    { from: "e7", to: "e8" },
  ]);
  assert.deepEqual(parseSquareMarks("Re4, d5"), [
    { square: "e4", color: MARK_COLORS.R + "80" },
    { square: "d5" },
  ]);
  for (const bad of ["Xe2e4", "ge2e4", "e2", "e2e9", "Ge2e4e6"]) {
    assert.throws(() => parseArrows(bad), {
      name: "RangeError",
      message: new RegExp(`"${bad}" is not an arrow`),
    });
  }
  assert.throws(() => parseSquareMarks("Ge4,G"), {
    message: /"G" is not a square/,
  });
  // The renderer takes the letters directly, and objects.
  const elements = vector({
    arrows: ["Rd1d8", "e2e4"],
    highlight: ["Ge4", "d5", { square: "a1", color: "navy" }],
  });
  const arrows = elements.filter(([n, a]) =>
    n === "path" && a.d.endsWith("z") && !a.d.endsWith("h-1z")
  ).map(([, a]) => a.fill);
  assert.deepEqual(arrows.slice(-2), [MARK_COLORS.R + "b3", "#15781bb3"]);
  const tints = elements.filter(([n, a]) =>
    n === "path" && a.d.endsWith("h-1z")
  ).map(([, a]) => a.fill);
  assert.deepEqual(tints, [
    MARK_COLORS.G + "80",
    DEFAULT_HIGHLIGHT_COLOR,
    "navy",
  ]);
  const description = elements.find(([n]) => n === "desc")![2];
  assert.ok(description.includes("Highlighted: e4, d5, a1."), description);
});

Deno.test("look: a move-quality badge in the square's top right corner", () => {
  for (const [glyph, color] of Object.entries(MOVE_GLYPHS)) {
    for (const flip of [false, true]) {
      const elements = vector({
        badge: { square: "f7", glyph: glyph as "!" },
        flip,
      });
      const disc = elements.find(([n, a]) =>
        n === "circle" && a.fill === color
      );
      assert.ok(disc, glyph);
      const [cx, cy] = [Number(disc[1].cx), Number(disc[1].cy)];
      const [col, row] = flip ? [2, 6] : [5, 1];
      assert.ok(
        cx > col && cx < col + 0.5 && cy < row && cy > row - 0.5,
        `${glyph} ${cx} ${cy}`,
      );
      const next = elements[elements.indexOf(disc) + 1];
      assert.equal(next[0], "path");
      assert.equal(next[1].fill, "#fff");
    }
  }
  assert.throws(
    () =>
      renderSvg(FEN, {
        style: "vector",
        badge: { square: "f7", glyph: "!!!" as "!" },
      }),
    /badge glyph "!!!" is not one of/,
  );
});

Deno.test("look: every combination is well-formed XML", () => {
  for (const frame of ["none", "thin", "labels"] as const) {
    for (const coordinates of ["inside", "none"] as const) {
      for (const pieces of ["cburnett", "dejavu"] as const) {
        for (const size of [64, 160, 400]) {
          parseXml(renderSvg(FEN, {
            style: "vector",
            frame,
            coordinates,
            pieces,
            size,
            sideToMove: true,
            badge: { square: "e4", glyph: "?!" },
            arrows: parseArrows("Ga1h8,Rb2b2"),
          }));
        }
      }
    }
  }
});

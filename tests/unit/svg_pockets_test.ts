// Diagrams of variant positions: crazyhouse's pockets as rows above and
// below the board, three-check's checks given, the hill tinted on request.

import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import { renderSvg } from "../../lib/svg/mod.ts";
import { parseXml } from "./_xml.ts";

const HOUSE = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[QQp] w KQkq - 0 1";
const house = parseFen(HOUSE, { rules: "crazyhouse" });
const STANDARD = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** The lines of one pocket row's group, by side. */
function pocket(svg: string, side: "w" | "b"): string {
  const start = svg.indexOf(`<g class="fen-pocket-${side}"`);
  assert.notEqual(start, -1, `no ${side} pocket in the document`);
  return svg.slice(start, svg.indexOf("</g>", start));
}

/** The y of a row's translate. */
function rowY(row: string): number {
  return Number(/translate\(0 (-?[\d.]+)\)/.exec(row)![1]);
}

Deno.test("classic: each side's pocket pieces with their counts, none of an empty kind counted", () => {
  const svg = renderSvg(house);
  const white = pocket(svg, "w");
  const black = pocket(svg, "b");
  // White holds two queens: the queen at full opacity, its badge says 2.
  assert.match(white, /<text class="piece" x="4" y="0">&#9813;<\/text>/);
  assert.match(white, />2<\/text>/);
  // The other kinds are faint and carry no count.
  assert.match(white, /<text class="piece" x="0" y="0" opacity=".3">&#9817;/);
  assert.equal((white.match(/<circle/g) ?? []).length, 1);
  // Black holds one pawn.
  assert.match(black, /<text class="piece" x="0" y="0">&#9823;<\/text>/);
  assert.match(black, />1<\/text>/);
  assert.equal((black.match(/<circle/g) ?? []).length, 1);
  parseXml(svg);
});

Deno.test("Black's pocket is above the board and White's below, swapped when flipped", () => {
  for (const style of ["classic", "vector"] as const) {
    const svg = renderSvg(house, { style });
    assert.ok(rowY(pocket(svg, "b")) < 0, style);
    assert.ok(rowY(pocket(svg, "w")) > 7, style);
    const flipped = renderSvg(house, { style, flip: true });
    assert.ok(rowY(pocket(flipped, "w")) < 0, style);
    assert.ok(rowY(pocket(flipped, "b")) > 7, style);
  }
});

Deno.test("the pockets make the picture taller by two rows and move nothing on the board", () => {
  const classic = renderSvg(house);
  assert.match(
    classic,
    /^<svg [^>]*width="400" height="488" viewBox="-1 -1.99 9 10.98">/,
  );
  const vector = renderSvg(house, { style: "vector", size: 400 });
  assert.match(vector, /width="400" height="500" viewBox="-0.5 -1.5 8 10"/);
  // Without the rows, the same document as the board alone.
  const plain = renderSvg(parseFen(STANDARD), { style: "vector" })
    .replaceAll(STANDARD, HOUSE);
  const withoutRows = vector.replace(
    /<g class="fen-pocket-[\s\S]*?<\/g>\n/g,
    "",
  )
    .replace(
      'height="500" viewBox="-0.5 -1.5 8 10"',
      'height="400" viewBox="-0.5 -0.5 8 8"',
    )
    .replace(
      " White in hand: 2 queens. Black in hand: 1 pawn.</desc>",
      "</desc>",
    );
  assert.equal(withoutRows, plain);
});

Deno.test("vector: the pocket's pieces are defined even when the board has none of them", () => {
  const svg = renderSvg(
    parseFen("4k3/8/8/8/8/8/8/4K3[Rr] w - - 0 1", { rules: "crazyhouse" }),
    { style: "vector" },
  );
  assert.match(svg, /<g id="fen-cb-R"/);
  assert.match(pocket(svg, "w"), /<use xlink:href="#fen-cb-R" x="3" y="0"\/>/);
  assert.match(pocket(svg, "b"), /<use xlink:href="#fen-cb-r" x="3" y="0"\/>/);
  assert.ok(!svg.includes("<text"));
  parseXml(svg);
});

Deno.test("standard positions are drawn as before: no rows, the classic golden size", () => {
  for (const style of ["classic", "vector"] as const) {
    const svg = renderSvg(parseFen(STANDARD), { style });
    assert.ok(!svg.includes("fen-pocket"), style);
  }
  assert.match(
    renderSvg(STANDARD),
    /width="400" height="400" viewBox="-1 -1 9 9"/,
  );
});

Deno.test("three-check: each side's checks given, beside its edge", () => {
  const position = parseFen(
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2",
    { rules: "threecheck" },
  );
  const classic = renderSvg(position);
  assert.match(pocket(classic, "w"), />\+1<\/text>/);
  assert.match(pocket(classic, "b"), />\+0<\/text>/);
  assert.ok(!pocket(classic, "w").includes('class="piece"'));
  const vector = renderSvg(position, { style: "vector" });
  assert.match(pocket(vector, "w"), /<path transform/);
  assert.ok(!vector.includes("<text"));
});

Deno.test("hill: d4 e4 d5 e5 tinted as highlighted squares, with the highlight color", () => {
  const svg = renderSvg(STANDARD, { hill: true, highlightColor: "#ff000080" });
  assert.ok(svg.includes(
    '<path d="M2.5 2.5h1v1h-1zM3.5 2.5h1v1h-1zM2.5 3.5h1v1h-1zM3.5 3.5h1v1h-1z" fill="#ff000080"/>',
  ));
  assert.equal(
    renderSvg(STANDARD, { hill: true }),
    renderSvg(STANDARD, { highlight: ["d5", "e5", "d4", "e4"] }),
  );
});

Deno.test("PNG: the pockets are drawn, whole or from sprites, the image two rows taller", async () => {
  const { createPngRenderer } = await import("../../lib/raster/png.ts");
  for (const sprites of [false, true]) {
    const renderer = await createPngRenderer({ sprites });
    const png = renderer.render(house, { size: 400 });
    const view = new DataView(png.buffer, png.byteOffset);
    assert.equal(view.getUint32(16), 400, `width, sprites: ${sprites}`);
    assert.equal(view.getUint32(20), 500, `height, sprites: ${sprites}`);
  }
});

Deno.test("the text alternative says what each side holds and the checks given", () => {
  const svg = renderSvg(house, { style: "vector" });
  assert.match(
    svg,
    / White in hand: 2 queens\. Black in hand: 1 pawn\.<\/desc>/,
  );
  const empty = renderSvg(
    parseFen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", { rules: "crazyhouse" }),
    { style: "vector" },
  );
  assert.match(empty, /White in hand: nothing\. Black in hand: nothing\./);
  const checks = renderSvg(
    parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+1", { rules: "threecheck" }),
    { style: "vector" },
  );
  assert.match(checks, /White has given 2 checks\. Black has given 1 check\./);
});

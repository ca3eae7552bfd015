import assert from "node:assert/strict";
import fc from "fast-check";
import { SaxesParser } from "saxes";
import { NAMED_COLORS, parseFen, renderSvg } from "../mod.ts";
import { arbitraryBoard, PROPERTY_RUNS } from "./_arbitraries.ts";

const SEED_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const GOLDEN = await Deno.readTextFile(
  new URL("./testdata/chess.01.svg", import.meta.url),
);

/** The document's elements, as [name, attributes, text] in order; throws if not well-formed. */
function parseXml(svg: string): [string, Record<string, string>, string][] {
  const parser = new SaxesParser({ xmlns: true });
  const elements: [string, Record<string, string>, string][] = [];
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(tag.attributes)) {
      attributes[name] = typeof attribute === "string"
        ? attribute
        : attribute.value;
    }
    elements.push([tag.name, attributes, ""]);
  });
  parser.on("text", (text) => {
    if (elements.length > 0) elements[elements.length - 1][2] += text;
  });
  parser.write(svg).close();
  return elements;
}

Deno.test("renderSvg() reproduces seed 004's chess.01.svg byte for byte", () => {
  assert.equal(renderSvg(SEED_FEN, { labels: true }), GOLDEN);
  assert.equal(renderSvg(parseFen(SEED_FEN), { labels: true }), GOLDEN);
});

Deno.test("without labels the three label style rules and four label lines go", () => {
  const svg = renderSvg(SEED_FEN);
  const expected = GOLDEN.split("\n").filter((line) =>
    !line.startsWith("text.horizontal") && !line.startsWith("text.vertical") &&
    !line.includes('class="horizontal"') && !line.includes('class="vertical"')
  ).join("\n");
  assert.equal(svg, expected);
  assert.equal(GOLDEN.split("\n").length - svg.split("\n").length, 7);
});

Deno.test("the light colour strokes the paths and the dark colour fills the second rect", () => {
  const svg = renderSvg("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", {
    labels: true,
    light: "#c9b458",
    dark: "#6aaa64",
  });
  const expected = GOLDEN.replace('fill="#d28c45"', 'fill="#6aaa64"')
    .replaceAll('stroke="#ffce9e"', 'stroke="#c9b458"');
  // Same frame as the golden file up to the pieces.
  const head = (s: string) => s.slice(0, s.indexOf('<text class="piece"'));
  assert.equal(head(svg), head(expected));
  const pieces = svg.split("\n").filter((l) => l.includes('class="piece"'));
  assert.equal(pieces.length, 32);
  assert.equal(pieces[0], '<text class="piece" x="0" y="0">&#9820;</text>');
  assert.ok(
    pieces.includes('<text class="piece" x="4" y="4">&#9817;</text>'),
    "e4 pawn",
  );
  assert.equal(pieces[31], '<text class="piece" x="7" y="7">&#9814;</text>');
});

Deno.test("every piece letter has its glyph, x is the file and y the row", () => {
  const letters = "KQRBNPkqrbnp";
  const svg = renderSvg(
    `${letters.slice(0, 8)}/${letters.slice(8)}4/8/8/8/8/8/8`,
  );
  const pieces = parseXml(svg).filter(([, a]) => a.class === "piece");
  assert.deepEqual(
    pieces.map((
      [, a, text],
    ) => [Number(a.x), Number(a.y), text.codePointAt(0)]),
    [...letters].map((_, i) => [i % 8, Math.floor(i / 8), 9812 + i]),
  );
});

Deno.test("flip draws h1 at the top left and reverses the labels", () => {
  const svg = renderSvg("k7/8/8/8/8/8/8/7K", { labels: true, flip: true });
  assert.ok(svg.includes('<text class="piece" x="0" y="0">&#9812;</text>'));
  assert.ok(svg.includes('<text class="piece" x="7" y="7">&#9818;</text>'));
  assert.ok(
    svg.includes(">hgfedcba</text>") && svg.includes(">12345678</text>"),
  );
  assert.ok(!svg.includes("abcdefgh"));
});

Deno.test("renderSvg() refuses colours that are not colours, and bad boards", () => {
  for (
    const color of ['red"/><script>', "#12", "url(#x)", "", "red;", "rgb(1,2)"]
  ) {
    assert.throws(() => renderSvg(SEED_FEN, { light: color }), RangeError);
    assert.throws(() => renderSvg(SEED_FEN, { dark: color }), RangeError);
  }
  const board = parseFen(SEED_FEN);
  board.board[0] = "toString" as "K";
  assert.throws(() => renderSvg(board), TypeError);
  assert.throws(() => renderSvg("8/8"), SyntaxError);
});

const arbitraryColor = fc.oneof(
  fc.constantFrom(...NAMED_COLORS),
  fc.stringMatching(/^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/),
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([r, g, b]) =>
    `rgb(${r}, ${g}, ${b})`
  ),
  fc.tuple(fc.nat(360), fc.nat(100), fc.nat(100)).map(([h, s, l]) =>
    `hsl(${h}deg ${s}% ${l}% / 0.5)`
  ),
);

Deno.test("property: every valid input gives well-formed XML with one glyph per piece", () => {
  fc.assert(
    fc.property(
      arbitraryBoard(),
      fc.record({
        labels: fc.boolean(),
        flip: fc.boolean(),
        light: arbitraryColor,
        dark: arbitraryColor,
      }),
      (board, options) => {
        const position = {
          board,
          turn: "w" as const,
          castling: [],
          enPassant: null,
          halfmoveClock: 0,
          fullmoveNumber: 1,
        };
        const elements = parseXml(renderSvg(position, options));
        assert.equal(elements[0][0], "svg");
        assert.equal(
          elements.filter(([, a]) => a.class === "piece").length,
          board.filter((p) => p !== null).length,
        );
        assert.equal(
          elements.filter(([name]) => name === "text").length -
            board.filter((p) => p !== null).length,
          options.labels ? 4 : 0,
        );
        assert.equal(
          elements.find(([name, a]) => name === "rect" && a.x === "-0.5")?.[1]
            .fill,
          options.dark,
        );
      },
    ),
    { numRuns: PROPERTY_RUNS / 4 },
  );
});

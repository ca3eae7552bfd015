import assert from "node:assert/strict";
import fc from "fast-check";
import { NAMED_COLORS } from "../../lib/svg/css_color.ts";
import { parseFen } from "../../lib/fen/mod.ts";
import { DEFAULT_SIZE, renderSvg } from "../../lib/svg/mod.ts";
import { arbitraryBoard, PROPERTY_RUNS } from "./_arbitraries.ts";
import { parseXml } from "./_xml.ts";

const REFERENCE_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const GOLDEN = await Deno.readTextFile(
  new URL("../testdata/chess.01.svg", import.meta.url),
);

Deno.test("renderSvg() reproduces the classic fen script's chess.01.svg byte for byte", () => {
  assert.equal(renderSvg(REFERENCE_FEN, { labels: true }), GOLDEN);
  assert.equal(renderSvg(parseFen(REFERENCE_FEN), { labels: true }), GOLDEN);
});

Deno.test("without labels the three label style rules and four label lines go", () => {
  const svg = renderSvg(REFERENCE_FEN);
  const expected = GOLDEN.split("\n").filter((line) =>
    !line.startsWith("text.horizontal") && !line.startsWith("text.vertical") &&
    !line.includes('class="horizontal"') && !line.includes('class="vertical"')
  ).join("\n");
  assert.equal(svg, expected);
  assert.equal(GOLDEN.split("\n").length - svg.split("\n").length, 7);
});

Deno.test("the light color strokes the paths and the dark color fills the second rect", () => {
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

Deno.test("renderSvg() refuses colors that are not colors, and bad boards", () => {
  for (
    const color of ['red"/><script>', "#12", "url(#x)", "", "red;", "rgb(1,2)"]
  ) {
    assert.throws(() => renderSvg(REFERENCE_FEN, { light: color }), RangeError);
    assert.throws(() => renderSvg(REFERENCE_FEN, { dark: color }), RangeError);
  }
  const board = parseFen(REFERENCE_FEN);
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

Deno.test("every new option at its default leaves the classic document byte for byte", () => {
  const defaults = {
    style: "classic",
    size: DEFAULT_SIZE,
    highlight: [],
    arrows: [],
    check: false,
    sideToMove: false,
    accessible: false,
    highlightColor: "red",
    arrowColor: "blue",
    lastMoveColor: "green",
    checkColor: "orange",
  } as const;
  assert.equal(renderSvg(REFERENCE_FEN, { ...defaults, labels: true }), GOLDEN);
  // A full record does not add a side-to-move marker unless asked.
  const record = `${REFERENCE_FEN} b - - 0 1`;
  assert.equal(renderSvg(record, { labels: true }), GOLDEN);
});

Deno.test("size sets only the width and height of the classic document", () => {
  const svg = renderSvg(REFERENCE_FEN, { labels: true, size: 123 });
  assert.equal(
    svg,
    GOLDEN.replace('width="400" height="400"', 'width="123" height="123"'),
  );
});

Deno.test("classic annotations: tints and check discs under the pieces, arrows over them", () => {
  const fen = "4k3/8/8/8/8/8/8/4R2K b - - 0 1";
  const plain = renderSvg(fen).split("\n");
  const marked = renderSvg(fen, {
    highlight: ["e4"],
    lastMove: "e2e1",
    arrows: ["e1e8"],
    check: true,
    sideToMove: true,
  }).split("\n");
  const added = marked.filter((line) => !plain.includes(line));
  assert.deepEqual(added, [
    '<path d="M3.5 5.5h1v1h-1zM3.5 6.5h1v1h-1z" fill="#9bc70069"/>',
    '<path d="M3.5 3.5h1v1h-1z" fill="#ffff0080"/>',
    '<circle cx="4" cy="0" r=".45" fill="#ff0000a0"/>',
    '<path d="M4.08 7L4.08 .54 4.24 .54 4 .12 3.76 .54 3.92 .54 3.92 7z" fill="#15781bb3"/>',
    '<circle cx="7.75" cy="-.75" r=".16" fill="#000" stroke="grey" stroke-width=".04"/>',
  ]);
  const firstPiece = marked.findIndex((line) => line.startsWith("<text class"));
  assert.ok(
    marked.indexOf(added[2]) < firstPiece,
    "the disc is under the king",
  );
  assert.ok(
    marked.indexOf(added[3]) > firstPiece,
    "the arrow is over the pieces",
  );
  // Nothing else moved: removing the additions gives the plain document.
  assert.deepEqual(marked.filter((line) => !added.includes(line)), plain);
});

Deno.test("accessible classic document: role, label and title first, description of the board", () => {
  const svg = renderSvg(`${REFERENCE_FEN} w - - 0 1`, {
    accessible: true,
    sideToMove: true,
  });
  const name =
    "Chess diagram: 4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2 w - - 0 1, White to move";
  const elements = parseXml(svg);
  assert.equal(elements[0][1].role, "img");
  assert.equal(elements[0][1]["aria-label"], name);
  assert.deepEqual(elements[1], ["title", {}, name]);
  assert.equal(elements[2][0], "desc");
  assert.equal(
    elements[2][2],
    "White: king a4; queen f1; rooks a6, g7; bishop a1; knights c6, f5; " +
      "pawns c7, d2, h6. Black: king f6; rooks c3, e8; knight b1; " +
      "pawns b3, c4, e4, g5.",
  );
  assert.equal(elements[3][0], "style", "then the classic document");
});

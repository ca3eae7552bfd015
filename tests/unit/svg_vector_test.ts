import assert from "node:assert/strict";
import fc from "fast-check";
import { isCssColor, NAMED_COLORS } from "../../lib/svg/css_color.ts";
import { parseFen } from "../../lib/fen/mod.ts";
import {
  DEFAULT_ARROW_COLOR,
  DEFAULT_CHECK_COLOR,
  DEFAULT_DARK,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_LAST_MOVE_COLOR,
  DEFAULT_LIGHT,
  MAX_SIZE,
  renderSvg,
  type RenderSvgOptions,
} from "../../lib/svg/mod.ts";
import { PIECES } from "../../lib/types.ts";
import { arbitraryBoard, PROPERTY_RUNS } from "./_arbitraries.ts";
import { type Element, parseXml } from "./_xml.ts";

const REFERENCE_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const XLINK = "xlink:href";

function vector(
  board: Parameters<typeof renderSvg>[0],
  options: RenderSvgOptions = {},
): Element[] {
  return parseXml(renderSvg(board, { style: "vector", ...options }));
}

/** The pieces placed: [href, x, y] of every <use> outside the labels. */
function placed(elements: Element[]): [string, number, number][] {
  return elements
    .filter(([name, a]) => name === "use" && !a[XLINK].startsWith("#fen-l"))
    .map(([, a]) => [a[XLINK], Number(a.x), Number(a.y)]);
}

Deno.test("vector: the classic frame and squares, no text, no CSS, no font", () => {
  const svg = renderSvg(REFERENCE_FEN, {
    style: "vector",
    labels: true,
    light: DEFAULT_LIGHT,
    dark: DEFAULT_DARK,
  });
  const classic = renderSvg(REFERENCE_FEN, { labels: true }).split("\n");
  for (const line of classic.filter((l) => /^<(rect|path) /.test(l))) {
    assert.ok(svg.includes(`${line}\n`), `shared line ${line}`);
  }
  for (const [name, attributes] of parseXml(svg)) {
    assert.ok(!["text", "style", "tspan", "font"].includes(name), name);
    for (const attribute of ["class", "style", "font-family", "font-size"]) {
      assert.ok(!(attribute in attributes), `${name} has ${attribute}`);
    }
  }
  assert.ok(!svg.includes("&#98"), "no Unicode chess symbols");
});

Deno.test("vector, DejaVu pieces: one <use> per piece on its square, one definition per kind of piece", () => {
  const letters = "KQRBNPkqrbnp";
  const fen = `${letters.slice(0, 8)}/${letters.slice(8)}4/8/8/8/8/8/PP6`;
  const elements = vector(fen, { pieces: "dejavu" });
  assert.deepEqual(placed(elements), [
    ...[...letters].map((p, i) => [`#fen-${p}`, i % 8, Math.floor(i / 8)]),
    ["#fen-P", 0, 7],
    ["#fen-P", 1, 7],
  ]);
  const defined = elements.filter(([name, a]) => name === "g" && a.id);
  assert.deepEqual(defined.map(([, a]) => a.id), PIECES.map((p) => `fen-${p}`));
  // Each definition: the white silhouette, then the black outline.
  const paths = elements.filter(([name]) => name === "path");
  for (const piece of PIECES) {
    const index = elements.findIndex(([, a]) => a.id === `fen-${piece}`);
    assert.deepEqual(
      [elements[index + 1][1].fill, elements[index + 2][1].fill],
      ["#fff", "#000"],
    );
  }
  assert.ok(paths.length >= 24);
  // Only what the board needs is defined.
  const lone = vector("8/8/8/8/8/8/8/4K3", { pieces: "dejavu" });
  assert.deepEqual(
    lone.filter(([, a]) => a.id).map(([, a]) => a.id),
    ["fen-K"],
  );
  // Burnett's pieces, the default, under their own IDs.
  assert.deepEqual(
    vector("8/8/8/8/8/8/8/4K3").filter(([, a]) => a.id).map(([, a]) => a.id),
    ["fen-cb-K"],
  );
});

Deno.test("vector: --flip turns the pieces with the board", () => {
  assert.deepEqual(placed(vector("k7/8/8/8/8/8/8/6QK", { flip: true })), [
    ["#fen-cb-K", 0, 0],
    ["#fen-cb-Q", 1, 0],
    ["#fen-cb-k", 7, 7],
  ]);
});

Deno.test("vector labels: a letter above and below each file, a digit beside each rank", () => {
  for (const flip of [false, true]) {
    const labels = vector("8/8/8/8/8/8/8/8", { labels: true, flip })
      .filter(([name, a]) => name === "use" && a[XLINK].startsWith("#fen-l"))
      .map(([, a]) => [a[XLINK].slice(6), a.x, a.y].join(" "));
    assert.equal(labels.length, 32);
    const files = flip ? "hgfedcba" : "abcdefgh";
    const ranks = flip ? "12345678" : "87654321";
    for (let i = 0; i < 8; i++) {
      for (const y of ["-.75", "7.75"]) {
        assert.ok(
          labels.includes(`${files[i]} ${i} ${y}`),
          `${files[i]} at ${y}`,
        );
      }
      for (const x of ["-.75", "7.75"]) {
        assert.ok(
          labels.includes(`${ranks[i]} ${x} ${i}`),
          `${ranks[i]} at ${x}`,
        );
      }
    }
  }
  const unlabelled = vector("8/8/8/8/8/8/8/8");
  assert.ok(!unlabelled.some(([, a]) => a.id?.startsWith("fen-l")));
});

/** The check discs: [cx, cy, fill]. */
function discs(elements: Element[]): string[][] {
  return elements
    .filter(([name, a]) => name === "circle" && a.r === ".45")
    .map(([, a]) => [a.cx, a.cy, a.fill]);
}

Deno.test("check: marked in the vector style unless turned off, in the classic style on request", () => {
  const fen = "4k3/8/8/8/8/8/8/4R2K b - - 0 1"; // the rook on e1 checks e8
  assert.deepEqual(discs(vector(fen)), [["4", "0", DEFAULT_CHECK_COLOR]]);
  assert.deepEqual(discs(vector(fen, { flip: true })), [[
    "3",
    "7",
    DEFAULT_CHECK_COLOR,
  ]]);
  assert.deepEqual(discs(vector(fen, { check: false })), []);
  assert.deepEqual(discs(parseXml(renderSvg(fen))), []);
  assert.deepEqual(
    discs(parseXml(renderSvg(fen, { check: true, checkColor: "blue" }))),
    [["4", "0", "blue"]],
  );
  // Pawns, knights and blocked lines, for both kings at once.
  assert.deepEqual(discs(vector("8/8/8/3k4/4P3/8/8/K7")), [[
    "3",
    "3",
    DEFAULT_CHECK_COLOR,
  ]]);
  assert.deepEqual(discs(vector("k7/2N5/8/8/8/8/8/K6r")), [
    ["0", "0", DEFAULT_CHECK_COLOR],
    ["0", "7", DEFAULT_CHECK_COLOR],
  ]);
  assert.deepEqual(discs(vector("k7/p7/8/8/8/8/R7/K7")), []);
  assert.deepEqual(discs(vector("r3k3/8/8/8/8/8/P7/K7")), []);
});

/** The side-to-move marker: [cy, fill], or undefined. */
function sideMarker(elements: Element[]): string[] | undefined {
  const found = elements.find(([name, a]) =>
    name === "circle" && a.cx === "7.75"
  );
  return found && [found[1].cy, found[1].fill];
}

Deno.test("side to move: a disc in the frame's corner on that side, only when asked", () => {
  const white = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const black = parseFen("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  for (const style of ["classic", "vector"] as const) {
    const marker = (position: typeof white, flip: boolean) =>
      sideMarker(
        parseXml(
          renderSvg(position, {
            style,
            flip,
            sideToMove: true,
            ...(style === "vector" ? { frame: "labels" as const } : {}),
          }),
        ),
      );
    assert.deepEqual(marker(white, false), ["7.75", "#fff"]);
    assert.deepEqual(marker(white, true), ["-.75", "#fff"]);
    assert.deepEqual(marker(black, false), ["-.75", "#000"]);
    assert.deepEqual(marker(black, true), ["7.75", "#000"]);
    assert.equal(sideMarker(parseXml(renderSvg(white, { style }))), undefined);
    // A bare board has no side to move.
    assert.equal(
      sideMarker(parseXml(renderSvg(white.board, { style, sideToMove: true }))),
      undefined,
    );
  }
});

/** The tinted squares: [path data, fill] of paths made of unit squares. */
function tints(elements: Element[]): string[][] {
  return elements
    .filter(([name, a]) => name === "path" && a.d?.endsWith("h1v1h-1z"))
    .map(([, a]) => [a.d, a.fill]);
}

Deno.test("highlights and the last move tint their squares, turned with the board", () => {
  const options = { highlight: ["e4", "a8", "e4"], lastMove: "h1g3" };
  assert.deepEqual(tints(vector("8/8/8/8/8/8/8/8", options)), [
    ["M6.5 6.5h1v1h-1zM5.5 4.5h1v1h-1z", DEFAULT_LAST_MOVE_COLOR],
    ["M3.5 3.5h1v1h-1zM-.5 -.5h1v1h-1z", DEFAULT_HIGHLIGHT_COLOR],
  ]);
  assert.deepEqual(
    tints(vector("8/8/8/8/8/8/8/8", {
      ...options,
      flip: true,
      lastMove: { from: "h1", to: "g3" },
      highlightColor: "rgb(1, 2, 3)",
      lastMoveColor: "teal",
    })),
    [
      ["M-.5 -.5h1v1h-1zM.5 1.5h1v1h-1z", "teal"],
      ["M2.5 2.5h1v1h-1zM6.5 6.5h1v1h-1z", "rgb(1, 2, 3)"],
    ],
  );
});

Deno.test("arrows: from one square's center to just short of the other's, over the pieces", () => {
  const elements = vector("8/8/8/8/8/8/8/6N1", {
    arrows: ["g1f3", { from: "a1", to: "a1", color: "#00f" }, {
      from: "h8",
      to: "a1",
      color: "red",
    }],
  });
  const lastUse = elements.findLastIndex(([name]) => name === "use");
  const arrows = elements.slice(lastUse + 1);
  assert.equal(arrows.length, 3);
  const [knight, ring, diagonal] = arrows;
  assert.equal(knight[1].fill, DEFAULT_ARROW_COLOR);
  const points = (d: string) =>
    d.replace(/[MLz]/g, " ").trim().split(/\s+/).map(Number);
  const k = points(knight[1].d);
  assert.deepEqual(k.slice(0, 2).map((v) => Math.round(v * 100) / 100), [
    6.07,
    6.96,
  ]);
  // The tip (4th point) lies on the line g1-f3, 0.12 short of f3's center.
  const [tx, ty] = k.slice(6, 8);
  const along = Math.hypot(tx - 6, ty - 7);
  assert.ok(Math.abs(along - (Math.hypot(1, 2) - 0.12)) < 0.002, `${along}`);
  assert.ok(Math.abs((tx - 6) * 2 - (ty - 7)) < 0.002, "on the line");
  assert.deepEqual(
    [ring[0], ring[1].cx, ring[1].cy, ring[1].stroke, ring[1].fill],
    ["circle", "0", "7", "#00f", "none"],
  );
  assert.equal(diagonal[1].fill, "red");
  // Flipped, h8 is at the bottom left and a1 at the top right.
  const flipped = vector("8/8/8/8/8/8/8/8", { arrows: ["h8a1"], flip: true });
  const f = points(flipped.at(-1)![1].d);
  assert.deepEqual([f[0], f[1]], [0.057, 7.057]); // 0.08 left of h8's center
  assert.deepEqual([f[6], f[7]], [6.915, 0.085]); // 0.12 short of a1's center
});

Deno.test("text alternative: the vector style has one by default, the FEN and the annotations in words", () => {
  const position = parseFen("R3k3/8/8/8/8/8/4P3/4K3 b - - 3 40");
  const elements = vector(position, {
    sideToMove: true,
    flip: true,
    lastMove: "e1e2",
    arrows: ["e8d8", "a1a8"],
    highlight: ["a8"],
  });
  const name =
    "Chess diagram: R3k3/8/8/8/8/8/4P3/4K3 b - - 3 40, Black to move, seen from Black's side";
  assert.equal(elements[0][1].role, "img");
  assert.equal(elements[0][1]["aria-label"], name);
  assert.deepEqual(elements[1], ["title", {}, name]);
  assert.deepEqual(elements[2], [
    "desc",
    {},
    "White: king e1; rook a8; pawn e2. Black: king e8. Last move e1 to e2. " +
    "Highlighted: a8. Arrows e8 to d8, a1 to a8. " +
    "The black king on e8 is in check.",
  ]);
  // A position names its side to move without the mark; a placement alone
  // gives none, and the name claims none.
  assert.equal(
    vector(position)[0][1]["aria-label"],
    "Chess diagram: R3k3/8/8/8/8/8/4P3/4K3 b - - 3 40, Black to move",
  );
  assert.equal(
    vector("R3k3/8/8/8/8/8/4P3/4K3")[0][1]["aria-label"],
    "Chess diagram: R3k3/8/8/8/8/8/4P3/4K3",
  );
  assert.equal(
    vector("8/8/8/8/8/8/8/8")[2][2],
    "White: no pieces. Black: no pieces.",
  );
  const silent = vector(position, { accessible: false });
  assert.equal(silent[0][1].role, undefined);
  assert.ok(!silent.some(([n]) => n === "title" || n === "desc"));
});

Deno.test("every option is checked: bad colors, squares, moves, sizes and styles are RangeErrors", () => {
  const bad: [RenderSvgOptions, string][] = [
    [
      { highlightColor: 'red"/>' },
      'highlight color "red\\"/>" is not a CSS color',
    ],
    [{ arrowColor: "url(#x)" }, 'arrow color "url(#x)" is not a CSS color'],
    [{ arrows: [{ from: "e2", to: "e4", color: "x" }] }, 'arrow color "x"'],
    [{ lastMoveColor: "" }, 'last-move color "" is not a CSS color'],
    [{ checkColor: "#12" }, 'check color "#12" is not a CSS color'],
    [{ light: "red;" }, 'light color "red;"'],
    [
      { highlight: ["e9"] },
      'highlighted square "e9" is not a square such as "e4"',
    ],
    [{ highlight: ["E4"] }, 'highlighted square "E4"'],
    [{ arrows: ["e2-e4"] }, 'arrow "e2-e4" is not two squares such as "e2e4"'],
    [{ arrows: [{ from: "e2", to: "i4" }] }, 'arrow end "i4"'],
    [{ lastMove: "e2" }, 'last move "e2" is not two squares'],
    [{ size: 0 }, "size 0 is not a whole number of pixels from 1 to 4096"],
    [{ size: 1.5 }, "size 1.5"],
    [{ size: MAX_SIZE + 1 }, "size 4097"],
    [{ size: Number.NaN }, "size NaN"],
    [
      { style: "fancy" as "vector" },
      'style "fancy" is not one of classic, vector',
    ],
  ];
  for (const [options, detail] of bad) {
    for (const style of ["classic", "vector"] as const) {
      assert.throws(
        () => renderSvg(REFERENCE_FEN, { style, ...options }),
        (error: unknown) =>
          error instanceof RangeError &&
          error.message.startsWith(`Cannot render SVG: ${detail}`),
        JSON.stringify(options),
      );
    }
  }
});

/** Mostly CSS colors, now and then something that must be refused. */
const arbitraryColor = fc.oneof(
  { arbitrary: fc.constantFrom(...NAMED_COLORS), weight: 10 },
  {
    arbitrary: fc.stringMatching(
      /^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
    ),
    weight: 10,
  },
  {
    arbitrary: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((
      [r, g, b],
    ) => `rgb(${r}, ${g}, ${b})`),
    weight: 10,
  },
  { arbitrary: fc.string(), weight: 1 },
  {
    arbitrary: fc.constantFrom('"', "<", "&", "red' x='", "red\u0000"),
    weight: 1,
  },
);
/** Mostly square names, now and then not. */
const arbitrarySquareName = fc.oneof(
  {
    arbitrary: fc.tuple(
      fc.constantFrom(..."abcdefgh"),
      fc.constantFrom(..."12345678"),
    ).map(([f, r]) => f + r),
    weight: 30,
  },
  { arbitrary: fc.string({ maxLength: 3 }), weight: 1 },
);

Deno.test("property: any options give well-formed XML with only checked values, or a RangeError", () => {
  let refused = 0;
  fc.assert(
    fc.property(
      arbitraryBoard(),
      fc.record({
        style: fc.constantFrom("classic" as const, "vector" as const),
        labels: fc.boolean(),
        flip: fc.boolean(),
        size: fc.oneof(
          { arbitrary: fc.integer({ min: 1, max: MAX_SIZE }), weight: 20 },
          { arbitrary: fc.double(), weight: 1 },
        ),
        light: arbitraryColor,
        highlight: fc.array(arbitrarySquareName, { maxLength: 3 }),
        highlightColor: arbitraryColor,
        arrows: fc.array(
          fc.oneof(
            fc.tuple(arbitrarySquareName, arbitrarySquareName).map(([a, b]) =>
              a + b
            ),
            fc.record({
              from: arbitrarySquareName,
              to: arbitrarySquareName,
              color: arbitraryColor,
            }),
          ),
          { maxLength: 3 },
        ),
        lastMove: fc.tuple(arbitrarySquareName, arbitrarySquareName).map((
          [a, b],
        ) => a + b),
        check: fc.boolean(),
        sideToMove: fc.boolean(),
        accessible: fc.boolean(),
      }, { requiredKeys: ["style"] }),
      fc.constantFrom("w" as const, "b" as const),
      (board, options, turn) => {
        const position = {
          board,
          turn,
          castling: [],
          enPassant: null,
          halfmoveClock: 0,
          fullmoveNumber: 1,
        };
        let svg: string;
        try {
          svg = renderSvg(position, options);
        } catch (error) {
          assert.ok(error instanceof RangeError, String(error));
          refused++;
          return;
        }
        const elements = parseXml(svg);
        assert.equal(elements[0][0], "svg");
        const pieces = board.filter((p) => p !== null).length;
        const drawn = options.style === "vector"
          ? placed(elements).length
          : elements.filter(([, a]) => a.class === "piece").length;
        assert.equal(drawn, pieces);
        const allowed = new Set([
          "black",
          "none",
          "grey",
          "#fff",
          "#000",
          DEFAULT_LIGHT,
          DEFAULT_DARK,
          DEFAULT_HIGHLIGHT_COLOR,
          DEFAULT_LAST_MOVE_COLOR,
          DEFAULT_ARROW_COLOR,
          DEFAULT_CHECK_COLOR,
        ]);
        for (const [, attributes] of elements) {
          for (const key of ["fill", "stroke"]) {
            const value = attributes[key];
            if (value === undefined || allowed.has(value)) continue;
            assert.ok(isCssColor(value), `${key}="${value}"`);
          }
        }
      },
    ),
    { numRuns: PROPERTY_RUNS / 10 },
  );
  // Both kinds of input were tried, in good numbers.
  assert.ok(
    refused > PROPERTY_RUNS / 200 && refused < PROPERTY_RUNS / 20,
    `${refused} refused`,
  );
});

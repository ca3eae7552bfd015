import assert from "node:assert/strict";
import fc from "fast-check";
import {
  fen2grid,
  FenSyntaxError,
  grid2fen,
  GridSyntaxError,
  stringifyFen,
} from "../../../mod.ts";
import { arbitraryBoard, PROPERTY_RUNS } from "../_arbitraries.ts";

// The fen2grid/grid2fen exercise's examples: the opening moves 1. e4 c5
// 2. Nf3, every row with its 8 squares.
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
const C5 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR";
const NF3 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R";

const rows = (...lines: string[]): string => lines.join("\n");

Deno.test("fen2grid() draws the fen2grid exercise's examples", () => {
  assert.equal(
    fen2grid(START),
    rows(
      "rnbqkbnr",
      "pppppppp",
      "********",
      "********",
      "********",
      "********",
      "PPPPPPPP",
      "RNBQKBNR",
    ),
  );
  assert.equal(
    fen2grid(E4, "."),
    rows(
      "rnbqkbnr",
      "pppppppp",
      "........",
      "........",
      "....P...",
      "........",
      "PPPP.PPP",
      "RNBQKBNR",
    ),
  );
  assert.equal(
    fen2grid(C5, "+"),
    rows(
      "rnbqkbnr",
      "pp+ppppp",
      "++++++++",
      "++p+++++",
      "++++P+++",
      "++++++++",
      "PPPP+PPP",
      "RNBQKBNR",
    ),
  );
});

Deno.test("grid2fen() reads the fen2grid exercise's examples back", () => {
  const grid = rows(
    "rnbqkbnr",
    "pppppppp",
    "********",
    "********",
    "********",
    "********",
    "PPPPPPPP",
    "RNBQKBNR",
  );
  assert.equal(grid2fen(grid), START);
  assert.equal(grid2fen(fen2grid(E4)), E4);
  assert.equal(grid2fen(fen2grid(C5, "."), "."), C5);
  assert.equal(grid2fen(fen2grid(NF3, "+"), "+"), NF3);
});

Deno.test("fen2grid() takes a whole record and checks all of it", () => {
  assert.equal(fen2grid(`${NF3} b KQkq - 1 2`, "."), fen2grid(NF3, "."));
  assert.throws(() => fen2grid(`${NF3} b KQkq - 1 2 x`), FenSyntaxError);
  assert.throws(() => fen2grid("4r3/2P3R1"), {
    field: "placement",
    offset: 9,
    message: "Cannot parse FEN: placement has 2 ranks, expected 8 at column 10",
  });
  assert.throws(() => fen2grid(`${NF3} b KQkq - 1 0`, { strict: true }), {
    field: "fullmoveNumber",
  });
  assert.equal(
    fen2grid(`${NF3} b KQkq - 1 0`, { empty: "." }),
    fen2grid(NF3, "."),
  );
});

Deno.test("fen2grid() output is 8 rows of 8 with no final newline", () => {
  const grid = fen2grid("4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2", "·");
  const lines = grid.split("\n");
  assert.equal(lines.length, 8);
  for (const line of lines) assert.equal(line.length, 8);
  assert.ok(!grid.endsWith("\n"));
});

Deno.test("grid2fen() accepts one trailing newline and CRLF, no more", () => {
  const grid = fen2grid(NF3);
  assert.equal(grid2fen(grid + "\n"), NF3);
  assert.equal(grid2fen(grid.replaceAll("\n", "\r\n") + "\r\n"), NF3);
  assert.throws(() => grid2fen(grid + "\n\n"), {
    name: "GridSyntaxError",
    line: 9,
  });
  assert.throws(() => grid2fen(grid + "\r"), { line: 8, column: 9 });
});

Deno.test("grid2fen() names the line and column of a problem", () => {
  const good = fen2grid(NF3).split("\n");
  const cases: [string, number, number, RegExp][] = [
    [good.slice(0, 7).join("\n"), 8, 1, /the grid has 7 lines, expected 8/],
    [
      [...good.slice(0, 3), "*******", ...good.slice(4)].join("\n"),
      4,
      8,
      /line 4 has 7 squares/,
    ],
    [
      [...good.slice(0, 3), "*********", ...good.slice(4)].join("\n"),
      4,
      9,
      /line 4 has more than 8 squares/,
    ],
    [
      [...good.slice(0, 5), "**x*****", ...good.slice(6)].join("\n"),
      6,
      3,
      /^Cannot parse grid: "x" is neither a piece letter nor the empty mark "\*" at line 6, column 3$/,
    ],
    [
      [...good.slice(0, 6), "P P P P ", ...good.slice(7)].join("\n"),
      7,
      2,
      /" " |U\+0020/,
    ],
    ["", 1, 1, /line 1 has 0 squares/],
  ];
  for (const [grid, line, column, message] of cases) {
    assert.throws(() => grid2fen(grid), (error: unknown) => {
      assert.ok(error instanceof GridSyntaxError);
      assert.ok(error instanceof SyntaxError);
      assert.equal(error.line, line);
      assert.equal(error.column, column);
      assert.match(error.message, message);
      return true;
    });
  }
});

Deno.test("the empty mark must be one character that cannot be confused with FEN", () => {
  for (
    const bad of ["", "**", "K", "p", "0", "5", "9", "/", "\n", "\r", "ab"]
  ) {
    assert.throws(() => fen2grid(START, bad), RangeError, JSON.stringify(bad));
    assert.throws(
      () => grid2fen(fen2grid(START), bad),
      RangeError,
      JSON.stringify(bad),
    );
  }
  // Every other printable ASCII character works, and so do wide ones.
  let tried = 0;
  for (let code = 32; code < 127; code++) {
    const mark = String.fromCharCode(code);
    if (/[KQRBNPkqrbnp0-9/]/.test(mark)) continue;
    assert.equal(
      grid2fen(fen2grid(NF3, mark), mark),
      NF3,
      JSON.stringify(mark),
    );
    tried++;
  }
  assert.equal(tried, 95 - 12 - 10 - 1);
  for (const mark of ["·", "□", "🟫"]) {
    const grid = fen2grid(NF3, mark);
    assert.equal([...grid.split("\n")[2]].length, 8);
    assert.equal(grid2fen(grid, mark), NF3);
  }
});

const allowedMark = fc.string({ unit: "binary", minLength: 1, maxLength: 1 })
  .filter((c) => !/^[KQRBNPkqrbnp0-9/\n\r]$/.test(c));

Deno.test("property: random boards round-trip through fen2grid/grid2fen for any allowed mark", () => {
  fc.assert(
    fc.property(arbitraryBoard(), allowedMark, (board, mark) => {
      const placement = stringifyFen({
        board,
        turn: "w",
        castling: [],
        enPassant: null,
        halfmoveClock: 0,
        fullmoveNumber: 1,
      }).split(" ")[0];
      const grid = fen2grid(placement, mark);
      assert.equal(grid.split("\n").length, 8);
      assert.equal(grid2fen(grid, mark), placement);
    }),
    { numRuns: PROPERTY_RUNS },
  );
});

Deno.test("property: grid2fen() throws only GridSyntaxError or RangeError", () => {
  const gridAlphabet = [..."KQRBNPkqrbnp*.\n\r 1/x"];
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 80 }),
        fc.string({
          unit: fc.constantFrom(...gridAlphabet),
          minLength: 60,
          maxLength: 80,
        }),
      ),
      fc.oneof(fc.constant("*"), fc.string({ unit: "binary", maxLength: 2 })),
      (grid, mark) => {
        try {
          const fen = grid2fen(grid, mark);
          assert.equal(grid2fen(fen2grid(fen, mark), mark), fen);
        } catch (error) {
          if (
            !(error instanceof GridSyntaxError || error instanceof RangeError)
          ) {
            throw error;
          }
        }
      },
    ),
    { numRuns: 2 * PROPERTY_RUNS },
  );
});

import assert from "node:assert/strict";
import fc from "fast-check";
import { Chess } from "chess.js";
import {
  BoardTextReader,
  boardTextToFen,
} from "../../../lib/text/board_text.ts";
import { GridSyntaxError } from "../../../lib/errors.ts";
import { fen2grid } from "../../../lib/fen/grid.ts";
import { renderUnicode } from "../../../lib/text/unicode.ts";

const RUNS = 2_000;
const SEED = 20_240_611;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const E4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";

/** A canonical FEN placement: random squares, about half of them empty. */
function arbitraryPlacement(): fc.Arbitrary<string> {
  const square = fc.oneof(
    { arbitrary: fc.constant("1"), weight: 4 },
    { arbitrary: fc.constantFrom(..."KQRBNPkqrbnp"), weight: 3 },
  );
  return fc.array(square, { minLength: 64, maxLength: 64 }).map((cells) => {
    const ranks: string[] = [];
    for (let r = 0; r < 8; r++) {
      ranks.push(
        cells.slice(r * 8, r * 8 + 8).join("").replace(
          /1+/g,
          (run) => String(run.length),
        ),
      );
    }
    return ranks.join("/");
  });
}

/** Every placement one reader returns for these lines, then finish(). */
function readAll(lines: string[], reader = new BoardTextReader()): string[] {
  const placements: string[] = [];
  for (const line of lines) {
    const fen = reader.push(line);
    if (fen !== null) placements.push(fen);
  }
  reader.finish();
  return placements;
}

/** The GridSyntaxError `run` throws. */
function gridError(run: () => unknown): GridSyntaxError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof GridSyntaxError, String(error));
    return error;
  }
  assert.fail("no error");
}

Deno.test("boardTextToFen() reads fen2grid's grids back, any mark, given or found", () => {
  const marks = ["*", ".", "+", "-", "|", "□", "·", "x", "🟫", " "];
  fc.assert(
    fc.property(
      arbitraryPlacement(),
      fc.constantFrom(...marks),
      (fen, empty) => {
        const grid = fen2grid(fen, empty);
        assert.equal(boardTextToFen(grid, { empty }), fen);
        assert.equal(boardTextToFen(grid + "\r\n", { empty }), fen);
        // Spaces separate cells, so a space mark must be given.
        if (empty !== " ") assert.equal(boardTextToFen(grid), fen);
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
});

Deno.test("BoardTextReader reads a stream of grids separated by blank lines", () => {
  fc.assert(
    fc.property(
      fc.array(arbitraryPlacement(), { minLength: 1, maxLength: 6 }),
      fc.constantFrom("*", ".", "□"),
      (fens, empty) => {
        const text = fens.map((fen) => fen2grid(fen, empty)).join("\n\n");
        assert.deepEqual(readAll(text.split("\n")), fens);
        assert.deepEqual(
          readAll(text.split("\n"), new BoardTextReader({ empty })),
          fens,
        );
      },
    ),
    { numRuns: RUNS / 4, seed: SEED },
  );
});

Deno.test("BoardTextReader finds each board's own mark", () => {
  const text = [fen2grid(START, "."), fen2grid(E4E5, "*")].join("\n\n");
  assert.deepEqual(readAll(text.split("\n")), [START, E4E5]);
});

Deno.test("boardTextToFen() reads renderUnicode's boards, flipped ones turned back", () => {
  fc.assert(
    fc.property(arbitraryPlacement(), fc.boolean(), (fen, flip) => {
      assert.equal(boardTextToFen(renderUnicode(fen, { flip })), fen);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});

Deno.test("BoardTextReader reads a stream of Unicode boards in both orientations", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(arbitraryPlacement(), fc.boolean()), {
        minLength: 1,
        maxLength: 5,
      }),
      (boards) => {
        const text = boards.map(([fen, flip]) => renderUnicode(fen, { flip }))
          .join("\n");
        assert.deepEqual(
          readAll(text.split("\n")),
          boards.map(([fen]) => fen),
        );
      },
    ),
    { numRuns: RUNS / 4, seed: SEED },
  );
});

Deno.test("boardTextToFen() reads chess.js's ascii() over random games", () => {
  let boards = 0;
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 60, maxLength: 160 }),
      (choices) => {
        const game = new Chess();
        for (const choice of choices) {
          const moves = game.moves();
          if (moves.length === 0) break;
          game.move(moves[choice % moves.length]);
          const placement = game.fen().split(" ")[0];
          assert.equal(
            boardTextToFen(new Chess(game.fen()).ascii()),
            placement,
          );
          boards++;
        }
      },
    ),
    { numRuns: 15, seed: SEED },
  );
  assert.ok(boards > 1_000, `only ${boards} boards`);
});

Deno.test("BoardTextReader reads chess.js boards back to back", () => {
  const text = [START, E4E5].map((fen) => new Chess(`${fen} w - - 0 1`).ascii())
    .join("\n");
  assert.deepEqual(readAll(text.split("\n")), [START, E4E5]);
});

// python-chess's print(board) and chessops-style spaced boards, by hand.
const SPACED_SICILIAN = [
  "r n b q k b n r",
  "p p . p p p p p",
  ". . . . . . . .",
  ". . p . . . . .",
  ". . . . P . . .",
  ". . . . . N . .",
  "P P P P . P P P",
  "R N B Q K B . R",
];
const SICILIAN = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R";

Deno.test("boardTextToFen() reads python-chess's spaced boards", () => {
  assert.equal(boardTextToFen(SPACED_SICILIAN.join("\n")), SICILIAN);
  assert.equal(boardTextToFen(SPACED_SICILIAN.join("\r\n") + "\r\n"), SICILIAN);
  // Trailing spaces and tabs between cells change nothing.
  assert.equal(
    boardTextToFen(
      SPACED_SICILIAN.map((line) => line.replaceAll(" ", "\t") + "  ").join(
        "\n",
      ),
    ),
    SICILIAN,
  );
});

Deno.test("boardTextToFen() reads python-chess's unicode() with borders and its own mark", () => {
  const text = [
    "  -----------------",
    "8 |♜|♞|♝|♛|♚|♝|♞|♜|",
    "  -----------------",
    "7 |♟|♟|⭘|♟|♟|♟|♟|♟|",
    "  -----------------",
    "6 |⭘|⭘|⭘|⭘|⭘|⭘|⭘|⭘|",
    "  -----------------",
    "5 |⭘|⭘|♟|⭘|⭘|⭘|⭘|⭘|",
    "  -----------------",
    "4 |⭘|⭘|⭘|⭘|♙|⭘|⭘|⭘|",
    "  -----------------",
    "3 |⭘|⭘|⭘|⭘|⭘|♘|⭘|⭘|",
    "  -----------------",
    "2 |♙|♙|♙|♙|⭘|♙|♙|♙|",
    "  -----------------",
    "1 |♖|♘|♗|♕|♔|♗|⭘|♖|",
    "  -----------------",
    "   a b c d e f g h",
  ].join("\n");
  assert.equal(boardTextToFen(text), SICILIAN);
  assert.equal(boardTextToFen(text, { empty: "⭘" }), SICILIAN);
});

/** The 64 squares of a placement, a8 first, `null` for empty. */
function squaresOf(fen: string): (string | null)[] {
  return [...fen.replaceAll("/", "")].flatMap((c) =>
    c >= "1" && c <= "8" ? Array(Number(c)).fill(null) : [c]
  );
}

const FIGURINES: Record<string, string> = Object.fromEntries(
  [..."KQRBNPkqrbnp"].map((
    piece,
    k,
  ) => [piece, String.fromCodePoint(0x2654 + k)]),
);

/** python-chess's `Board.unicode(borders, orientation)`, line for line. */
function pythonChessUnicode(
  fen: string,
  { borders, white }: { borders: boolean; white: boolean },
): string {
  const squares = squaresOf(fen);
  const order = white ? [7, 6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6, 7];
  const lines: string[] = [];
  for (const rank of order) {
    if (borders) lines.push("  " + "-".repeat(17));
    let line = borders ? `${rank + 1} ` : "";
    order.map((r) => 7 - r).forEach((file, i) => {
      if (borders) line += "|";
      else if (i > 0) line += " ";
      const piece = squares[(7 - rank) * 8 + file];
      line += piece === null ? "⭘" : FIGURINES[piece];
    });
    lines.push(borders ? line + "|" : line);
  }
  if (borders) {
    lines.push(
      "  " + "-".repeat(17),
      white ? "   a b c d e f g h" : "   h g f e d c b a",
    );
  }
  return lines.join("\n");
}

Deno.test("boardTextToFen() reads python-chess's unicode() in both orientations", () => {
  fc.assert(
    fc.property(arbitraryPlacement(), fc.boolean(), (fen, white) => {
      const text = pythonChessUnicode(fen, { borders: true, white });
      assert.equal(boardTextToFen(text), fen);
      assert.equal(
        boardTextToFen(
          pythonChessUnicode(fen, { borders: false, white: true }),
        ),
        fen,
      );
    }),
    { numRuns: RUNS / 2, seed: SEED },
  );
});

Deno.test("boardTextToFen() takes figurines with variation selectors and a byte order mark", () => {
  const text = "\ufeff" + renderUnicode(START).replaceAll("♟", "♟\ufe0f");
  assert.equal(boardTextToFen(text), START);
});

Deno.test("boardTextToFen() reads file letters above the board", () => {
  const lines = renderUnicode(SICILIAN, { flip: true }).trimEnd().split("\n");
  // Letters above, no rank digits: the letters alone tell the side.
  const bare = lines.slice(0, 8).map((line) => line.slice(2));
  assert.equal(boardTextToFen([lines[8], ...bare].join("\n")), SICILIAN);
  assert.equal(
    boardTextToFen(["ABCDEFGH", ...fen2grid(SICILIAN).split("\n")].join("\n")),
    SICILIAN,
  );
});

Deno.test("boardTextToFen() reads an unlabeled flipped board as White's", () => {
  const flipped = renderUnicode(SICILIAN, { flip: true }).split("\n")
    .slice(0, 8).map((line) => line.slice(2)).join("\n");
  const rotated = [...SICILIAN].reverse().join("");
  assert.equal(boardTextToFen(flipped), rotated);
});

Deno.test("BoardTextReader names the line and column of a bad cell", () => {
  const reader = new BoardTextReader({ empty: "." });
  for (const line of fen2grid(START, ".").split("\n").slice(0, 3)) {
    assert.equal(reader.push(line), null);
  }
  const error = gridError(() => reader.push("..x....."));
  assert.equal(error.line, 4);
  assert.equal(error.column, 3);
  assert.equal(error.offset, 27 + 2);
  assert.equal(
    error.message,
    'Cannot parse grid: "x" is neither a piece nor the empty mark "." at line 4, column 3',
  );
});

Deno.test("BoardTextReader says where a found mark came from", () => {
  const error = gridError(() =>
    boardTextToFen(["rnbqkbnr", "pppp*ppp", "..."].join("\n"))
  );
  assert.equal(error.line, 3);
  assert.equal(error.column, 1);
  assert.match(
    error.message,
    /"\." is neither a piece nor the empty mark "\*" \(found at line 2, column 5\)/,
  );
});

Deno.test("BoardTextReader quotes control characters as code points", () => {
  const error = gridError(() => boardTextToFen("rnbq\x1bbnr"));
  assert.equal(error.column, 5);
  assert.match(error.message, /U\+001B is neither a piece nor the empty mark/);
  const digit = gridError(() => boardTextToFen("rnb5kbnr"));
  assert.match(digit.message, /"5" is a digit, not a square/);
  const fen = gridError(() => boardTextToFen("4k3"));
  assert.equal(fen.column, 1);
  assert.match(fen.message, /"4" is a digit, not a square/);
});

Deno.test("BoardTextReader counts the squares of a rank", () => {
  const short = gridError(() => boardTextToFen("r n b q k b n"));
  assert.equal(short.line, 1);
  assert.equal(short.column, 14);
  assert.match(short.message, /rank 8 has 7 squares, expected 8/);
  const long = gridError(() =>
    boardTextToFen(["rnbqkbnr", "p p p p p p p p p"].join("\n"))
  );
  assert.equal(long.line, 2);
  assert.equal(long.column, 17);
  assert.match(long.message, /rank 7 has more than 8 squares/);
  const framed = gridError(() => boardTextToFen(" 8 | r  n  b  q  k  b  n |"));
  assert.match(framed.message, /rank 8 has 7 squares, expected 8/);
});

Deno.test("BoardTextReader checks rank digits", () => {
  const lines = renderUnicode(START).split("\n");
  lines[2] = lines[2].replace("6", "5");
  const error = gridError(() => boardTextToFen(lines.join("\n")));
  assert.equal(error.line, 3);
  assert.equal(error.column, 1);
  assert.match(error.message, /the rank digit "5" should be 6 on this line/);
});

Deno.test("BoardTextReader rejects file letters that contradict the ranks", () => {
  const lines = renderUnicode(START).split("\n");
  lines[8] = "  h g f e d c b a";
  const error = gridError(() => boardTextToFen(lines.join("\n")));
  assert.equal(error.line, 9);
  assert.match(error.message, /file letters run h to a, but the board above/);
});

Deno.test("BoardTextReader reports a board cut short, and reads on", () => {
  const reader = new BoardTextReader();
  const grid = fen2grid(START, ".").split("\n");
  for (const line of grid.slice(0, 3)) reader.push(line);
  const cut = gridError(() => reader.push(""));
  assert.equal(cut.line, 4);
  assert.match(cut.message, /the board from line 1 has 3 ranks, expected 8/);
  const placements = grid.map((line) => reader.push(line));
  assert.equal(placements[7], START);
  assert.equal(reader.boardLine, 5);
  reader.push(grid[0]);
  const end = gridError(() => reader.finish());
  assert.equal(end.line, 13);
  assert.equal(end.column, 9);
  assert.match(end.message, /the board from line 13 has 1 rank, expected 8/);
  // finish() left the reader ready for new input.
  assert.deepEqual(readAll(grid, reader), [START]);
});

Deno.test("BoardTextReader skips the rest of a broken board", () => {
  const good = fen2grid(E4E5, ".").split("\n");
  const bad = [...good];
  bad[2] = "..?.....";
  const reader = new BoardTextReader();
  const results: (string | null)[] = [];
  const errors: number[] = [];
  for (const line of [...bad, "", ...good, "", ...bad, "", ...good]) {
    try {
      results.push(reader.push(line));
    } catch (error) {
      assert.ok(error instanceof GridSyntaxError);
      errors.push(error.line);
    }
  }
  reader.finish();
  assert.deepEqual(errors, [3, 21]);
  assert.deepEqual(results.filter((r) => r !== null), [E4E5, E4E5]);
});

Deno.test("BoardTextReader takes spans of a larger text and given line numbers", () => {
  const text = `xx${fen2grid(START, ".")}\nyy`;
  const reader = new BoardTextReader();
  let start = 2;
  let fen: string | null = null;
  for (let line = 1; line <= 8; line++) {
    const end = text.indexOf("\n", start);
    fen = reader.push(text, { start, end, line: line + 40 });
    start = end + 1;
  }
  assert.equal(fen, START);
  assert.equal(reader.boardLine, 41);
  assert.equal(reader.line, 48);
  const error = gridError(() => reader.push("abc?", { start: 2, end: 4 }));
  assert.equal(error.line, 49);
  assert.equal(error.column, 2);
});

Deno.test("boardTextToFen() wants exactly one board", () => {
  const grid = fen2grid(START, ".");
  const two = gridError(() => boardTextToFen(`${grid}\n\n${grid}`));
  assert.equal(two.line, 17);
  assert.match(two.message, /a second board, from line 10/);
  const none = gridError(() => boardTextToFen("\n  +----+\n"));
  assert.match(none.message, /holds no board/);
  const cut = gridError(() => boardTextToFen("rnbqkbnr\n"));
  assert.equal(cut.line, 2);
  assert.match(cut.message, /has 1 rank, expected 8/);
});

Deno.test("BoardTextReader refuses the marks grid2fen refuses", () => {
  for (const empty of ["", "ab", "p", "8", "/", "\n"]) {
    assert.throws(() => new BoardTextReader({ empty }), RangeError);
  }
});

Deno.test("BoardTextReader with a given mark refuses other marks and frame-like ranks", () => {
  const error = gridError(() =>
    boardTextToFen(fen2grid(START, "."), { empty: "*" })
  );
  assert.equal(error.line, 3);
  assert.match(
    error.message,
    /"\." is neither a piece nor the empty mark "\*" at/,
  );
  // With "-" as the mark, a rank of dashes is eight empty squares.
  assert.equal(
    boardTextToFen(fen2grid("8/8/8/8/8/8/8/8", "-"), { empty: "-" }),
    "8/8/8/8/8/8/8/8",
  );
});

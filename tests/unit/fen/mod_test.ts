import assert from "node:assert/strict";
import fc from "fast-check";
import {
  FenSyntaxError,
  isValidFen,
  parseFen,
  type Position,
  type Square,
  squareIndex,
  stringifyFen,
  tryParseFen,
} from "../../../mod.ts";
import { arbitraryPosition, PROPERTY_RUNS } from "../_arbitraries.ts";

// The PGN standard, section 16.1.4: its five example records.
const STANDARD_EXAMPLES = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
  "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
  "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
  "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39",
];

Deno.test("parseFen() reads the PGN standard's examples strictly and writes them back", () => {
  for (const fen of STANDARD_EXAMPLES) {
    assert.equal(stringifyFen(parseFen(fen, { strict: true })), fen);
  }
});

Deno.test("parseFen() gives each field of the standard's examples its meaning", () => {
  const start = parseFen(STANDARD_EXAMPLES[0]);
  assert.deepEqual(start.board.slice(0, 8), [
    "r",
    "n",
    "b",
    "q",
    "k",
    "b",
    "n",
    "r",
  ]);
  assert.deepEqual(start.board.slice(56), [
    "R",
    "N",
    "B",
    "Q",
    "K",
    "B",
    "N",
    "R",
  ]);
  assert.equal(start.board.filter((p) => p === null).length, 32);
  assert.equal(start.turn, "w");
  assert.deepEqual(start.castling, ["h1", "a1", "h8", "a8"]);
  assert.equal(start.enPassant, null);
  assert.equal(start.halfmoveClock, 0);
  assert.equal(start.fullmoveNumber, 1);

  // 1. e4: the pawn left e2 for e4, Black moves, e3 is the target square.
  const e4 = parseFen(STANDARD_EXAMPLES[1]);
  assert.equal(e4.board[squareIndex("e4")], "P");
  assert.equal(e4.board[squareIndex("e2")], null);
  assert.equal(e4.turn, "b");
  assert.equal(e4.enPassant, "e3");

  // 1... c5: White moves, c6 is the target, the fullmove number is 2.
  const c5 = parseFen(STANDARD_EXAMPLES[2]);
  assert.equal(c5.board[squareIndex("c5")], "p");
  assert.equal(c5.enPassant, "c6");
  assert.equal(c5.fullmoveNumber, 2);

  // 2. Nf3: a knight move, so the halfmove clock is 1 and no target square.
  const nf3 = parseFen(STANDARD_EXAMPLES[3]);
  assert.equal(nf3.board[squareIndex("f3")], "N");
  assert.equal(nf3.board[squareIndex("g1")], null);
  assert.equal(nf3.halfmoveClock, 1);
  assert.equal(nf3.enPassant, null);

  // Two kings, a pawn on e2, 38 full moves played, 5 halfmoves.
  const ending = parseFen(STANDARD_EXAMPLES[4]);
  assert.equal(ending.board.filter((p) => p !== null).length, 3);
  assert.equal(ending.board[squareIndex("e8")], "k");
  assert.equal(ending.board[squareIndex("e2")], "P");
  assert.equal(ending.board[squareIndex("e1")], "K");
  assert.deepEqual(ending.castling, []);
  assert.equal(ending.halfmoveClock, 5);
  assert.equal(ending.fullmoveNumber, 39);
});

interface TrickyFen {
  why: string;
  fen: string;
  lenient: string;
  strict: string;
}

const TRICKY: TrickyFen[] = JSON.parse(
  await Deno.readTextFile(
    new URL("../../testdata/tricky_fens.json", import.meta.url),
  ),
);

function verdict(fen: string, strict: boolean): string {
  const result = tryParseFen(fen, { strict });
  return result.ok
    ? `=${stringifyFen(result.position)}`
    : `${result.error.field}@${result.error.offset}`;
}

Deno.test("parseFen() follows the lenient/strict table for every tricky input", async (t) => {
  assert.ok(TRICKY.length >= 50);
  for (const row of TRICKY) {
    await t.step(row.why, () => {
      assert.equal(verdict(row.fen, false), row.lenient, "lenient");
      assert.equal(verdict(row.fen, true), row.strict, "strict");
      assert.equal(isValidFen(row.fen), row.lenient.startsWith("="));
    });
  }
});

Deno.test("parseFen() errors say what is wrong and where", () => {
  const cases: [string, RegExp][] = [
    [
      "8/8/ppppppppp/8/8/8/8/8",
      /^Cannot parse FEN: rank 6 has 9 squares, expected 8 at column 13$/,
    ],
    ["8/8/8/8/8/8/8/44", /consecutive digits "44" .* at column 15$/],
    [
      "8/8/8/8/x7/8/8/8",
      /^Cannot parse FEN: "x" is not a piece letter .* at column 9$/,
    ],
    [
      "8/8/8/8/8/8/8/8 x",
      /side to move must be "w" or "b", found "x" at column 17$/,
    ],
    [
      "8/8/8/8/8/8/8/8 w - e4",
      /en-passant square e4 cannot follow a double pawn push/,
    ],
    [
      "8/8/8/8/8/8/8/8 w - - -1",
      /halfmove clock must be a nonnegative integer, found "-1"/,
    ],
    ["8/8/8/8/8/8/8/8 w KKq", /castling right for the rook on h1 given twice/],
    ["8/8", /placement has 2 ranks, expected 8/],
    ["8/8/8/8/8/8/8/8 w - \x1b[2J", /found "<U\+001B>\[2J" at column 21$/],
    ["8/8/8/8/8/8/8/8 w - \u200b", /found "<U\+200B>" at column 21$/],
    [
      "8/8/8/8/\u{1F600}/8/8/8",
      /^Cannot parse FEN: "\u{1F600}" is not a piece letter/u,
    ],
    [
      "8/8/8/8/8/8/8/8 w - - 0 " + "1".repeat(10_000_000),
      /fullmove number "1{24}\.\.\." \(10000000 characters\) is too large/,
    ],
  ];
  for (const [fen, message] of cases) {
    assert.throws(() => parseFen(fen), (error: unknown) => {
      assert.ok(error instanceof FenSyntaxError);
      assert.ok(error instanceof SyntaxError);
      assert.equal(error.name, "FenSyntaxError");
      assert.match(error.message, message);
      return true;
    });
  }
});

Deno.test("parseFen() reads Chess960 castling in X-FEN and Shredder-FEN", () => {
  // King on b1, rooks on a1 and d1... and h1: K means the outermost, h1.
  const fen = "1r1k2r1/8/8/8/8/8/8/RK1R3R w KQkq - 0 1";
  const standard = parseFen(fen);
  assert.deepEqual(standard.castling, ["h1", "a1", "h8", "a8"]);
  const x = parseFen(fen, { chess960: true });
  assert.deepEqual(x.castling, ["h1", "a1", "g8", "b8"]);
  // X-FEN's canonical form, as python-chess and chessops write it: the
  // outermost rooks are K and Q wherever they stand.
  assert.equal(stringifyFen(x), "1r1k2r1/8/8/8/8/8/8/RK1R3R w KQkq - 0 1");
  assert.deepEqual(
    parseFen("1r1k2r1/8/8/8/8/8/8/RK1R3R w KQgb - 0 1").castling,
    x.castling,
  );
  assert.equal(
    stringifyFen(x, { castling: "shredder" }),
    "1r1k2r1/8/8/8/8/8/8/RK1R3R w HAgb - 0 1",
  );
  // An inner rook needs its file letter in X-FEN.
  const inner = parseFen("4k3/8/8/8/8/8/8/R2K1RR1 w F - 0 1");
  assert.deepEqual(inner.castling, ["f1"]);
  assert.equal(stringifyFen(inner), "4k3/8/8/8/8/8/8/R2K1RR1 w F - 0 1");
  // The outermost rook off the h-file is K, read back under Chess960 rules.
  const outer = parseFen("4k3/8/8/8/8/8/8/R2K1RR1 w G - 0 1");
  assert.equal(stringifyFen(outer), "4k3/8/8/8/8/8/8/R2K1RR1 w K - 0 1");
  assert.deepEqual(
    parseFen("4k3/8/8/8/8/8/8/R2K1RR1 w K - 0 1", { chess960: true }).castling,
    ["g1"],
  );
});

Deno.test("stringifyFen() writes Chess960 castling as python-chess and chessops do", () => {
  for (
    const [fen, xfen, shredder] of [
      [
        "rnbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/RNBBKRQN w FAfa - 0 1",
        "KQkq",
        "FAfa",
      ],
      [
        "bnrknrqb/pppppppp/8/8/8/8/PPPPPPPP/BNRKNRQB w FCfc - 0 1",
        "KQkq",
        "FCfc",
      ],
      // a rook beyond the castling rook: its file; the outer one stays K/Q
      ["4k3/8/8/8/8/8/8/RR2K1RR w GBA - 0 1", "GBQ", "GBA"],
      // no king: only corner rooks are K and Q (an X-FEN reader's default)
      ["8/8/8/8/8/8/8/1R4R1 w GB - 0 1", "GB", "GB"],
      // a right without its rook keeps the corner letter
      ["4k3/8/8/8/8/8/8/4K3 w HA - 0 1", "KQ", "HA"],
    ]
  ) {
    const position = parseFen(fen);
    const written = stringifyFen(position).split(" ")[2];
    assert.equal(written, xfen, fen);
    assert.equal(
      stringifyFen(position, { castling: "shredder" }).split(" ")[2],
      shredder,
    );
    assert.deepEqual(
      parseFen(stringifyFen(position), { chess960: true }).castling,
      position.castling,
      fen,
    );
  }
});

Deno.test("stringifyFen() refuses what is not a position", () => {
  const position = parseFen(STANDARD_EXAMPLES[0]);
  const bad: [string, Partial<Position>][] = [
    ["short board", { board: position.board.slice(1) }],
    ["bad piece", {
      board: ["X", ...position.board.slice(1)] as Position["board"],
    }],
    ["bad turn", { turn: "x" as "w" }],
    ["bad square", { enPassant: "z9" as Square }],
    ["negative clock", { halfmoveClock: -1 }],
    ["fractional move", { fullmoveNumber: 1.5 }],
    ["castling off the back rank", { castling: ["e4"] }],
  ];
  for (const [why, change] of bad) {
    assert.throws(
      () => stringifyFen({ ...position, ...change }),
      TypeError,
      why,
    );
  }
});

Deno.test("tryParseFen() returns errors and passes other exceptions through", () => {
  const result = tryParseFen("8/8/8/8/8/8/8/8 w - - 0 1 x");
  assert.equal(result.ok, false);
  if (!result.ok) {
    assert.equal(result.error.field, "record");
    assert.equal(result.error.offset, 26);
    assert.equal(result.error.column, 27);
  }
  assert.throws(() => tryParseFen(null as unknown as string), TypeError);
});

Deno.test("property: random positions round-trip through stringifyFen/parseFen", () => {
  fc.assert(
    fc.property(arbitraryPosition(), (position) => {
      const fen = stringifyFen(position);
      assert.deepEqual(parseFen(fen), position);
      assert.equal(stringifyFen(parseFen(fen)), fen);
      // A file letter is written where the board makes K or Q ambiguous;
      // otherwise the record is standard and strict parsing agrees.
      if (/^(-|K?Q?k?q?)$/.test(fen.split(" ")[2])) {
        assert.deepEqual(parseFen(fen, { strict: true }), position);
      }
    }),
    { numRuns: PROPERTY_RUNS },
  );
});

Deno.test("property: Shredder-FEN keeps any back-rank castling rights", () => {
  const backRank = fc.constantFrom(..."abcdefgh").chain((file) =>
    fc.constantFrom(`${file}1`, `${file}8`)
  );
  fc.assert(
    fc.property(
      arbitraryPosition(),
      fc.uniqueArray(backRank, { maxLength: 6 }),
      (position, castling) => {
        const withRights = { ...position, castling: castling as Square[] };
        const fen = stringifyFen(withRights, { castling: "shredder" });
        const back = parseFen(fen);
        assert.deepEqual(new Set(back.castling), new Set(castling));
        assert.equal(stringifyFen(back, { castling: "shredder" }), fen);
      },
    ),
    { numRuns: PROPERTY_RUNS },
  );
});

/** What stringifyFen normalizes in a parsed position. */
function canonical(position: Position): Position {
  const rank = position.turn === "w" ? "6" : "3";
  return {
    ...position,
    enPassant: position.enPassant?.[1] === rank ? position.enPassant : null,
    fullmoveNumber: Math.max(1, position.fullmoveNumber),
  };
}

// Strings made of FEN's own alphabet reach deep into the parser; any
// string at all checks that nothing but FenSyntaxError escapes.
const FEN_ALPHABET = [..."KQRBNPkqrbnp0123456789/ -wbeKQkqHAha36;\t\n+x"];

/** Whether a castling right's square holds a rook of its side. */
function hasItsRook(position: Position, square: string): boolean {
  const index = (56 - (Number(square[1]) - 1) * 8) + square.charCodeAt(0) - 97;
  return position.board[index] === (square[1] === "1" ? "R" : "r");
}

/** Whether a right is on the a- or h-file (KQkq read alike in both rules). */
function onCornerFile(square: string): boolean {
  return square[0] === "a" || square[0] === "h";
}

/**
 * Parses `text` and checks that nothing but FenSyntaxError escapes and that
 * what parses is written back in canonical form (fullmove 0 as 1, an
 * en-passant square the side to move cannot use as -). Returns whether it
 * parsed.
 */
function checkParse(text: string, strict: boolean): boolean {
  try {
    const position = parseFen(text, { strict });
    const fen = stringifyFen(position);
    assert.equal(stringifyFen(parseFen(fen)), fen);
    // The castling field is written in X-FEN: K and Q for the outermost
    // rooks wherever they stand. Standard reading takes K and Q for the h-
    // and a-file, so it gives every right back when all are on those files;
    // Chess960 (X-FEN) reading gives them back when every right has its rook
    // (a right without one keeps its KQkq).
    const standard = parseFen(fen);
    if (position.castling.every(onCornerFile)) {
      assert.deepEqual(standard, canonical(position));
    } else {
      assert.deepEqual(standard, {
        ...canonical(position),
        castling: standard.castling,
      });
    }
    if (position.castling.every((square) => hasItsRook(position, square))) {
      assert.deepEqual(
        parseFen(fen, { chess960: true }).castling,
        position.castling,
      );
    }
    return true;
  } catch (error) {
    if (!(error instanceof FenSyntaxError)) throw error;
    assert.ok(error.offset >= 0 && error.offset <= text.length);
    assert.equal(error.column, error.offset + 1);
    return false;
  }
}

Deno.test("property: parseFen() throws only FenSyntaxError, in both modes", () => {
  const inputs = fc.oneof(
    fc.string({ unit: "binary", maxLength: 80 }),
    fc.string({ unit: fc.constantFrom(...FEN_ALPHABET), maxLength: 90 }),
    arbitraryPosition().chain((p) =>
      fc.tuple(fc.nat(80), fc.constantFrom(...FEN_ALPHABET)).map(([at, c]) => {
        const fen = stringifyFen(p);
        return fen.slice(0, at) + c + fen.slice(at + 1);
      })
    ),
  );
  let valid = 0;
  fc.assert(
    fc.property(inputs, fc.boolean(), (text, strict) => {
      if (checkParse(text, strict)) valid++;
    }),
    { numRuns: 4 * PROPERTY_RUNS },
  );
  assert.ok(valid > 0, "some mutated records stay valid");
});

Deno.test("parseFen(): a right off the corner files round-trips under Chess960 reading (a property run's find)", () => {
  // fast-check seed -869345938: "KBkq" read leniently under standard rules
  // is h1, b1, h8, a8; the b1 rook is the outermost, so X-FEN writes Q.
  const text =
    "2R1p3/K4r1b/p1B1q1r1/6b1/NP1K1R1N/R5bn/RN3n2/1R1K1B2 w KBkq f6 159 342";
  assert.ok(checkParse(text, false));
  const position = parseFen(text);
  assert.deepEqual(position.castling, ["h1", "b1", "h8", "a8"]);
  const fen = stringifyFen(position);
  assert.equal(fen.split(" ")[2], "KQkq");
  assert.deepEqual(
    parseFen(fen, { chess960: true }).castling,
    position.castling,
  );
});

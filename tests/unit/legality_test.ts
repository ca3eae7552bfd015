import assert from "node:assert/strict";
import { parseFen, stringifyFen } from "../../lib/fen/mod.ts";
import {
  checkPosition,
  isLegalPosition,
  PositionChecker,
  PROBLEM_CODES,
  PROBLEM_SEVERITY,
  type ProblemCode,
} from "../../lib/legality/mod.ts";

interface Case {
  fen: string;
  chess960?: boolean;
  codes: ProblemCode[];
  note: string;
}

const TABLE: Case[] = JSON.parse(
  await Deno.readTextFile(
    new URL("../testdata/illegal_positions.json", import.meta.url),
  ),
);

function options(chess960: boolean | undefined) {
  return chess960 === undefined ? {} : { chess960 };
}

function codesOf(fen: string, chess960?: boolean): ProblemCode[] {
  return checkPosition(parseFen(fen, options(chess960)), options(chess960))
    .map((p) => p.code);
}

/** The codes only variants report (tests/unit/legality_variants_test.ts). */
const VARIANT_CODES: ReadonlySet<ProblemCode> = new Set([
  "race-check",
  "race-over",
  "race-material",
  "bad-pockets",
  "bad-check-counters",
]);
const CHESS_CODES = PROBLEM_CODES.filter((code) => !VARIANT_CODES.has(code));

// Legal positions, several of them close to the edge of each rule.
const LEGAL: [string, boolean?][] = [
  ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
  ["rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"],
  ["rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"],
  ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"],
  // A knight's check from d6 uncovers the queen on e1 (double check).
  ["4k3/8/3N4/8/8/8/8/4Q1K1 b - - 0 1"],
  // exd6 en passant: the pawn checks and uncovers the rook on e1.
  ["8/4k3/3P4/8/8/8/8/4R1K1 b - - 0 1"],
  // Castling kingside gives check from f1.
  ["5k2/8/8/8/8/8/8/5RK1 b - - 1 1"],
  // A promotion to a knight on c8 that gives check.
  ["2N5/k7/8/8/8/8/8/4K3 b - - 0 1"],
  // Eight pawns, a second queen is not allowed, but seven pawns allow it.
  ["4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1"],
  ["4k3/8/8/8/8/8/8/4K3 w - - 8 5"],
  ["nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1", true],
  ["bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true],
];

Deno.test("the table: every hand-made position gives exactly its codes", () => {
  for (const { fen, chess960, codes } of TABLE) {
    assert.deepEqual(codesOf(fen, chess960), codes, fen);
  }
});

Deno.test("every code has a position that triggers it", () => {
  const triggered = new Set(TABLE.flatMap((c) => c.codes));
  for (const code of CHESS_CODES) assert.ok(triggered.has(code), code);
});

Deno.test("legal positions are quiet: no code at all", () => {
  for (const [fen, chess960] of LEGAL) {
    assert.deepEqual(codesOf(fen, chess960), [], fen);
    assert.equal(isLegalPosition(parseFen(fen, options(chess960))), true);
  }
});

Deno.test("each code is quiet on the legal twin of a position that has it", () => {
  // One pair per code: the illegal position and the nearest legal one.
  const pairs: [ProblemCode, string, string][] = [
    [
      "empty-board",
      "8/8/8/8/8/8/8/8 w - - 0 1",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ],
    ["no-king", "8/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"],
    [
      "too-many-kings",
      "4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
      "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
    ],
    [
      "pawn-on-back-rank",
      "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
      "4k3/7P/8/8/8/8/8/4K3 w - - 0 1",
    ],
    [
      "too-many-pawns",
      "4k3/8/8/P7/PPPPPPPP/8/8/4K3 w - - 0 1",
      "4k3/8/8/8/PPPPPPPP/8/8/4K3 w - - 0 1",
    ],
    [
      "too-many-pieces",
      "RNBQQBNR/PPPPPPPP/8/8/8/8/8/4k2K w - - 0 1",
      "RNBQ1BNR/PPPPPPPP/8/8/8/8/8/4k2K w - - 0 1",
    ],
    [
      "too-many-promotions",
      "4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1",
      "4k3/8/8/8/8/8/PPPPPPPP/BB2K3 w - - 0 1",
    ],
    [
      "bad-castling-rights",
      "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1",
      "r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1",
    ],
    [
      "bad-en-passant",
      "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
      "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
    ],
    [
      "opposite-check",
      "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
      "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
    ],
    [
      "too-many-checkers",
      "4k3/8/5N2/1B6/8/8/8/4R1K1 b - - 0 1",
      "4k3/8/5N2/8/8/8/8/4R1K1 b - - 0 1",
    ],
    [
      "impossible-check",
      "8/8/8/8/8/2k5/3P4/3K4 b - - 0 1",
      "8/8/8/8/2k5/3P4/8/3K4 b - - 0 1",
    ],
    [
      "en-passant-clock",
      "4k3/8/8/8/3pP3/8/8/4K3 b - e3 3 40",
      "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 40",
    ],
    [
      "pointless-en-passant",
      "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
      "8/8/8/8/k2pP3/8/8/4K2R b - e3 0 1",
    ],
    [
      "halfmove-clock-too-large",
      "4k3/8/8/8/8/8/8/4K3 w - - 10 3",
      "4k3/8/8/8/8/8/8/4K3 b - - 5 3",
    ],
  ];
  assert.deepEqual(pairs.map(([code]) => code), CHESS_CODES);
  for (const [code, bad, good] of pairs) {
    assert.ok(codesOf(bad).includes(code), `${code}: ${bad}`);
    assert.deepEqual(codesOf(good), [], `${code}: ${good}`);
  }
});

Deno.test("problems carry severity, squares and a message", () => {
  for (const { fen, chess960 } of TABLE) {
    const position = parseFen(fen, options(chess960));
    for (const problem of checkPosition(position, options(chess960))) {
      assert.equal(problem.severity, PROBLEM_SEVERITY[problem.code]);
      assert.ok(problem.message.length > 10);
      for (const square of problem.squares) {
        assert.match(square, /^[a-h][1-8]$/);
      }
    }
    const errors = checkPosition(position, options(chess960))
      .filter((p) => p.severity === "error");
    assert.equal(
      isLegalPosition(position, options(chess960)),
      errors.length === 0,
    );
  }
  const [check] = checkPosition(
    parseFen("4k3/8/5N2/1B6/8/8/8/4R1K1 b - - 0 1"),
  );
  assert.deepEqual(check.squares, ["e8", "e1", "b5", "f6"]);
  assert.match(check.message, /3 pieces/);
  const [ep] = checkPosition(parseFen("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1"));
  assert.deepEqual(ep.squares, ["e6", "e7"]);
});

Deno.test("all problems are reported at once, in PROBLEM_CODES order", () => {
  const problems = checkPosition(
    parseFen("P3k3/8/8/8/8/8/8/4R1K1 w Qk e3 7 1"),
  );
  assert.deepEqual(problems.map((p) => p.code), [
    "pawn-on-back-rank",
    "bad-castling-rights",
    "bad-castling-rights",
    "bad-en-passant",
    "opposite-check",
    "en-passant-clock",
    "halfmove-clock-too-large",
  ]);
  const order = problems.map((p) => PROBLEM_CODES.indexOf(p.code));
  assert.deepEqual(order, [...order].sort((a, b) => a - b));
});

Deno.test("ignore drops chosen codes, and isLegalPosition follows", () => {
  const position = parseFen("4k3/8/8/8/8/8/8/4R1K1 w K - 12 1");
  assert.deepEqual(checkPosition(position).map((p) => p.code), [
    "bad-castling-rights",
    "opposite-check",
    "halfmove-clock-too-large",
  ]);
  assert.equal(isLegalPosition(position), false);
  assert.deepEqual(
    checkPosition(position, { ignore: ["opposite-check"] }).map((p) => p.code),
    ["bad-castling-rights", "halfmove-clock-too-large"],
  );
  assert.equal(
    isLegalPosition(position, { ignore: ["opposite-check"] }),
    false,
  );
  assert.equal(
    isLegalPosition(position, {
      ignore: ["opposite-check", "bad-castling-rights"],
    }),
    true,
  );
  // Warnings never make a position illegal.
  assert.equal(
    isLegalPosition(parseFen("4k3/8/8/8/4P3/8/8/4K3 b - e3 9 1")),
    true,
  );
});

Deno.test("the board must be 64 squares", () => {
  const position = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  assert.throws(
    () => checkPosition({ ...position, board: position.board.slice(1) }),
    TypeError,
  );
});

Deno.test("Chess960: rights follow the option, or the rooks' files", () => {
  const fen = "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1";
  const position = parseFen(fen, { chess960: true });
  assert.deepEqual(position.castling, ["g1", "b1", "g8", "b8"]);
  // Rights on b and g can only be Chess960: inferred when unset.
  assert.deepEqual(codesOf(fen, true), []);
  assert.deepEqual(checkPosition(position), []);
  assert.deepEqual(
    checkPosition(position, { chess960: false }).map((p) => p.code),
    Array(4).fill("bad-castling-rights"),
  );
  // Rooks on a and h with the king on b: standard rules unless told.
  const corner = "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1";
  assert.deepEqual(codesOf(corner), Array(4).fill("bad-castling-rights"));
  assert.deepEqual(codesOf(corner, true), []);
  // In Chess960 the king starts on b to g, so never castles from a or h.
  assert.deepEqual(codesOf("4k3/8/8/8/8/8/8/K6R w H - 0 1", true), [
    "bad-castling-rights",
  ]);
  // One rook a side: two rights on the king's h-side are reported once.
  const doubled = checkPosition(
    parseFen("4k3/8/8/8/8/8/8/4KRRR w HG - 0 1"),
    { chess960: true },
  );
  assert.deepEqual(doubled.map((p) => p.squares), [["h1", "g1", "e1"]]);
  // A rook that is not outermost keeps its right (X-FEN writes its file).
  assert.deepEqual(
    codesOf("1r1kr1r1/8/8/8/8/8/8/1R1KR1R1 w EBeb - 0 1", true),
    [],
  );
});

Deno.test("Chess960 castling round-trips in X-FEN and Shredder-FEN", () => {
  const cases: [string, string[], string][] = [
    // [X-FEN, rook squares, Shredder-FEN castling]
    [
      "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1",
      ["g1", "b1", "g8", "b8"],
      "GBgb",
    ],
    [
      "1r1kr1r1/8/8/8/8/8/8/1R1KR1R1 w EQeq - 0 1",
      ["e1", "b1", "e8", "b8"],
      "EBeb",
    ],
    ["rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", ["h1", "a1", "h8", "a8"], "HAha"],
    ["4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", ["b1"], "B"],
  ];
  for (const [xfen, rooks, shredder] of cases) {
    const position = parseFen(xfen, { chess960: true });
    assert.deepEqual(position.castling, rooks, xfen);
    assert.deepEqual(checkPosition(position, { chess960: true }), [], xfen);
    const written = stringifyFen(position, { castling: "shredder" });
    assert.equal(written.split(" ")[2], shredder);
    // Shredder letters are read in either mode (the rules are the mode's).
    assert.deepEqual({ ...parseFen(written), rules: "chess960" }, position);
    assert.deepEqual(parseFen(written, { chess960: true }), position);
    // X-FEN (the default) reads back to the same rooks.
    const x = stringifyFen(position);
    assert.deepEqual(parseFen(x, { chess960: true }), position, x);
    assert.equal(stringifyFen(parseFen(x, { chess960: true })), x);
  }
  // The same X-FEN letters mean the outermost rooks in Chess960 and the
  // corners in standard chess.
  const xfen = "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1";
  assert.deepEqual(parseFen(xfen).castling, ["h1", "a1", "h8", "a8"]);
  assert.deepEqual(
    checkPosition(parseFen(xfen)).map((p) => p.code),
    Array(4).fill("bad-castling-rights"),
  );
});

Deno.test("standard KQkq is unchanged", () => {
  const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const position = parseFen(fen);
  assert.deepEqual(position.castling, ["h1", "a1", "h8", "a8"]);
  assert.equal(stringifyFen(position), fen);
  assert.equal(
    stringifyFen(position, { castling: "shredder" }),
    "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
  );
  assert.deepEqual(checkPosition(position), []);
  assert.deepEqual(checkPosition(position, { chess960: true }), []);
});

Deno.test("each side's too-many-pawns comes before either too-many-pieces", () => {
  // Nine pawns and seventeen pieces a side: codes in PROBLEM_CODES order,
  // White before Black within a code.
  const fen = "rnbqqbnr/pppppppp/p7/8/8/P7/PPPPPPPP/RNBQQBNR w - - 0 1";
  const problems = checkPosition(parseFen(fen)).filter((p) =>
    p.code === "too-many-pawns" || p.code === "too-many-pieces"
  );
  assert.deepEqual(problems.map((p) => `${p.code} ${p.message.slice(0, 5)}`), [
    "too-many-pawns White",
    "too-many-pawns Black",
    "too-many-pieces White",
    "too-many-pieces Black",
  ]);
});

Deno.test("PositionChecker finds what checkPosition finds", () => {
  const plain = new PositionChecker();
  const standard = new PositionChecker({ chess960: false });
  const chess960 = new PositionChecker({ chess960: true });
  for (const { fen, chess960: mode } of TABLE) {
    const position = parseFen(fen, options(mode));
    const checker = mode === undefined ? plain : mode ? chess960 : standard;
    assert.deepEqual(
      [...checker.check(position)],
      checkPosition(position, options(mode)),
      fen,
    );
    assert.equal(
      checker.isLegal(position),
      isLegalPosition(position, options(mode)),
      fen,
    );
  }
});

Deno.test("PositionChecker reuses its result array", () => {
  const checker = new PositionChecker();
  const legal = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const first = checker.check(legal);
  assert.deepEqual(first, []);
  assert.equal(checker.check(legal), first);
  // The next call overwrites a result: copy it to keep it.
  const noKing = checker.check(parseFen("8/8/8/8/8/8/8/4K3 w - - 0 1"));
  const kept = [...noKing];
  assert.deepEqual(kept.map((p) => p.code), ["no-king"]);
  checker.check(legal);
  assert.equal(noKing.length, 0);
  assert.equal(kept[0].code, "no-king");
  // checkPosition's result is the caller's own.
  const mine = checkPosition(legal);
  assert.notEqual(mine, checkPosition(legal));
});

Deno.test("PositionChecker keeps the options it was made with", () => {
  const ignore: ProblemCode[] = ["no-king"];
  const checker = new PositionChecker({ ignore });
  ignore.push("halfmove-clock-too-large");
  const position = parseFen("8/8/8/8/8/8/8/4K3 w - - 9 1");
  assert.deepEqual(checker.check(position).map((p) => p.code), [
    "halfmove-clock-too-large",
  ]);
  assert.equal(checker.isLegal(position), true);
  assert.throws(
    () => checker.check({ ...position, board: position.board.slice(1) }),
    TypeError,
  );
});

Deno.test("ignore skips codes it does not know", () => {
  const position = parseFen("8/8/8/8/8/8/8/8 w - - 0 1");
  const unknown = ["toString", "constructor", "no-such-code"];
  assert.deepEqual(
    checkPosition(position, { ignore: unknown as ProblemCode[] }).map((p) =>
      p.code
    ),
    ["empty-board", "no-king", "no-king"],
  );
});

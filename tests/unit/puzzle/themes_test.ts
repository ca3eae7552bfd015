// puzzleThemes against lichess-puzzler's tagger: every case of its tests
// (tests/testdata/puzzles/tagger_cases.json, whose header names the
// source) gets the themes cook.py gives it, and each check its test calls
// answers as the test asserts; then one line per theme the tests never
// show (the named mates, the endgame kinds, en passant, castling, the eval
// classes), their themes as cook.py gives them.

import assert from "node:assert/strict";
import { FenSyntaxError, MoveError, puzzleThemes } from "../../../mod.ts";
import { ChessBoard } from "../../../lib/chess/board.ts";
import { loadPosition } from "../../../lib/chess/convert.ts";
import { ROOK, squareOf } from "../../../lib/chess/geometry.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import { PuzzleBoard } from "../../../lib/puzzle/_board.ts";
import {
  kingsideAttack,
  pieceEndgame,
  queensideAttack,
  underPromotion,
} from "../../../lib/puzzle/_kinds.ts";
import { replay, type Replayed } from "../../../lib/puzzle/_line.ts";
import { backRankMate } from "../../../lib/puzzle/_mates.ts";
import {
  advancedPawn,
  attraction,
  capturingDefender,
  checkEscape,
  defensiveMove,
  deflection,
  interference,
  intermezzo,
  quietMove,
  sacrifice,
} from "../../../lib/puzzle/_motifs.ts";
import {
  collinearMove,
  discoveredAttack,
  fork,
  hangingPiece,
  pinPreventsAttack,
  pinPreventsEscape,
  skewer,
  trappedPiece,
  xRayAttack,
} from "../../../lib/puzzle/_tactics.ts";
import { isTrapped } from "../../../lib/puzzle/_value.ts";

interface TaggerCase {
  id: string;
  fen: string;
  moves: string;
  /** The function of cook.py the test calls (`cook` for the whole tagger). */
  check: string;
  theme: string;
  expected: boolean;
  themes: string[];
}

interface TrappedCase {
  fen: string;
  square: string;
  expected: boolean;
}

const FIXTURE = JSON.parse(
  await Deno.readTextFile(
    new URL("../../testdata/puzzles/tagger_cases.json", import.meta.url),
  ),
) as { cases: TaggerCase[]; trapped: TrappedCase[] };

/** The cp the tagger's tests give every case. */
const TEST_CP = 999999998;

function lineOf(c: TaggerCase): { fen: string; moves: string[]; cp: number } {
  return { fen: c.fen, moves: c.moves.split(" "), cp: TEST_CP };
}

/** cook.py's functions the tests call, by name, as ours. */
const CHECKS: Record<string, (r: Replayed) => boolean> = {
  attraction,
  sacrifice,
  defensive_move: defensiveMove,
  check_escape: checkEscape,
  capturing_defender: capturingDefender,
  fork,
  trapped_piece: trappedPiece,
  discovered_attack: discoveredAttack,
  deflection,
  skewer,
  interference,
  x_ray: xRayAttack,
  quiet_move: quietMove,
  pin_prevents_attack: pinPreventsAttack,
  pin_prevents_escape: pinPreventsEscape,
  hanging_piece: hangingPiece,
  advanced_pawn: advancedPawn,
  piece_endgame: (r) => pieceEndgame(r, ROOK),
  intermezzo,
  back_rank_mate: backRankMate,
  kingside_attack: kingsideAttack,
  queenside_attack: queensideAttack,
  under_promotion: underPromotion,
  collinear: collinearMove,
};

Deno.test("tagger cases: all 121 of lichess-puzzler's tagger tests are read", () => {
  assert.equal(FIXTURE.cases.length, 121);
  assert.equal(new Set(FIXTURE.cases.map((c) => c.id)).size, 114);
});

Deno.test("puzzleThemes: every tagger test case gets exactly the themes cook.py gives it", () => {
  const wrong: string[] = [];
  for (const c of FIXTURE.cases) {
    const got = puzzleThemes(lineOf(c));
    if (JSON.stringify(got) !== JSON.stringify(c.themes)) {
      wrong.push(`${c.id}: ${got.join(" ")} (cook.py: ${c.themes.join(" ")})`);
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("tagger checks: each test case's check answers as lichess-puzzler's test asserts", () => {
  const wrong: string[] = [];
  for (const c of FIXTURE.cases) {
    const line = lineOf(c);
    const answer = c.check === "cook"
      ? puzzleThemes(line).includes(c.theme)
      : CHECKS[c.check](replay(line));
    if (answer !== c.expected) wrong.push(`${c.id} ${c.check}: ${answer}`);
  }
  assert.deepEqual(wrong, []);
});

Deno.test("tagger checks: every check the tests call has a positive and a negative case", () => {
  const seen = new Map<string, Set<boolean>>();
  for (const c of FIXTURE.cases) {
    const answers = seen.get(c.check) ?? new Set();
    answers.add(c.expected);
    seen.set(c.check, answers);
  }
  // The tests' checks with one side only: a gap of the source, kept visible.
  const oneSided = [...seen].filter(([, a]) => a.size < 2).map(([n]) => n);
  assert.deepEqual(oneSided.sort(), [
    "check_escape",
    "cook",
    "defensive_move",
    "hanging_piece",
    "quiet_move",
    "x_ray",
  ]);
});

Deno.test("isTrapped: the tagger's util tests, a piece with nowhere safe to go", () => {
  for (const c of FIXTURE.trapped) {
    const board = new ChessBoard();
    loadPosition(board, parseFen(c.fen));
    const got = isTrapped(new PuzzleBoard(board), squareOf(c.square));
    assert.equal(got, c.expected, `${c.fen} ${c.square}`);
  }
});

/** Lines written for the themes the tagger's tests never show. */
const OWN: {
  name: string;
  fen: string;
  moves: string;
  cp: number;
  themes: string[];
}[] = [
  {
    name: "smothered mate: a knight mates a king walled in by its own pieces",
    fen: "6rk/p5pp/8/6N1/8/8/8/6K1 b - - 0 1",
    moves: "a7a6 g5f7",
    cp: 999999999,
    themes: ["mate", "mateIn1", "oneMove", "smotheredMate"],
  },
  {
    name: "back-rank mate: a rook on the back rank, the king's pawns before it",
    fen: "6k1/1p3ppp/8/8/8/8/8/R5K1 b - - 0 1",
    moves: "b7b6 a1a8",
    cp: 999999999,
    themes: ["backRankMate", "mate", "mateIn1", "oneMove", "rookEndgame"],
  },
  {
    name: "Anastasia's mate: a rook on the edge file, a knight three files in",
    fen: "8/p3N1pk/8/8/8/8/8/K2R4 b - - 0 1",
    moves: "a7a6 d1h1",
    cp: 999999999,
    themes: ["anastasiaMate", "mate", "mateIn1", "oneMove"],
  },
  {
    name: "hook mate: a rook guarded by a knight guarded by a pawn",
    fen: "R7/p5pk/6N1/6PP/8/8/8/6K1 b - - 0 1",
    moves: "a7a6 a8h8",
    cp: 999999999,
    themes: ["hookMate", "mate", "mateIn1", "oneMove"],
  },
  {
    name: "Arabian mate: a rook beside the cornered king, a knight behind it",
    fen: "7k/pR6/5N2/8/8/8/8/K7 b - - 0 1",
    moves: "a7a6 b7h7",
    cp: 999999999,
    themes: ["arabianMate", "mate", "mateIn1", "oneMove"],
  },
  {
    name: "Boden's mate: two bishops on crossing diagonals",
    fen: "2kr4/3p3p/8/8/5B2/3B4/8/6K1 b - - 0 1",
    moves: "h7h6 d3a6",
    cp: 999999999,
    themes: ["bodenMate", "mate", "mateIn1", "oneMove"],
  },
  {
    name: "double bishop mate: two bishops from one side",
    fen: "7k/p6p/8/8/2B5/B7/8/4K3 b - - 0 1",
    moves: "a7a6 a3b2",
    cp: 999999999,
    themes: ["bishopEndgame", "doubleBishopMate", "mate", "mateIn1", "oneMove"],
  },
  {
    name: "dovetail mate: a guarded queen diagonal to the king",
    fen: "4rb2/p3kp2/8/2P5/8/8/8/3Q3K b - - 0 1",
    moves: "a7a6 d1d6",
    cp: 999999999,
    themes: ["dovetailMate", "mate", "mateIn1", "oneMove"],
  },
  {
    name: "en passant, in a pawn endgame",
    fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
    moves: "d7d5 e5d6",
    cp: 999999998,
    themes: ["crushing", "enPassant", "oneMove", "pawnEndgame"],
  },
  {
    name: "castling, in a rook endgame",
    fen: "4k3/p7/8/8/8/8/8/4K2R b K - 0 1",
    moves: "a7a6 e1g1",
    cp: 700,
    themes: ["castling", "crushing", "defensiveMove", "oneMove", "rookEndgame"],
  },
  {
    name: "a queen endgame",
    fen: "4k3/p7/8/8/8/8/8/3QK3 b - - 0 1",
    moves: "a7a6 d1d7",
    cp: 700,
    themes: ["crushing", "oneMove", "queenEndgame"],
  },
  {
    name: "a bishop endgame, advantage (cp 300)",
    fen: "4k3/p7/8/8/8/8/8/2B1K3 b - - 0 1",
    moves: "a7a6 c1g5",
    cp: 300,
    themes: ["advantage", "bishopEndgame", "defensiveMove", "oneMove"],
  },
  {
    name: "a knight endgame, equality (cp 100)",
    fen: "4k3/p7/8/8/8/8/8/1N2K3 b - - 0 1",
    moves: "a7a6 b1c3",
    cp: 100,
    themes: ["defensiveMove", "equality", "knightEndgame", "oneMove"],
  },
];

for (const own of OWN) {
  Deno.test(`puzzleThemes: ${own.name}`, () => {
    const themes = puzzleThemes({
      fen: own.fen,
      moves: own.moves.split(" "),
      cp: own.cp,
    });
    assert.deepEqual(themes, own.themes);
  });
}

Deno.test("puzzleThemes: the eval's class changes above 200 and above 600 cp", () => {
  const line = { fen: OWN[12].fen, moves: OWN[12].moves.split(" ") };
  const classOf = (cp: number) =>
    puzzleThemes({ ...line, cp }).find((t) =>
      t === "equality" || t === "advantage" || t === "crushing"
    );
  assert.deepEqual([200, 201, 600, 601].map(classOf), [
    "equality",
    "advantage",
    "advantage",
    "crushing",
  ]);
});

Deno.test("puzzleThemes: a mate is tagged from the board, whatever the cp", () => {
  const themes = puzzleThemes({
    fen: OWN[0].fen,
    moves: OWN[0].moves.split(" "),
    cp: 0,
  });
  assert.ok(themes.includes("mate") && !themes.includes("equality"));
});

Deno.test("puzzleThemes: refuses a bad FEN, an illegal move and a line of one move", () => {
  assert.throws(
    () => puzzleThemes({ fen: "8/8/8/8/8/8/8/44 w - - 0 1", moves: [], cp: 0 }),
    FenSyntaxError,
  );
  assert.throws(
    () => puzzleThemes({ fen: OWN[0].fen, moves: ["a7a6", "g5g8"], cp: 0 }),
    MoveError,
  );
  assert.throws(
    () => puzzleThemes({ fen: OWN[0].fen, moves: ["a7a6"], cp: 0 }),
    RangeError,
  );
});

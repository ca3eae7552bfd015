// Legality per variant: what each variant allows that standard chess does
// not, what it forbids, in its own words; and how its own rule ends a game.

import assert from "node:assert/strict";
import {
  checkPosition,
  parseFen,
  PositionChecker,
  PROBLEM_CODES,
  type ProblemCode,
  type Rules,
} from "../../mod.ts";

/** The codes of `fen` (read under `read`, default `rules`) judged by `rules`. */
function codesOf(
  fen: string,
  rules: Rules,
  read: Rules = rules,
): ProblemCode[] {
  return checkPosition(parseFen(fen, { rules: read }), { rules }).map((p) =>
    p.code
  );
}

Deno.test("each variant code, and its legal twin", () => {
  const pairs: [ProblemCode, Rules, string, string][] = [
    [
      "race-check",
      "racingkings",
      "8/R7/8/8/8/8/krbnNB1K/qrbnNBRQ b - - 0 1",
      "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    ],
    [
      "race-over",
      "racingkings",
      "k6K/8/8/8/8/8/1rbnNBR1/qrbnNBRQ b - - 0 1",
      "k6K/8/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1",
    ],
    [
      "race-material",
      "racingkings",
      "8/8/8/8/8/8/krbnNBRK/qrbnNBQQ w - - 0 1",
      "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    ],
    [
      "bad-pockets",
      "crazyhouse",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[k] w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[q] w KQkq - 0 1",
    ],
    [
      "bad-check-counters",
      "threecheck",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 40 +3+3",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 40 +2+3",
    ],
  ];
  const variantCodes = PROBLEM_CODES.filter((code) =>
    code.startsWith("race-") || code === "bad-pockets" ||
    code === "bad-check-counters"
  );
  assert.deepEqual(pairs.map(([code]) => code), variantCodes);
  for (const [code, rules, bad, good] of pairs) {
    assert.ok(codesOf(bad, rules).includes(code), `${code}: ${bad}`);
    assert.deepEqual(codesOf(good, rules), [], `${code}: ${good}`);
    // standard chess never says it
    assert.ok(!codesOf(good, "chess", rules).includes(code));
  }
});

Deno.test("what each variant allows that standard chess does not", () => {
  const allowed: [Rules, string, ProblemCode[]][] = [
    // horde: 36 pawns, some on rank 1, and no white king
    [
      "horde",
      "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
      ["no-king", "pawn-on-back-rank", "too-many-pawns", "too-many-pieces"],
    ],
    // antichess: no king, or three of them
    ["antichess", "8/8/8/8/8/8/8/KKK4k w - - 0 1", ["too-many-kings"]],
    ["antichess", "8/8/8/8/8/8/8/7k w - - 0 1", ["no-king"]],
    // atomic: kings side by side; the side to move's king exploded
    ["atomic", "8/8/8/8/8/8/8/Kk6 w - - 0 1", ["opposite-check"]],
    ["atomic", "8/8/8/8/8/8/8/k7 w - - 0 1", ["no-king"]],
    // crazyhouse: a side with 9 pawns and 17 men, the other short of them
    [
      "crazyhouse",
      "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
        .replace("/pppppppp/", "/ppppppp1/"),
      ["too-many-pawns", "too-many-pieces"],
    ],
  ];
  for (const [rules, fen, standard] of allowed) {
    const chess = codesOf(fen, "chess", rules);
    for (const code of standard) {
      assert.ok(chess.includes(code), `${fen} ${code}`);
    }
    assert.deepEqual(codesOf(fen, rules), [], `${rules}: ${fen}`);
  }
  // horde: a black pawn on rank 1 or a pawn on rank 8 is still wrong
  assert.deepEqual(
    codesOf("rnbqkbnr/ppppppp1/8/8/8/8/8/PPPPPPPp b kq - 0 1", "horde"),
    ["pawn-on-back-rank"],
  );
});

Deno.test("variantEnd(): each variant's own end, or none", () => {
  const ends: [Rules, string, string | null][] = [
    ["kingofthehill", "8/8/8/3k4/8/8/8/4K3 w - - 0 1", "b"],
    ["kingofthehill", "8/8/8/8/8/8/8/4K2k w - - 0 1", null],
    ["threecheck", "4k3/8/8/8/8/8/8/4K3 b - - 0 9 +0+3", "b"],
    ["atomic", "8/8/8/8/8/8/8/K7 b - - 0 1", "w"],
    ["antichess", "8/8/8/8/8/8/8/7k b - - 0 1", null],
    ["antichess", "8/8/8/8/8/8/8/7k w - - 0 1", "w"],
    ["horde", "4k3/8/8/8/8/8/8/8 w - - 0 1", "b"],
    ["racingkings", "7K/8/8/8/8/8/k7/8 b - - 0 1", "w"],
    ["racingkings", "7K/k7/8/8/8/8/8/8 b - - 0 1", null],
    ["racingkings", "k6K/8/8/8/8/8/8/8 w - - 0 1", "draw"],
    ["crazyhouse", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", null],
    ["chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", null],
  ];
  for (const [rules, fen, winner] of ends) {
    const checker = new PositionChecker({ rules });
    checker.check(parseFen(fen, { rules }));
    const end = checker.variantEnd();
    assert.equal(
      end === null ? null : end.winner ?? "draw",
      winner,
      `${rules}: ${fen}`,
    );
  }
});

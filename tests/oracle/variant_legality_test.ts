// Variant legality against python-chess: positions of random games of each
// lichess variant, and those positions changed at random (a piece added or
// removed, the other side to move), judged by python-chess's variant
// boards (status()) and by checkPosition under the same rules. The census
// problems must agree code for code: kings, pawns, pieces, back-rank pawns,
// castling rights, the side not to move in check, racing kings' rules.
// (En passant and the checks a last move can give are judged more finely
// here than by python-chess, as for standard chess: see docs/legality.md.)

import assert from "node:assert/strict";
import {
  checkPosition,
  parseFen,
  PositionChecker,
  type ProblemCode,
  type Rules,
} from "../../mod.ts";
import { judgedPositions } from "./_variant_positions.ts";

/** python-chess's status bits, by the code that says the same here. */
const BITS: readonly [ProblemCode, number][] = [
  ["no-king", 1 << 0 | 1 << 1],
  ["too-many-kings", 1 << 2],
  ["too-many-pawns", 1 << 3 | 1 << 4],
  ["pawn-on-back-rank", 1 << 5],
  ["too-many-pieces", 1 << 6 | 1 << 7],
  ["bad-castling-rights", 1 << 8],
  ["opposite-check", 1 << 10],
  ["empty-board", 1 << 11],
  ["race-check", 1 << 12],
  ["race-over", 1 << 13],
  ["race-material", 1 << 14],
];

Deno.test("variant legality: the census problems python-chess finds, and no others", async () => {
  const positions = await judgedPositions(12);
  if ("skip" in positions) {
    console.log(`skipped: ${positions.skip}`);
    return;
  }
  const tally = new Map<string, { n: number; invalid: number }>();
  const disagreements: string[] = [];
  for (const judged of positions) {
    const rules = judged.variant;
    const position = parseFen(judged.fen, { rules });
    const ours = new Set(
      checkPosition(position, { rules }).filter((p) => p.severity === "error")
        .map((p) => p.code),
    );
    const theirs = new Set(
      BITS.filter(([, bits]) => (judged.status & bits) !== 0).map(([c]) => c),
    );
    const compared = new Set(BITS.map(([code]) => code));
    // python-chess counts kings over both sides (more than two), so a horde
    // Black with two kings passes there: a documented difference.
    if (
      rules === "horde" &&
      position.board.filter((piece) => piece === "k").length > 1
    ) {
      ours.delete("too-many-kings");
    }
    const mine = [...ours].filter((code) => compared.has(code)).sort();
    const peer = [...theirs].sort();
    if (mine.join() !== peer.join()) {
      disagreements.push(
        `${rules} ${judged.fen}: ours ${mine} python-chess ${peer}`,
      );
    }
    const t = tally.get(rules) ?? { n: 0, invalid: 0 };
    t.n++;
    if (!judged.valid) t.invalid++;
    tally.set(rules, t);
  }
  console.log(
    [...tally].map(([r, t]) => `${r}: ${t.n} (${t.invalid} invalid)`).join(
      ", ",
    ),
  );
  assert.deepEqual(disagreements.slice(0, 20), []);
});

Deno.test("variant game ends: who wins when a variant's rule ends the game, as python-chess says", async () => {
  const positions = await judgedPositions(12);
  if ("skip" in positions) {
    console.log(`skipped: ${positions.skip}`);
    return;
  }
  const checkers = new Map<Rules, PositionChecker>();
  const disagreements: string[] = [];
  const ends = new Map<string, number>();
  for (const judged of positions) {
    if (!judged.valid) continue;
    const rules = judged.variant;
    const position = parseFen(judged.fen, { rules });
    let checker = checkers.get(rules);
    if (checker === undefined) {
      checker = new PositionChecker({ rules });
      checkers.set(rules, checker);
    }
    checker.check(position);
    const end = checker.variantEnd();
    const turn = position.turn;
    const theirs = judged.win
      ? turn
      : judged.loss
      ? (turn === "w" ? "b" : "w")
      : judged.draw
      ? "draw"
      : judged.end
      ? "skip" // over, but neither side's result: a position after the end
      : "none";
    if (theirs === "skip") continue;
    const ours = end === null ? "none" : end.winner ?? "draw";
    // python-chess's antichess also wins by stalemate: that needs moves
    if (rules === "antichess" && ours === "none" && theirs === turn) continue;
    if (ours !== theirs) {
      disagreements.push(
        `${rules} ${judged.fen}: ours ${ours} python-chess ${theirs}`,
      );
    }
    if (ours !== "none") ends.set(rules, (ends.get(rules) ?? 0) + 1);
  }
  console.log([...ends].map(([r, n]) => `${r}: ${n} ends`).join(", "));
  assert.deepEqual(disagreements.slice(0, 20), []);
});

// Each variant's rules of moving, one by one, through the public move
// functions: explosions, forced captures, the hill, racing kings' no-check
// rule, the horde's first-rank steps, check counting, drops and promoted
// pieces going back to the pocket as pawns.

import assert from "node:assert/strict";
import { parseFen, stringifyFen } from "../../../lib/fen/mod.ts";
import { legalMoves, playMoves, toSan } from "../../../lib/moves/play.ts";
import { perft } from "../../../lib/moves/perft.ts";
import { UnplayablePositionError } from "../../../lib/chess/errors.ts";
import { parseEpd } from "../../../lib/fen/epd.ts";
import { positionStatus } from "../../../lib/chess/status.ts";
import { checkPosition } from "../../../lib/legality/mod.ts";
import { VARIANT_MOVES } from "../../../lib/chess/variant.ts";
import {
  type Position,
  type Rules,
  VARIANT_RULES,
} from "../../../lib/types.ts";
import { variantEpd } from "./_variant_epd.ts";

function moves(fen: string | Position, rules: Rules, san = false): string[] {
  const position = typeof fen === "string" ? parseFen(fen) : fen;
  return legalMoves(position, { rules, notation: san ? "san" : "uci" }).sort();
}

function after(fen: string | Position, line: string, rules: Rules): Position {
  const position = typeof fen === "string" ? parseFen(fen) : fen;
  return playMoves(position, line, { rules }).position;
}

Deno.test("variant table: one row per rules value, in VARIANT_RULES' order", () => {
  assert.deepEqual(VARIANT_MOVES.map((row) => row.name), VARIANT_RULES);
});

Deno.test("atomic: a capture explodes the capturer and the pieces around but pawns", () => {
  // Nxd5: the knight, the pawn taken, the bishop on c6 and the rook on e6
  // go; the pawn on e5 stays.
  const position = after(
    "4k3/8/2b1r3/3pP3/8/4N3/8/4K3 w - - 0 1",
    "Nxd5",
    "atomic",
  );
  assert.equal(stringifyFen(position), "4k3/8/8/4P3/8/8/8/4K3 b - - 0 1");
});

Deno.test("atomic: exploded rooks and kings lose their castling rights", () => {
  const position = after(
    "r3k2r/8/8/8/8/8/1q6/R3K2R w KQkq - 0 1",
    "Rxa8",
    "atomic",
  );
  // The rook that took and the one taken are gone: only White's and Black's h-side remain.
  assert.deepEqual(position.castling, ["h1", "h8"]);
  assert.equal(position.board[0], null);
});

Deno.test("atomic: kings do not capture, and touching kings give no check", () => {
  // The king may not take the pawn next to it (it would explode itself).
  assert.ok(
    !moves("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "atomic").includes("e1d2"),
  );
  // Kings side by side: the rook's line to the white king is no check;
  // the king may step to d2, on the rook's line but beside Black's king,
  // not to f2, on the line and away from it.
  const touching = moves("8/8/8/8/8/3k4/r3K3/8 w - - 0 1", "atomic");
  assert.ok(touching.includes("e2d2") && touching.includes("e2e1"));
  assert.ok(!touching.includes("e2f2"));
});

Deno.test("atomic: exploding the other king wins, even out of a check", () => {
  // White is in check from the rook on e8, but Qxd7 blows up Black's king.
  const fen = "4r3/3pk3/8/8/8/8/3Q4/4K3 w - - 0 1";
  assert.ok(moves(fen, "atomic").includes("d2d7"));
  const over = after(fen, "Qxd7", "atomic");
  assert.deepEqual(moves(over, "atomic"), []);
});

Deno.test("antichess: captures are forced, the king is an ordinary piece", () => {
  assert.deepEqual(moves("8/8/8/3p4/4P3/8/8/K7 w - - 0 1", "antichess"), [
    "e4d5",
  ]);
  // The king walks into attack, and castling rights are ignored.
  const free = moves("4k3/8/8/8/8/8/r7/4K2R w K - 0 1", "antichess");
  assert.ok(free.includes("e1e2") && free.includes("h1h2"));
  assert.ok(!free.includes("e1g1") && !free.includes("e1h1"));
  // En passant counts as a capture, and so is forced.
  assert.deepEqual(
    moves("8/8/8/3pP3/8/8/8/K7 w - d6 0 1", "antichess"),
    ["e5d6"],
  );
});

Deno.test("antichess: a pawn promotes to a king too; the side without pieces has no moves", () => {
  const position = after("8/4P3/8/8/8/8/8/7k w - - 0 1", "e8=K", "antichess");
  assert.equal(position.board[4], "K");
  assert.equal(
    toSan(parseFen("8/4P3/8/8/8/8/8/7k w - - 0 1"), "e7e8k", {
      rules: "antichess",
    }),
    "e8=K",
  );
  assert.deepEqual(moves("8/8/8/8/8/8/8/7k w - - 0 1", "antichess"), []);
});

Deno.test("king of the hill: a king on the centre ends the game", () => {
  // No mate mark: python-chess writes `#` for a check the game ends with.
  const fen = "4k3/8/8/8/8/4K3/8/8 w - - 0 1";
  assert.ok(moves(fen, "kingofthehill", true).includes("Ke4"));
  assert.deepEqual(
    moves(after(fen, "Ke4", "kingofthehill"), "kingofthehill"),
    [],
  );
  assert.equal(
    perft(parseFen(fen), 2, { rules: "kingofthehill" }) <
      perft(parseFen(fen), 2),
    true,
  );
});

Deno.test("racing kings: no move gives check, a king's step that uncovers one neither", () => {
  // The king on c2 shields Black's king on h2 from the rook on a2: it may
  // only step along the second rank.
  const list = moves("8/8/8/8/8/8/R1K4k/8 w - - 0 1", "racingkings");
  assert.ok(list.includes("c2d2") && list.includes("c2b2"));
  assert.ok(!list.includes("c2c3") && !list.includes("c2d1"));
  assert.ok(moves("8/8/8/8/8/8/R1K4k/8 w - - 0 1", "chess").includes("c2c3"));
});

Deno.test("racing kings: the goal ends the game, unless Black can still draw level", () => {
  // White's king reached the eighth rank; Black, to move, can too.
  const level = moves("1K6/7k/8/8/8/8/8/8 b - - 0 1", "racingkings");
  assert.ok(level.includes("h7h8"));
  // Black cannot: over.
  assert.deepEqual(moves("1K6/8/7k/8/8/8/8/8 b - - 0 1", "racingkings"), []);
  assert.throws(
    () => moves("8/8/8/8/8/8/r6k/K7 w - - 0 1", "racingkings"),
    (error: unknown) =>
      error instanceof UnplayablePositionError && error.code === "variant",
  );
});

Deno.test("horde: pawns on the first rank step two squares and leave no en-passant square", () => {
  const start =
    "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
  const position = after("4k3/8/8/8/8/8/8/P7 w - - 0 1", "a1a3", "horde");
  assert.equal(position.board[40], "P"); // a3
  assert.equal(position.enPassant, null);
  assert.equal(perft(parseFen(start), 2, { rules: "horde" }), 128);
  assert.throws(() => moves(start, "chess"), UnplayablePositionError);
});

Deno.test("three-check: a check uses one up; the third ends the game", () => {
  const position = variantEpd("4k3/8/8/8/8/8/8/R3K3 w - - 2+3");
  const checked = after(position, "Ra8+", "threecheck");
  assert.deepEqual(checked.remainingChecks, { w: 1, b: 3 });
  const quiet = after(position, "Ra7", "threecheck");
  assert.deepEqual(quiet.remainingChecks, { w: 2, b: 3 });
  const last = variantEpd("4k3/8/8/8/8/8/8/R3K3 w - - 1+3");
  assert.ok(moves(last, "threecheck", true).includes("Ra8#"));
  assert.deepEqual(moves(after(last, "Ra8", "threecheck"), "threecheck"), []);
});

Deno.test("crazyhouse: captures go to the pocket, promoted pieces as pawns", () => {
  const position = variantEpd("4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -");
  // Bxb7 takes a promoted queen: a pawn for Black's pocket.
  const taken = after(position, "Bxb7", "crazyhouse");
  assert.deepEqual(taken.pockets?.b, { p: 1, n: 0, b: 0, r: 0, q: 0, k: 0 });
  assert.deepEqual(taken.promoted, []);
  // A promotion is marked, and moves with its piece.
  const promoted = after(position, "c1=N Kxb2", "crazyhouse");
  assert.deepEqual(promoted.promoted, ["b7", "c1"]);
  assert.deepEqual(promoted.pockets?.w, { p: 1, n: 0, b: 0, r: 0, q: 0, k: 0 });
});

Deno.test("crazyhouse: drops in SAN and UCI, no pawn on a back rank, only blocks in check", () => {
  const position = variantEpd("4k3/8/8/8/8/8/8/4K3[NP] w - -");
  const uci = moves(position, "crazyhouse");
  assert.ok(
    uci.includes("N@f3") && uci.includes("P@e4") && uci.includes("N@a8"),
  );
  assert.ok(!uci.includes("P@a8") && !uci.includes("P@a1"));
  const san = moves(position, "crazyhouse", true);
  assert.ok(
    san.includes("N@f3") && san.includes("@e4") && san.includes("N@d6+"),
  );
  for (const text of ["N@f3", "n@f3", "P@e4", "@e4"]) {
    assert.equal(
      playMoves(position, [text], { rules: "crazyhouse" }).moves.length,
      1,
    );
  }
  const dropped = after(position, "N@f3", "crazyhouse");
  assert.equal(dropped.board[45], "N");
  assert.deepEqual(dropped.pockets?.w, { p: 1, n: 0, b: 0, r: 0, q: 0, k: 0 });
  // In check from the rook on a1, a drop must block on b1, c1 or d1.
  const check = variantEpd("4k3/8/8/8/8/8/8/r3K3[N] w - -");
  const drops = moves(check, "crazyhouse").filter((m) => m.includes("@"));
  assert.deepEqual(drops, ["N@b1", "N@c1", "N@d1"]);
  assert.throws(
    () => playMoves(position, ["Q@f3"], { rules: "crazyhouse" }),
    {
      message:
        'Cannot play move 1 "Q@f3": illegal: no queen can be dropped on f3',
    },
  );
});

Deno.test("standard chess is untouched: variant fields on a chess position are ignored", () => {
  const position = variantEpd("4k3/8/8/8/8/8/8/4K3[NP] w - -");
  assert.equal(moves(position, "chess").length, 5);
  assert.equal(
    perft(position, 3),
    perft(parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 3),
  );
});

Deno.test("a move a variant's own rule refuses says which rule", () => {
  const cases: [string, Rules, string, string][] = [
    [
      "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1",
      "antichess",
      "Qa4",
      "illegal: a capture must be made (Kxd2, Qxd2)",
    ],
    [
      "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1",
      "antichess",
      "d1a4",
      "illegal: a capture must be made (Kxd2, Qxd2)",
    ],
    [
      "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
      "antichess",
      "O-O",
      "illegal: antichess has no castling",
    ],
    [
      "8/8/8/8/8/8/k7/6RK w - - 0 1",
      "racingkings",
      "Rg2",
      "illegal: no move may give check in racing kings",
    ],
    [
      "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
      "atomic",
      "Kxd2",
      "illegal: a king cannot capture in atomic",
    ],
    [
      "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1",
      "atomic",
      "Qxd2",
      "illegal: the explosion on d2 would take White's own king",
    ],
    // A capture that is not there keeps the plain reason.
    [
      "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1",
      "antichess",
      "Nxd2",
      "illegal: no knight can move to d2",
    ],
  ];
  for (const [fen, rules, move, reason] of cases) {
    assert.throws(
      () => playMoves(parseFen(fen), [move], { rules }),
      { message: `Cannot play move 1 "${move}": ${reason}` },
      `${rules} ${move}`,
    );
  }
});

Deno.test("a position parsed under a variant keeps its rules: the move functions, the status and the check go by them", () => {
  const fen = "4k3/8/2b1r3/3pP3/8/4N3/8/4K3 w - - 0 1";
  const atomic = parseFen(fen, { rules: "atomic" });
  assert.equal(atomic.rules, "atomic");
  const { position } = playMoves(atomic, "Nxd5");
  // The knight, the pawn it took and the bishop and rook beside it explode.
  assert.equal(stringifyFen(position), "4k3/8/8/4P3/8/8/8/4K3 b - - 0 1");
  assert.equal(position.rules, "atomic");
  assert.equal(toSan(atomic, "e3d5"), "Nxd5");
  assert.equal(perft(atomic, 1), legalMoves(atomic).length);
  // Options still choose: standard chess keeps every piece.
  assert.equal(
    stringifyFen(playMoves(atomic, "Nxd5", { rules: "chess" }).position),
    "4k3/8/2b1r3/3NP3/8/8/8/4K3 b - - 0 1",
  );
  assert.equal(parseFen(fen).rules, undefined);
  // Antichess: a capture must be made, and a king may be "in check".
  const anti = parseEpd("4k3/8/8/8/8/8/3p4/4K3 w -", { rules: "antichess" });
  assert.deepEqual(legalMoves(anti.position), ["e1d2"]);
  assert.equal(positionStatus(anti.position).check, false);
  const lone = parseFen("8/8/8/8/8/8/8/K7 b - - 0 1", { rules: "antichess" });
  assert.deepEqual(checkPosition(lone), []);
  assert.equal(positionStatus(lone).end?.winner, "b");
  // The played position carries them on.
  const twice = playMoves(playMoves(atomic, "Nxd5").position, "Kd8");
  assert.equal(twice.position.rules, "atomic");
  assert.throws(
    () => playMoves({ ...atomic, rules: "atomic960" as never }, "Nxd5"),
    TypeError,
  );
});

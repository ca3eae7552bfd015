/**
 * Perft per variant beside our standard perft and chessops' variant perft,
 * in one run so that the ratios hold while absolute times swing.
 *
 * ```sh
 * deno bench --allow-read --allow-run bench/variant_moves_bench.ts
 * ```
 *
 * - `variant perft <rules>` groups: our perft of the variant's start
 *   position (or a published test position) against our standard perft of
 *   the standard start at depth 4 (197,281 nodes), at a depth whose count
 *   is near that one, so that the times compare per node; and chessops'
 *   perft (`chessops/debug`, the last ply counted, not played, as ours)
 *   of the same position. Every count is checked against chessops' before
 *   timing.
 *
 * Time per node compares fairly only where the last ply's branching is
 * alike (perft's time follows the positions generated, each counting its
 * moves): horde's start at depth 5 ends on White's ply, about 11 moves to
 * the standard start's 21. `bench/variant_perft_ratio.ts` gives the ratios
 * per leaf and per position generated, with horde at depth 4 too, in CPU
 * time, which the other engineers' load on a shared machine disturbs less.
 *
 * @module
 */

import { perft as chessopsPerft } from "chessops/debug";
import { parseFen as chessopsParseFen } from "chessops/fen";
import type { Rules as ChessopsRules } from "chessops/types";
import { setupPosition } from "chessops/variant";
import { parseFen } from "../lib/fen/mod.ts";
import { perft } from "../lib/moves/perft.ts";
import type { Position, Rules } from "../lib/types.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const EMPTY = { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 };

/** Each variant's position (the start, as peers' tables have it) and depth. */
const CASES: readonly {
  rules: Rules;
  chessops: ChessopsRules;
  fen: string;
  depth: number;
}[] = [
  { rules: "atomic", chessops: "atomic", fen: START, depth: 4 },
  {
    rules: "antichess",
    chessops: "antichess",
    fen: START.replace("KQkq", "-"),
    depth: 4,
  },
  { rules: "kingofthehill", chessops: "kingofthehill", fen: START, depth: 4 },
  { rules: "threecheck", chessops: "3check", fen: START, depth: 4 },
  { rules: "crazyhouse", chessops: "crazyhouse", fen: START, depth: 4 },
  {
    rules: "horde",
    chessops: "horde",
    fen:
      "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    depth: 5,
  },
  {
    rules: "racingkings",
    chessops: "racingkings",
    fen: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    depth: 4,
  },
];

// Results are folded into this so that no work can be optimized away.
let sink = 0;

const standard = parseFen(START);

for (const { rules, chessops, fen, depth } of CASES) {
  const position: Position = parseFen(fen);
  if (rules === "crazyhouse") {
    position.pockets = { w: { ...EMPTY }, b: { ...EMPTY } };
  }
  if (rules === "threecheck") position.remainingChecks = { w: 3, b: 3 };
  const peerFen = rules === "crazyhouse"
    ? fen.replace(" w", "[] w")
    : rules === "threecheck"
    ? fen.replace(" - 0 1", " - 3+3 0 1")
    : fen;
  const pos = setupPosition(chessops, chessopsParseFen(peerFen).unwrap())
    .unwrap();
  const nodes = perft(position, depth, { rules });
  const theirs = chessopsPerft(pos, depth, false);
  if (nodes !== theirs) {
    throw new Error(`${rules}: ours ${nodes}, chessops ${theirs}`);
  }
  const group = `variant perft ${rules} (${nodes} nodes; standard 197281)`;
  Deno.bench(
    { name: "fen standard start, depth 4", group, baseline: true },
    () => {
      sink += perft(standard, 4);
    },
  );
  Deno.bench({ name: `fen ${rules}, depth ${depth}`, group }, () => {
    sink += perft(position, depth, { rules });
  });
  Deno.bench({ name: `chessops ${rules}, depth ${depth}`, group }, () => {
    sink += chessopsPerft(pos, depth, false);
  });
}

addEventListener("unload", () => {
  if (sink === -1) console.log(sink);
});

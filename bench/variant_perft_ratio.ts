/**
 * Each variant's perft against our standard perft, alternating in one
 * process and timed in CPU time so that the ratios hold while the machine
 * is shared: medians and quartiles over the rounds, per leaf node and per
 * position generated.
 *
 * ```sh
 * deno run --allow-read bench/variant_perft_ratio.ts [rounds] [--chessops] [--only=RULES,…]
 * ```
 *
 * Perft counts the last ply's moves without playing them, so its time is
 * about the positions generated (the leaves' parents) times the cost of
 * one, and the time per leaf is that cost over the last ply's branching.
 * Per leaf compares variants fairly only where that branching is like the
 * standard start's at depth 4 (22 leaves per position generated): horde's
 * White has about 11 moves to Black's 20, so horde is also timed at depth
 * 4, whose last ply is Black's, and per position generated. With
 * `--chessops` each row also gives how many times chessops' perft of the
 * same position takes ours, beside the same figure for the standard start
 * (the goal: a variant's at least the standard's).
 *
 * @module
 */

import process from "node:process";
import { perft as chessopsPerft } from "chessops/debug";
import { parseFen as chessopsParseFen } from "chessops/fen";
import {
  type Position as ChessopsPosition,
  setupPosition,
} from "chessops/variant";
import { parseFen } from "../lib/fen/mod.ts";
import { perft } from "../lib/moves/perft.ts";
import type { Position, Rules } from "../lib/types.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const HORDE =
  "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";

/** Rules, position (FEN as chessops reads it), depth; the first is the standard baseline. */
const ALL_CASES: readonly [Rules, string, number][] = [
  ["chess", START, 4],
  ["atomic", START, 4],
  ["antichess", START.replace("KQkq", "-"), 4],
  ["kingofthehill", START, 4],
  ["threecheck", START.replace(" - 0 1", " - 3+3 0 1"), 4],
  ["crazyhouse", START.replace(" w", "[] w"), 4],
  ["horde", HORDE, 4],
  ["horde", HORDE, 5],
  ["racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 4],
];

// `--only=crazyhouse,horde` keeps standard chess and those: a process that
// plays one variant, as a command run does, rather than all of them, whose
// alternation makes the move generator's variant call sites megamorphic
// (chessops' too) and charges that to every variant.
const only = Deno.args.find((a) => a.startsWith("--only="))?.slice(7).split(
  ",",
);
const CASES = ALL_CASES.filter(([rules]) =>
  only === undefined || rules === "chess" || only.includes(rules)
);

const CHESSOPS_RULES: Partial<Record<Rules, string>> = { threecheck: "3check" };

/**
 * The process's CPU time that `run` takes, in milliseconds: unlike the
 * clock, it does not count the time other processes hold the cores.
 */
function time(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

function quartiles(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.floor(q * (s.length - 1))].toFixed(2);
  return `${at(0.5)} (${at(0.25)}-${at(0.75)})`;
}

if (import.meta.main) {
  const rounds = Number(Deno.args.find((a) => /^\d+$/.test(a)) ?? 21);
  const peer = Deno.args.includes("--chessops");
  const positions: Position[] = CASES.map(([rules, fen]) =>
    parseFen(fen, { rules })
  );
  const theirs: ChessopsPosition[] = CASES.map(([rules, fen]) =>
    setupPosition(
      (CHESSOPS_RULES[rules] ?? rules) as never,
      chessopsParseFen(fen).unwrap(),
    ).unwrap()
  );
  const leaves = CASES.map(([rules, , depth], i) =>
    perft(positions[i], depth, { rules })
  );
  // A small tree is counted several times over, about the baseline's nodes.
  const repeats = leaves.map((n) => Math.max(1, Math.round(leaves[0] / n)));
  const ours = (i: number) => {
    for (let r = 0; r < repeats[i]; r++) {
      perft(positions[i], CASES[i][2], { rules: CASES[i][0] });
    }
  };
  const generated = CASES.map(([rules, , depth], i) => {
    let sum = 0;
    for (let d = 0; d < depth; d++) sum += perft(positions[i], d, { rules });
    return sum;
  });
  CASES.forEach(([rules, fen, depth], i) => {
    const count = chessopsPerft(theirs[i], depth, false);
    if (count !== leaves[i]) {
      throw new Error(`${rules} ${fen}: ours ${leaves[i]}, chessops ${count}`);
    }
  });
  const perLeaf = CASES.map((): number[] => []);
  const perPosition = CASES.map((): number[] => []);
  const peerRatio = CASES.map((): number[] => []);
  for (let round = -2; round < rounds; round++) {
    for (let i = 0; i < CASES.length; i++) {
      // The standard baseline before and after, so that drift cancels.
      const before = time(() => ours(0));
      const t = time(() => ours(i)) / repeats[i];
      const base = (before + time(() => ours(0))) / 2;
      const c = peer && (round < 0 || round % 2 === 0)
        ? time(() => chessopsPerft(theirs[i], CASES[i][2], false))
        : 0;
      if (round < 0) continue;
      perLeaf[i].push((t / leaves[i]) / (base / leaves[0]));
      perPosition[i].push((t / generated[i]) / (base / generated[0]));
      if (c > 0) peerRatio[i].push(c / t);
    }
  }
  console.log(
    `rules, depth: leaves, leaves per position generated; ` +
      `per leaf and per position vs standard, median (quartiles) of ${rounds}` +
      (peer ? "; chessops' time over ours" : ""),
  );
  CASES.forEach(([rules, , depth], i) => {
    console.log(
      `${rules} ${depth}: ${leaves[i]}, ${
        (leaves[i] / generated[i]).toFixed(1)
      }; ${quartiles(perLeaf[i])}; ${quartiles(perPosition[i])}` +
        (peer ? `; ${quartiles(peerRatio[i])}` : ""),
    );
  });
}

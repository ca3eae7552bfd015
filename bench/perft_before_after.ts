/**
 * Standard perft of this tree against another checkout's (a branch before
 * a change), alternating in one process so that the ratio holds while
 * absolute times swing: the published positions' perft, both trees' counts
 * checked equal, 31 rounds, the median ratio and its quartiles.
 *
 * ```sh
 * git archive main lib | tar x -C /tmp/before
 * deno run --allow-read bench/perft_before_after.ts /tmp/before
 * ```
 *
 * @module
 */

import { parseFen } from "../lib/fen/mod.ts";
import { perft } from "../lib/moves/perft.ts";
import type { Position } from "../lib/types.ts";

type Perft = (position: Position, depth: number) => number;
type Parse = (fen: string) => Position;

const CASES: readonly [fen: string, depth: number][] = [
  ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4],
  ["r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3],
  ["8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5],
  ["r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4],
];

const ROUNDS = 31;

if (import.meta.main) {
  const dir = Deno.args[0];
  if (dir === undefined) {
    console.error("usage: perft_before_after.ts <directory with lib/ before>");
    Deno.exit(2);
  }
  const root = new URL(`file://${await Deno.realPath(dir)}/`);
  const before: Perft =
    (await import(new URL("lib/moves/perft.ts", root).href)).perft;
  const parseBefore: Parse =
    (await import(new URL("lib/fen/mod.ts", root).href)).parseFen;
  const a = CASES.map(([fen]) => parseBefore(fen));
  const b = CASES.map(([fen]) => parseFen(fen));
  CASES.forEach(([, depth], i) => {
    if (before(a[i], depth) !== perft(b[i], depth)) {
      throw new Error(`the trees count ${CASES[i][0]} differently`);
    }
  });
  const run = (count: Perft, positions: Position[]): number => {
    const start = performance.now();
    CASES.forEach(([, depth], i) => count(positions[i], depth));
    return performance.now() - start;
  };
  for (let i = 0; i < 3; i++) run(before, a), run(perft, b);
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so that neither gains from the order.
    const [x, y] = i % 2 === 0
      ? [run(before, a), run(perft, b)]
      : ((y) => [run(before, a), y])(run(perft, b));
    ratios.push(y / x);
  }
  ratios.sort((p, q) => p - q);
  const at = (q: number) => ratios[Math.floor(q * (ROUNDS - 1))].toFixed(3);
  console.log(
    `this tree / before: median ${at(0.5)} (quartiles ${at(0.25)}-${
      at(0.75)
    }) over ${ROUNDS} rounds`,
  );
}

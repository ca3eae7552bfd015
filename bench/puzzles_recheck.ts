// `fen puzzles` held to its own rules at twice the budget: the built
// command finds puzzles in games at --nodes N (the games analysed at N
// where they carry no [%eval]), then every puzzle is re-checked with the
// engine at 2N by the generator's own rules (recheckPuzzle in
// lib/puzzle/generator.ts, the same code the generator walks its lines
// with): each solver move the engine's best and the only move, a mate
// line seeing its mate at each move and ending in checkmate, an advantage
// line at +2 or more throughout ending on a move that had a second choice,
// no one-mover. Goal: every puzzle holds.
//
// Usage: deno run -A bench/puzzles_recheck.ts [--nodes N] [--jobs J]
//          [--engine PATH] [FILE.pgn...]
//   default: --nodes 100000 --jobs 2, tests/testdata/puzzles/lichess_games.pgn
// Writes one line per puzzle and the totals; exits 1 when one does not hold.

import { parseArgs } from "node:util";
import { UciEngine } from "../lib/engine/uci.ts";
import { parseFen } from "../lib/fen/mod.ts";
import { playMoves, positionStatus } from "../lib/moves/mod.ts";
import { type PuzzleEngine, recheckPuzzle } from "../lib/puzzle/generator.ts";

const root = new URL("..", import.meta.url).pathname;
const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    nodes: { type: "string", default: "100000" },
    jobs: { type: "string", default: "2" },
    engine: { type: "string", default: "/usr/games/stockfish" },
  },
  allowPositionals: true,
});
const nodes = Number(values.nodes);
const files = positionals.length > 0
  ? positionals
  : [`${root}tests/testdata/puzzles/lichess_games.pgn`];

/** A puzzle as `fen puzzles --format json` writes it. */
interface Row {
  id: string;
  fen: string;
  moves: string[];
  themes: string[];
  gameUrl: string;
}

/** The puzzles the built command finds at `nodes`. */
async function findAt(budget: number): Promise<Row[]> {
  const started = performance.now();
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${root}cli.ts`,
      "puzzles",
      "--engine",
      values.engine,
      "--nodes",
      String(budget),
      "--jobs",
      values.jobs,
      "--format",
      "json",
      ...files,
    ],
  }).output();
  const text = new TextDecoder().decode(stdout);
  console.log(
    `fen puzzles --nodes ${budget} --jobs ${values.jobs}: exit ${code}, ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s`,
  );
  const errors = new TextDecoder().decode(stderr).trim();
  if (errors !== "") console.log(errors);
  return text.trim() === ""
    ? []
    : text.trim().split("\n").map((line) => JSON.parse(line));
}

/** The generator's engine at `budget`, searching from a puzzle's FEN. */
function engineAt(uci: UciEngine, fen: string, budget: number): PuzzleEngine {
  return {
    async lines(moves, multipv) {
      const result = await uci.search({ fen, moves }, { nodes: budget }, {
        multipv,
        timeoutMs: 60_000 + budget / 10,
      });
      return result.lines
        .filter((line) => line.pv.length > 0)
        .map((line) => ({ move: line.pv[0], score: line.score }));
    },
  };
}

const rows = await findAt(nodes);
const uci = await UciEngine.start(values.engine);
const tally = { held: 0, mates: 0, matesInOne: 0, oneMovers: 0, failed: 0 };
try {
  for (const row of rows) {
    const check = await recheckPuzzle(
      { fen: row.fen, moves: row.moves, cp: 0 },
      engineAt(uci, row.fen, 2 * nodes),
    );
    const end = playMoves(parseFen(row.fen), row.moves).position;
    const mate = positionStatus(end, { countMoves: false }).checkmate;
    const solverMoves = row.moves.length / 2;
    if (mate) tally.mates++;
    if (mate && solverMoves === 1) tally.matesInOne++;
    if (!mate && solverMoves <= 1) tally.oneMovers++;
    if (check.holds !== null) tally.held++;
    else tally.failed++;
    console.log(
      `${row.id} ${row.gameUrl} ${row.moves.join(" ")}: ${
        check.holds === null
          ? `FAILS (${check.reason})`
          : `holds (${check.holds})`
      }${mate ? ", ends in checkmate" : ""}${
        check.otherDefences > 0
          ? `, ${check.otherDefences} defence(s) not the engine's best at 2N`
          : ""
      }`,
    );
  }
} finally {
  await uci.close();
}
console.log(
  `${rows.length} puzzles at ${nodes} nodes; held at ${
    2 * nodes
  }: ${tally.held}` +
    `, failed: ${tally.failed}; one-movers: ${tally.oneMovers}; ` +
    `ending in checkmate: ${tally.mates} (mates in one: ${tally.matesInOne})`,
);
if (tally.failed > 0 || tally.oneMovers > 0) Deno.exit(1);

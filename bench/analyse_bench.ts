// `fen analyse` against the engine alone, as ratios taken in one run
// (rounds interleaved; absolute times on a shared machine swing 20-40%):
//   - overhead: the same positions searched by bare Stockfish processes
//     driven by bench/_bare_engine.ts with nothing but `position fen` /
//     `go nodes N` over a pipe (the engine's own time, a Deno start-up
//     included as ours is), against `fen analyse --nodes N --jobs J` on them
//     as EPD records; goal: the engine alone takes at least 0.95 of our
//     time (our overhead < 5%). Each run is timed by /usr/bin/time: wall
//     time, and CPU time (user + system, the engines included), which a
//     machine shared with other work disturbs much less than wall time;
//   - the same bare engine also sent `ucinewgame` before each position, as
//     `fen analyse` does (so that an answer depends on the position alone):
//     what that choice costs, apart from our code;
//   - parallelism: `--jobs 2` against `--jobs 1`; goal: at least 1.8x.
//
// Usage: deno run -A bench/analyse_bench.ts (needs /usr/bin/time)
//   FEN_BENCH_POSITIONS  positions, from tests/testdata/stockfish_games.pgn
//                        (default 120)
//   FEN_BENCH_NODES      nodes per position (default 50000)
//   FEN_BENCH_ROUNDS     interleaved rounds (default 3)
//   FEN_BENCH_ENGINE     the engine (default stockfish, then /usr/games/stockfish)

import { parsePgn } from "../lib/pgn/mod.ts";
import { measure, printRows, ratioOf } from "./_engine_bench.ts";

const here = new URL("..", import.meta.url).pathname;
const count = Number(Deno.env.get("FEN_BENCH_POSITIONS") ?? 120);
const nodes = Number(Deno.env.get("FEN_BENCH_NODES") ?? 50_000);
const rounds = Number(Deno.env.get("FEN_BENCH_ROUNDS") ?? 3);

function findEngine(): string {
  const given = Deno.env.get("FEN_BENCH_ENGINE");
  for (const path of given ? [given] : ["stockfish", "/usr/games/stockfish"]) {
    try {
      new Deno.Command(path, { stdin: "null", stdout: "null", stderr: "null" })
        .outputSync();
      return path;
    } catch {
      // next
    }
  }
  throw new Error("no engine: set FEN_BENCH_ENGINE");
}
const engine = findEngine();

/** Distinct mainline positions of the test games. */
function positions(): string[] {
  const text = Deno.readTextFileSync(
    `${here}tests/testdata/stockfish_games.pgn`,
  );
  const seen = new Set<string>();
  const list: string[] = [];
  for (const game of parsePgn(text)) {
    for (const at of game.positions()) {
      const key = at.fen.split(" ").slice(0, 4).join(" ");
      if (seen.has(key) || list.length >= count) continue;
      seen.add(key);
      list.push(at.fen);
    }
  }
  return list;
}
const fens = positions();

const input = await Deno.makeTempFile({ suffix: ".epd" });
await Deno.writeTextFile(input, fens.join("\n") + "\n");

function bare(jobs: number, newGame = false) {
  return measure([
    `${here}bench/_bare_engine.ts`,
    input,
    String(nodes),
    String(jobs),
    ...(newGame ? ["newgame"] : []),
  ], engine);
}

function fen(jobs: number) {
  return measure([
    `${here}cli.ts`,
    "analyse",
    "--engine",
    engine,
    "--engine-option",
    "Threads=1",
    "--nodes",
    String(nodes),
    "--jobs",
    String(jobs),
    input,
  ], engine);
}

const rows: Record<string, { wall: number; cpu: number }[]> = {
  "engine alone, 1 process": [],
  "engine alone, ucinewgame each": [],
  "fen analyse --jobs 1": [],
  "engine alone, 2 processes": [],
  "fen analyse --jobs 2": [],
};
console.log(
  `${fens.length} positions, go nodes ${nodes}, ${rounds} rounds, ${engine}`,
);
for (let r = 0; r < rounds; r++) {
  rows["engine alone, 1 process"].push(await bare(1));
  rows["engine alone, ucinewgame each"].push(await bare(1, true));
  rows["fen analyse --jobs 1"].push(await fen(1));
  rows["engine alone, 2 processes"].push(await bare(2));
  rows["fen analyse --jobs 2"].push(await fen(2));
}
await Deno.remove(input);

type Key = "wall" | "cpu";
const ratio = (alone: string, other: string, key: Key) =>
  ratioOf(rows, { alone, other, key });
printRows(rows);
for (const key of ["wall", "cpu"] as const) {
  console.log(
    `${key}: engine alone / fen analyse, --jobs 1: ${
      ratio("engine alone, 1 process", "fen analyse --jobs 1", key).toFixed(3)
    }; --jobs 2: ${
      ratio("engine alone, 2 processes", "fen analyse --jobs 2", key).toFixed(3)
    } (goal >= 0.95); engine alone / with ucinewgame each: ${
      ratio("engine alone, 1 process", "engine alone, ucinewgame each", key)
        .toFixed(3)
    }`,
  );
}
console.log(
  `--jobs 2 speed-up over --jobs 1 (wall): ${
    ratio("fen analyse --jobs 1", "fen analyse --jobs 2", "wall").toFixed(2)
  }x (goal >= 1.8)`,
);

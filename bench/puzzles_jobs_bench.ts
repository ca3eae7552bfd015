// `fen puzzles --jobs N` against the engine alone, measured as
// bench/analyse_bench.ts measures `fen analyse`: the searches a run of
// `fen puzzles` makes (the analysis of games without [%eval] and the
// generator's multipv 2 probes, recorded once through an engine wrapper
// that copies what the engine is sent) are replayed by bare Stockfish
// processes (bench/_bare_searches.ts: `ucinewgame`, `position`, `go`,
// nothing else, the searches split in halves between the processes), and
// timed against `fen puzzles --nodes N --jobs J` on the same games. Goal:
// the engine alone takes at least 0.95 of our time with --jobs 2. Each
// run is timed by /usr/bin/time: wall time, and CPU time (user + system,
// the engines included), which a machine shared with other work disturbs
// much less. The generator's searches of one game follow each other (each
// line's next move waits for the last search), so with --jobs the engines
// share games, not searches: the wall ratio counts the engines' waits too.
//
// Usage: deno run -A bench/puzzles_jobs_bench.ts (needs /usr/bin/time)
//   FEN_BENCH_GAMES    games (default tests/testdata/puzzles/lichess_games.pgn)
//   FEN_BENCH_NODES    nodes per search (default 50000)
//   FEN_BENCH_JOBS     engines (default 2)
//   FEN_BENCH_ROUNDS   interleaved rounds (default 3)
//   FEN_BENCH_ENGINE   the engine (default /usr/games/stockfish)

import { measure, printRows, ratioOf } from "./_engine_bench.ts";

const here = new URL("..", import.meta.url).pathname;
const games = Deno.env.get("FEN_BENCH_GAMES") ??
  `${here}tests/testdata/puzzles/lichess_games.pgn`;
const nodes = Number(Deno.env.get("FEN_BENCH_NODES") ?? 50_000);
const jobs = Number(Deno.env.get("FEN_BENCH_JOBS") ?? 2);
const rounds = Number(Deno.env.get("FEN_BENCH_ROUNDS") ?? 3);
const engine = Deno.env.get("FEN_BENCH_ENGINE") ?? "/usr/games/stockfish";

function fenPuzzles(path: string): string[] {
  return [
    `${here}cli.ts`,
    "puzzles",
    "--engine",
    path,
    "--engine-option",
    "Threads=1",
    "--nodes",
    String(nodes),
    "--jobs",
    String(jobs),
    games,
  ];
}

/** The searches of one run, as _bare_searches.ts reads them: multipv, position, go. */
async function recordSearches(dir: string): Promise<string> {
  const wrapper = `${dir}/engine.sh`;
  await Deno.writeTextFile(
    wrapper,
    `#!/bin/sh\ntee "${dir}/sent.$$" | "${engine}"\n`,
  );
  await Deno.chmod(wrapper, 0o755);
  await measure(fenPuzzles(wrapper), engine);
  const searches: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.startsWith("sent.")) continue;
    let multipv = "1", position = "";
    for (
      const line of (await Deno.readTextFile(`${dir}/${entry.name}`)).split(
        "\n",
      )
    ) {
      const set = /^setoption name MultiPV value (\d+)/.exec(line);
      if (set !== null) multipv = set[1];
      else if (line.startsWith("position ")) position = line;
      else if (line.startsWith("go ")) {
        searches.push(`${multipv}\t${position}\t${line}`);
      }
    }
  }
  const file = `${dir}/searches.tsv`;
  await Deno.writeTextFile(file, searches.join("\n") + "\n");
  console.log(
    `${searches.length} searches recorded from a run of fen puzzles --jobs ${jobs}`,
  );
  return file;
}

const dir = await Deno.makeTempDir({ prefix: "fen-puzzles-jobs-" });
try {
  const searches = await recordSearches(dir);
  const rows: Record<string, { wall: number; cpu: number }[]> = {
    [`engine alone, ${jobs} processes`]: [],
    [`fen puzzles --jobs ${jobs}`]: [],
  };
  const [bareName, fenName] = Object.keys(rows);
  console.log(`${games}, go nodes ${nodes}, ${rounds} rounds, ${engine}`);
  for (let r = 0; r < rounds; r++) {
    rows[bareName].push(
      await measure(
        [`${here}bench/_bare_searches.ts`, searches, String(jobs)],
        engine,
      ),
    );
    rows[fenName].push(await measure(fenPuzzles(engine), engine));
  }
  printRows(rows);
  for (const key of ["wall", "cpu"] as const) {
    const ratio = ratioOf(rows, { alone: bareName, other: fenName, key });
    console.log(
      `${key}: engine alone / fen puzzles, --jobs ${jobs}: ${
        ratio.toFixed(3)
      } (goal >= 0.95)`,
    );
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}

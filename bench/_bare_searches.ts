// The engine alone, for bench/puzzles_jobs_bench.ts: `deno run -A
// bench/_bare_searches.ts FILE JOBS` replays the searches of FILE (one a
// line: the MultiPV, a tab, the `position` command, a tab, the `go`
// command, as a run of `fen puzzles` sent them) on JOBS Stockfish
// processes (split in halves...), each with `ucinewgame` before it as
// `fen puzzles` sends it, nothing else over the pipe, and waits for each
// `bestmove`.

import { driveEngines } from "./_engine_bench.ts";

const [file, jobs] = Deno.args;
const searches = (await Deno.readTextFile(file)).split("\n").filter(Boolean)
  .map((line) => line.split("\t"));

await driveEngines(searches, {
  jobs: Number(jobs),
  async search(engine, [multipv, position, go]) {
    await engine.send(
      `setoption name MultiPV value ${multipv}\nucinewgame\nisready\n`,
    );
    await engine.until("readyok");
    await engine.send(`${position}\n${go}\n`);
    await engine.until("bestmove");
  },
});

// The engine alone, for bench/analyse_bench.ts: `deno run -A
// bench/_bare_engine.ts FILE NODES JOBS [newgame]` sends each FEN line of
// FILE to JOBS Stockfish processes (split in halves...), nothing but
// `position fen` and `go nodes NODES` over a pipe (and `ucinewgame` before
// each with "newgame"), and waits for each `bestmove`.

import { driveEngines } from "./_engine_bench.ts";

const [file, nodes, jobs, mode] = Deno.args;
const fens = (await Deno.readTextFile(file)).split("\n").filter(Boolean);

await driveEngines(fens, {
  jobs: Number(jobs),
  async search(engine, fen) {
    if (mode === "newgame") {
      await engine.send("ucinewgame\nisready\n");
      await engine.until("readyok");
    }
    await engine.send(`position fen ${fen}\ngo nodes ${nodes}\n`);
    await engine.until("bestmove");
  },
});

// The engine alone, for bench/puzzles_jobs_bench.ts: `deno run -A
// bench/_bare_searches.ts FILE JOBS` replays the searches of FILE (one a
// line: the MultiPV, a tab, the `position` command, a tab, the `go`
// command, as a run of `fen puzzles` sent them) on JOBS Stockfish
// processes (split in halves...), each with `ucinewgame` before it as
// `fen puzzles` sends it, nothing else over the pipe, and waits for each
// `bestmove`.

const [file, jobs] = Deno.args;
const engine = Deno.env.get("FEN_BENCH_ENGINE") ?? "/usr/games/stockfish";
const searches = (await Deno.readTextFile(file)).split("\n").filter(Boolean)
  .map((line) => line.split("\t"));
const count = Number(jobs);
const share = Math.ceil(searches.length / count);

async function run(list: readonly string[][]): Promise<void> {
  const child = new Deno.Command(engine, {
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const until = async (word: string) => {
    for (;;) {
      const at = buffer.indexOf(word);
      if (at >= 0) {
        buffer = buffer.slice(buffer.indexOf("\n", at) + 1);
        return;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("engine ended");
      buffer += value;
    }
  };
  await writer.write(
    encoder.encode("uci\nsetoption name Threads value 1\nisready\n"),
  );
  await until("readyok");
  for (const [multipv, position, go] of list) {
    await writer.write(
      encoder.encode(
        `setoption name MultiPV value ${multipv}\nucinewgame\nisready\n`,
      ),
    );
    await until("readyok");
    await writer.write(encoder.encode(`${position}\n${go}\n`));
    await until("bestmove");
  }
  await writer.write(encoder.encode("quit\n"));
  await writer.close();
  await child.status;
  reader.cancel().catch(() => {});
}

await Promise.all(
  Array.from(
    { length: count },
    (_, i) => run(searches.slice(i * share, (i + 1) * share)),
  ),
);

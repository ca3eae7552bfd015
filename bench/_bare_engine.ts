// The engine alone, for bench/analyse_bench.ts: `deno run -A
// bench/_bare_engine.ts FILE NODES JOBS [newgame]` sends each FEN line of
// FILE to JOBS Stockfish processes (split in halves...), nothing but
// `position fen` and `go nodes NODES` over a pipe (and `ucinewgame` before
// each with "newgame"), and waits for each `bestmove`.

const [file, nodes, jobs, mode] = Deno.args;
const engine = Deno.env.get("FEN_BENCH_ENGINE") ?? "/usr/games/stockfish";
const fens = (await Deno.readTextFile(file)).split("\n").filter(Boolean);
const count = Number(jobs);
const share = Math.ceil(fens.length / count);

async function run(list: readonly string[]): Promise<void> {
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
  for (const fen of list) {
    if (mode === "newgame") {
      await writer.write(encoder.encode("ucinewgame\nisready\n"));
      await until("readyok");
    }
    await writer.write(
      encoder.encode(`position fen ${fen}\ngo nodes ${nodes}\n`),
    );
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
    (_, i) => run(fens.slice(i * share, (i + 1) * share)),
  ),
);

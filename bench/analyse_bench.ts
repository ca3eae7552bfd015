// `fen analyse` against the engine alone, as ratios taken in one run
// (rounds interleaved; absolute times on a shared machine swing 20-40%):
//   - overhead: the same positions searched by bare Stockfish processes
//     driven with nothing but `position fen` / `go nodes N` over a pipe
//     (the engine's own time, start-up included), against
//     `fen analyse --nodes N --jobs J` on them as EPD records; goal: the
//     engine alone takes at least 0.95 of our time (our overhead < 5%);
//   - the same bare engine also sent `ucinewgame` before each position, as
//     `fen analyse` does (so that an answer depends on the position alone):
//     what that choice costs, apart from our code;
//   - parallelism: `--jobs 2` against `--jobs 1`; goal: at least 1.8x.
//
// Usage: deno run -A bench/analyse_bench.ts
//   FEN_BENCH_POSITIONS  positions, from tests/testdata/stockfish_games.pgn
//                        (default 120)
//   FEN_BENCH_NODES      nodes per position (default 50000)
//   FEN_BENCH_ROUNDS     interleaved rounds (default 3)
//   FEN_BENCH_ENGINE     the engine (default stockfish, then /usr/games/stockfish)

import { parsePgn } from "../lib/pgn/mod.ts";

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

/** One bare engine over `list`: the time from spawn to the last bestmove. */
async function bare(
  list: readonly string[],
  newGame = false,
): Promise<void> {
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
    if (newGame) {
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

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const input = await Deno.makeTempFile({ suffix: ".epd" });
await Deno.writeTextFile(input, fens.join("\n") + "\n");

async function fen(jobs: number): Promise<void> {
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
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
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success) throw new Error(new TextDecoder().decode(stderr));
}

const half = Math.ceil(fens.length / 2);
const rows: Record<string, number[]> = {
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
  rows["engine alone, 1 process"].push(await timed(() => bare(fens)));
  rows["engine alone, ucinewgame each"].push(
    await timed(() => bare(fens, true)),
  );
  rows["fen analyse --jobs 1"].push(await timed(() => fen(1)));
  rows["engine alone, 2 processes"].push(
    await timed(() =>
      Promise.all([bare(fens.slice(0, half)), bare(fens.slice(half))])
    ),
  );
  rows["fen analyse --jobs 2"].push(await timed(() => fen(2)));
}
await Deno.remove(input);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const ratio = (a: string, b: string) =>
  median(rows[a].map((x, i) => x / rows[b][i]));
for (const [name, times] of Object.entries(rows)) {
  console.log(`${name.padEnd(28)} median ${median(times).toFixed(0)} ms`);
}
console.log(
  `engine time / our time, --jobs 1: ${
    ratio("engine alone, 1 process", "fen analyse --jobs 1").toFixed(3)
  } (goal >= 0.95)`,
);
console.log(
  `engine time / our time, --jobs 2: ${
    ratio("engine alone, 2 processes", "fen analyse --jobs 2").toFixed(3)
  } (goal >= 0.95)`,
);
console.log(
  `engine alone / engine with ucinewgame each: ${
    ratio("engine alone, 1 process", "engine alone, ucinewgame each").toFixed(3)
  } (the protocol's cost)`,
);
console.log(
  `--jobs 2 speed-up over --jobs 1: ${
    ratio("fen analyse --jobs 1", "fen analyse --jobs 2").toFixed(2)
  }x (goal >= 1.8)`,
);

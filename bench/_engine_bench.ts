// What the engine benchmarks share (bench/analyse_bench.ts and
// bench/puzzles_jobs_bench.ts, and their engine-alone baselines
// bench/_bare_engine.ts and bench/_bare_searches.ts): Stockfish processes
// driven over a pipe with nothing but what the benchmark sends, and a
// command's wall and CPU time.

/** A line to the engine, and a wait for the line holding a word. */
export interface UciPipe {
  send(text: string): Promise<void>;
  until(word: string): Promise<void>;
}

/**
 * Splits `items` in `jobs` shares, each sent by `search` to a Stockfish
 * process of its own (one thread, after `uci` and `isready`), and waits for
 * all of them to quit.
 */
export async function driveEngines<T>(
  items: readonly T[],
  { jobs, search }: {
    jobs: number;
    search: (engine: UciPipe, item: T) => Promise<void>;
  },
): Promise<void> {
  const share = Math.ceil(items.length / jobs);
  await Promise.all(
    Array.from(
      { length: jobs },
      (_, i) => drive(items.slice(i * share, (i + 1) * share), search),
    ),
  );
}

async function drive<T>(
  list: readonly T[],
  search: (engine: UciPipe, item: T) => Promise<void>,
): Promise<void> {
  const engine = Deno.env.get("FEN_BENCH_ENGINE") ?? "/usr/games/stockfish";
  const child = new Deno.Command(engine, {
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const pipe: UciPipe = {
    send: (text) => writer.write(encoder.encode(text)),
    async until(word) {
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
    },
  };
  await pipe.send("uci\nsetoption name Threads value 1\nisready\n");
  await pipe.until("readyok");
  for (const item of list) await search(pipe, item);
  await pipe.send("quit\n");
  await writer.close();
  await child.status;
  reader.cancel().catch(() => {});
}

/**
 * Wall and CPU (user + system, the engines included) of `deno run -A
 * ARGS`, from /usr/bin/time, with FEN_BENCH_ENGINE set to `engine`.
 */
export async function measure(
  args: string[],
  engine: string,
): Promise<{ wall: number; cpu: number }> {
  const { success, stderr } = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%e %U %S", Deno.execPath(), "run", "-A", ...args],
    stdout: "null",
    stderr: "piped",
    env: { FEN_BENCH_ENGINE: engine },
  }).output();
  const text = new TextDecoder().decode(stderr).trim();
  if (!success) throw new Error(text);
  const [wall, user, system] = text.split("\n").at(-1)!.split(" ").map(Number);
  return { wall, cpu: user + system };
}

/** A command's times, as {@linkcode measure} gives them. */
export type Timed = { wall: number; cpu: number };

/** The median of `xs` (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** The median of the rounds' ratios `alone` / `other` of `key`. */
export function ratioOf(
  rows: Record<string, Timed[]>,
  { alone, other, key }: { alone: string; other: string; key: keyof Timed },
): number {
  return median(rows[alone].map((x, i) => x[key] / rows[other][i][key]));
}

/** A line a row: its median wall and CPU seconds. */
export function printRows(rows: Record<string, Timed[]>): void {
  for (const [name, runs] of Object.entries(rows)) {
    console.log(
      `${name.padEnd(30)} wall ${
        median(runs.map((r) => r.wall)).toFixed(2)
      } s, cpu ${median(runs.map((r) => r.cpu)).toFixed(2)} s`,
    );
  }
}

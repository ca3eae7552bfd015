// What bench/_bare_engine.ts and bench/_bare_searches.ts share: Stockfish
// processes driven over a pipe with nothing but what the benchmark sends,
// each item of a list waited for to its `bestmove`.

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

// Stockfish over UCI for the tests that hold the library against a real
// engine: perft divide tables (`go perft N`) and the repair gate (`go depth
// 1` on a position, watching for the engine dying of a signal). Found on
// PATH or where Debian's `stockfish` package puts it; the tests skip, saying
// why, when it is missing.

const CANDIDATES = ["stockfish", "/usr/games/stockfish"];
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The engine's path, or `null` when none runs here. */
export function findStockfish(): string | null {
  for (const path of CANDIDATES) {
    try {
      const { success } = new Deno.Command(path, {
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).outputSync();
      if (success) return path;
    } catch {
      // not this one
    }
  }
  return null;
}

/** What became of one position sent to the engine. */
export interface EngineRun {
  /** The engine's lines after the commands. */
  lines: string[];
  /** The signal it died of, or `null` if it exited normally. */
  signal: Deno.Signal | null;
  /** Whether it had to be killed after `timeoutMs`. */
  timedOut: boolean;
}

/**
 * Runs one engine process on `commands`, collecting its output until a line
 * satisfies `done` (then sends `quit`) or the engine exits; kills it after
 * `timeoutMs`.
 */
export async function runEngine(
  path: string,
  commands: string[],
  done: (line: string) => boolean,
  timeoutMs = 20_000,
): Promise<EngineRun> {
  const child = new Deno.Command(path, {
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  const writer = child.stdin.getWriter();
  // a dead engine rejects writes: its status says why
  const send = (text: string) =>
    writer.write(encoder.encode(text)).catch(() => {});
  await send(commands.join("\n") + "\n");
  const lines: string[] = [];
  let rest = "";
  let quitting = false;
  for await (const chunk of child.stdout) {
    const parts = (rest + decoder.decode(chunk)).split("\n");
    rest = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      if (!quitting && done(line)) {
        quitting = true;
        await send("quit\n");
        await writer.close().catch(() => {});
      }
    }
  }
  if (rest !== "") lines.push(rest);
  const status = await child.status;
  clearTimeout(timer);
  return { lines, signal: timedOut ? null : status.signal, timedOut };
}

/**
 * Searches `fen` to depth 1 as a GUI would (`position fen`, `go depth 1`,
 * waiting for `bestmove`) and says how the engine ended.
 */
export function searchOnce(path: string, fen: string): Promise<EngineRun> {
  return runEngine(
    path,
    ["uci", `position fen ${fen}`, "go depth 1"],
    (line) => line.startsWith("bestmove"),
  );
}

/** Stockfish's `go perft` table: move to leaf count. */
export async function engineDivide(
  path: string,
  fen: string,
  options: { depth: number; chess960: boolean },
): Promise<Map<string, number>> {
  const run = await runEngine(path, [
    `setoption name UCI_Chess960 value ${options.chess960}`,
    `position fen ${fen}`,
    `go perft ${options.depth}`,
  ], (line) => line.startsWith("Nodes searched"));
  const table = new Map<string, number>();
  for (const line of run.lines) {
    const match = /^([a-h][1-8][a-h][1-8][qrbn]?): (\d+)$/.exec(line);
    if (match !== null) table.set(match[1], Number(match[2]));
  }
  return table;
}

/**
 * One engine process searching positions one after the other, as a GUI
 * drives it: `position fen`, `go depth N`, wait for `bestmove`. A search
 * that ends without `bestmove` means the engine died: `status` says how.
 */
export class UciSession {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: AsyncIterator<string>;

  constructor(path: string) {
    this.#child = new Deno.Command(path, {
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#lines = lines(this.#child.stdout)[Symbol.asyncIterator]();
  }

  /** Whether the engine answered `bestmove` (it may be dead otherwise). */
  async search(
    fen: string,
    depth: number,
    timeoutMs = 20_000,
  ): Promise<boolean> {
    try {
      await this.#writer.write(
        encoder.encode(`position fen ${fen}\ngo depth ${depth}\n`),
      );
    } catch {
      return false;
    }
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), timeoutMs);
    try {
      for (;;) {
        const next = await this.#lines.next();
        if (next.done) return false;
        if (next.value.startsWith("bestmove")) return true;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the session; the process's status. */
  async close(): Promise<Deno.CommandStatus> {
    await this.#writer.write(encoder.encode("quit\n")).catch(() => {});
    await this.#writer.close().catch(() => {});
    while (!(await this.#lines.next()).done) {
      // drain
    }
    return await this.#child.status;
  }
}

async function* lines(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of stream) {
    const parts = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = parts.pop() ?? "";
    yield* parts;
  }
  if (rest !== "") yield rest;
}

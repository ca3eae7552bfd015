// Stockfish over UCI for the tests that hold the library against a real
// engine: perft divide tables (`go perft N`) and the repair gate (`go depth
// 1` on a position, watching for the engine dying of a signal), each test
// through one engine process (a start costs ~0.25 s of CPU, loading its
// network). Found on PATH or where Debian's `stockfish` package puts it;
// the tests skip, saying why, when it is missing.

const CANDIDATES = ["stockfish", "/usr/games/stockfish"];
const decoder = new TextDecoder();
const encoder = new TextEncoder();

// The answer, found once a process: the test modules of a suite share it.
let found: string | null | undefined;

/** The engine's path, or `null` when none runs here. */
export function findStockfish(): string | null {
  found ??= locate();
  return found;
}

/** The first candidate that runs. */
function locate(): string | null {
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

  /**
   * Stockfish's `go perft` table for `fen`, move to leaf count (empty if
   * the engine died before `Nodes searched`).
   */
  async divide(
    fen: string,
    options: { depth: number; chess960: boolean },
  ): Promise<Map<string, number>> {
    const table = new Map<string, number>();
    try {
      await this.#writer.write(encoder.encode(
        `setoption name UCI_Chess960 value ${options.chess960}\n` +
          `position fen ${fen}\ngo perft ${options.depth}\n`,
      ));
    } catch {
      return table;
    }
    for (;;) {
      const next = await this.#lines.next();
      if (next.done || next.value.startsWith("Nodes searched")) return table;
      const match = /^([a-h][1-8][a-h][1-8][qrbn]?): (\d+)$/.exec(next.value);
      if (match !== null) table.set(match[1], Number(match[2]));
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

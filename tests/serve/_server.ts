// A real `fen serve` for the tests: spawned with --allow-net only, on a
// free loopback port (`--port 0`), its address read from the line it
// writes on stderr.

const CLI = new URL("../../cli.ts", import.meta.url).pathname;

/** A running `fen serve` process. */
export class ServerProcess {
  readonly url: string;
  readonly #child: Deno.ChildProcess;
  readonly #stderr: Promise<string>;

  private constructor(
    url: string,
    child: Deno.ChildProcess,
    stderr: Promise<string>,
  ) {
    this.url = url;
    this.#child = child;
    this.#stderr = stderr;
  }

  /**
   * Spawns the server and waits until it listens; `fen` is the command that
   * runs the program (an installed `fen`, say), `deno run --allow-net cli.ts`
   * unless given; `env` is added to this process's environment.
   */
  static async start(
    args: string[] = [],
    fen: readonly string[] = [
      Deno.execPath(),
      "run",
      // the runtime's line on first fetching the rasterizer is not the
      // server's (tests/cli/_harness.ts, RUN)
      "--quiet",
      "--allow-net",
      CLI,
    ],
    { env = {} }: { env?: Record<string, string> } = {},
  ): Promise<ServerProcess> {
    const child = new Deno.Command(fen[0], {
      args: [...fen.slice(1), "serve", "--port", "0", ...args],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
      env: { NO_COLOR: "1", ...env },
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream())
      .getReader();
    let seen = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    while (true) {
      const { value, done } = await reader.read();
      if (done) {
        clearTimeout(timer);
        throw new Error(`fen serve did not start:\n${seen}`);
      }
      seen += value;
      const found = /serving on (http:\/\/\S+\/)\n/.exec(seen);
      if (found !== null) {
        clearTimeout(timer);
        const rest = (async () => {
          let text = seen;
          while (true) {
            const next = await reader.read();
            if (next.done) return text;
            text += next.value;
          }
        })();
        return new ServerProcess(found[1], child, rest);
      }
    }
  }

  /** The id of the process spawned (the server's own, unless a wrapper's). */
  get pid(): number {
    return this.#child.pid;
  }

  /** Sends `signal` and waits for the exit: the code and all of stderr. */
  async stop(
    signal: Deno.Signal = "SIGINT",
  ): Promise<{ code: number; stderr: string }> {
    try {
      this.#child.kill(signal);
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        this.#child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }, 30_000);
    const { code } = await this.#child.status;
    clearTimeout(timer);
    return { code, stderr: await this.#stderr };
  }
}

/** Fetches `path` from the server, with a time limit. */
export function get(
  server: ServerProcess,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(new URL(path, server.url), {
    signal: AbortSignal.timeout(60_000),
    ...init,
  });
}

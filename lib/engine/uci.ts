/**
 * A UCI chess engine in a child process: one {@linkcode UciEngine} per
 * process. It starts the engine (`uci`, options, `isready`), sends
 * `position fen … moves …` and `go nodes|depth|movetime`, and reads the
 * `info` lines (score, depth, nodes, multipv, pv) and the `bestmove`.
 * Every fault becomes an {@linkcode EngineError}: a binary that is not
 * there, an engine that dies, one that does not answer within its time
 * limit (then it is killed), one that answers garbage.
 *
 * @module
 */

import { type EngineLine, parseInfo, type Score } from "./_info.ts";
import { EngineError } from "./errors.ts";
import { engineCommand, isScriptEngine } from "./_wasm.ts";

export type { EngineLine, Score };
export { EngineError, type EngineFault } from "./errors.ts";
export { isScriptEngine } from "./_wasm.ts";

/** How long a search may go on: the engine's own limits. */
export interface SearchLimit {
  /** `go nodes N`. */
  nodes?: number;
  /** `go depth N`. */
  depth?: number;
  /** `go movetime MS`. */
  movetime?: number;
}

/** A position to search: a FEN and the moves (UCI) played from it. */
export interface SearchPosition {
  /** The FEN sent with `position fen`. */
  fen: string;
  /** Moves from that FEN, in UCI, so that the engine knows the history. */
  moves?: readonly string[];
  /** Chess960 castling (`UCI_Chess960`, castling as king takes rook). */
  chess960?: boolean;
}

/** What a search found. */
export interface SearchResult {
  /** The engine's best move in UCI, or `null` (`bestmove (none)`: mate or stalemate). */
  bestmove: string | null;
  /** The last line of each `multipv` index, best first. */
  lines: EngineLine[];
  /** Nodes searched (the last `info nodes`). */
  nodes: number;
  /** Depth reached (the last `info depth`). */
  depth: number;
}

/** Options for {@linkcode UciEngine.start}. */
export interface UciEngineOptions {
  /** `setoption name N value V` for each pair, in order. */
  options?: readonly (readonly [string, string])[];
  /** How long the handshake may take, in ms (default 10 s). */
  startMs?: number;
}

const encoder = new TextEncoder();
/** Non-UCI lines tolerated during one search before the engine counts as garbage. */
const NOISE_MAX = 1000;
const BESTMOVE = /^bestmove\s+(\S+)/;
const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/** One engine process and its line reader. */
export class UciEngine {
  /** The engine's name from `id name`, or the path. */
  name: string;
  /** The option names the engine declared, lowercased. */
  readonly optionNames: Set<string> = new Set();
  readonly #path: string;
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: string[] = [];
  #wake: (() => void) | null = null;
  #exited = false;
  #chess960 = false;
  #status: Deno.CommandStatus | null = null;

  private constructor(path: string, child: Deno.ChildProcess) {
    this.#path = path;
    this.name = path;
    this.#child = child;
    this.#writer = child.stdin.getWriter();
    this.#pump();
    child.status.then((status) => {
      this.#status = status;
      this.#exited = true;
      this.#wake?.();
    });
  }

  /**
   * Spawns the engine at `path` and completes the handshake.
   *
   * @example A binary that is not there is a "missing" fault
   * ```ts
   * import { UciEngine } from "./uci.ts";
   * import assert from "node:assert/strict";
   *
   * await assert.rejects(UciEngine.start("/no/such/engine"), {
   *   name: "EngineError",
   *   message: 'Cannot run the engine: "/no/such/engine": not found',
   * });
   * ```
   *
   * @param path The engine binary (a name on the PATH or a path), or a
   * WASM engine's script (`.js`, as the npm `stockfish` package has them),
   * which runs under the Deno that runs this.
   * @param options UCI options to set, and the handshake's time limit.
   * @returns The engine, ready to search.
   * @throws {EngineError} `missing` if it cannot be spawned, `refused` if
   * the runtime's permissions do not let it run; `died`,
   * `hung` or `garbage` if the handshake fails; `garbage` for an option
   * the engine does not have.
   */
  static async start(
    path: string,
    options: UciEngineOptions = {},
  ): Promise<UciEngine> {
    let child: Deno.ChildProcess;
    try {
      // a script is run by Deno: one that is not there is said as a binary's
      if (isScriptEngine(path)) Deno.statSync(path);
      const { command, args } = engineCommand(path);
      child = new Deno.Command(command, {
        args,
        stdin: "piped",
        stdout: "piped",
        stderr: "null",
      }).spawn();
    } catch (error) {
      if (error instanceof Deno.errors.NotCapable) {
        throw new EngineError(
          "refused",
          `${JSON.stringify(path)}: not allowed to run it`,
        );
      }
      const why = error instanceof Deno.errors.NotFound
        ? "not found"
        : error instanceof Deno.errors.PermissionDenied
        ? notRunnable(path)
        : String((error as Error).message ?? error);
      throw new EngineError("missing", `${JSON.stringify(path)}: ${why}`);
    }
    const engine = new UciEngine(path, child);
    try {
      await engine.#handshake(options);
    } catch (error) {
      engine.kill();
      throw error;
    }
    return engine;
  }

  async #handshake(options: UciEngineOptions): Promise<void> {
    const deadline = Date.now() + (options.startMs ?? 10_000);
    await this.#send("uci");
    for (;;) {
      const line = await this.#next(deadline, "uci");
      if (line === "uciok") break;
      const id = /^id name (.+)$/.exec(line);
      if (id !== null) this.name = id[1].trim();
      const option = /^option name (.+?) type /.exec(line);
      if (option !== null) this.optionNames.add(option[1].toLowerCase());
    }
    for (const [name, value] of options.options ?? []) {
      if (!this.optionNames.has(name.toLowerCase())) {
        throw new EngineError(
          "garbage",
          `${this.name} has no option ${JSON.stringify(name)}`,
        );
      }
      await this.#send(`setoption name ${name} value ${value}`);
    }
    await this.#ready(deadline);
  }

  async #ready(deadline: number): Promise<void> {
    await this.#send("isready");
    while ((await this.#next(deadline, "isready")) !== "readyok");
  }

  /**
   * Searches one position: `ucinewgame` (so the answer depends on the
   * position alone, not on what the engine searched before), `position`,
   * `go`, then reads until `bestmove`.
   *
   * @param position The FEN and the moves from it.
   * @param limit The search limit.
   * @param options `multipv` lines (default 1) and the time limit in ms
   * after which the engine counts as hung.
   * @returns The lines and the best move.
   * @throws {EngineError} If the engine dies, hangs or answers garbage.
   */
  async search(
    position: SearchPosition,
    limit: SearchLimit,
    options: { multipv?: number; timeoutMs: number },
  ): Promise<SearchResult> {
    const deadline = Date.now() + options.timeoutMs;
    const multipv = options.multipv ?? 1;
    await this.#send(`setoption name MultiPV value ${multipv}`);
    const chess960 = position.chess960 === true;
    if (chess960 !== this.#chess960 && this.optionNames.has("uci_chess960")) {
      await this.#send(`setoption name UCI_Chess960 value ${chess960}`);
      this.#chess960 = chess960;
    }
    await this.#send("ucinewgame");
    await this.#ready(deadline);
    const moves = position.moves?.length
      ? ` moves ${position.moves.join(" ")}`
      : "";
    await this.#send(`position fen ${position.fen}${moves}`);
    await this.#send(goCommand(limit));
    const lines: EngineLine[] = [];
    let nodes = 0, depth = 0, noise = 0;
    for (;;) {
      const line = await this.#next(deadline, "go");
      if (line.startsWith("info ")) {
        const info = parseInfo(line);
        if (info === null) throw this.#garbage(line);
        if (info.nodes !== null) nodes = info.nodes;
        if (info.depth !== null) depth = info.depth;
        if (info.line !== null && info.line.multipv <= multipv) {
          lines[info.line.multipv - 1] = info.line;
        }
        continue;
      }
      const best = BESTMOVE.exec(line);
      if (best !== null) {
        const move = best[1];
        if (move === "(none)" || move === "0000") {
          return { bestmove: null, lines: lines.filter(Boolean), nodes, depth };
        }
        if (!UCI_MOVE.test(move)) throw this.#garbage(line);
        return { bestmove: move, lines: lines.filter(Boolean), nodes, depth };
      }
      if (line !== "" && ++noise > NOISE_MAX) throw this.#garbage(line);
    }
  }

  #garbage(line: string): EngineError {
    this.kill();
    const shown = line.length > 60 ? line.slice(0, 57) + "..." : line;
    return new EngineError(
      "garbage",
      `${this.name} answered ${JSON.stringify(shown)}`,
    );
  }

  /** The next line, or a fault: the engine exited, or the deadline passed. */
  async #next(deadline: number, waiting: string): Promise<string> {
    for (;;) {
      const line = this.#lines.shift();
      if (line !== undefined) return line;
      if (this.#exited) {
        throw new EngineError(
          "died",
          `${this.name} ${this.#how()} (after "${waiting}")`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.kill();
        throw new EngineError(
          "hung",
          `${this.name} did not answer "${waiting}" in time; it was stopped`,
        );
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
      this.#wake = null;
    }
  }

  async #pump(): Promise<void> {
    const decoder = new TextDecoder();
    let rest = "";
    try {
      for await (const chunk of this.#child.stdout) {
        const parts = (rest + decoder.decode(chunk, { stream: true })).split(
          "\n",
        );
        rest = parts.pop() ?? "";
        for (const part of parts) this.#lines.push(part.trimEnd());
        this.#wake?.();
      }
    } catch {
      // the process was killed: its status says how
    }
    if (rest !== "") this.#lines.push(rest.trimEnd());
    this.#wake?.();
  }

  /** How the process ended: its exit code or the signal that killed it. */
  #how(): string {
    return this.#status?.signal
      ? `was killed by ${this.#status.signal}`
      : `exited with code ${this.#status?.code}`;
  }

  async #send(command: string): Promise<void> {
    const word = (): string => JSON.stringify(command.split(" ")[0]);
    if (this.#exited) {
      throw new EngineError(
        "died",
        `${this.name} ${this.#how()} (before ${word()})`,
      );
    }
    try {
      await this.#writer.write(encoder.encode(command + "\n"));
    } catch {
      // A closed input is an engine that ended, or is ending: its status
      // says how, when it comes soon.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        this.#child.status,
        new Promise((resolve) => timer = setTimeout(resolve, 2000)),
      ]);
      clearTimeout(timer);
      const how = this.#exited ? this.#how() : "closed its input";
      throw new EngineError("died", `${this.name} ${how} (at ${word()})`);
    }
  }

  /** Kills the process at once (a hung or garbled engine). */
  kill(): void {
    if (this.#exited) return;
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }

  /**
   * Sends `quit` and waits for the process to end, killing it if it has
   * not within `graceMs`.
   *
   * @param graceMs How long to wait for a clean exit.
   */
  async close(graceMs = 1000): Promise<void> {
    if (!this.#exited) {
      await this.#writer.write(encoder.encode("quit\n")).catch(() => {});
      await this.#writer.close().catch(() => {});
      const timer = setTimeout(() => this.kill(), graceMs);
      await this.#child.status;
      clearTimeout(timer);
    }
    await this.#child.stdout.cancel().catch(() => {});
  }
}

/**
 * Why a path the system would not run is no engine: a folder, a file
 * without the permission to run it, or the system's refusal.
 */
function notRunnable(path: string): string {
  try {
    const info = Deno.statSync(path);
    if (info.isDirectory) return "a folder, not a program";
    if (info.isFile && ((info.mode ?? 0o111) & 0o111) === 0) {
      return "not executable (no x permission; chmod +x makes it one)";
    }
  } catch {
    // not ours to look at: the system's word stands
  }
  return "permission denied";
}

/**
 * The `go` command for a limit (`go nodes 1000000` when none is given).
 *
 * @example Nodes, depth, movetime
 * ```ts
 * import { goCommand } from "./uci.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(goCommand({ nodes: 5000 }), "go nodes 5000");
 * assert.equal(goCommand({}), "go nodes 1000000");
 * ```
 *
 * @param limit The search limit.
 * @returns The command.
 */
export function goCommand(limit: SearchLimit): string {
  const parts = ["go"];
  if (limit.depth !== undefined) parts.push(`depth ${limit.depth}`);
  if (limit.nodes !== undefined) parts.push(`nodes ${limit.nodes}`);
  if (limit.movetime !== undefined) parts.push(`movetime ${limit.movetime}`);
  if (parts.length === 1) parts.push("nodes 1000000");
  return parts.join(" ");
}

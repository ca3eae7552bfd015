// `--jobs N`: a stream cut into parts of about a megabyte (after a line, or
// before a game), each converted by one of N workers running the command's
// own pipeline, and the parts' output written in input order. A worker is
// told where its part starts (lines and games before it) and the run's
// state there; what it cannot know in advance (the games before it as the
// reader counts them, whether a record was read before) it assumes, and a
// part whose assumption turns out wrong is converted again before it is
// written, so the output, the messages and the exit code are those of one
// process, byte for byte. Deno workers rather than processes: a part goes
// over as a transferred buffer, and a worker starts in a fraction of a
// process's time (both measured in bench/jobs.sh's notes).

import { escapeText } from "../_quote.ts";
import { countLines, gameCut, lineCut } from "./source_parts.ts";
import { Diagnostics } from "./diagnostics.ts";
import { InputError, type Output } from "./io.ts";
import { type CliIo, type Source, writeAll, writeText } from "../program/io.ts";
import { notTextMessage, SniffedSource } from "./source_compression.ts";
import { FORMATS } from "./format_registry.ts";
import type { ParsedArgs } from "./option_table.ts";
import { granted, reason } from "./sink_out_dir.ts";
import { type PartOutput, runOverPart } from "./source_jobs_io.ts";
import type { StreamPart } from "./source_jobs_io.ts";
import type { Settings } from "./option_settings.ts";
import { Signals } from "./signals.ts";
import { EXIT, type ExitCode, worse } from "../program/exit.ts";

/** The module a worker runs. */
const WORKER = new URL("./source_jobs_worker.ts", import.meta.url);

/** The size a part is cut at (the next line or game after it). */
const PART = 1 << 20;
/** Parts in flight per worker: one converting, one waiting. */
const AHEAD = 2;

/**
 * Whether a run goes to workers: more than one job, every source a stream,
 * and output made record by record (no diagram, no counts or dedupe over
 * the whole run, no `--shard`), so that parts convert alone.
 */
export function parallel(settings: Settings): boolean {
  const { data, scale } = settings;
  const format = FORMATS[settings.format];
  return scale.jobs > 1 && scale.shard === null &&
    settings.sources.length > 0 &&
    settings.sources.every((s) => s.kind !== "operand") &&
    settings.from !== "grid" && settings.outDir === null &&
    !("file" in format) && !format.draws && settings.format !== "pgn" &&
    settings.format !== "gif" && !(settings.check && data.quiet) &&
    data.unique === null && !data.stats && !data.statsOnly &&
    data.perft === null;
}

/** What a part's run sends back. */
type PartResult = PartOutput<StreamPart>;

/** Where a part converts: a worker, or this thread. */
type Slot = Worker | "local";

/** A part sent to a worker, and what it assumed. */
interface Task {
  bytes: Uint8Array;
  part: StreamPart;
  result: Promise<PartResult>;
  /** Whether the result is in. */
  settled: boolean;
}

/** Runs the command with `settings.scale.jobs` workers. */
export async function runJobs(
  settings: Settings,
  { parsed, io, out, runPart }: {
    parsed: ParsedArgs;
    io: CliIo;
    out: Output;
    /** Converts a part in this thread (lib/cli/run.ts's). */
    runPart: (
      settings: Settings,
      io: CliIo,
      part: StreamPart,
    ) => Promise<ExitCode>;
  },
): Promise<ExitCode> {
  const workers = WORKER.protocol !== "file:" ||
      granted(io, "read", decodeURIComponent(WORKER.pathname))
    ? settings.scale.jobs
    : 1;
  if (workers < settings.scale.jobs) {
    writeText(
      io.stderr,
      "fen: --jobs needs --allow-read to start its workers (their code is read from a file): converting on one core\n",
    );
  }
  const pool = new Pool(workers, {
    parsed,
    io,
    local: (partIo, part) => runPart(settings, partIo, part),
  });
  const diagnostics = new Diagnostics(io, out, {
    json: settings.format === "json",
    verbose: false,
    interactive: false,
  });
  const signals = new Signals(io);
  try {
    for (const source of settings.sources) {
      if (source.kind === "stdin") {
        await feed(io.stdin, { label: "", file: "" }, {
          settings,
          pool,
          signals,
        });
      } else if (source.kind === "file") {
        await feedFile(source.path, {
          settings,
          pool,
          signals,
          diagnostics,
          io,
        });
      }
      if (pool.stopped || signals.code !== null) break;
    }
    await pool.drain();
  } catch (error) {
    // everything converted before the fault is written first
    await pool.drain().catch(() => {});
    throw error;
  } finally {
    signals.close();
    pool.close();
  }
  if (signals.code !== null) return signals.code;
  return worse(diagnostics.status, pool.code);
}

interface Feeding {
  settings: Settings;
  pool: Pool;
  signals: Signals;
}

/** An `--input` file, opened when its turn comes (after what comes before it). */
async function feedFile(
  path: string,
  { diagnostics, io, ...feeding }: Feeding & {
    diagnostics: Diagnostics;
    io: CliIo;
  },
): Promise<void> {
  const label = escapeText(path, 0, path.length, 80);
  await feeding.pool.drain(); // messages in input order
  if (!granted(io, "read", path)) {
    diagnostics.say(
      `fen: --input needs permission to read ${label} (run deno with --allow-read=${label})\n`,
    );
    return feeding.pool.stop(EXIT.ioError);
  }
  let file;
  try {
    file = await io.open(path, { read: true });
  } catch (error) {
    diagnostics.say(`fen: cannot read ${label}: ${reason(error)}\n`);
    return feeding.pool.stop(EXIT.ioError);
  }
  try {
    await feed(file, { label, file: path }, feeding);
  } catch (error) {
    if (error instanceof InputError && error.source === "") {
      throw new InputError(error.cause, label);
    }
    throw error;
  } finally {
    file.close();
  }
}

/**
 * One stream, cut into parts for the pool. A read that fails ends the
 * stream with a last part of what was read before it, whose worker
 * converts it and reports the failure as one process would.
 */
async function feed(
  stream: Source,
  names: { label: string; file: string },
  feeding: Feeding,
): Promise<void> {
  const held: Held = { chunks: [], size: 0, lines: 0, games: 0 };
  try {
    await cut(stream, names, { ...feeding, held });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const { pool } = feeding;
    const part = pool.part(names, held, held.lines > 0 || held.games > 0);
    part.fault = error.message;
    await pool.submit(concat(held.chunks), part);
  }
}

/** What a stream's cutter has read and not yet sent. */
interface Held {
  chunks: Uint8Array[];
  size: number;
  /** Lines and games of the stream before the held bytes. */
  lines: number;
  games: number;
}

/** Cuts a stream into parts; `held` is what is read and not yet sent. */
async function cut(
  stream: Source,
  names: { label: string; file: string },
  { settings, pool, signals, held }: Feeding & { held: Held },
): Promise<void> {
  const pgn = settings.from === "pgn";
  const chunk = new Uint8Array(1 << 16);
  // What the stream is, told once (the one sniffer, lib/cli/source_compression.ts):
  // text goes on, decompressed; what is not read is said, in its turn.
  const source = new SniffedSource(stream);
  const refused = await source.open();
  if (refused !== null) {
    await pool.drain();
    const { message, code } = notTextMessage(refused, names.label || "stdin");
    return pool.say(message, EXIT[code]);
  }
  const first = await readChunk(source, chunk, signals);
  if (first === null) return;
  held.chunks = [first];
  held.size = first.length;
  let need = PART;
  for (;;) {
    let ended = false;
    while (held.size < need) {
      const more = await readChunk(source, chunk, signals);
      if (more === null) {
        ended = true;
        break;
      }
      held.chunks.push(more);
      held.size += more.length;
    }
    if (signals.code !== null) {
      // what one process would have converted by now: the whole lines (or
      // games) read before the signal
      const buffer = concat(held.chunks);
      const at = pgn ? gameCut(buffer) : lineCut(buffer);
      if (at !== null) {
        await pool.submit(
          buffer.subarray(0, at.end),
          pool.part(names, held, held.lines > 0 || held.games > 0),
        );
      }
      held.chunks = [];
      return;
    }
    const buffer = concat(held.chunks);
    const continued = held.lines > 0 || held.games > 0;
    if (ended) {
      held.chunks = [];
      held.size = 0;
      if (buffer.length > 0) {
        await pool.submit(buffer, pool.part(names, held, continued));
      }
      // binary data after text: stopped at its line, said after the lines before
      const binary = source.binary;
      if (binary !== null) {
        await pool.drain();
        const { message, code } = notTextMessage(
          binary,
          names.label || "stdin",
        );
        pool.say(message, EXIT[code]);
      }
      return;
    }
    const at = pgn ? gameCut(buffer) : lineCut(buffer);
    if (at === null && buffer.length < 64 * PART) {
      held.chunks = [buffer];
      need = buffer.length + (1 << 16); // no line or game ends in it yet
      continue;
    }
    const end = at?.end ?? buffer.length;
    const part = pool.part(names, held, continued);
    const rest = buffer.slice(end);
    held.chunks = [rest];
    held.size = rest.length;
    held.lines += at?.lines ?? countLines(buffer);
    held.games += at?.games ?? 0;
    await pool.submit(buffer.subarray(0, end), part);
    if (pool.stopped) return;
    need = PART;
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}

/** One chunk of a stream (a copy), or `null` at its end or on a signal. */
async function readChunk(
  source: Source,
  chunk: Uint8Array,
  signals: Signals,
): Promise<Uint8Array | null> {
  let n: number | null = null;
  const more = await signals.race(
    read(source, chunk).then((got) => {
      n = got;
      return got !== null && got > 0;
    }),
  );
  return more ? chunk.slice(0, n!) : null;
}

async function read(source: Source, chunk: Uint8Array): Promise<number | null> {
  try {
    return await source.read(chunk);
  } catch (error) {
    throw new InputError(error);
  }
}

/**
 * The workers, and the parts in flight in input order: a part's output is
 * written when every part before it is, after its assumptions are checked
 * against what the parts before it found.
 */
class Pool {
  readonly #workers: Worker[] = [];
  /** Free slots: workers at the end (taken first), this thread at the start. */
  readonly #free: Slot[] = ["local"];
  readonly #waiting: ((slot: Slot) => void)[] = [];
  readonly #failed = new Map<Worker, string>();
  /** The writing of parts, one at a time, in order. */
  #writer: Promise<void> = Promise.resolve();
  /** What a write made as a part came in threw (a closed pipe): thrown on. */
  #error: unknown = null;
  readonly #local: (io: CliIo, part: StreamPart) => Promise<ExitCode>;
  readonly #tasks: Task[] = [];
  readonly #io: CliIo;
  readonly #size: number;
  /** The run's state after the parts written so far. */
  #state = { anyValid: false, invalidRun: 0 };
  /** Games of the current stream in the parts written so far. */
  #games = 0;
  #stream: StreamPart["label"] | null = null;
  code: ExitCode = EXIT.ok;
  stopped = false;

  /**
   * @param size How many parts convert at once: this thread and size - 1
   * workers (this thread cuts and writes too, a small share of its time).
   */
  constructor(
    size: number,
    { parsed, io, local }: {
      parsed: ParsedArgs;
      io: CliIo;
      local: (io: CliIo, part: StreamPart) => Promise<ExitCode>;
    },
  ) {
    this.#io = io;
    this.#size = size;
    this.#local = local;
    for (let i = 1; i < size; i++) {
      const worker = new Worker(WORKER, { type: "module" });
      // A worker that cannot start fails the part it is given (below), not
      // the process.
      worker.onerror = (event) => {
        event.preventDefault();
        this.#failed.set(worker, event.message);
      };
      worker.postMessage({ parsed });
      this.#workers.push(worker);
      this.#free.push(worker);
    }
  }

  /** A part's description: where it starts, and what it assumes there. */
  part(
    names: { label: string; file: string },
    at: { lines: number; games: number },
    continued: boolean,
  ): StreamPart {
    const first = this.#tasks.length === 0 && this.#stream === null;
    return {
      ...names,
      lines: at.lines,
      games: at.games,
      continued,
      // a record was read before (nothing to assume for the run's first part)
      state: first
        ? { anyValid: false, invalidRun: 0 }
        : { anyValid: true, invalidRun: 0 },
      report: { games: 0, stopped: false },
    };
  }

  /** Sends a part to a worker, writing the oldest parts while too many are in flight. */
  async submit(bytes: Uint8Array, part: StreamPart): Promise<void> {
    if (this.#error !== null) throw this.#error;
    if (this.stopped) return;
    while (this.#tasks.length >= this.#size * AHEAD) await this.#writeNext();
    if (this.stopped) return;
    const task: Task = {
      bytes,
      part,
      result: this.#run(bytes, part),
      settled: false,
    };
    // written as soon as it is the oldest: nothing waits for the next read
    task.result.then(() => {
      task.settled = true;
      if (this.#tasks[0] === task) {
        this.#writeNext().catch((error) => this.#error ??= error);
      }
    }, () => {});
    this.#tasks.push(task);
  }

  /** Writes every part in flight, in order. */
  async drain(): Promise<void> {
    while (this.#tasks.length > 0) await this.#writeNext();
    await this.#writer;
    if (this.#error !== null) throw this.#error;
  }

  /** The oldest part written, after whatever writing is under way. */
  #writeNext(): Promise<void> {
    const next = this.#writer.then(async () => {
      if (this.#tasks.length > 0) await this.#writeOldest();
      // the parts behind it that are in already
      while (this.#tasks[0]?.settled === true) await this.#writeOldest();
    });
    this.#writer = next.catch(() => {}); // the failure is the caller's
    return next;
  }

  /** A message in its turn (after what is written), and the code it raises. */
  say(message: string, code: ExitCode): void {
    writeText(this.#io.stderr, message);
    this.code = worse(this.code, code);
  }

  /** Ends the run after what is written (a file that cannot be read). */
  stop(code: ExitCode): void {
    this.code = worse(this.code, code);
    this.stopped = true;
  }

  close(): void {
    for (const worker of this.#workers) worker.terminate();
  }

  async #writeOldest(): Promise<void> {
    const task = this.#tasks.shift()!;
    let result = await task.result;
    const truth = this.#truth(task.part);
    if (truth !== null) {
      result = await this.#run(task.bytes, truth);
    }
    if (this.stopped) return;
    for (const [fd, bytes] of result.writes) {
      writeAll(fd === 1 ? this.#io.stdout : this.#io.stderr, bytes);
    }
    this.#state = result.part.state;
    this.#games = result.part.games + result.part.report.games;
    this.code = worse(this.code, result.code);
    if (result.part.report.stopped || result.part.fault !== undefined) {
      this.stopped = true;
      this.#tasks.length = 0;
    }
  }

  /**
   * The part as it should have been sent, when what it assumed is not what
   * the parts before it found; `null` when it was right.
   */
  #truth(part: StreamPart): StreamPart | null {
    const sameStream = this.#stream === part.file + "\0" + part.label &&
      part.continued;
    this.#stream = part.file + "\0" + part.label;
    const games = sameStream ? this.#games : 0;
    const state = this.#state;
    const stateRight = state.anyValid
      ? part.state.anyValid
      : !part.state.anyValid && part.state.invalidRun === state.invalidRun;
    if (stateRight && part.games === games) return null;
    return {
      ...part,
      games,
      state: { ...state },
      report: { games: 0, stopped: false },
    };
  }

  /** Converts a part on a free worker, or in this thread when only it is free. */
  async #run(bytes: Uint8Array, part: StreamPart): Promise<PartResult> {
    const slot = this.#free.pop() ??
      await new Promise<Slot>((resolve) => this.#waiting.push(resolve));
    try {
      if (slot === "local") {
        return await runOverPart(bytes, part, (io) => this.#local(io, part));
      }
      const failed = this.#failed.get(slot);
      if (failed !== undefined) throw new Error(`a worker failed: ${failed}`);
      return await new Promise<PartResult>((resolve, reject) => {
        slot.onmessage = (event: MessageEvent<PartResult>) =>
          resolve(event.data);
        slot.onerror = (event) => {
          event.preventDefault();
          reject(new Error(`a worker failed: ${event.message}`));
        };
        const copy = bytes.slice(); // kept: a part may be converted again
        slot.postMessage({ bytes: copy, part }, [copy.buffer]);
      });
    } finally {
      const next = this.#waiting.shift();
      if (next !== undefined) next(slot);
      else if (slot === "local") this.#free.unshift(slot); // workers first
      else this.#free.push(slot);
    }
  }
}

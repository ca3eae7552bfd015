// `--jobs N`: a stream cut into parts of about a megabyte (after a line, or
// before a game), each converted by one of N workers running the command's
// own pipeline, and the parts' output written in input order. A worker is
// told where its part starts (lines and games before it) and the run's
// state there; what it cannot know in advance (the games before it as the
// reader counts them, whether a record was read before) it assumes, and a
// part whose assumption turns out wrong is converted again before it is
// written, so the output, the messages and the exit code are those of one
// process, byte for byte.
//
// The command's thread converts nothing: it reads each part straight into
// the buffer it is sent in, cuts at a line or game boundary (lines counted
// four bytes at a time, games found with native searches), posts it, and
// writes the workers' output in order, so a worker never waits for it.
// Buffers are copied by postMessage, not transferred: the first detached
// buffer in a worker threw away its optimized code (V8's ArrayBufferDetaching
// protector; about 140 deoptimizations a worker), and a worker keeps its
// output in one buffer used again for every part, not new buffers per part
// (their external memory made full collections, which threw optimized code
// away too). Deno workers rather than processes: a worker starts in a fraction
// of a process's time (docs/scale.md).

import { escapeText } from "../_quote.ts";
import { countLines, gameCut, lineCut } from "./source_parts.ts";
import { Diagnostics } from "./diagnostics.ts";
import { InputError, type Output } from "./io.ts";
import { type CliIo, type Source, writeAll, writeText } from "../program/io.ts";
import { notTextMessage, SniffedSource } from "./source_compression.ts";
import { FORMATS } from "./format_registry.ts";
import type { ParsedArgs } from "./option_table.ts";
import { granted, reason } from "./sink_out_dir.ts";
import {
  type ConvertPart,
  PartConverter,
  type PartOutput,
  type StreamPart,
} from "./source_jobs_io.ts";
import type { Settings } from "./option_settings.ts";
import type { Message } from "./source_jobs_worker.ts";
import { Signals } from "./signals.ts";
import { EXIT, type ExitCode, worse } from "../program/exit.ts";

/** The module a worker runs. */
const WORKER = new URL("./source_jobs_worker.ts", import.meta.url);

/** The size a part is cut at (the next line or game after it). */
const PART = 1 << 20;
/** Parts in flight per worker: one converting, one waiting. */
const AHEAD = 2;
/** The least a read is given room for. */
const READ = 1 << 16;
/** The size of a shared slot a part is sent in (a larger part is sent copied). */
const SLOT = PART + 2 * READ;

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

/** What a part's run sent back. */
type PartResult = PartOutput<StreamPart>;

/** A part sent to a worker, and what it assumed. */
interface Task {
  part: StreamPart;
  /** The shared slot its bytes are in (-1: none), and the bytes. */
  slot: number;
  bytes: Uint8Array;
  result: Promise<PartResult>;
  /** Whether the result is in. */
  settled: boolean;
}

/** Runs the command with `settings.scale.jobs` workers. */
export async function runJobs(
  settings: Settings,
  { parsed, io, out, partConverter }: {
    parsed: ParsedArgs;
    io: CliIo;
    out: Output;
    /** The converter of parts in this thread (lib/cli/run.ts's), when no worker can start. */
    partConverter: (settings: Settings, io: CliIo) => ConvertPart;
  },
): Promise<ExitCode> {
  const startable = WORKER.protocol !== "file:" ||
    granted(io, "read", decodeURIComponent(WORKER.pathname));
  if (!startable) {
    writeText(
      io.stderr,
      "fen: --jobs needs --allow-read to start its workers (their code is read from a file): converting on one core\n",
    );
  }
  const pool = new Pool(startable ? settings.scale.jobs : 0, {
    parsed,
    io,
    local: () =>
      new PartConverter((partIo) => partConverter(settings, partIo), {
        copied: true,
      }),
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
  const held = new Held();
  try {
    await cut(stream, names, { ...feeding, held });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const { pool } = feeding;
    const part = pool.part(names, held, held.lines > 0 || held.games > 0);
    part.fault = error.message;
    await pool.submit(held.bytes.subarray(0, held.size), part);
  }
}

/**
 * What a stream's cutter has read and not yet sent: the stream is read
 * straight into one buffer (no chunk copied, no chunks joined); a part is
 * copied from it into a shared slot, and the bytes after the cut (less than
 * a line, or a game) move to its start.
 */
class Held {
  bytes = new Uint8Array(PART + 2 * READ);
  size = 0;
  /** Lines and games of the stream before the held bytes. */
  lines = 0;
  games = 0;

  /** Reads once more, growing the buffer first when fewer than READ bytes are free. */
  async read(source: Source, signals: Signals): Promise<boolean> {
    if (this.bytes.length - this.size < READ) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.size));
      this.bytes = grown;
    }
    const into = this.bytes.subarray(this.size);
    let n: number | null = null;
    const more = await signals.race(
      read(source, into).then((got) => {
        n = got;
        return got !== null && got > 0;
      }),
    );
    if (more) this.size += n!;
    return more;
  }

  /** Forgets the bytes before `end` (sent), keeping the rest at the start. */
  drop(end: number): void {
    this.size -= end;
    if (this.bytes.length > 4 * PART && this.size < PART) {
      // after a line longer than a part: back to a part's size
      const smaller = new Uint8Array(PART + 2 * READ);
      smaller.set(this.bytes.subarray(end, end + this.size));
      this.bytes = smaller;
    } else this.bytes.copyWithin(0, end, end + this.size);
  }
}

/** Cuts a stream into parts; `held` is what is read and not yet sent. */
async function cut(
  stream: Source,
  names: { label: string; file: string },
  { settings, pool, signals, held }: Feeding & { held: Held },
): Promise<void> {
  const pgn = settings.from === "pgn";
  // What the stream is, told once (the one sniffer, lib/cli/source_compression.ts):
  // text goes on, decompressed; what is not read is said, in its turn.
  const source = new SniffedSource(stream);
  const refused = await source.open();
  if (refused !== null) {
    await pool.drain();
    const { message, code } = notTextMessage(refused, names.label || "stdin");
    return pool.say(message, EXIT[code]);
  }
  let need = PART;
  for (;;) {
    let ended = false;
    while (held.size < need) {
      if (!await held.read(source, signals)) {
        ended = true;
        break;
      }
    }
    const buffer = held.bytes.subarray(0, held.size);
    const continued = held.lines > 0 || held.games > 0;
    if (signals.code !== null) {
      // what one process would have converted by now: the whole lines (or
      // games) read before the signal
      const at = pgn ? gameCut(buffer) : lineCut(buffer);
      if (at !== null) {
        await pool.submit(
          buffer.subarray(0, at.end),
          pool.part(names, held, continued),
        );
      }
      return;
    }
    if (ended) {
      if (held.size > 0) {
        const part = pool.part(names, held, continued);
        await pool.submit(buffer, part);
        held.drop(held.size);
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
    if (at === null && held.size < 64 * PART) {
      need = held.size + READ; // no line or game ends in it yet
      continue;
    }
    const part = pool.part(names, held, continued);
    held.lines += at?.lines ?? countLines(buffer);
    held.games += at?.games ?? 0;
    const end = at?.end ?? held.size;
    await pool.submit(buffer.subarray(0, end), part);
    held.drop(end);
    if (pool.stopped) return;
    need = PART;
  }
}

async function read(source: Source, into: Uint8Array): Promise<number | null> {
  try {
    return await source.read(into);
  } catch (error) {
    throw new InputError(error);
  }
}

/**
 * A worker, or this thread's converter when no worker can start, and the
 * parts sent to it, answered in the order sent.
 */
class Lane {
  readonly #worker: Worker | null;
  readonly #local: PartConverter | null;
  readonly #pending: {
    resolve: (result: PartResult) => void;
    reject: (error: Error) => void;
  }[] = [];
  /** Parts in this thread's converter. */
  #converting = 0;
  #failed: string | null = null;

  constructor(
    worker: { parsed: ParsedArgs; slots: SharedArrayBuffer[] } | PartConverter,
  ) {
    if (worker instanceof PartConverter) {
      this.#worker = null;
      this.#local = worker;
      return;
    }
    this.#local = null;
    const started = new Worker(WORKER, { type: "module" });
    started.onmessage = (event: MessageEvent<PartOutput<StreamPart>>) => {
      const pending = this.#pending.shift();
      pending?.resolve(event.data);
    };
    // A worker that cannot start, or fails, fails the parts it is given
    // (thrown where they are written), not the process.
    started.onerror = (event) => {
      event.preventDefault();
      this.#fail(event.message);
    };
    started.onmessageerror = () => this.#fail("a part could not be read");
    started.postMessage(worker);
    this.#worker = started;
  }

  /** Parts sent and not answered. */
  get load(): number {
    return this.#pending.length + this.#converting;
  }

  /**
   * Converts a part: its bytes are in a slot the worker shares, or are
   * sent (copied) when they fit in none; `bytes` are what the part holds.
   */
  send(
    bytes: Uint8Array,
    { part, slot }: { part: StreamPart; slot: number },
  ): Promise<PartResult> {
    if (this.#local !== null) {
      this.#converting++;
      return this.#local.convert(bytes, part)
        .finally(() => this.#converting--);
    }
    if (this.#failed !== null) {
      return Promise.reject(new Error(`a worker failed: ${this.#failed}`));
    }
    return new Promise<PartResult>((resolve, reject) => {
      this.#pending.push({ resolve, reject });
      const message: Message = slot < 0
        ? { bytes, part }
        : { slot, length: bytes.length, part };
      this.#worker!.postMessage(message);
    });
  }

  close(): void {
    this.#worker?.terminate();
  }

  #fail(message: string): void {
    this.#failed = message;
    const error = new Error(`a worker failed: ${message}`);
    for (const pending of this.#pending.splice(0)) pending.reject(error);
  }
}

/**
 * The workers, and the parts in flight in input order: a part's output is
 * written when every part before it is, after its assumptions are checked
 * against what the parts before it found.
 */
class Pool {
  readonly #lanes: Lane[] = [];
  /** The shared slots parts are sent in, and those free (no part unwritten in them). */
  readonly #slots: Uint8Array[] = [];
  readonly #free: number[] = [];
  /** The writing of parts, one at a time, in order. */
  #writer: Promise<void> = Promise.resolve();
  /** What a write made as a part came in threw (a closed pipe): thrown on. */
  #error: unknown = null;
  readonly #tasks: Task[] = [];
  readonly #io: CliIo;
  /** The run's state after the parts written so far. */
  #state = { anyValid: false, invalidRun: 0 };
  /** Games of the current stream in the parts written so far. */
  #games = 0;
  #stream: StreamPart["label"] | null = null;
  code: ExitCode = EXIT.ok;
  stopped = false;

  /**
   * @param workers How many workers convert parts (none: this thread, when
   * no worker can start).
   */
  constructor(
    workers: number,
    { parsed, io, local }: {
      parsed: ParsedArgs;
      io: CliIo;
      local: () => PartConverter;
    },
  ) {
    this.#io = io;
    // Parts arrive in shared slots, written here and read there: a buffer
    // made for each part in a worker (postMessage's copy) counted against
    // its heap's limit and made full collections.
    for (let i = 0; i < workers * AHEAD; i++) {
      this.#slots.push(new Uint8Array(new SharedArrayBuffer(SLOT)));
      this.#free.push(i);
    }
    const slots = this.#slots.map((slot) => slot.buffer as SharedArrayBuffer);
    for (let i = 0; i < workers; i++) {
      this.#lanes.push(new Lane({ parsed, slots }));
    }
    if (workers === 0) this.#lanes.push(new Lane(local()));
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

  /**
   * Sends a part to the least busy worker, writing the oldest parts while
   * too many are in flight. `bytes` are the caller's again when it returns
   * (copied into a slot, or copied to be sent).
   */
  async submit(bytes: Uint8Array, part: StreamPart): Promise<void> {
    if (this.#error !== null) throw this.#error;
    if (this.stopped) return;
    while (this.#tasks.length >= this.#lanes.length * AHEAD) {
      await this.#writeNext();
    }
    if (this.stopped) return;
    const slot = bytes.length <= SLOT ? this.#free.pop() ?? -1 : -1;
    let held: Uint8Array;
    if (slot < 0) held = bytes.slice();
    else {
      held = this.#slots[slot].subarray(0, bytes.length);
      held.set(bytes);
    }
    const task: Task = {
      part,
      slot,
      bytes: held,
      result: this.#send(held, { part, slot }),
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
    for (const lane of this.#lanes) lane.close();
  }

  async #writeOldest(): Promise<void> {
    const task = this.#tasks.shift()!;
    try {
      await this.#write(task);
    } finally {
      if (task.slot >= 0) this.#free.push(task.slot);
    }
  }

  async #write(task: Task): Promise<void> {
    let result = await task.result;
    const truth = this.#truth(task.part);
    if (truth !== null) {
      result = await this.#send(task.bytes, { part: truth, slot: task.slot });
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

  /** Converts a part on the lane with the fewest parts in flight. */
  #send(
    bytes: Uint8Array,
    sent: { part: StreamPart; slot: number },
  ): Promise<PartResult> {
    let lane = this.#lanes[0];
    for (const other of this.#lanes) if (other.load < lane.load) lane = other;
    return lane.send(bytes, sent);
  }
}

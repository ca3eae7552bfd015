// The workers of `--jobs` and the parts in flight: the parts read ahead wait
// in shared slots, each goes to the first worker with room for it (a part
// converting and one waiting), its output comes back in the slot's shared
// output buffer, and the parts' output is written in input order, each
// part's assumptions checked against what the parts before it found
// (source_jobs.ts cuts the stream into parts).

import type { ParsedArgs } from "./option_table.ts";
import { type CliIo, writeAll, writeText } from "../program/io.ts";
import type { PartConverter, StreamPart } from "./source_jobs_io.ts";
import { Lane, type PartResult } from "./source_jobs_lane.ts";
import { EXIT, type ExitCode, worse } from "../program/exit.ts";

/**
 * Parts a worker is given at once: one converting, one waiting, so that it
 * never waits for this thread between parts.
 */
const DEPTH = 2;
/**
 * Parts read ahead per worker (slots): parts wait in them until a worker
 * has room, so that a worker that is behind (warming up, or given longer
 * games) holds back no other. With two, each given to a worker when it was
 * read, a worker stood idle between parts for about an eighth of its time
 * over 1M keys, now about 1% (timestamps per part).
 */
const AHEAD = 4;

/** A part read, waiting for a worker or sent to one, and what it assumed. */
interface Task {
  part: StreamPart;
  /** The shared slot its bytes are in (-1: none), and the bytes. */
  slot: number;
  bytes: Uint8Array;
  result: Promise<PartResult>;
  /** Sends it to a worker (`null` once sent). */
  start: ((lane: Lane) => void) | null;
  /** Whether the result is in. */
  settled: boolean;
}

/**
 * The workers, and the parts in flight in input order: a part's output is
 * written when every part before it is, after its assumptions are checked
 * against what the parts before it found.
 */
export class Pool {
  readonly #lanes: Lane[] = [];
  /**
   * The shared slots parts are sent in, each slot's shared output buffer
   * (replaced by a larger one when a worker grows it), and the slots free
   * (no part unwritten in them).
   */
  readonly #slots: Uint8Array[] = [];
  readonly #outs: SharedArrayBuffer[] = [];
  readonly #free: number[] = [];
  readonly #slot: number;
  /** The writing of parts, one at a time, in order. */
  #writer: Promise<void> = Promise.resolve();
  /** What a write made as a part came in threw (a closed pipe): thrown on. */
  #error: unknown = null;
  readonly #tasks: Task[] = [];
  readonly #io: CliIo;
  /** The run's state after the parts written so far. */
  #state = { anyValid: false, invalidRun: 0 };
  /**
   * Games of the current stream in the parts written so far, the line of
   * its last record written, and both of the streams before it.
   */
  #games = 0;
  #lines = 0;
  #before = { games: 0, lines: 0 };
  #stream: StreamPart["label"] | null = null;
  code: ExitCode = EXIT.ok;
  stopped = false;

  /**
   * @param workers How many workers convert parts (none: this thread, when
   * no worker can start).
   */
  constructor(
    workers: number,
    { parsed, io, local, inThread = 1, slot }: {
      parsed: ParsedArgs;
      io: CliIo;
      local: () => PartConverter;
      /** Converters in this thread, each made by `local`, when there is no worker (tests make more than one). */
      inThread?: number;
      /** The size of the shared slots parts are sent in (a larger part is sent copied). */
      slot: number;
    },
  ) {
    this.#io = io;
    this.#slot = slot;
    // Parts arrive in shared slots, written here and read there: a buffer
    // made for each part in a worker (postMessage's copy) counted against
    // its heap's limit and made full collections.
    // Their output comes back the same way: posted, it was copied twice
    // (a fresh buffer on each side for every part), and its external
    // memory made full collections in both threads.
    for (let i = 0; i < workers * AHEAD; i++) {
      this.#slots.push(new Uint8Array(new SharedArrayBuffer(slot)));
      this.#outs.push(new SharedArrayBuffer(slot));
      this.#free.push(i);
    }
    const slots = this.#slots.map((slot) => slot.buffer as SharedArrayBuffer);
    for (let i = 0; i < workers; i++) {
      this.#lanes.push(new Lane({ parsed, slots, outs: this.#outs }));
    }
    for (let i = 0; workers === 0 && i < inThread; i++) {
      this.#lanes.push(new Lane(local()));
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
      report: { games: 0, lines: 0, stopped: false },
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
    const fits = bytes.length <= this.#slot && this.#slots.length > 0;
    // A part read while the oldest is being written (shifted from the
    // parts in flight, its slot not yet free) waits for the slot: sent
    // copied, a part and its output were fresh buffers in both threads,
    // slower to convert (2 parts in 37 of a 15 MB PGN run were).
    while (
      !this.stopped &&
      (this.#tasks.length >= this.#lanes.length * AHEAD ||
        (fits && this.#free.length === 0))
    ) {
      await this.#writeNext();
    }
    if (this.stopped) return;
    const slot = fits ? this.#free.pop()! : -1;
    let held: Uint8Array;
    if (slot < 0) held = bytes.slice();
    else {
      held = this.#slots[slot].subarray(0, bytes.length);
      held.set(bytes);
    }
    let start: Task["start"] = null;
    const result = new Promise<PartResult>((resolve, reject) => {
      start = (lane) => lane.send(held, { part, slot }).then(resolve, reject);
    });
    const task: Task = {
      part,
      slot,
      bytes: held,
      result,
      start,
      settled: false,
    };
    // written as soon as it is the oldest: nothing waits for the next read
    task.result.then(() => {
      task.settled = true;
      if (this.#tasks[0] === task) {
        this.#writeNext().catch((error) => this.#error ??= error);
      }
    }, () => {}).finally(() => this.#dispatch());
    this.#tasks.push(task);
    this.#dispatch();
  }

  /** Gives the parts waiting, in input order, to the workers with room. */
  #dispatch(): void {
    for (const task of this.#tasks) {
      if (task.start === null) continue;
      const lane = this.#leastBusy();
      if (lane.load >= DEPTH) return;
      const start = task.start;
      task.start = null;
      start(lane);
    }
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

  /**
   * The games and lines of the run written so far (the progress line's
   * count: `--jobs 1` counts them as it reads, here as they are written).
   */
  get written(): { games: number; lines: number } {
    return {
      games: this.#before.games + this.#games,
      lines: this.#before.lines + this.#lines,
    };
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
    for (const [fd, start, end] of result.writes) {
      const sink = fd === 1 ? this.#io.stdout : this.#io.stderr;
      writeAll(sink, result.bytes.subarray(start, end));
    }
    this.#state = result.part.state;
    this.#games = result.part.games + result.part.report.games;
    this.#lines = Math.max(this.#lines, result.part.report.lines);
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
    if (!sameStream) {
      this.#before.games += this.#games;
      this.#before.lines += this.#lines;
      this.#games = this.#lines = 0;
    }
    const games = this.#games;
    const state = this.#state;
    const stateRight = state.anyValid
      ? part.state.anyValid
      : !part.state.anyValid && part.state.invalidRun === state.invalidRun;
    if (stateRight && part.games === games) return null;
    return {
      ...part,
      games,
      state: { ...state },
      report: { games: 0, lines: 0, stopped: false },
    };
  }

  /** Converts a part again (its assumptions were wrong) on the least busy lane, at once. */
  #send(
    bytes: Uint8Array,
    sent: { part: StreamPart; slot: number },
  ): Promise<PartResult> {
    const result = this.#leastBusy().send(bytes, sent);
    // its lane's room, given back, may be what the parts waiting need
    result.finally(() => this.#dispatch()).catch(() => {});
    return result;
  }

  /** The lane with the fewest parts in flight. */
  #leastBusy(): Lane {
    let lane = this.#lanes[0];
    for (const other of this.#lanes) if (other.load < lane.load) lane = other;
    return lane;
  }
}

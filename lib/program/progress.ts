// A long job's progress on stderr, for every program of the package (the
// command's streams, `fen analyse`): a line redrawn on a timer from counts
// the job keeps anyway, so the job's own path pays nothing for it.
//
// At a terminal the line is redrawn in place (a carriage return and ESC [K)
// at most four times a second, from the first second on (a quick job shows
// nothing), and erased before anything else is written to the terminal and
// at the end. Forced into a file or a pipe (`--progress`), where a log wants
// whole lines and no escape codes, it is a plain line every five seconds and
// one at the end with the totals.

import type { CliIo, Sink, Source } from "./io.ts";
import { writeText } from "./io.ts";

/** Whether progress is shown: at a terminal (`auto`), always, or never. */
export type ProgressMode = "auto" | "on" | "off";

/** How often the line is redrawn at a terminal, in milliseconds. */
export const TERMINAL_INTERVAL = 250;
/** When a terminal first sees the line (quicker jobs show nothing). */
export const TERMINAL_DELAY = 1000;
/** How often a plain line is written to a file or a pipe. */
export const LOG_INTERVAL = 5000;

const ERASE = "\r\x1b[K";

/** What a {@linkcode ProgressLine} shows and where. */
export interface ProgressOptions {
  /** `auto`: only when stderr is a terminal. */
  mode: ProgressMode;
  /** The line (without "\n"), from the seconds since the start. */
  text(seconds: number): string;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
}

/**
 * A progress line on stderr, redrawn on a timer. Writes to the streams it
 * hands out ({@linkcode ProgressLine.io}) erase the line first, so that
 * output and the line never share a line of the terminal. The timer is
 * cleared by {@linkcode ProgressLine.stop}, which every exit path of a job
 * calls (a `finally`).
 *
 * @example A job forced to show progress into a pipe: plain lines
 * ```ts
 * import { ProgressLine } from "./progress.ts";
 * import assert from "node:assert/strict";
 *
 * const written: string[] = [];
 * const sink = {
 *   writeSync(data: Uint8Array) {
 *     written.push(new TextDecoder().decode(data));
 *     return data.length;
 *   },
 * };
 * let done = 0;
 * const line = new ProgressLine({ ...Deno, stderr: sink }, {
 *   mode: "on",
 *   text: () => `fen: ${done} records`,
 * });
 * line.start();
 * done = 12;
 * line.stop();
 * assert.deepEqual(written, ["fen: 12 records\n"]);
 * ```
 */
export class ProgressLine {
  readonly #stderr: Sink;
  readonly #options: ProgressOptions;
  readonly #terminal: boolean;
  readonly #shows: boolean;
  readonly #now: () => number;
  #timer: ReturnType<typeof setInterval> | null = null;
  #start = 0;
  #shown = false; // the line is on the terminal now
  #lineEnded = true; // stdout's last write ended its line
  /** The streams the job writes to: each write erases the line first. */
  readonly io: CliIo;

  constructor(io: CliIo, options: ProgressOptions) {
    this.#stderr = io.stderr;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#terminal = io.stderr.isTerminal?.() === true;
    this.#shows = options.mode === "on" ||
      (options.mode === "auto" && this.#terminal);
    this.io = this.#shows && this.#terminal ? this.#wrapped(io) : io;
  }

  /** Whether the line is shown at all (a terminal, or forced). */
  get shows(): boolean {
    return this.#shows;
  }

  /** Starts the clock and the timer (nothing when the line is not shown). */
  start(): void {
    if (!this.#shows || this.#timer !== null) return;
    this.#start = this.#now();
    const every = this.#terminal ? TERMINAL_INTERVAL : LOG_INTERVAL;
    const timer = setInterval(() => this.#tick(), every);
    // The line never keeps a process alive.
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }

  #tick(): void {
    const elapsed = this.#now() - this.#start;
    if (!this.#terminal) {
      writeText(this.#stderr, `${this.#options.text(elapsed / 1000)}\n`);
      return;
    }
    // Only on a line of its own: never after output cut mid-line.
    if (elapsed < TERMINAL_DELAY && this.#options.mode === "auto") return;
    if (!this.#lineEnded) return;
    writeText(this.#stderr, `${ERASE}${this.#options.text(elapsed / 1000)}`);
    this.#shown = true;
  }

  /** Erases the line from the terminal (before other output). */
  clear(): void {
    if (!this.#shown) return;
    this.#shown = false;
    writeText(this.#stderr, ERASE);
  }

  /**
   * Stops the timer; erases the line at a terminal, or writes the totals
   * as a last plain line into a file or a pipe. Safe to call twice.
   */
  stop(): void {
    if (this.#timer === null) return;
    clearInterval(this.#timer);
    this.#timer = null;
    if (this.#terminal) return this.clear();
    const elapsed = (this.#now() - this.#start) / 1000;
    try {
      writeText(this.#stderr, `${this.#options.text(elapsed)}\n`);
    } catch {
      // stderr is gone: the job's own ending says what went wrong
    }
  }

  /** `io` with stdout and stderr that erase the line before each write. */
  #wrapped(io: CliIo): CliIo {
    const stdout = io.stdout, stderr = io.stderr;
    // Everything else is io's own (Deno's members are not all plain
    // properties a spread would copy).
    const wrapped: CliIo = Object.create(io);
    return Object.assign(wrapped, {
      stdout: {
        writeSync: (data: Uint8Array): number => {
          this.clear();
          const n = stdout.writeSync(data);
          if (n > 0) this.#lineEnded = data[n - 1] === 10;
          return n;
        },
        isTerminal: () => stdout.isTerminal?.() === true,
      },
      stderr: {
        writeSync: (data: Uint8Array): number => {
          this.clear();
          return stderr.writeSync(data);
        },
        isTerminal: () => true,
      },
    });
  }
}

/** Counts of a stream job, read by the line's timer. */
export interface StreamCounts {
  /** Records (or games) done. */
  readonly done: number;
  /** What `done` counts: "records", "games". */
  readonly unit: string;
  /** Bytes read of the input's files. */
  readonly bytes: number;
  /** The files' total size, or `null` when unknown (stdin, a pipe). */
  readonly size: number | null;
}

/**
 * The line of a stream job: `fen: 120,000 records, 40,000/s, 25%, 9 s left`
 * (the percent and time left only for files of known size).
 *
 * @example
 * ```ts
 * import { streamText } from "./progress.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   streamText({ done: 120000, unit: "records", bytes: 250, size: 1000 }, 3),
 *   "fen: 120,000 records, 40,000/s, 25%, 9 s left",
 * );
 * ```
 */
export function streamText(counts: StreamCounts, seconds: number): string {
  const rate = seconds > 0 ? Math.round(counts.done / seconds) : 0;
  return `fen: ${counts.done.toLocaleString("en")} ${counts.unit}, ${
    rate.toLocaleString("en")
  }/s${share(counts, seconds)}`;
}

/**
 * The line of a job that counts only bytes (`fen book make`, `fen tree`):
 * `fen: 12.5 MB read, 2.5 MB/s, 25%, 15 s left`.
 *
 * @example
 * ```ts
 * import { bytesText } from "./progress.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   bytesText({ bytes: 12_500_000, size: 50_000_000 }, 5),
 *   "fen: 12.5 MB read, 2.5 MB/s, 25%, 15 s left",
 * );
 * ```
 */
export function bytesText(
  counts: Pick<StreamCounts, "bytes" | "size">,
  seconds: number,
): string {
  const mb = counts.bytes / 1e6;
  const rate = seconds > 0 ? mb / seconds : 0;
  return `fen: ${mb.toFixed(1)} MB read, ${rate.toFixed(1)} MB/s${
    share(counts, seconds)
  }`;
}

/** ", 25%, 9 s left" of a file of known size, else "". */
function share(
  { bytes, size }: Pick<StreamCounts, "bytes" | "size">,
  seconds: number,
): string {
  if (size === null || size <= 0) return "";
  let text = `, ${Math.min(100, Math.floor((bytes / size) * 100))}%`;
  if (bytes > 0 && bytes < size) {
    text += `, ${duration((seconds * (size - bytes)) / bytes)} left`;
  }
  return text;
}

/**
 * The total size of the files a job reads, or `null` when one is a stream
 * of unknown size (`null` in `paths`: stdin) or its size cannot be had
 * without asking for a permission (at a terminal, Deno would stop to ask).
 */
export function filesSize(
  paths: readonly (string | null)[],
  io: CliIo,
): number | null {
  let size = 0;
  for (const path of paths) {
    if (path === null) return null;
    const query = io.permissions.querySync;
    if (
      query?.call(io.permissions, { name: "read", path }).state !== "granted"
    ) {
      return null;
    }
    try {
      const found = io.statSync?.(path).size;
      if (found === undefined) return null;
      size += found;
    } catch {
      return null;
    }
  }
  return size;
}

/** Seconds as people read them: 9 s, 3 min 20 s, 2 h 5 min. */
export function duration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * The counts of a run over its sources, read by the timer: each source
 * says where its count is when it starts (a place it updates anyway) and
 * its file's bytes are counted a chunk at a time.
 */
export class StreamMeter implements StreamCounts {
  readonly unit: string;
  readonly size: number | null;
  bytes = 0;
  #before = 0; // done by the sources that have ended
  #current: (() => number) | null = null;

  /**
   * @param unit What is counted: "records", "games".
   * @param size The inputs' total size, `null` when any is unknown.
   */
  constructor(unit: string, size: number | null) {
    this.unit = unit;
    this.size = size;
  }

  /** Records done so far. */
  get done(): number {
    return this.#before + (this.#current?.() ?? 0);
  }

  /** A source starts: `count` tells its records done so far. */
  begin(count: () => number): void {
    this.end();
    this.#current = count;
  }

  /** The source has ended. */
  end(): void {
    if (this.#current === null) return;
    this.#before += this.#current();
    this.#current = null;
  }

  /** `source` with its bytes counted (one addition per chunk read). */
  counted<S extends Source>(source: S): Source {
    return {
      read: async (buffer) => {
        const n = await source.read(buffer);
        if (n !== null) this.bytes += n;
        return n;
      },
      isTerminal: () => source.isTerminal?.() === true,
    };
  }
}

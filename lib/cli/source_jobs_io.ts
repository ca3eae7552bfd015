// The streams of the parts of a stream converted for `--jobs` (in a worker,
// or in the command's own thread when no worker can start): one converter
// per thread, made once, whose stdin is the current part's bytes (then its
// end, or the fault the stream had there) and whose stdout and stderr are
// kept in the order they were written, in a buffer the command's thread
// shares with the worker (the part's output slot, source_jobs_pool.ts), so
// that no output is copied from thread to thread. No file is read or
// written.
//
// Made once, not per part: a pipeline made per part left its objects to die
// at every full collection, and the optimized code that had them inlined was
// thrown away with them (141 deoptimizations over 1M keys, against 5 in one
// process, and a third of the run's CPU time spent compiling again).

import type { CliIo, Source } from "../program/io.ts";
import type { ParsedArgs } from "./option_table.ts";
import { InputError } from "../program/io.ts";
import type { ExitCode } from "../program/exit.ts";

/** What a part's run left: its writes in order, its exit code, its part filled in. */
export interface PartOutput<P> {
  /** stdout (1) and stderr (2) runs of writes, in order: where each starts and ends in `bytes`. */
  writes: Write[];
  /** The part's output (a shared slot: good until the slot's next part). */
  bytes: Uint8Array;
  code: ExitCode;
  part: P;
}

/** A run of writes to stdout (1) or stderr (2): its start and end in the part's output. */
export type Write = [1 | 2, number, number];

/**
 * A part of one stream, converted by a worker of `--jobs`: where it is in
 * the stream, the state of the run before it, and (filled by the run) what
 * it read.
 */
export interface StreamPart {
  /** The stream's name in messages, and as given to `--input`. */
  label: string;
  file: string;
  /** Lines and (`--from pgn`) games of the stream before the part. */
  lines: number;
  games: number;
  /** Whether the part continues a stream (no byte order mark, compression or UTF-16 at its start). */
  continued: boolean;
  /** Whether the run had read a record, and its run of invalid lines. */
  state: { anyValid: boolean; invalidRun: number };
  /**
   * Filled by the run: the games read (the reader's last number), the line
   * of the last record read in a stream of lines (0: none), and whether
   * the stream stopped.
   */
  report: { games: number; lines: number; stopped: boolean };
  /** The stream's read failed after the part's bytes: what it said. */
  fault?: string;
}

/**
 * What the command's thread sends: the command line, the shared buffers
 * parts arrive in and the shared buffers their output is written to (one
 * per part's slot), then each part (in a slot of those, with the slot's
 * output buffer when another worker has grown it; or its own bytes when it
 * is larger than a slot).
 */
export type Message =
  | {
    parsed: ParsedArgs;
    slots: SharedArrayBuffer[];
    outs: SharedArrayBuffer[];
  }
  | { slot: number; length: number; part: StreamPart; out?: SharedArrayBuffer }
  | { bytes: Uint8Array; part: StreamPart };

/**
 * What a worker answers: that it is ready (once, before its first part),
 * then each part's writes, in its slot's output buffer (`grown`: in a
 * larger one it made, which the slot keeps), or in `bytes` (copied) for a
 * part sent with its own bytes.
 */
export type Answer = { ready: true } | {
  writes: Write[];
  code: ExitCode;
  part: StreamPart;
  grown?: SharedArrayBuffer;
  bytes?: Uint8Array;
};

/** Converts one part with the thread's pipeline, over {@linkcode PartStreams}'s io. */
export type ConvertPart = (part: StreamPart) => Promise<ExitCode>;

/**
 * A thread's converter of parts: the pipeline (`make`, given the streams)
 * is made once, and the parts go through it one at a time, in the order
 * they are given.
 */
export class PartConverter {
  readonly #streams = new PartStreams();
  readonly #convert: ConvertPart;
  /** The part being converted: the next waits for it. */
  #queue: Promise<unknown> = Promise.resolve();

  readonly #copied: boolean;

  /**
   * @param make The pipeline, made over the streams it is given.
   * @param options `copied`: each part's output is copied out of the
   * thread's own buffer (used again for the next part); else it is a view
   * of it (or of the shared buffer given), for a worker that answers at once.
   */
  constructor(
    make: (io: CliIo) => ConvertPart,
    { copied }: { copied: boolean },
  ) {
    this.#convert = make(this.#streams.io);
    this.#copied = copied;
  }

  /**
   * Converts `bytes`, the part `part` of its stream, after the parts given
   * before; its output goes to `out` (a shared buffer, replaced by a larger
   * shared one when it fills), or to the thread's own buffer.
   */
  convert(
    bytes: Uint8Array,
    part: StreamPart,
    out: Uint8Array | null = null,
  ): Promise<PartOutput<StreamPart>> {
    const done = this.#queue.then(async () => {
      this.#streams.begin(bytes, part, out);
      const code = await this.#convert(part);
      const { writes, bytes: written } = this.#streams.end();
      const output = this.#copied
        ? written.slice(0, outputLength(writes))
        : written;
      return { writes, bytes: output, code, part };
    });
    this.#queue = done.catch(() => {});
    return done;
  }
}

/** Where a part's output ends: the end of its last run of writes. */
export function outputLength(writes: Write[]): number {
  return writes.length === 0 ? 0 : writes[writes.length - 1][2];
}

/**
 * The io of a thread's parts: stdin is the current part; stdout and stderr
 * are kept in one buffer, the part's shared output buffer or the thread's
 * own, used again for every part (growing to the largest part's output),
 * with where each stream's run of writes starts.
 */
class PartStreams {
  readonly io: CliIo;
  #bytes: Uint8Array = new Uint8Array(0);
  #at = 0;
  #part: { label: string; fault?: string } = { label: "" };
  /** The thread's own buffer, and the current part's (it, or a shared one). */
  #own: Uint8Array = new Uint8Array(1 << 16);
  #kept: Uint8Array = this.#own;
  #shared = false;
  #length = 0;
  /** Each run of writes to one stream: the stream, and where the run starts. */
  #runs: [1 | 2, number][] = [];

  constructor() {
    const sink = (fd: 1 | 2) => ({
      writeSync: (data: Uint8Array): number => this.#keep(fd, data),
    });
    this.io = {
      stdin: { read: (buffer) => this.#read(buffer) } satisfies Source,
      stdout: sink(1),
      stderr: sink(2),
      writeFileSync: refuse,
      renameSync: refuse,
      mkdirSync: refuse,
      open: refuse,
      permissions: { requestSync: () => ({ state: "granted" }) },
    };
  }

  begin(
    bytes: Uint8Array,
    part: { label: string; fault?: string },
    out: Uint8Array | null,
  ): void {
    this.#bytes = bytes;
    this.#at = 0;
    this.#part = part;
    this.#kept = out ?? this.#own;
    this.#shared = out !== null;
  }

  /**
   * The part's writes, and the buffer they are in (the part's output
   * buffer, or the larger one made when it filled), good until the buffer's
   * next part: no buffer is made per part, whose external memory made full
   * collections.
   */
  end(): { writes: Write[]; bytes: Uint8Array } {
    const runs = this.#runs, length = this.#length;
    const writes = runs.map(([fd, start], i): Write => [
      fd,
      start,
      i + 1 < runs.length ? runs[i + 1][1] : length,
    ]);
    const bytes = this.#kept;
    this.#length = 0;
    this.#runs = [];
    this.#bytes = new Uint8Array(0);
    return { writes, bytes };
  }

  /** The part's bytes; then its end, or the fault the stream had there. */
  #read(buffer: Uint8Array): Promise<number | null> {
    const bytes = this.#bytes, at = this.#at;
    if (at >= bytes.length) {
      const { fault, label } = this.#part;
      if (fault === undefined) return Promise.resolve(null);
      return Promise.reject(new InputError(new Error(fault), label));
    }
    const n = Math.min(buffer.length, bytes.length - at);
    buffer.set(bytes.subarray(at, at + n));
    this.#at = at + n;
    return Promise.resolve(n);
  }

  /** Copies a write into the kept buffer (the writer reuses its own). */
  #keep(fd: 1 | 2, data: Uint8Array): number {
    if (data.length === 0) return 0;
    const length = this.#length;
    if (length + data.length > this.#kept.length) {
      const size = Math.max(2 * this.#kept.length, length + data.length);
      const grown = new Uint8Array(
        this.#shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size),
      );
      grown.set(this.#kept.subarray(0, length));
      this.#kept = grown;
      if (!this.#shared) this.#own = grown;
    }
    this.#kept.set(data, length);
    this.#length = length + data.length;
    const runs = this.#runs;
    if (runs.length === 0 || runs[runs.length - 1][0] !== fd) {
      runs.push([fd, length]);
    }
    return data.length;
  }
}

function refuse(): never {
  throw new Error("a part of --jobs reads and writes no file");
}

// The streams of the parts of a stream converted for `--jobs` (in a worker,
// or in the command's own thread when no worker can start): one converter
// per thread, made once, whose stdin is the current part's bytes (then its
// end, or the fault the stream had there) and whose stdout and stderr are
// kept in the order they were written. No file is read or written.
//
// Made once, not per part: a pipeline made per part left its objects to die
// at every full collection, and the optimized code that had them inlined was
// thrown away with them (141 deoptimizations over 1M keys, against 5 in one
// process, and a third of the run's CPU time spent compiling again).

import type { CliIo, Source } from "../program/io.ts";
import type { ParsedArgs } from "./option_table.ts";
import { InputError } from "./io.ts";
import type { ExitCode } from "../program/exit.ts";

/** What a part's run left: its writes in order, its exit code, its part filled in. */
export interface PartOutput<P> {
  /** stdout (1) and stderr (2) runs of writes, in order (views of one buffer, good until the converter's next part). */
  writes: [1 | 2, Uint8Array][];
  code: ExitCode;
  part: P;
}

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
  /** Filled by the run: the games read (the reader's last number). */
  report: { games: number; stopped: boolean };
  /** The stream's read failed after the part's bytes: what it said. */
  fault?: string;
}

/**
 * What the command's thread sends: the command line and the shared buffers
 * parts arrive in, then each part (in a slot of those, or its own bytes
 * when it is larger than a slot).
 */
export type Message =
  | { parsed: ParsedArgs; slots: SharedArrayBuffer[] }
  | { slot: number; length: number; part: StreamPart }
  | { bytes: Uint8Array; part: StreamPart };

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
   * @param options `copied`: each part's writes are copied out (else they
   * are views good until the next part, for a worker that posts them at once).
   */
  constructor(
    make: (io: CliIo) => ConvertPart,
    { copied }: { copied: boolean },
  ) {
    this.#convert = make(this.#streams.io);
    this.#copied = copied;
  }

  /** Converts `bytes`, the part `part` of its stream, after the parts given before. */
  convert(
    bytes: Uint8Array,
    part: StreamPart,
  ): Promise<PartOutput<StreamPart>> {
    const done = this.#queue.then(async () => {
      this.#streams.begin(bytes, part);
      const code = await this.#convert(part);
      const writes = this.#streams.end();
      if (this.#copied) {
        for (const write of writes) write[1] = write[1].slice();
      }
      return { writes, code, part };
    });
    this.#queue = done.catch(() => {});
    return done;
  }
}

/**
 * The io of a thread's parts: stdin is the current part; stdout and stderr
 * are kept in one buffer, used again for every part (growing to the largest
 * part's output), with where each stream's run of writes starts.
 */
class PartStreams {
  readonly io: CliIo;
  #bytes: Uint8Array = new Uint8Array(0);
  #at = 0;
  #part: { label: string; fault?: string } = { label: "" };
  #kept = new Uint8Array(1 << 16);
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

  begin(bytes: Uint8Array, part: { label: string; fault?: string }): void {
    this.#bytes = bytes;
    this.#at = 0;
    this.#part = part;
  }

  /**
   * The part's writes: views of the kept buffer, good until the next part
   * begins (a worker's postMessage copies them at once: no buffer is made
   * per part, whose external memory made full collections).
   */
  end(): [1 | 2, Uint8Array][] {
    const all = this.#kept.subarray(0, this.#length);
    const runs = this.#runs;
    const writes = runs.map(([fd, start], i): [1 | 2, Uint8Array] => [
      fd,
      all.subarray(start, i + 1 < runs.length ? runs[i + 1][1] : all.length),
    ]);
    this.#length = 0;
    this.#runs = [];
    this.#bytes = new Uint8Array(0);
    return writes;
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
      const grown = new Uint8Array(
        Math.max(2 * this.#kept.length, length + data.length),
      );
      grown.set(this.#kept.subarray(0, length));
      this.#kept = grown;
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

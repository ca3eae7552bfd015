// The streams of a part of a stream converted for `--jobs` (in a worker or
// in the command's own thread): stdin is the part's bytes (then its end, or
// the fault the stream had there), stdout and stderr are kept in the order
// they were written, and no file is read or written.

import type { CliIo, Source } from "../program/io.ts";
import { InputError } from "./io.ts";
import type { ExitCode } from "../program/exit.ts";

/** What a part's run left: its writes in order, its exit code, its part filled in. */
export interface PartOutput<P> {
  /** stdout (1) and stderr (2) writes, consecutive ones to a stream joined. */
  writes: [1 | 2, Uint8Array][];
  code: ExitCode;
  part: P;
}

/** Runs `run` over a part's streams and collects what it wrote. */
export async function runOverPart<
  P extends { label: string; fault?: string },
>(
  bytes: Uint8Array,
  part: P,
  run: (io: CliIo) => Promise<ExitCode>,
): Promise<PartOutput<P>> {
  const writes: [1 | 2, Uint8Array][] = [];
  const capture = (fd: 1 | 2) => ({
    writeSync(data: Uint8Array): number {
      writes.push([fd, data.slice()]);
      return data.length;
    },
  });
  const io: CliIo = {
    stdin: partSource(bytes, part),
    stdout: capture(1),
    stderr: capture(2),
    writeFileSync: refuse,
    renameSync: refuse,
    mkdirSync: refuse,
    open: refuse,
    permissions: { requestSync: () => ({ state: "granted" }) },
  };
  const code = await run(io);
  return { writes: merge(writes), code, part };
}

/** The part's bytes; then its end, or the fault the stream had there. */
function partSource(
  bytes: Uint8Array,
  part: { label: string; fault?: string },
): Source {
  let at = 0;
  return {
    read(buffer: Uint8Array): Promise<number | null> {
      if (at >= bytes.length) {
        if (part.fault === undefined) return Promise.resolve(null);
        return Promise.reject(
          new InputError(new Error(part.fault), part.label),
        );
      }
      const n = Math.min(buffer.length, bytes.length - at);
      buffer.set(bytes.subarray(at, at + n));
      at += n;
      return Promise.resolve(n);
    },
  };
}

/** Consecutive writes to one stream as one buffer. */
function merge(writes: [1 | 2, Uint8Array][]): [1 | 2, Uint8Array][] {
  const merged: [1 | 2, Uint8Array][] = [];
  for (let i = 0; i < writes.length;) {
    let j = i, size = 0;
    for (; j < writes.length && writes[j][0] === writes[i][0]; j++) {
      size += writes[j][1].length;
    }
    const bytes = new Uint8Array(size);
    for (let k = i, at = 0; k < j; at += writes[k][1].length, k++) {
      bytes.set(writes[k][1], at);
    }
    merged.push([writes[i][0], bytes]);
    i = j;
  }
  return merged;
}

function refuse(): never {
  throw new Error("a part of --jobs reads and writes no file");
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

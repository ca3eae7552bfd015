// A worker of `--jobs`: it settles the command line it is given once, then
// converts each part of a stream it is sent with the command's own pipeline
// (lib/cli/_run.ts's runPart), its stdout and stderr writes kept in order
// and sent back. It reads no file and listens to no signal: the command's
// thread does both.

/// <reference lib="deno.worker" />

import type { CliIo, Source } from "./_io.ts";
import { InputError } from "./_io.ts";
import type { ParsedArgs } from "./options.ts";
import { runPart, type StreamPart } from "./_run.ts";
import { type Settings, settle } from "./settings.ts";

let settings: Settings | null = null;

self.onmessage = async (
  event: MessageEvent<
    { parsed: ParsedArgs } | { bytes: Uint8Array; part: StreamPart }
  >,
) => {
  const message = event.data;
  if ("parsed" in message) {
    settings = settle(message.parsed);
    return;
  }
  const { bytes, part } = message;
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
  const code = await runPart(settings!, io, part);
  const merged = merge(writes);
  self.postMessage(
    { writes: merged, code, part },
    merged.map(([, b]) => b.buffer as ArrayBuffer),
  );
};

/** The part's bytes; then its end, or the fault the stream had there. */
function partSource(bytes: Uint8Array, part: StreamPart): Source {
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
  throw new Error("a worker of --jobs reads and writes no file");
}

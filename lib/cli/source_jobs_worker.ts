// A worker of `--jobs`: it settles the command line it is given once, makes
// the command's own pipeline once (lib/cli/run.ts's partConverter), then
// converts each part of a stream it is sent, in the order sent, writing its
// output into the output buffer of the part's slot, shared with the
// command's thread, and answers where the writes are (nothing copied: see
// source_jobs.ts). It reads no file and listens to no signal: the command's
// thread does both.

/// <reference lib="deno.worker" />

import {
  type Answer,
  type Message,
  outputLength,
  PartConverter,
} from "./source_jobs_io.ts";
import { partConverter } from "./run.ts";
import { settle } from "./option_settings.ts";

let converter: PartConverter | null = null;
/** The slots parts arrive in, and each slot's output buffer as this worker last had it. */
let slots: Uint8Array[] = [];
let outs: Uint8Array[] = [];
/** The messages, handled one after another: results go back in the order sent. */
let queue: Promise<void> = Promise.resolve();

self.onmessage = (event: MessageEvent<Message>) => {
  const message = event.data;
  queue = queue.then(() => handle(message));
};

async function handle(message: Message): Promise<void> {
  if ("parsed" in message) {
    const settings = settle(message.parsed);
    converter = new PartConverter((io) => partConverter(settings, io), {
      copied: false,
    });
    slots = message.slots.map((slot) => new Uint8Array(slot));
    outs = message.outs.map((out) => new Uint8Array(out));
    // The first message a worker posts changes what the runtime's own
    // objects look like, which threw away the optimized code of every hot
    // function when the first part was done (20 deoptimizations at once):
    // posted now, before any of it is optimized.
    return self.postMessage({ ready: true } satisfies Answer);
  }
  const { part } = message;
  if (!("slot" in message)) {
    // a part larger than a slot: its output goes back copied
    const { writes, code, bytes } = await converter!.convert(
      message.bytes,
      part,
    );
    const answer: Answer = {
      writes,
      code,
      part,
      bytes: bytes.slice(0, outputLength(writes)),
    };
    return self.postMessage(answer);
  }
  const { slot } = message;
  if (message.out !== undefined) outs[slot] = new Uint8Array(message.out);
  const out = outs[slot];
  const bytes = slots[slot].subarray(0, message.length);
  const result = await converter!.convert(bytes, part, out);
  const answer: Answer = { writes: result.writes, code: result.code, part };
  if (result.bytes.buffer !== out.buffer) {
    outs[slot] = result.bytes;
    answer.grown = result.bytes.buffer as SharedArrayBuffer;
  }
  self.postMessage(answer);
}

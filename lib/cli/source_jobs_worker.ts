// A worker of `--jobs`: it settles the command line it is given once, makes
// the command's own pipeline once (lib/cli/run.ts's partConverter), then
// converts each part of a stream it is sent, in the order sent, and sends
// back what it wrote (copied: see source_jobs.ts). It reads no file and
// listens to no signal: the command's thread does both.

/// <reference lib="deno.worker" />

import { type Message, PartConverter } from "./source_jobs_io.ts";
import { partConverter } from "./run.ts";
import { settle } from "./option_settings.ts";

let converter: PartConverter | null = null;
let slots: Uint8Array[] = [];
/** The messages, handled one after another: results go back in the order sent. */
let queue: Promise<void> = Promise.resolve();

self.onmessage = (
  event: MessageEvent<
    Message
  >,
) => {
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
    return;
  }
  const { part } = message;
  const bytes = "slot" in message
    ? slots[message.slot].subarray(0, message.length)
    : message.bytes;
  const result = await converter!.convert(bytes, part);
  self.postMessage(result);
}

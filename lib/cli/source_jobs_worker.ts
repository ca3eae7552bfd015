// A worker of `--jobs`: it settles the command line it is given once, then
// converts each part of a stream it is sent with the command's own pipeline
// (lib/cli/run.ts's runPart) and sends back what it wrote. It reads no
// file and listens to no signal: the command's thread does both.

/// <reference lib="deno.worker" />

import type { ParsedArgs } from "./option_table.ts";
import { runOverPart } from "./source_jobs_io.ts";
import { runPart } from "./run.ts";
import type { StreamPart } from "./source_jobs_io.ts";
import { type Settings, settle } from "./option_settings.ts";

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
  const result = await runOverPart(
    bytes,
    part,
    (io) => runPart(settings!, io, part),
  );
  self.postMessage(
    result,
    result.writes.map(([, b]) => b.buffer as ArrayBuffer),
  );
};

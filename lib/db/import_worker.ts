// The index worker of `fen db import --jobs`: it counts the games it is
// sent (their ids known: the command's thread stored them) into a batch of
// index rows, as one thread's import does, and sends the rows, packed, in
// key order, whenever the batch is full and when the stream ends. It opens
// no database: the command's thread writes (lib/db/import_jobs.ts).

/// <reference lib="deno.worker" />

import { IndexBatch } from "./index_batch.ts";
import {
  eachGame,
  type FromWorker,
  PackedRows,
  type ToWorker,
} from "./import_rows.ts";

const rows = new PackedRows();
const batch = new IndexBatch((key, data) => rows.add(key, data));

function send(done: boolean): void {
  // copied, not transferred: the first buffer detached in a worker throws
  // away its optimized code (V8's ArrayBufferDetaching protector)
  self.postMessage({ rows: rows.take(), done } satisfies FromWorker);
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  try {
    const message = event.data;
    if ("end" in message) {
      batch.flush();
      return send(true);
    }
    eachGame(message.games, (game) => {
      batch.addGame(game);
      if (batch.full) {
        batch.flush();
        send(false);
      }
    });
    self.postMessage({ counted: true } satisfies FromWorker);
  } catch (error) {
    self.postMessage({ failed: String(error) } satisfies FromWorker);
  }
};

self.postMessage({ ready: true } satisfies FromWorker);

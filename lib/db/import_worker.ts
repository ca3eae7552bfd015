// The writing worker of `fen db import --jobs`: it opens the database,
// makes the rows of the games it is sent (read by the command's thread, in
// order), stores each once, and counts them into the explorer index, as
// one thread's import does (lib/db/import.ts: the same writer, the same
// batches), so that the command's thread only reads (lib/db/import_jobs.ts).
// The last batch's rows are made by that thread once it has read all, and
// stored here as they come, with their games in one transaction.

/// <reference lib="deno.worker" />

import { DbError, GameDatabase } from "./database.ts";
import { GameWriter, indexedGame } from "./import.ts";
import { IndexBatch } from "./index_batch.ts";
import { rowOf } from "./game_parser.ts";
import {
  type FromWorker,
  GameUnpacker,
  PROGRESS,
  type ReadGame,
  type ToWorker,
} from "./import_rows.ts";

let db: GameDatabase | null = null;
let writer: GameWriter | null = null;
let batch: IndexBatch | null = null;
let progress: Int32Array | null = null;
let taken = 0;
const unpacker = new GameUnpacker();

/** Stores a game and counts it into the index. */
function store(game: ReadGame): void {
  const row = rowOf(game);
  const id = writer!.write({ row, leftOut: null });
  const indexed = id === 0 ? null : indexedGame(row, { id, ...game });
  if (indexed !== null) batch!.addGame(indexed);
  if (batch!.full) writeBatch();
}

/**
 * Writes the batch's rows, and commits: when the batch is full. Not
 * earlier: a batch merges into the rows written before it, and costs
 * about twice as much a row as one into an empty table (100,000 games:
 * 532,742 rows written once took 1.5 to 1.7 s, in five batches 3.7 s),
 * and the worker, which makes the games' rows, has no time to spare for
 * it (docs/db.md, "The tags' bytes to the worker"). The last batch goes
 * to the command's thread (`end`).
 */
function writeBatch(): void {
  writer!.commit(() => batch!.flush());
}

async function handle(message: ToWorker): Promise<FromWorker> {
  if ("open" in message) {
    db = await GameDatabase.open(message.open, { write: true });
    writer = new GameWriter(db, {});
    batch = new IndexBatch(db);
    progress = message.progress;
    return { ready: true };
  }
  if ("games" in message) {
    taken += message.games.count;
    Atomics.store(progress!, PROGRESS.taken, taken);
    unpacker.games(message.games, store);
  } else if ("end" in message) {
    // the last batch's rows are made by the command's thread, which has
    // finished reading, and stored here as they come (`rows`), in the
    // transaction of their games
    return { batch: batch!.take() };
  } else if ("rows" in message) batch!.addRows(message.rows);
  else {
    writer!.commit(() => batch!.endRows());
    db!.close();
  }
  const { added, duplicates } = writer!.counts;
  return { added, duplicates };
}

/** The buffers an answer hands over (a batch's arrays), not copied. */
function transfersOf(answer: FromWorker): ArrayBuffer[] {
  if (!("batch" in answer)) return [];
  const { hi, lo, month, count, games, events } = answer.batch;
  return [hi, lo, month, count, games, events].map((array) => array.buffer);
}

let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<ToWorker>) => {
  queue = queue.then(() => handle(event.data)).then(
    (answer) => self.postMessage(answer, transfersOf(answer)),
    (error) => {
      db?.close();
      self.postMessage(
        {
          failed: error instanceof Error ? error.message : String(error),
          reason: error instanceof DbError ? error.reason : null,
        } satisfies FromWorker,
      );
    },
  );
};

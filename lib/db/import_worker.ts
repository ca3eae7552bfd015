// The writing worker of `fen db import --jobs`: it opens the database and
// stores the games it is sent (read by the command's thread, in order),
// each once, and counts them into the explorer index, as one thread's
// import does (lib/db/import.ts: the same writer, the same batches), so
// that the command's thread only reads (lib/db/import_jobs.ts).

/// <reference lib="deno.worker" />

import { DbError, GameDatabase } from "./database.ts";
import { GameWriter, indexedGame } from "./import.ts";
import { IndexBatch } from "./index_batch.ts";
import {
  type FromWorker,
  GameUnpacker,
  PROGRESS,
  type RowGame,
  type ToWorker,
} from "./import_rows.ts";

/**
 * The rows past which a worker that keeps up with the reading writes its
 * batch (a full one, 600,000 rows, took 1.5 s at the end of 100,000
 * games, the reading done; a worker behind fills its batches). The last
 * batch is the import's wait on the worker alone: from 100,000 rows it
 * took 0.61 to 1.52 s after the reading ended (7 runs, 1.11 s on average),
 * from 200,000 rows 1.10 to 2.37 s (1.63 s), from 60,000 rows no less
 * (more batches merge more rows: docs/db.md). See also `EARLY_SHARE`.
 */
const EARLY_ROWS = 100_000;

/**
 * A batch written early holds at least this share of the rows written
 * before it. Each batch merges into a larger table, and costs more a row
 * (at 100,000 games, six batches of about 100,000 rows took 379 to 1,047
 * ms): at 1,000,000 games, early batches of 100,000 rows made 23 to 28
 * batches, 44 to 48 s of the worker's CPU; with this share, 14 batches,
 * 33 to 37 s, and the import 58.7 to 65.0 s against 69.0 to 73.7 s
 * (docs/db.md, "The worker's batches").
 */
const EARLY_SHARE = 0.5;

/**
 * The games sent and not taken at most for a worker that keeps up: about
 * a message's (the thread sends what each chunk of input held).
 */
const CAUGHT_UP_GAMES = 1_000;

let db: GameDatabase | null = null;
let writer: GameWriter | null = null;
let batch: IndexBatch | null = null;
let progress: Int32Array | null = null;
let taken = 0;
/** The rows the batches wrote so far (see `EARLY_SHARE`). */
let written = 0;
const unpacker = new GameUnpacker();

/** Stores a game and counts it into the index. */
function store(game: RowGame): void {
  const id = writer!.write({ row: game.row, leftOut: null });
  const indexed = id === 0 ? null : indexedGame(game.row, { id, ...game });
  if (indexed !== null) batch!.addGame(indexed);
  if (batch!.full) writeBatch();
}

/** Writes the batch's rows, and commits. */
function writeBatch(): void {
  written += batch!.size;
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
    // a worker that keeps up writes its batch early, while the reading
    // goes on: the import's end then waits on a small last batch only
    const behind = Atomics.load(progress!, PROGRESS.sent) - taken;
    const early = Math.max(EARLY_ROWS, EARLY_SHARE * written);
    if (behind <= CAUGHT_UP_GAMES && batch!.size >= early) writeBatch();
  } else {
    writeBatch();
    db!.close();
  }
  const { added, duplicates } = writer!.counts;
  return { added, duplicates };
}

let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<ToWorker>) => {
  queue = queue.then(() => handle(event.data)).then(
    (answer) => self.postMessage(answer),
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

/**
 * `fen db import --jobs`: this thread reads the games (lib/db/game_parser.ts:
 * their moves played, their tags copied as bytes) while a worker
 * (lib/db/import_worker.ts) makes their rows, stores them and counts them
 * into the explorer index, with the one thread's writer and batches
 * (lib/db/import.ts), so the database holds that import's games and rows.
 * The reading is about half of an import's work, the rows, the writing
 * and the index the other half: two threads are all it takes. The games
 * left out are said here, in order, as they are read.
 *
 * @module
 */

import { DbError } from "./database.ts";
import { GameParser, type ParsedGame } from "./game_parser.ts";
import type { ImportCounts, ImportOptions } from "./import.ts";
import { IndexBatch, RowPacker } from "./index_batch.ts";
import {
  type FromWorker,
  GamePacker,
  type GameToPack,
  PROGRESS,
  type ToWorker,
} from "./import_rows.ts";

/** The module the worker runs. */
export const WORKER = new URL("./import_worker.ts", import.meta.url);

/**
 * Games sent and not yet stored, at most (memory: a game packed is about
 * a kilobyte). The worker's commits (the index's batch written, a second
 * or two, up to 4 s for 600,000 rows into a large table) must not stop
 * the reading: a few messages ahead (the first bound) kept each thread
 * waiting for the other about a third of the time, and 32,768 games
 * stopped it during the larger batches at 1,000,000 games (73.3 s against
 * 65.0 s with this bound; the peak 434 to 452 MB against 341 to 347 MB).
 */
const AHEAD_GAMES = 100_000;

/**
 * An import whose games a worker stores: {@linkcode ImportJobs.push} it PGN,
 * then {@linkcode ImportJobs.end} it; {@linkcode ImportJobs.close} in any
 * case.
 */
export class ImportJobs {
  readonly #options: ImportOptions;
  readonly #parser: GameParser;
  readonly #worker: Worker;
  /** The games read since the last message. */
  readonly #games = new GamePacker();
  /** The worker's answers, in the order of the messages sent. */
  readonly #pending: {
    resolve: (answer: FromWorker) => void;
    reject: (error: unknown) => void;
  }[] = [];
  /** The answers not awaited yet, oldest first. */
  readonly #waiting: Promise<FromWorker>[] = [];
  /**
   * The games the worker took, counted in shared memory (`PROGRESS`): this
   * thread reads no answer while it reads the input, so only the count
   * says at once how far behind the worker is.
   */
  readonly #progress = new Int32Array(new SharedArrayBuffer(4));
  #sent = 0;
  #failure: unknown = null;
  /** What the import did so far (added and skipped: as the worker said). */
  readonly counts: ImportCounts = {
    read: 0,
    added: 0,
    duplicates: 0,
    failed: 0,
  };

  /**
   * @param path The database's file (opened to write by the worker).
   * @param options How to read and index.
   */
  constructor(path: string, options: ImportOptions) {
    this.#options = options;
    this.#parser = new GameParser(
      { ...options, tagBytes: true },
      (game) => this.#game(game),
    );
    this.#worker = new Worker(WORKER, { type: "module" });
    this.#worker.onmessage = (event: MessageEvent<FromWorker>) =>
      this.#answer(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(new Error(`a worker failed: ${event.message}`));
    };
    this.#send({ open: path, progress: this.#progress });
  }

  /** Reads the next chunk of PGN; waits while the worker is behind. */
  async push(chunk: Uint8Array): Promise<void> {
    this.#parser.push(chunk);
    this.#flush();
    const progress = this.#progress;
    while (
      this.#sent - Atomics.load(progress, PROGRESS.taken) > AHEAD_GAMES &&
      this.#waiting.length > 0
    ) await this.#waiting.shift();
  }

  /**
   * Ends the input: waits for the worker to store everything, makes the
   * rows of its last batch here while the worker stores them (this thread
   * has nothing else left to do), and waits for the commit.
   */
  async end(): Promise<void> {
    this.#parser.end();
    this.#flush();
    this.#send({ end: true });
    let last: FromWorker | null = null;
    for (const answer of this.#waiting.splice(0)) last = await answer;
    if (last !== null && "batch" in last) {
      IndexBatch.write(
        last.batch,
        new RowPacker((rows) =>
          this.#send({ rows }, [rows.numbers.buffer, rows.bytes.buffer])
        ),
      );
    }
    this.#send({ commit: true });
    for (const answer of this.#waiting.splice(0)) await answer;
  }

  /** Stops the worker. */
  close(): void {
    this.#worker.terminate();
  }

  /** A game read: sent to be stored, or said to be left out. */
  #game(game: ParsedGame): void {
    this.counts.read++;
    if (game.walked !== null) {
      // the index reads the moves of the plies indexed only (the row has
      // them all): the rest is not copied to the worker
      if (game.codes.length > this.#options.indexPlies) {
        game.codes.length = this.#options.indexPlies;
      }
      this.#games.add(game as GameToPack);
      return;
    }
    this.counts.failed++;
    if (game.leftOut !== null) this.#options.onError?.(game.leftOut);
  }

  /** Sends the games read since the last time, if any. */
  #flush(): void {
    const count = this.#games.count;
    if (count === 0) return;
    const games = this.#games.take();
    this.#sent += count;
    this.#send({ games }, [games.numbers.buffer, games.bytes.buffer]);
  }

  #send(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (this.#failure !== null) throw this.#failure;
    const answer = new Promise<FromWorker>((resolve, reject) =>
      this.#pending.push({ resolve, reject })
    );
    // said where it is awaited, if it is: an import stopped early is not
    answer.catch(() => {});
    this.#waiting.push(answer);
    this.#worker.postMessage(message, transfer);
  }

  #fail(error: unknown): void {
    this.#failure ??= error;
    for (const pending of this.#pending.splice(0)) pending.reject(error);
  }

  /** The worker's answer to the oldest message. */
  #answer(message: FromWorker): void {
    if ("failed" in message) {
      this.#fail(
        message.reason === null
          ? new Error(message.failed)
          : new DbError(message.reason, message.failed),
      );
      return;
    }
    if ("added" in message) {
      this.counts.added = message.added;
      this.counts.duplicates = message.duplicates;
    }
    this.#pending.shift()?.resolve(message);
  }
}

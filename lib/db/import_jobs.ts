/**
 * `fen db import --jobs`: this thread reads the games and stores them (as
 * one thread's import does: lib/db/import.ts), while a worker
 * (lib/db/import_worker.ts) counts them into the index, as that import's
 * batch would, and sends back the rows, which this thread writes. The
 * games go to the worker as numbers (their ids, keys and moves), the
 * rows come back as bytes: nothing is read twice and no object crosses,
 * so the database is the one thread's, byte for byte. The index is about
 * two fifths of an import's work: two threads are all it takes.
 *
 * @module
 */

import type { GameDatabase } from "./database.ts";
import { GameParser, type ParsedGame } from "./game_parser.ts";
import {
  GameWriter,
  type ImportCounts,
  type ImportOptions,
  indexedGame,
} from "./import.ts";
import { type RowSink, upsertSink } from "./index_batch.ts";
import {
  type FromWorker,
  PackedGames,
  type ToWorker,
  unpack,
} from "./import_rows.ts";

/** The module the worker runs. */
export const WORKER = new URL("./import_worker.ts", import.meta.url);

/** Messages of games sent and not yet counted, at most (memory). */
const AHEAD = 8;

/**
 * An import with its index counted on a worker: {@linkcode ImportJobs.push}
 * it PGN, then {@linkcode ImportJobs.end} it; {@linkcode ImportJobs.close}
 * in any case.
 */
export class ImportJobs {
  readonly #parser: GameParser;
  readonly #writer: GameWriter;
  readonly #sink: RowSink;
  readonly #worker: Worker;
  readonly #games = new PackedGames();
  /** Messages of games sent, and whether the worker sent its last rows. */
  #sent = 0;
  #counted = 0;
  #done = false;
  #failure: unknown = null;
  #wake: (() => void) | null = null;

  /**
   * @param db The database, opened to write.
   * @param options How to read and index.
   */
  constructor(db: GameDatabase, options: ImportOptions) {
    this.#writer = new GameWriter(db, options);
    this.#sink = upsertSink(db);
    this.#parser = new GameParser(options, (game) => this.#game(game));
    this.#worker = new Worker(WORKER, { type: "module" });
    this.#worker.onmessage = (event: MessageEvent<FromWorker>) =>
      this.#answer(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(new Error(`a worker failed: ${event.message}`));
    };
  }

  /** What the import did so far. */
  get counts(): ImportCounts {
    return this.#writer.counts;
  }

  /** Reads the next chunk of PGN; waits while the worker is behind. */
  async push(chunk: Uint8Array): Promise<void> {
    this.#parser.push(chunk);
    this.#send();
    while (this.#sent - this.#counted >= AHEAD) await this.#wait();
  }

  /** Ends the input: waits for the worker's rows, writes and commits. */
  async end(): Promise<void> {
    this.#parser.end();
    this.#send();
    this.#worker.postMessage({ end: true } satisfies ToWorker);
    while (!this.#done) await this.#wait();
    this.#writer.commit(() => {});
  }

  /** Stops the worker. */
  close(): void {
    this.#worker.terminate();
  }

  /** Stores a game read; one the index counts goes to the worker. */
  #game(game: ParsedGame): void {
    const id = this.#writer.write(game);
    const indexed = id === 0 ? null : indexedGame(game.row!, { id, ...game });
    if (indexed !== null) this.#games.add(indexed);
  }

  /** Sends the games packed since the last time, if any. */
  #send(): void {
    if (this.#games.length === 0) return;
    const games = this.#games.take();
    this.#sent++;
    // copied, not transferred (see the worker)
    this.#worker.postMessage({ games } satisfies ToWorker);
  }

  #wait(): Promise<void> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    return new Promise((resolve) => this.#wake = resolve);
  }

  #fail(error: unknown): void {
    this.#failure ??= error;
    this.#wake?.();
  }

  /** The worker's answer: rows written (and the games they count committed). */
  #answer(message: FromWorker): void {
    try {
      if ("failed" in message) throw new Error(message.failed);
      if ("counted" in message) this.#counted++;
      if ("rows" in message) {
        this.#writer.begin();
        unpack(message.rows, this.#sink);
        this.#writer.commit(() => {});
        this.#done = message.done;
      }
    } catch (error) {
      this.#fail(error);
    }
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}

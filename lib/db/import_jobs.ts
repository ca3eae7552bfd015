/**
 * `fen db import --jobs N`: the stream cut into parts before a game (as
 * `--jobs` cuts PGN: lib/pgn/starts.ts), each read by one of N workers
 * (lib/db/import_worker.ts) while this thread writes. In part order, this
 * thread stores the games a worker read (a game already there is skipped,
 * as in one thread) and sends back their ids; the worker counts them into
 * the part's index rows and sends those, which this thread adds to the
 * table. The games, their ids, the counts and the messages are one
 * thread's ({@linkcode GameImporter}'s): a row's bytes do not depend on
 * how its games were batched. A part whose games the cut counted
 * otherwise than the reader (so that the game numbers after it, and
 * `--shard`'s choice, were assumed wrong) is read again here.
 *
 * @module
 */

import { gameCut } from "../pgn/starts.ts";
import type { GameDatabase } from "./database.ts";
import { GameParser } from "./game_parser.ts";
import {
  GameWriter,
  type ImportCounts,
  type ImportOptions,
  indexedGame,
} from "./import.ts";
import { IndexBatch, type RowSink, upsertSink } from "./index_batch.ts";
import { type FromWorker, unpack } from "./import_rows.ts";

/** The module a worker runs. */
export const WORKER = new URL("./import_worker.ts", import.meta.url);

/** A part's size: large enough that its index rows add up a while. */
const PART = 1 << 18;
/** Parts in flight per worker: one read, one waiting. */
const AHEAD = 2;
/** Index rows written between two commits. */
const COMMIT_ROWS = 500_000;

/** A part sent to a worker. */
interface Part {
  bytes: Uint8Array;
  worker: Worker;
  offset: { games: number; lines: number };
  /** The games the cut counted in it. */
  count: number;
  /** Whether it is its worker's last. */
  last: boolean;
  parsed?: Extract<FromWorker, { parsed: number }>;
}

/**
 * An import on worker threads: {@linkcode ImportJobs.push} it PGN, then
 * {@linkcode ImportJobs.end} it; {@linkcode ImportJobs.close} in any case.
 */
export class ImportJobs {
  readonly #options: ImportOptions;
  readonly #writer: GameWriter;
  readonly #sink: RowSink;
  readonly #workers: Worker[] = [];
  readonly #parts = new Map<number, Part>();
  #held = new Uint8Array(2 * PART);
  #size = 0;
  #sent = 0;
  /** The next part to store, and the parts not yet indexed. */
  #next = 0;
  #indexing = 0;
  /** Games and lines of the stream before the held bytes (as cut). */
  #cut = { games: 0, lines: 0 };
  /** Games before the next part to store, as the reader counted them. */
  #games = 0;
  #rows = 0;
  #failure: unknown = null;
  /** Whether the input ended (the parts sent since are each worker's last). */
  #ended = false;
  #wake: (() => void) | null = null;

  /**
   * @param db The database, opened to write.
   * @param options How to read and index, and the workers (at least 1).
   */
  constructor(db: GameDatabase, options: ImportOptions & { jobs: number }) {
    this.#options = options;
    this.#writer = new GameWriter(db, options);
    this.#sink = upsertSink(db);
    const { indexPlies, annotations, shard } = options;
    for (let i = 0; i < options.jobs; i++) {
      const worker = new Worker(WORKER, { type: "module" });
      worker.onmessage = (event: MessageEvent<FromWorker>) =>
        this.#answer(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.#fail(new Error(`a worker failed: ${event.message}`));
      };
      worker.postMessage({
        init: { indexPlies, annotations, ...(shard ? { shard } : {}) },
      });
      this.#workers.push(worker);
    }
  }

  /** What the import did so far. */
  get counts(): ImportCounts {
    return this.#writer.counts;
  }

  /** Reads the next chunk of PGN; waits while the workers are behind. */
  async push(chunk: Uint8Array): Promise<void> {
    if (this.#size + chunk.length > this.#held.length) {
      const bigger = new Uint8Array(2 * (this.#size + chunk.length));
      bigger.set(this.#held.subarray(0, this.#size));
      this.#held = bigger;
    }
    this.#held.set(chunk, this.#size);
    this.#size += chunk.length;
    if (this.#size < PART) return;
    const at = gameCut(this.#held.subarray(0, this.#size));
    if (at === null) return;
    this.#send(at.end, at.games);
    this.#cut.lines += at.lines;
    while (this.#parts.size >= AHEAD * this.#workers.length) {
      await this.#wait();
    }
  }

  /** Ends the input: waits for every part, writes and commits. */
  async end(): Promise<void> {
    this.#ended = true;
    // each worker's last part (empty if need be) sends the rows it holds
    for (let i = 0; i < this.#workers.length; i++) this.#send(this.#size, 0);
    while (this.#parts.size > 0 || this.#indexing > 0) await this.#wait();
    this.#writer.commit(() => {});
  }

  /** Stops the workers. */
  close(): void {
    for (const worker of this.#workers) worker.terminate();
  }

  /** Sends the held bytes before `end` (`count` games) as the next part. */
  #send(end: number, count: number): void {
    const number = this.#sent++;
    const bytes = this.#held.slice(0, end);
    this.#held.copyWithin(0, end, this.#size);
    this.#size -= end;
    const worker = this.#workers[number % this.#workers.length];
    const offset = { ...this.#cut };
    this.#cut.games += count;
    this.#parts.set(number, {
      bytes,
      worker,
      offset,
      count,
      last: this.#ended,
    });
    worker.postMessage({ parse: number, bytes, offset });
  }

  #wait(): Promise<void> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    return new Promise((resolve) => this.#wake = resolve);
  }

  #fail(error: unknown): void {
    this.#failure ??= error;
    this.#wake?.();
  }

  /** A worker's answer. */
  #answer(message: FromWorker): void {
    try {
      if ("failed" in message) throw new Error(message.failed);
      if ("parsed" in message) {
        this.#parts.get(message.parsed)!.parsed = message;
        this.#store();
      } else if ("indexed" in message) {
        this.#writer.begin();
        unpack(message.rows, this.#sink);
        this.#indexing--;
        this.#rows += message.rows.keys.length / 4;
        if (this.#rows >= COMMIT_ROWS) {
          this.#writer.commit(() => {});
          this.#rows = 0;
        }
      }
    } catch (error) {
      this.#fail(error);
    }
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** Stores the games of the parts read, in order. */
  #store(): void {
    for (let part = this.#parts.get(this.#next); part?.parsed;) {
      this.#parts.delete(this.#next);
      const { read, games } = part.parsed;
      const last = part.last;
      // the parts cut from now on start where the reader says (an earlier
      // part still in flight, where it assumed otherwise, is read again)
      this.#cut.games += read - part.count;
      if (part.offset.games !== this.#games) {
        const ids = new Int32Array(0);
        part.worker.postMessage({ index: this.#next, ids, last });
        this.#local(part);
      } else {
        const ids = new Int32Array(games.length);
        games.forEach((game, i) => ids[i] = this.#writer.write(game));
        this.#games += read;
        part.worker.postMessage({ index: this.#next, ids, last });
      }
      this.#indexing++;
      part = this.#parts.get(++this.#next);
    }
  }

  /** Reads and stores a part in this thread, at the stream's true place. */
  #local({ bytes, offset }: Part): void {
    const batch = new IndexBatch(this.#sink);
    const parser = new GameParser(
      { ...this.#options, offset: { games: this.#games, lines: offset.lines } },
      (game) => {
        const id = this.#writer.write(game);
        const indexed = id === 0
          ? null
          : indexedGame(game.row!, { id, ...game });
        if (indexed !== null) batch.addGame(indexed);
        if (batch.full) batch.flush();
      },
    );
    parser.push(bytes);
    parser.end();
    batch.flush();
    this.#games += parser.games;
  }
}

/**
 * Importing PGN into a game database: each game read (lib/db/game_parser.ts),
 * stored once (a game seen before, by its site URL or else by its tags
 * and moves, is skipped), and its first plies counted into the explorer
 * index, in transactions of a bounded batch of games and index rows.
 *
 * @module
 */

import type { StatementSync } from "node:sqlite";
import { dbErrorOf, type GameDatabase } from "./database.ts";
import type { GameRow } from "./game_row.ts";
import { gameCounts } from "./game_counts.ts";
import { IndexBatch, type IndexedGame } from "./index_batch.ts";
import {
  GameParser,
  type ParsedGame,
  type ParseOptions,
  rowOf,
} from "./game_parser.ts";

/** A game read whole: what {@linkcode rowOf} makes its row of. */
type RowFacts = Parameters<typeof rowOf>[0];

export { type GameWalk, monthOf, walkGame } from "./game_parser.ts";

/** How an import reads and indexes. */
export interface ImportOptions extends ParseOptions {
  /** Called with each game that cannot be read (it is left out). */
  onError?: (error: { message: string }) => void;
}

/** What an import did. */
export interface ImportCounts {
  /** Games read. */
  read: number;
  /** Games stored. */
  added: number;
  /** Games skipped: already in the database (or earlier in the input). */
  duplicates: number;
  /** Games left out: they could not be read. */
  failed: number;
}

/** The index's default depth: see docs/db.md for the measurements. */
export const DEFAULT_INDEX_PLIES = 12;

/** The columns an import writes, in order (all but `id`). */
export const INSERT_COLUMNS = [
  "uid",
  "event",
  "site_prefix",
  "site",
  "date",
  "round",
  "white",
  "black",
  "result",
  "white_elo",
  "black_elo",
  "eco",
  "opening",
  "time_control",
  "speed",
  "variant",
  "month",
  "plies",
  "fen",
  "material",
  "home_pawns",
  "moves",
  "tags",
  "annotations",
] as const;

/** The statement that stores a game (unless there: a unique index holds). */
export const INSERT_SQL = `INSERT OR IGNORE INTO games (${
  INSERT_COLUMNS.join(", ")
}) VALUES (${INSERT_COLUMNS.map(() => "?").join(", ")})`;

/**
 * The writing half of an import: each game read stored once (or left out,
 * said), counted, in a transaction opened at the first game.
 */
export class GameWriter {
  readonly #db: GameDatabase;
  readonly #options: Pick<ImportOptions, "onError">;
  readonly #insert: StatementSync;
  readonly #values: unknown[] = new Array(INSERT_COLUMNS.length);
  #open = false;
  /** What the import did so far. */
  readonly counts: ImportCounts = {
    read: 0,
    added: 0,
    duplicates: 0,
    failed: 0,
  };

  /**
   * @param db The database, opened to write.
   * @param options The callbacks for the games left out.
   */
  constructor(
    db: GameDatabase,
    options: Pick<ImportOptions, "onError">,
  ) {
    this.#db = db;
    this.#options = options;
    this.#insert = db.sql.prepare(INSERT_SQL);
  }

  /**
   * Stores a game read, or says why it is left out.
   *
   * @param game The game.
   * @returns Its id, or 0 when it is not stored (left out, or there).
   */
  write(game: { row: GameRow | null; leftOut: ParsedGame["leftOut"] }): number {
    this.counts.read++;
    const { leftOut, row } = game;
    if (leftOut !== null || row === null) {
      this.counts.failed++;
      if (leftOut !== null) this.#options.onError?.(leftOut);
      return 0;
    }
    this.begin();
    try {
      const stored = this.#db.store.stored(row);
      const values = this.#values;
      for (let i = 0; i < INSERT_COLUMNS.length; i++) {
        values[i] = stored[INSERT_COLUMNS[i]] ?? null;
      }
      const { changes, lastInsertRowid } = this.#insert.run(
        ...values as never[],
      );
      if (Number(changes) === 0) {
        this.counts.duplicates++;
        return 0;
      }
      this.counts.added++;
      return Number(lastInsertRowid);
    } catch (error) {
      throw dbErrorOf(error, this.#db.path);
    }
  }

  /** Opens the transaction, unless it is open. */
  begin(): void {
    if (this.#open) return;
    try {
      this.#db.sql.exec("BEGIN");
      this.#db.markVersion();
    } catch (error) {
      throw dbErrorOf(error, this.#db.path);
    }
    this.#open = true;
  }

  /** Runs `flush` (the index rows held) and ends the transaction, if open. */
  commit(flush: () => void): void {
    if (!this.#open) return;
    try {
      flush();
      this.#db.sql.exec("COMMIT");
    } catch (error) {
      throw dbErrorOf(error, this.#db.path);
    }
    this.#open = false;
  }
}

/**
 * An import into one database in this thread: {@linkcode GameImporter.push}
 * it PGN in chunks, then {@linkcode GameImporter.end} it.
 *
 * @example Two games, one of them twice
 * ```ts
 * import { GameDatabase } from "./database.ts";
 * import { GameImporter } from "./import.ts";
 * import assert from "node:assert/strict";
 *
 * const db = await GameDatabase.open(":memory:", { write: true });
 * const importer = new GameImporter(db, { indexPlies: 4, annotations: true });
 * const game = '[Site "https://lichess.org/abcdefgh"]\n\n1. e4 e5 1-0\n\n';
 * importer.push(game + game + "1. d4 d5 *\n");
 * importer.end();
 * assert.deepEqual(importer.counts, { read: 3, added: 2, duplicates: 1, failed: 0 });
 * db.close();
 * ```
 */
export class GameImporter {
  readonly #parser: GameParser;
  readonly #writer: GameWriter;
  readonly #batch: IndexBatch;

  /**
   * @param db The database, opened to write.
   * @param options How to read and index.
   */
  constructor(db: GameDatabase, options: ImportOptions) {
    this.#writer = new GameWriter(db, options);
    this.#batch = new IndexBatch(db);
    this.#parser = new GameParser(options, (game) => this.#game(game));
  }

  /** What the import did so far. */
  get counts(): ImportCounts {
    return this.#writer.counts;
  }

  /**
   * Reads the next chunk of PGN (text or bytes, not mixed).
   *
   * @param chunk The next piece of the stream, cut anywhere.
   */
  push(chunk: string | Uint8Array): void {
    this.#parser.push(chunk);
  }

  /** Ends the input: the last game is read, everything written. */
  end(): void {
    this.#parser.end();
    this.#writer.commit(() => this.#batch.flush());
  }

  /** Stores one game and counts it into the index. */
  #game(game: ParsedGame): void {
    const row = game.walked === null ? null : rowOf(game as RowFacts);
    const id = this.#writer.write({ row, leftOut: game.leftOut });
    if (id === 0) return;
    const indexed = indexedGame(row!, { id, ...game });
    if (indexed !== null) this.#batch.addGame(indexed);
    if (this.#batch.full) this.#writer.commit(() => this.#batch.flush());
  }
}

/**
 * A stored game as the index counts it, or null when it does not count
 * (no known result, as `fen tree` leaves such games out).
 *
 * @param row The game's row (its result, ratings, speed and month).
 * @param walk Its id, keys and moves.
 * @returns What the index counts.
 */
export function indexedGame(
  row: GameRow,
  { id, keys, codes }: {
    id: number;
    keys: ArrayLike<number>;
    codes: ArrayLike<number>;
  },
): IndexedGame | null {
  const counts = gameCounts(row);
  if (counts === null) return null;
  return {
    id,
    month: Number(row.month),
    ...counts,
    keys,
    codes,
  };
}

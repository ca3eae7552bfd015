/**
 * The game database: one SQLite file (Deno's built-in `node:sqlite`), its
 * schema (docs/db.md) and what goes wrong opening it, worded.
 *
 * @module
 */

import type { DatabaseSync, StatementSync } from "node:sqlite";
import { loadNode } from "./_node.ts";
import { ByteWriter } from "./_varint.ts";
import { ExplorerEntry } from "./entry.ts";
import {
  type GameCounts,
  gameCounts,
  type GameLookup,
  RecentGames,
} from "./game_counts.ts";
import { GameStore, STRING_COLUMNS } from "./game_store.ts";
import type { GameRow } from "./game_row.ts";

/** The schema's version, kept in the `meta` table. */
export const SCHEMA_VERSION = 3;

/**
 * The older versions this fen reads as they are, and writes to (marking
 * them {@linkcode SCHEMA_VERSION}): version 3 added the explorer rows that
 * refer to their one game, and reads every row of version 2.
 */
const READ_VERSIONS: readonly number[] = [2];

/** The tables and indexes (see docs/db.md). */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (
  name TEXT PRIMARY KEY,
  value ANY
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS strings (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY,
  uid INTEGER,
  event INTEGER, site_prefix INTEGER, site TEXT, date INTEGER, round INTEGER,
  white INTEGER, black INTEGER, result INTEGER,
  white_elo INTEGER, black_elo INTEGER,
  eco INTEGER, opening INTEGER, time_control INTEGER, speed INTEGER,
  variant INTEGER,
  month INTEGER, plies INTEGER, fen TEXT,
  material INTEGER, home_pawns INTEGER,
  moves BLOB, tags BLOB, annotations BLOB
);
CREATE UNIQUE INDEX IF NOT EXISTS games_uid ON games (uid)
  WHERE uid IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS games_site ON games (site_prefix, site)
  WHERE site_prefix IS NOT NULL;
CREATE INDEX IF NOT EXISTS games_signature ON games (material, home_pawns);
CREATE TABLE IF NOT EXISTS explorer (
  key INTEGER NOT NULL,
  month INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (key, month)
) WITHOUT ROWID;
CREATE VIEW IF NOT EXISTS games_view AS SELECT id,
  ${STRING_COLUMNS.map(textOf).join(",\n  ")},
  CASE WHEN site_prefix IS NULL THEN site ELSE
    (SELECT s.text FROM strings s WHERE s.id = g.site_prefix) || site END
    AS site,
  white_elo, black_elo, month, plies, fen, material, home_pawns
  FROM games g;
`;

/** A column of `games_view`: the text of a column's id in `strings`. */
function textOf(column: string): string {
  return `(SELECT s.text FROM strings s WHERE s.id = g.${column}) AS ${column}`;
}

/** Why a database cannot be used. */
export type DbErrorReason =
  | "missing"
  | "not-database"
  | "locked"
  | "read-only"
  | "schema"
  | "open";

/** A database that cannot be opened, read or written: worded for a user. */
export class DbError extends Error {
  /** What went wrong. */
  readonly reason: DbErrorReason;

  /**
   * @param reason What went wrong.
   * @param message The message, lower case.
   */
  constructor(reason: DbErrorReason, message: string) {
    super(message);
    this.name = "DbError";
    this.reason = reason;
  }
}

/**
 * SQLite's messages for the failures a user can cause (Deno's node:sqlite
 * gives the message, not the result code), and what they mean.
 */
const SQLITE_REASONS: readonly (readonly [RegExp, DbErrorReason, string])[] = [
  [
    /database is locked|database table is locked/,
    "locked",
    "is locked by another program",
  ],
  [/file is not a database/, "not-database", "is not a database"],
  [/malformed/, "not-database", "is damaged (not a database)"],
  [/readonly database/, "read-only", "cannot be written (read-only)"],
  [/unable to open database file/, "open", "cannot be opened"],
];

/**
 * The {@linkcode DbError} an SQLite failure on `path` is, or the error
 * itself when it is none a user causes.
 *
 * @param error What SQLite threw.
 * @param path The database's name, as given.
 * @returns The error to throw.
 */
export function dbErrorOf(error: unknown, path: string): unknown {
  if (error instanceof DbError || !(error instanceof Error)) return error;
  const known = SQLITE_REASONS.find(([pattern]) => pattern.test(error.message));
  if (known === undefined) return error;
  return new DbError(known[1], `${JSON.stringify(path)} ${known[2]}`);
}

/** How to open a database. */
export interface OpenOptions {
  /** Make the file and its tables when missing (import); else read it. */
  write?: boolean;
  /**
   * Only the explorer's counts are read (no game's annotations): the
   * module that inflates them is not loaded.
   */
  explorerOnly?: boolean;
}

/**
 * An open game database. Opening checks that the file is one of fen's
 * databases; writing makes its tables.
 *
 * @example An empty database in memory
 * ```ts
 * import { GameDatabase } from "./database.ts";
 * import assert from "node:assert/strict";
 *
 * const db = await GameDatabase.open(":memory:", { write: true });
 * assert.equal(db.gameCount(), 0);
 * db.close();
 * ```
 */
export class GameDatabase {
  /** The SQLite connection. */
  readonly sql: DatabaseSync;
  /** The name it was opened by. */
  readonly path: string;
  #store: GameStore | null = null;
  #countsOf: StatementSync | null = null;
  /** The counts of the games added last (an import adds them). */
  readonly #recent = new RecentGames();
  /**
   * The counts of a game by id, for the explorer's rows that refer to
   * their one game ({@linkcode GameDatabase.gameCounts}).
   */
  readonly lookup: GameLookup = (id) => this.gameCounts(id);

  private constructor(sql: DatabaseSync, path: string) {
    this.sql = sql;
    this.path = path;
  }

  /**
   * Opens (or, to write, makes) a database.
   *
   * @param path The file.
   * @param options Whether to write; whether only the explorer is read.
   * @returns The database (SQLite's module loaded on the first).
   * @throws {DbError} For a file that is missing (reading), no database,
   * locked, read-only, or another program's SQLite file.
   */
  static async open(
    path: string,
    { write = false, explorerOnly = false }: OpenOptions = {},
  ): Promise<GameDatabase> {
    if (path !== ":memory:") checkFile(path, write);
    const { sqlite } = await loadNode({ zlib: write || !explorerOnly });
    let sql: DatabaseSync | null = null;
    try {
      sql = new sqlite.DatabaseSync(path, { readOnly: !write, timeout: 2000 });
      const db = new GameDatabase(sql, path);
      sql.function(
        "fen_explorer_merge",
        (old, added) => mergeRows(old, added, db.lookup),
      );
      if (write) {
        // The default rollback journal: a reader needs no write access
        // (WAL's readers write its shared-memory file).
        sql.exec("PRAGMA synchronous = NORMAL;");
        // 64 MiB of pages (SQLite's default is 2): an import writes at
        // random into `games_uid`, `games_signature` and the explorer, and
        // at 1,000,000 games each write read its pages from the file again
        sql.exec("PRAGMA cache_size = -65536;");
      }
      db.#checkVersion();
      if (write) {
        // 16 KiB pages for a new file (SQLite's default is 4): each batch
        // of the index writes into most of the explorer's pages, and at
        // 1,000,000 games a quarter as many pages took a fifth less of the
        // import's writing, for a file 4% smaller (docs/db.md)
        sql.exec("PRAGMA page_size = 16384;");
        sql.exec(SCHEMA_SQL);
      }
      db.#checkSchema(write);
      return db;
    } catch (error) {
      sql?.close();
      throw dbErrorOf(error, path);
    }
  }

  #checkSchema(write: boolean): void {
    const tables = new Set(
      (this.sql.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all() as { name: string }[]).map((row) => row.name),
    );
    const missing = ["meta", "games", "explorer"].find((t) => !tables.has(t));
    if (missing !== undefined) {
      throw new DbError(
        "schema",
        `${JSON.stringify(this.path)} is an SQLite file but no fen game ` +
          `database (no table ${missing})`,
      );
    }
    if (write && this.meta("version") === null) {
      this.setMeta("version", SCHEMA_VERSION);
    }
  }

  /**
   * Refuses a database of another schema version before anything is
   * written to it, saying what to do.
   */
  #checkVersion(): void {
    const meta = this.sql.prepare(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
    ).get();
    const version = meta === undefined ? null : this.meta("version");
    if (
      version === null || Number(version) === SCHEMA_VERSION ||
      READ_VERSIONS.includes(Number(version))
    ) return;
    const what = Number(version) < SCHEMA_VERSION
      ? "import the games again into a new database (the fen that made " +
        "this one writes them with fen db export)"
      : "a newer fen made it";
    throw new DbError(
      "schema",
      `${JSON.stringify(this.path)} has schema version ${version}; ` +
        `this fen reads versions ${
          [...READ_VERSIONS, SCHEMA_VERSION].join(" and ")
        }: ${what}`,
    );
  }

  /** Its strings, and its rows both ways. */
  get store(): GameStore {
    this.#store ??= new GameStore(this.sql);
    return this.#store;
  }

  /** A value of the `meta` table, or null. */
  meta(name: string): string | number | null {
    const row = this.sql.prepare("SELECT value FROM meta WHERE name = ?")
      .get(name) as { value: string | number } | undefined;
    return row?.value ?? null;
  }

  /**
   * Marks an older version's file (see `READ_VERSIONS`) as this fen's
   * version, in the transaction that first writes to it: a file opened to
   * write and left unwritten (an import refused, a merge of other plies)
   * stays readable to the fen that made it.
   */
  markVersion(): void {
    if (Number(this.meta("version")) !== SCHEMA_VERSION) {
      this.setMeta("version", SCHEMA_VERSION);
    }
  }

  /** Sets a value of the `meta` table. */
  setMeta(name: string, value: string | number): void {
    this.sql.prepare(
      "INSERT INTO meta (name, value) VALUES (?, ?) " +
        "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    ).run(name, value);
  }

  /**
   * A game as the explorer counts it, for a row that refers to its one
   * game (lib/db/entry.ts).
   *
   * @param id The game's id.
   * @returns Its cell, result and ratings.
   * @throws {DbError} When it holds no such game, or one the index does
   * not count: the explorer does not fit its games.
   */
  gameCounts(id: number): GameCounts {
    const recent = this.#recent.get(id);
    if (recent !== null) return recent;
    if (this.#countsOf === null) {
      this.#countsOf = this.sql.prepare(
        "SELECT result, white_elo, black_elo, speed FROM games WHERE id = ?",
      );
      // a rating beyond 2^53 stored by an older fen is read, not thrown at
      this.#countsOf.setReadBigInts(true);
    }
    const row = this.#countsOf.get(id) as GameRow | undefined;
    if (row !== undefined && row.result !== null && row.speed !== null) {
      // the two text columns only (the whole row's text costs thrice this)
      row.result = this.store.text(Number(row.result));
      row.speed = this.store.text(Number(row.speed));
      const counts = gameCounts(row);
      if (counts !== null) return counts;
    }
    throw new DbError(
      "not-database",
      `${JSON.stringify(this.path)} is damaged: its explorer counts ` +
        `game ${id}, which it does not hold with a result`,
    );
  }

  /**
   * Keeps the counts of a game just added in memory: merging an index row
   * that refers to it needs them, and reading them from the file was a
   * tenth of an import of 1,000,000 games.
   *
   * @param id The game's id.
   * @param counts Its counts, as {@linkcode gameCounts} gives them.
   */
  remember(id: number, counts: GameCounts): void {
    this.#recent.remember(id, counts);
  }

  /** How many games it holds. */
  gameCount(): number {
    const row = this.sql.prepare("SELECT count(*) AS n FROM games").get() as {
      n: number;
    };
    return row.n;
  }

  /** Closes it. */
  close(): void {
    if (this.sql.isOpen) this.sql.close();
  }
}

/** Refuses a directory, and (to read) a missing file, before SQLite does. */
function checkFile(path: string, write: boolean): void {
  let info: Deno.FileInfo | null = null;
  try {
    info = Deno.statSync(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  if (info === null && !write) {
    throw new DbError(
      "missing",
      `cannot open ${JSON.stringify(path)}: no such file or directory`,
    );
  }
  if (info?.isDirectory === true) {
    throw new DbError("open", `${JSON.stringify(path)} is a directory`);
  }
}

/** The SQL function that merges two explorer rows of one key and month. */
function mergeRows(
  old: unknown,
  added: unknown,
  games: GameLookup,
): Uint8Array {
  mergeEntry.clear().addBytes(old as Uint8Array, games)
    .addBytes(added as Uint8Array, games);
  // SQLite copies a function's result: the writer's own bytes, no copy
  mergeEntry.write(mergeOut);
  return mergeOut.view();
}

// mergeRows' scratch, filled and used within one call: an import at
// 1,000,000 games merges a million rows, and two entries made for each
// took a tenth of its CPU (write keeps each move's games as `add` does)
const mergeEntry = new ExplorerEntry();
const mergeOut = new ByteWriter();

/**
 * Importing PGN into a game database: each game read (lib/pgn's reader),
 * stored once (a game seen before, by its site URL or else by its tags
 * and moves, is skipped), and its first plies counted into the explorer
 * index, in transactions of a bounded batch of games and index rows.
 *
 * @module
 */

import { PgnReader } from "../pgn/reader.ts";
import { PgnWalker } from "../pgn/walker.ts";
import type { PgnGame, PgnPosition } from "../pgn/game.ts";
import type { PgnError } from "../pgn/errors.ts";
import { unkeyedReason } from "../data/polyglot/rules.ts";
import { polyglotKeyHalves } from "../data/polyglot/mod.ts";
import type { StatementSync } from "node:sqlite";
import { dbErrorOf, type GameDatabase } from "./database.ts";
import {
  annotationsOf,
  fenColumn,
  type GameRow,
  tagColumns,
} from "./game_row.ts";
import { movesBytes, packMove } from "./moves.ts";
import { cellOf, groupOf, type Speed, SPEED_INDEX, speedOf } from "./speed.ts";
import { IndexBatch, type IndexedGame } from "./index_batch.ts";
import { gameUid } from "./uid.ts";
import { homePawns, materialOf } from "./signature.ts";

/** How an import reads and indexes. */
export interface ImportOptions {
  /** The plies of each game counted into the explorer index. */
  indexPlies: number;
  /** Keep comments, NAGs and variations (else only the moves). */
  annotations: boolean;
  /** Called with each game that cannot be read (it is left out). */
  onError?: (error: PgnError) => void;
  /** Called with each game under rules the index cannot key (left out). */
  onUnsupported?: (game: PgnGame, reason: string) => void;
  /**
   * Import the `index`-th of `count` parts only: the games numbered
   * `index`, `index + count`... in the stream (the others are read but
   * neither played nor counted), as the command's `--shard` keeps them.
   */
  shard?: { index: number; count: number };
}

/** What an import did. */
export interface ImportCounts {
  /** Games read. */
  read: number;
  /** Games stored. */
  added: number;
  /** Games skipped: already in the database (or earlier in the input). */
  duplicates: number;
  /** Games left out: they could not be read, or their rules are not keyed. */
  failed: number;
}

/** The index's default depth: see docs/db.md for the measurements. */
export const DEFAULT_INDEX_PLIES = 12;

const RESULT_FIELD: Readonly<Record<string, "white" | "draws" | "black">> = {
  "1-0": "white",
  "1/2-1/2": "draws",
  "0-1": "black",
};

const INSERT_SQL = `INSERT OR IGNORE INTO games (uid, event, site, date,
  round, white, black, result, white_elo, black_elo, eco, opening,
  time_control, speed, variant, month, plies, fen, material, home_pawns,
  moves, tags, annotations) VALUES (:uid, :event, :site, :date, :round,
  :white, :black, :result, :white_elo, :black_elo, :eco, :opening,
  :time_control, :speed, :variant, :month, :plies, :fen, :material,
  :home_pawns, :moves, :tags, :annotations)`;

/**
 * An import into one database: {@linkcode GameImporter.push} it PGN in
 * chunks, then {@linkcode GameImporter.end} it.
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
  readonly #db: GameDatabase;
  readonly #options: ImportOptions;
  /** What reads the PGN: a reader of whole games, or a walker of moves. */
  readonly #input: { push(chunk: string | Uint8Array): void; end(): void };
  readonly #insert: StatementSync;
  readonly #batch: IndexBatch;
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
   * @param options How to read and index.
   */
  constructor(db: GameDatabase, options: ImportOptions) {
    this.#db = db;
    this.#options = options;
    this.#insert = db.sql.prepare(INSERT_SQL);
    this.#batch = new IndexBatch(db);
    this.#input = options.annotations ? this.#reader() : this.#walker();
  }

  /** Whole games (their comments, NAGs and variations kept), then walked. */
  #reader(): { push(chunk: string | Uint8Array): void; end(): void } {
    const reader = new PgnReader();
    const plies = this.#options.indexPlies;
    const take = (games: PgnGame[]): void => {
      for (const game of games) {
        this.#take(game, () => walkGame(game, plies));
      }
    };
    return {
      push: (chunk) => take(reader.push(chunk)),
      end: () => take(reader.end()),
    };
  }

  /**
   * The moves only, walked as they are read: each played once and no game
   * kept (about three times the reader's speed).
   */
  #walker(): PgnWalker {
    const walk = new MoveCollector(this.#options.indexPlies);
    return new PgnWalker({
      position: (position) => walk.position(position),
      end: (game) => this.#take(game, () => walk.result()),
    }, { plays: (game) => this.#kept(game) });
  }

  /** Whether game `number` of the stream is this import's (`shard`). */
  #kept(number: number): boolean {
    const shard = this.#options.shard;
    return shard === undefined ||
      (number - 1) % shard.count === shard.index - 1;
  }

  /**
   * Reads the next chunk of PGN (text or bytes, not mixed).
   *
   * @param chunk The next piece of the stream, cut anywhere.
   */
  push(chunk: string | Uint8Array): void {
    this.#input.push(chunk);
  }

  /** Ends the input: the last game is read, everything written. */
  end(): void {
    this.#input.end();
    this.#commit();
  }

  /** Writes what is held and ends the transaction (on an early stop too). */
  #commit(): void {
    if (!this.#open) return;
    try {
      this.#batch.flush();
      this.#db.sql.exec("COMMIT");
    } catch (error) {
      throw dbErrorOf(error, this.#db.path);
    }
    this.#open = false;
  }

  /** A game read: stored and indexed, or left out (said). */
  #take(game: PgnGame, walked: () => GameWalk): void {
    if (!this.#kept(game.number)) return;
    this.counts.read++;
    if (game.error !== null) {
      this.counts.failed++;
      this.#options.onError?.(game.error);
      return;
    }
    const unkeyed = unkeyedReason(game.rules);
    if (unkeyed !== null) {
      this.counts.failed++;
      this.#options.onUnsupported?.(game, unkeyed);
      return;
    }
    try {
      if (!this.#open) {
        this.#db.sql.exec("BEGIN");
        this.#open = true;
      }
    } catch (error) {
      throw dbErrorOf(error, this.#db.path);
    }
    this.#game(game, walked());
    if (this.#batch.full) {
      this.#commit();
    }
  }

  /** Stores one game and counts it into the index. */
  #game(game: PgnGame, { codes, keys, cells }: GameWalk): void {
    const moves = movesBytes(codes);
    const row = this.#row(game, { codes, moves, cells });
    let changes: number | bigint;
    let id: number | bigint;
    try {
      ({ changes, lastInsertRowid: id } = this.#insert.run(row as never));
    } catch (error) {
      throw dbErrorOf(error, this.#db.path);
    }
    if (Number(changes) === 0) {
      this.counts.duplicates++;
      return;
    }
    this.counts.added++;
    const indexed = indexedGame(row, { id: Number(id), keys, codes });
    if (indexed !== null) this.#batch.addGame(indexed);
  }

  #row(
    game: PgnGame,
    { codes, moves, cells }: {
      codes: number[];
      moves: Uint8Array;
      cells: readonly number[];
    },
  ): GameRow {
    const tags = game.tags;
    return {
      ...tagColumns(tags, game.result),
      uid: gameUid(tags, moves),
      result: tags.get("Result") ?? game.result ?? "*",
      speed: speedOf(tags.get("TimeControl")),
      month: monthOf(tags.get("Date") ?? tags.get("UTCDate")),
      plies: codes.length,
      fen: fenColumn(game.start),
      material: materialOf(cells, codes),
      home_pawns: homePawns(cells),
      moves,
      annotations: this.#options.annotations
        ? annotationsOf(game.mainline)
        : null,
    };
  }
}

/** What the import reads of a game's mainline: its moves and positions. */
export interface GameWalk {
  /** The moves, packed. */
  codes: number[];
  /** The Polyglot keys of the positions of the plies indexed, as halves. */
  keys: number[];
  /** The last position's cells. */
  cells: readonly number[];
}

/**
 * Walks a game's mainline: its packed moves, the keys of its first
 * positions, its last position.
 *
 * @param game The game (read without error, under keyed rules).
 * @param plies The plies whose positions are keyed.
 * @returns What the walk found.
 */
export function walkGame(game: PgnGame, plies: number): GameWalk {
  const walk = new MoveCollector(plies);
  for (const position of game.cursor()) walk.position(position);
  return walk.result();
}

/** What a walk of one game's mainline collects, position after position. */
class MoveCollector {
  readonly #plies: number;
  readonly #key = new Uint32Array(2);
  #codes: number[] = [];
  #keys: number[] = [];
  /** The last position (a walk moves one object along: read at the end). */
  #last: PgnPosition | null = null;

  /** @param plies The plies whose positions are keyed. */
  constructor(plies: number) {
    this.#plies = plies;
  }

  /** The game's next position (ply 0 starts a game). */
  position(position: PgnPosition): void {
    if (position.depth !== 0) return;
    if (position.ply === 0) {
      this.#codes = [];
      this.#keys = [];
    } else {
      const rook = position.castlingRook;
      const to = rook !== null && position.game.rules === "chess960"
        ? rook
        : position.to!;
      this.#codes.push(
        packMove(position.from!, to, { promotion: position.promotion }),
      );
    }
    const view = position.view();
    if (position.ply <= this.#plies) {
      polyglotKeyHalves(view, this.#key);
      this.#keys.push(this.#key[0], this.#key[1]);
    }
    this.#last = position;
  }

  /** What the game's walk collected. */
  result(): GameWalk {
    const cells = this.#last === null ? [] : [...this.#last.view().cells];
    return { codes: this.#codes, keys: this.#keys, cells };
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
  { id, keys, codes }: { id: number; keys: number[]; codes: number[] },
): IndexedGame | null {
  const field = RESULT_FIELD[String(row.result)];
  if (field === undefined) return null;
  const white = Number(row.white_elo ?? NaN);
  const black = Number(row.black_elo ?? NaN);
  const rated = white > 0 && black > 0;
  return {
    id,
    month: Number(row.month),
    cell: cellOf(
      SPEED_INDEX[String(row.speed) as Speed],
      groupOf(rated ? (white + black) / 2 : null),
    ),
    field,
    whiteSum: rated ? white : 0,
    blackSum: rated ? black : 0,
    keys,
    codes,
  };
}

/**
 * A date's month as a number (year x 12 + month - 1), 0 when the date
 * gives none.
 *
 * @example
 * ```ts
 * import { monthOf } from "./import.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(monthOf("2024.03.??"), 2024 * 12 + 2);
 * assert.equal(monthOf("????.??.??"), 0);
 * ```
 */
export function monthOf(date: string | undefined): number {
  const match = /^([0-9]{4})[.-]([0-9]{2})/.exec(date ?? "");
  if (match === null) return 0;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? Number(match[1]) * 12 + month - 1 : 0;
}

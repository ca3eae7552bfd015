/**
 * The explorer rows of a batch of games, gathered in memory and then
 * written in key order, each merged into the row already stored for its
 * position and month (by the SQL function `fen_explorer_merge`).
 *
 * @module
 */

import type { StatementSync } from "node:sqlite";
import type { GameDatabase } from "./database.ts";
import { addCounts, addGameRef, type Counts, ExplorerEntry } from "./entry.ts";

/** A game as the index counts it. */
export interface IndexedGame {
  /** Its id in the `games` table. */
  id: number;
  /** Its month (year x 12 + month - 1, 0 unknown). */
  month: number;
  /** Its cell: speed and rating group. */
  cell: number;
  /** How it ended. */
  field: "white" | "draws" | "black";
  /** White's rating, 0 when the game is unrated. */
  whiteSum: number;
  /** Black's rating, 0 when the game is unrated. */
  blackSum: number;
  /** The Polyglot keys of the positions indexed, as 32-bit halves. */
  keys: readonly number[];
  /** The game's packed moves. */
  codes: readonly number[];
}

interface Row {
  hi: number;
  lo: number;
  month: number;
  /**
   * What the games did here, {@linkcode EVENT} numbers an event: the move
   * (-1: the position itself), the cell, the result (0 White won, 1 drawn,
   * 2 Black won), the rating sums, the sign and the game's id. Made into
   * the row only when written: a row of numbers is one object, where a
   * row's counts and moves are several (an import holds many rows).
   */
  events: number[];
  /** A stored row added to it (merges), or null. */
  base: ExplorerEntry | null;
  /** The next row of the same bucket. */
  next: Row | null;
}

/** The width of an event in {@linkcode Row}'s `events`. */
const EVENT = 7;

const FIELDS = ["white", "draws", "black"] as const;

/**
 * A row's bucket: 30 bits of the key, a small integer (a Map keyed by
 * larger numbers makes a heap number a lookup); rows of a bucket are told
 * apart by the whole key and the month.
 */
function bucketOf(hi: number, lo: number): number {
  return (hi ^ lo) & 0x3fffffff;
}

const UPSERT_SQL = `INSERT INTO explorer (key, month, data) VALUES (?, ?, ?)
  ON CONFLICT (key, month) DO UPDATE
  SET data = fen_explorer_merge(data, excluded.data)`;

/** The rows of the games added since the last flush. */
export class IndexBatch {
  readonly #rows = new Map<number, Row>();
  #size = 0;
  readonly #upsert: StatementSync;
  /** The game's positions and moves counted so far (it counts once in each). */
  readonly #seen: number[] = [];

  constructor(db: GameDatabase) {
    this.#upsert = db.sql.prepare(UPSERT_SQL);
  }

  /** How many rows are held. */
  get size(): number {
    return this.#size;
  }

  /**
   * Counts a game: once in each position it reached, once for each move
   * it played there (as `fen tree` counts it); with `sign` -1, takes a
   * game counted before away (its id is no longer listed).
   */
  addGame(game: IndexedGame, sign: 1 | -1 = 1): void {
    const { cell, whiteSum, blackSum, id } = game;
    const field = FIELDS.indexOf(game.field);
    const seen = this.#seen;
    seen.length = 0;
    const positions = game.keys.length / 2;
    for (let k = 0; k < positions; k++) {
      const hi = game.keys[2 * k], lo = game.keys[2 * k + 1];
      const row = this.#row(hi, lo, game.month);
      // a game counts once in a position, and once for a move there
      for (let m = 0; m < 2; m++) {
        const move = m === 0 ? -1 : k + 1 < positions ? game.codes[k] : -2;
        if (move === -2 || wasSeen(seen, hi, lo, move)) continue;
        seen.push(hi, lo, move);
        row.events.push(move, cell, field, whiteSum, blackSum, sign, id);
      }
    }
  }

  #row(hi: number, lo: number, month: number): Row {
    const bucket = bucketOf(hi, lo);
    const first = this.#rows.get(bucket) ?? null;
    for (let row = first; row !== null; row = row.next) {
      if (row.lo === lo && row.hi === hi && row.month === month) return row;
    }
    const row: Row = { hi, lo, month, events: [], base: null, next: first };
    this.#rows.set(bucket, row);
    this.#size++;
    return row;
  }

  /** Adds a stored row (another database's) to the rows held. */
  addRow(
    { hi, lo, month }: { hi: number; lo: number; month: number },
    entry: ExplorerEntry,
  ): void {
    const row = this.#row(hi, lo, month);
    if (row.base === null) row.base = entry;
    else row.base.add(entry);
  }

  /** Writes the rows held, in key order, and forgets them. */
  flush(): void {
    const rows: Row[] = [];
    for (const first of this.#rows.values()) {
      for (let row: Row | null = first; row !== null; row = row.next) {
        rows.push(row);
      }
    }
    rows.sort((a, b) =>
      (a.hi | 0) - (b.hi | 0) || a.lo - b.lo || a.month - b.month
    );
    this.#rows.clear();
    this.#size = 0;
    for (const row of rows) {
      this.#upsert.run(
        positionKey(row.hi, row.lo),
        row.month,
        entryOf(row).encode(),
      );
    }
  }
}

/**
 * Whether the game counted the move (-1: the position) at this key
 * already. (Four numbers, not an options object: it runs for every
 * position of every game, and allocates nothing.)
 */
function wasSeen(
  seen: number[],
  hi: number,
  lo: number,
  move: number,
): boolean {
  for (let i = 0; i < seen.length; i += 3) {
    if (seen[i] === hi && seen[i + 1] === lo && seen[i + 2] === move) {
      return true;
    }
  }
  return false;
}

/** A row's events made into its entry (added to the stored row, if any). */
function entryOf(row: Row): ExplorerEntry {
  const entry = row.base ?? new ExplorerEntry();
  const counts: Counts = {
    white: 0,
    draws: 0,
    black: 0,
    whiteSum: 0,
    blackSum: 0,
  };
  const events = row.events;
  for (let at = 0; at < events.length; at += EVENT) {
    const move = events[at], cell = events[at + 1], field = events[at + 2];
    const sign = events[at + 5], id = events[at + 6];
    counts.white = field === 0 ? 1 : 0;
    counts.draws = field === 1 ? 1 : 0;
    counts.black = field === 2 ? 1 : 0;
    counts.whiteSum = events[at + 3];
    counts.blackSum = events[at + 4];
    if (move === -1) {
      addCounts(entry.extra, { cell, counts, sign });
      continue;
    }
    const played = entry.move(move);
    addCounts(played.cells, { cell, counts, sign });
    addCounts(entry.extra, { cell, counts, sign: -sign });
    if (sign > 0) addGameRef(played, { id, cell });
  }
  return entry;
}

/** A Polyglot key's halves as the signed 64-bit integer of the `key` column. */
export function positionKey(hi: number, lo: number): bigint {
  return BigInt.asIntN(64, BigInt(hi >>> 0) << 32n | BigInt(lo >>> 0));
}

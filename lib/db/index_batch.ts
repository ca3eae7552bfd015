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
  entry: ExplorerEntry;
  /** The next row of the same bucket. */
  next: Row | null;
}

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
    const counts: Counts = {
      white: 0,
      draws: 0,
      black: 0,
      whiteSum: game.whiteSum,
      blackSum: game.blackSum,
    };
    counts[game.field] = 1;
    const seen = this.#seen;
    seen.length = 0;
    const positions = game.keys.length / 2;
    for (let k = 0; k < positions; k++) {
      const hi = game.keys[2 * k], lo = game.keys[2 * k + 1];
      const row = this.#row(hi, lo, game.month);
      const cell = game.cell;
      if (!wasSeen(seen, { hi, lo, code: -1 })) {
        seen.push(hi, lo, -1);
        addCounts(row.entry.extra, { cell, counts, sign });
      }
      if (k + 1 >= positions) break;
      const code = game.codes[k];
      if (wasSeen(seen, { hi, lo, code })) continue;
      seen.push(hi, lo, code);
      const move = row.entry.move(code);
      addCounts(move.cells, { cell, counts, sign });
      addCounts(row.entry.extra, { cell, counts, sign: -sign });
      if (sign > 0) addGameRef(move, { id: game.id, cell });
    }
  }

  #row(hi: number, lo: number, month: number): Row {
    const bucket = bucketOf(hi, lo);
    const first = this.#rows.get(bucket) ?? null;
    for (let row = first; row !== null; row = row.next) {
      if (row.lo === lo && row.hi === hi && row.month === month) return row;
    }
    const row: Row = {
      hi,
      lo,
      month,
      entry: new ExplorerEntry(),
      next: first,
    };
    this.#rows.set(bucket, row);
    this.#size++;
    return row;
  }

  /** Adds a stored row (another database's) to the rows held. */
  addRow(
    { hi, lo, month }: { hi: number; lo: number; month: number },
    entry: ExplorerEntry,
  ): void {
    this.#row(hi, lo, month).entry.add(entry);
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
        row.entry.encode(),
      );
    }
  }
}

/** Whether the game counted `code` (-1: the position) at this key already. */
function wasSeen(
  seen: number[],
  { hi, lo, code }: { hi: number; lo: number; code: number },
): boolean {
  for (let i = 0; i < seen.length; i += 3) {
    if (seen[i] === hi && seen[i + 1] === lo && seen[i + 2] === code) {
      return true;
    }
  }
  return false;
}

/** A Polyglot key's halves as the signed 64-bit integer of the `key` column. */
export function positionKey(hi: number, lo: number): bigint {
  return BigInt.asIntN(64, BigInt(hi >>> 0) << 32n | BigInt(lo >>> 0));
}

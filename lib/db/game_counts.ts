/**
 * A game as the explorer index counts it (its cell, result and ratings),
 * read from its row; and the counts of the games a database added last,
 * kept in memory: an index row that one game makes alone refers to its
 * game (lib/db/entry.ts), and merging such a row reads them.
 *
 * @module
 */

import type { GameRow } from "./game_row.ts";
import { cellOf, groupOf, type Speed, SPEED_INDEX } from "./speed.ts";

/** A game as the index counts it. */
export interface GameCounts {
  /** Its cell: speed and rating group. */
  cell: number;
  /** How it ended: 0 White won, 1 drawn, 2 Black won. */
  field: number;
  /** White's rating, 0 unrated. */
  whiteSum: number;
  /** Black's rating, 0 unrated. */
  blackSum: number;
}

/** The counts of a game by its id (as {@linkcode gameCounts} gives them). */
export type GameLookup = (id: number) => GameCounts;

/** The results the index counts, as {@linkcode GameCounts}' `field`. */
const RESULT_FIELDS: Readonly<Record<string, number>> = {
  "1-0": 0,
  "1/2-1/2": 1,
  "0-1": 2,
};

/**
 * A game as the index counts it: its cell (speed and the rating group of
 * its players' average, when both are rated), result and ratings; null
 * when it does not count (no known result, as `fen tree` leaves such
 * games out).
 *
 * @example A rated blitz game White won
 * ```ts
 * import { gameCounts } from "./game_counts.ts";
 * import { cellOf, groupOf, SPEED_INDEX } from "./speed.ts";
 * import assert from "node:assert/strict";
 *
 * const row = { result: "1-0", white_elo: 1700, black_elo: 1500, speed: "blitz" };
 * assert.deepEqual(gameCounts(row), {
 *   cell: cellOf(SPEED_INDEX.blitz, groupOf(1600)),
 *   field: 0,
 *   whiteSum: 1700,
 *   blackSum: 1500,
 * });
 * assert.equal(gameCounts({ ...row, result: "*" }), null);
 * ```
 *
 * @param row The game's row, its text columns as text: `result`,
 * `white_elo`, `black_elo`, `speed`.
 * @returns Its counts, or null.
 */
export function gameCounts(row: GameRow): GameCounts | null {
  const field = RESULT_FIELDS[String(row.result)];
  if (field === undefined) return null;
  const white = Number(row.white_elo ?? NaN);
  const black = Number(row.black_elo ?? NaN);
  const rated = white > 0 && black > 0;
  return {
    cell: cellOf(
      SPEED_INDEX[String(row.speed) as Speed],
      groupOf(rated ? (white + black) / 2 : null),
    ),
    field,
    whiteSum: rated ? white : 0,
    blackSum: rated ? black : 0,
  };
}

/**
 * The games kept in memory at most: the last 2^20 added (9 bytes each).
 * At 1,000,000 games an import merged 700,000 stored rows that refer to
 * their game, and each read of its row from the file took 10 us (its pages
 * out of SQLite's cache), 7 s of the import's 70.
 */
const RECENT = 1 << 20;

/**
 * The counts of the games added last, by id, in memory (a window of ids:
 * an id's place is its low bits, so a newer game takes an older's).
 *
 * @example
 * ```ts
 * import { RecentGames } from "./game_counts.ts";
 * import assert from "node:assert/strict";
 *
 * const recent = new RecentGames();
 * recent.remember(7, { cell: 23, field: 2, whiteSum: 1500, blackSum: 1600 });
 * assert.deepEqual(recent.get(7), {
 *   cell: 23,
 *   field: 2,
 *   whiteSum: 1500,
 *   blackSum: 1600,
 * });
 * assert.equal(recent.get(8), null);
 * ```
 */
export class RecentGames {
  #ids = new Int32Array(0);
  /** Cell x 3 + field. */
  #cells = new Uint8Array(0);
  #white = new Uint16Array(0);
  #black = new Uint16Array(0);
  #count = 0;

  /**
   * Keeps a game's counts (not a game beyond what the arrays hold: its
   * row is read instead).
   *
   * @param id The game's id.
   * @param counts Its counts.
   */
  remember(id: number, counts: GameCounts): void {
    if (id <= 0 || id >= 2 ** 31) return;
    if (this.#count >= this.#ids.length && this.#ids.length < RECENT) {
      this.#grow();
    }
    const at = id & (this.#ids.length - 1);
    if (counts.whiteSum > 0xffff || counts.blackSum > 0xffff) {
      // not kept: nor the older game in its place
      if (this.#ids[at] !== 0) this.#count--;
      this.#ids[at] = 0;
      return;
    }
    if (this.#ids[at] === 0) this.#count++;
    this.#ids[at] = id;
    this.#cells[at] = counts.cell * 3 + counts.field;
    this.#white[at] = counts.whiteSum;
    this.#black[at] = counts.blackSum;
  }

  /**
   * A game's counts, if kept.
   *
   * @param id The game's id.
   * @returns Its counts, or null.
   */
  get(id: number): GameCounts | null {
    const at = id & (this.#ids.length - 1);
    if (id <= 0 || this.#ids.length === 0 || this.#ids[at] !== id) return null;
    const cell = this.#cells[at];
    return {
      cell: Math.floor(cell / 3),
      field: cell % 3,
      whiteSum: this.#white[at],
      blackSum: this.#black[at],
    };
  }

  /** The arrays, twice as long (a small import keeps a few games). */
  #grow(): void {
    const size = Math.max(1 << 12, 2 * this.#ids.length);
    const [ids, cells] = [this.#ids, this.#cells];
    const [white, black] = [this.#white, this.#black];
    this.#ids = new Int32Array(size);
    this.#cells = new Uint8Array(size);
    this.#white = new Uint16Array(size);
    this.#black = new Uint16Array(size);
    for (let from = 0; from < ids.length; from++) {
      if (ids[from] === 0) continue;
      const at = ids[from] & (size - 1);
      this.#ids[at] = ids[from];
      this.#cells[at] = cells[from];
      this.#white[at] = white[from];
      this.#black[at] = black[from];
    }
  }
}

/**
 * The explorer rows of a batch of games, gathered in memory and then
 * written in key order, each merged into the row already stored for its
 * position and month (by the SQL function `fen_explorer_merge`).
 *
 * @module
 */

import { ByteWriter } from "./_varint.ts";
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
  keys: ArrayLike<number>;
  /** The game's packed moves (those of the positions indexed at least). */
  codes: ArrayLike<number>;
}

/**
 * The width of an event: the move (-1: the position itself), the cell,
 * the result (0 White won, 1 drawn, 2 Black won), the rating sums, the
 * sign, the game's id, and the index of the row's next event (-1: none).
 */
const EVENT = 8;

const FIELDS = ["white", "draws", "black"] as const;

const UPSERT_SQL = `INSERT INTO explorer (key, month, data) VALUES (?, ?, ?)
  ON CONFLICT (key, month) DO UPDATE
  SET data = fen_explorer_merge(data, excluded.data)`;

/**
 * Where a batch's rows go, in key order: a position's key as 32-bit
 * halves, its month, its packed row.
 */
export type RowSink = (
  key: { hi: number; lo: number; month: number },
  data: Uint8Array,
) => void;

/**
 * The sink that adds rows to a database's `explorer` table (merged into
 * the row stored for the key and month, if any).
 *
 * @param db The database, opened to write.
 * @returns The sink.
 */
export function upsertSink(db: GameDatabase): RowSink {
  const upsert = db.sql.prepare(UPSERT_SQL);
  const keys = new PositionKeys();
  return ({ hi, lo, month }, data) => {
    upsert.run(keys.key(hi, lo), month, data);
  };
}

/** The rows a batch holds before it is written: bounds its memory. */
export const BATCH_ROWS = 200_000;

/** A power of two above the rows of a batch (flush's sort). */
const ROW_SPAN = 2 ** 18;

/**
 * The rows of the games added since the last flush, in typed arrays (an
 * import holds many rows: an object each would keep the collector busy):
 * an open-addressed table from key and month to a row, and each row's
 * events chained in one arena of numbers, made into the row's counts and
 * moves only when written.
 */
export class IndexBatch {
  readonly #sink: RowSink;
  /** The rows' keys and months, and their first and last events. */
  readonly #hi = new Int32Array(BATCH_ROWS + 1);
  readonly #lo = new Int32Array(BATCH_ROWS + 1);
  readonly #month = new Int32Array(BATCH_ROWS + 1);
  readonly #first = new Int32Array(BATCH_ROWS + 1);
  readonly #last = new Int32Array(BATCH_ROWS + 1);
  /** Row + 1 by slot (0: empty), twice or more the rows for short probes. */
  readonly #table = new Int32Array(1 << 19);
  /** Stored rows added (merges), by row. */
  readonly #bases = new Map<number, ExplorerEntry>();
  /** Whole numbers all (ids below 2^31): half a Float64Array's memory. */
  #events = new Int32Array(1 << 20);
  #eventCount = 0;
  #size = 0;
  /** The game's positions and moves counted so far (it counts once in each). */
  readonly #seen: number[] = [];
  readonly #out = new ByteWriter();
  /** The event of the game being added, but its move (see EVENT). */
  readonly #game = new Int32Array(EVENT);

  /** @param sink Where rows go: a database's table, or a sink. */
  constructor(sink: GameDatabase | RowSink) {
    this.#sink = typeof sink === "function" ? sink : upsertSink(sink);
  }

  /** How many rows are held (write them at {@linkcode BATCH_ROWS}). */
  get size(): number {
    return this.#size;
  }

  /** Whether the batch is full: flush it before adding more. */
  get full(): boolean {
    // room for the rows of one more game, at the deepest index
    return this.#size >= BATCH_ROWS - 2048;
  }

  /**
   * Counts a game: once in each position it reached, once for each move
   * it played there (as `fen tree` counts it); with `sign` -1, takes a
   * game counted before away (its id is no longer listed).
   */
  addGame(game: IndexedGame, sign: 1 | -1 = 1): void {
    const current = this.#game;
    current[1] = game.cell;
    current[2] = FIELDS.indexOf(game.field);
    current[3] = game.whiteSum;
    current[4] = game.blackSum;
    current[5] = sign;
    current[6] = game.id;
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
        this.#event(row, move);
      }
    }
  }

  /** Chains an event of the game being added (`#game`) to a row. */
  #event(row: number, move: number): void {
    if ((this.#eventCount + 1) * EVENT > this.#events.length) {
      const bigger = new Int32Array(this.#events.length * 2);
      bigger.set(this.#events);
      this.#events = bigger;
    }
    const at = this.#eventCount++;
    const events = this.#events, game = this.#game, base = at * EVENT;
    events[base] = move;
    events[base + 1] = game[1];
    events[base + 2] = game[2];
    events[base + 3] = game[3];
    events[base + 4] = game[4];
    events[base + 5] = game[5];
    events[base + 6] = game[6];
    events[base + 7] = -1;
    const last = this.#last[row];
    if (last < 0) this.#first[row] = at;
    else events[last * EVENT + 7] = at;
    this.#last[row] = at;
  }

  /** The row of a key and month, made if new. */
  #row(hi: number, lo: number, month: number): number {
    const table = this.#table, mask = table.length - 1;
    let slot = (Math.imul(hi, 0x9e3779b1) ^ lo ^ Math.imul(month, 0x85ebca6b)) &
      mask;
    for (;; slot = (slot + 1) & mask) {
      const found = table[slot] - 1;
      if (found < 0) break;
      if (
        this.#lo[found] === (lo | 0) && this.#hi[found] === (hi | 0) &&
        this.#month[found] === month
      ) return found;
    }
    const row = this.#size++;
    this.#hi[row] = hi;
    this.#lo[row] = lo;
    this.#month[row] = month;
    this.#first[row] = this.#last[row] = -1;
    table[slot] = row + 1;
    return row;
  }

  /** Adds a stored row (another database's) to the rows held. */
  addRow(
    { hi, lo, month }: { hi: number; lo: number; month: number },
    entry: ExplorerEntry,
  ): void {
    const row = this.#row(hi, lo, month);
    const base = this.#bases.get(row);
    if (base === undefined) this.#bases.set(row, entry);
    else base.add(entry);
  }

  /** Writes the rows held, in key order, and forgets them. */
  flush(): void {
    const hi = this.#hi, lo = this.#lo, month = this.#month;
    // in the order of the keys' high halves (signed, as the column sorts),
    // which is all the B-tree's locality needs: a native sort of numbers,
    // the row in the low bits (a comparator's sort took a tenth of the
    // import)
    const order = new Float64Array(this.#size);
    for (let row = 0; row < this.#size; row++) {
      order[row] = (hi[row] + 2 ** 31) * ROW_SPAN + row;
    }
    order.sort();
    for (const value of order) {
      const row = value % ROW_SPAN;
      this.#sink(
        { hi: hi[row], lo: lo[row], month: month[row] },
        this.#entryOf(row).encode(this.#out),
      );
    }
    this.#table.fill(0);
    this.#bases.clear();
    this.#size = 0;
    this.#eventCount = 0;
  }

  /** A row's events made into its entry (added to the stored row, if any). */
  #entryOf(row: number): ExplorerEntry {
    const entry = this.#bases.get(row) ?? new ExplorerEntry();
    const counts: Counts = {
      white: 0,
      draws: 0,
      black: 0,
      whiteSum: 0,
      blackSum: 0,
    };
    const events = this.#events;
    for (let e = this.#first[row]; e >= 0; e = events[e * EVENT + 7]) {
      const at = e * EVENT;
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

/** A Polyglot key's halves as the signed 64-bit integer of the `key` column. */
export function positionKey(hi: number, lo: number): bigint {
  return BigInt.asIntN(64, BigInt(hi >>> 0) << 32n | BigInt(lo >>> 0));
}

/**
 * {@linkcode positionKey} for many keys: one 64-bit integer read where its
 * halves are written (no arithmetic on big integers: four of them a row).
 */
class PositionKeys {
  readonly #halves = new Int32Array(2);
  readonly #key = new BigInt64Array(this.#halves.buffer);
  readonly #little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

  key(hi: number, lo: number): bigint {
    this.#halves[this.#little ? 1 : 0] = hi;
    this.#halves[this.#little ? 0 : 1] = lo;
    return this.#key[0];
  }
}

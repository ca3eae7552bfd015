/**
 * The explorer rows of a batch of games, gathered in memory and then
 * written in key order, each merged into the row already stored for its
 * position and month (by the SQL function `fen_explorer_merge`).
 *
 * @module
 */

import type { StatementSync } from "node:sqlite";
import { empty } from "./_arrays.ts";
import { ByteWriter } from "./_varint.ts";
import type { GameDatabase } from "./database.ts";
import type { GameCounts } from "./game_counts.ts";
import {
  addCounts,
  addGameRef,
  type Counts,
  ExplorerEntry,
  type OneGame,
  writeOneGame,
} from "./entry.ts";

/** A game as the index counts it: its counts (`gameCounts`), and more. */
export interface IndexedGame extends GameCounts {
  /** Its id in the `games` table. */
  id: number;
  /** Its month (year x 12 + month - 1, 0 unknown). */
  month: number;
  /** The Polyglot keys of the positions indexed, as 32-bit halves. */
  keys: ArrayLike<number>;
  /** The game's packed moves (those of the positions indexed at least). */
  codes: ArrayLike<number>;
}

/**
 * The width of a game's record: its cell, its result (0 White won, 1
 * drawn, 2 Black won), the rating sums, the sign and its id.
 */
const GAME = 6;

/** The width of an event: its row, the move (-1: the position), the game. */
const EVENT = 3;

/** The rows one statement adds at most (below SQLite's parameters' bound). */
const ROWS_A_STATEMENT = 128;

/** The statement that adds `rows` rows to the `explorer` table. */
function upsertSql(rows: number): string {
  return `INSERT INTO explorer (key, month, data) VALUES ${
    new Array(rows).fill("(?, ?, ?)").join(", ")
  } ON CONFLICT (key, month) DO UPDATE
  SET data = fen_explorer_merge(data, excluded.data)`;
}

/**
 * Where a batch's rows go, in key order: {@linkcode RowSink.add} each (a
 * position's key as 32-bit halves, its month, its packed row in a writer,
 * to copy: the writer writes the next row), then {@linkcode RowSink.end}.
 */
export interface RowSink {
  /** Adds a row. */
  add(key: { hi: number; lo: number; month: number }, data: ByteWriter): void;
  /** Ends the rows added: all are written. */
  end(): void;
}

/**
 * The sink that adds rows to a database's `explorer` table (merged into
 * the row stored for the key and month, if any), many rows a statement
 * (a statement's run costs about what SQLite's insert of its row does),
 * their bytes copied into one buffer (an array buffer each cost as much).
 */
class UpsertSink implements RowSink {
  readonly #db: GameDatabase;
  readonly #many: StatementSync;
  #one: StatementSync | null = null;
  readonly #keys = new PositionKeys();
  /** The rows held, as the statement's parameters (bytes: their start). */
  readonly #values: (bigint | number | Uint8Array)[] = [];
  readonly #bytes = new ByteWriter(1 << 16);

  /** @param db The database, opened to write. */
  constructor(db: GameDatabase) {
    this.#db = db;
    this.#many = db.sql.prepare(upsertSql(ROWS_A_STATEMENT));
  }

  add(
    key: { hi: number; lo: number; month: number },
    data: ByteWriter,
  ): void {
    this.addBytes(key, data.bytes, 0, data.length);
  }

  /**
   * Adds a row whose bytes are `bytes` from `from` to before `to`. (Four
   * arguments, not an options object: it runs for every row written.)
   */
  addBytes(
    { hi, lo, month }: { hi: number; lo: number; month: number },
    bytes: Uint8Array,
    from: number,
    to: number,
  ): void {
    const start = this.#bytes.length;
    this.#bytes.range(bytes, from, to);
    const values = this.#values;
    values.push(this.#keys.key(hi, lo), month, start);
    if (values.length === 3 * ROWS_A_STATEMENT) {
      this.#many.run(...this.#bound() as never[]);
      values.length = 0;
      this.#bytes.length = 0;
    }
  }

  end(): void {
    const values = this.#bound();
    if (values.length === 0) return;
    this.#one ??= this.#db.sql.prepare(upsertSql(1));
    for (let i = 0; i < values.length; i += 3) {
      this.#one.run(values[i] as bigint, values[i + 1], values[i + 2]);
    }
    values.length = 0;
    this.#bytes.length = 0;
  }

  /** The rows held, their bytes' starts made their bytes. */
  #bound(): (bigint | number | Uint8Array)[] {
    const values = this.#values;
    for (let i = 2; i < values.length; i += 3) {
      const end = i + 3 < values.length
        ? values[i + 3] as number
        : this.#bytes.length;
      values[i] = this.#bytes.bytes.subarray(values[i] as number, end);
    }
    return values;
  }
}

/**
 * The rows a batch writes, packed to go to another thread: each row's
 * key's halves, month and bytes' length in `numbers`, its bytes in
 * `bytes`, one after the other.
 */
export interface PackedRows {
  /** How many. */
  count: number;
  numbers: Int32Array<ArrayBuffer>;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The rows a message of {@linkcode RowPacker} holds at most. */
const ROWS_A_MESSAGE = 16_384;

/**
 * The sink that packs the rows a batch writes ({@linkcode PackedRows}) and
 * gives them on, a message every {@linkcode ROWS_A_MESSAGE} rows, so that
 * another thread stores each message's while the next are made.
 */
export class RowPacker implements RowSink {
  readonly #give: (rows: PackedRows) => void;
  readonly #numbers: Int32Array<ArrayBuffer>;
  readonly #bytes = new ByteWriter(1 << 20);
  #count = 0;
  readonly #rows: number;

  /**
   * @param give Takes each message's rows (their arrays are its own).
   * @param options The rows a message holds at most (tests make it small).
   */
  constructor(
    give: (rows: PackedRows) => void,
    { rows = ROWS_A_MESSAGE }: { rows?: number } = {},
  ) {
    this.#give = give;
    this.#rows = rows;
    this.#numbers = new Int32Array(4 * rows);
  }

  add(
    { hi, lo, month }: { hi: number; lo: number; month: number },
    data: ByteWriter,
  ): void {
    this.#bytes.range(data.bytes, 0, data.length);
    const at = 4 * this.#count++, numbers = this.#numbers;
    numbers[at] = hi;
    numbers[at + 1] = lo;
    numbers[at + 2] = month;
    numbers[at + 3] = data.length;
    if (this.#count === this.#rows) this.#send();
  }

  end(): void {
    if (this.#count > 0) this.#send();
  }

  #send(): void {
    this.#give({
      count: this.#count,
      numbers: this.#numbers.slice(0, 4 * this.#count),
      bytes: this.#bytes.done(),
    });
    this.#count = this.#bytes.length = 0;
  }
}

/**
 * A batch's rows as its arrays ({@linkcode IndexBatch.take}), to be
 * written by another thread than the one that counted its games
 * ({@linkcode IndexBatch.write}): their buffers can be transferred.
 */
export interface BatchArrays {
  /** The rows' count, and their keys' halves, months and events' counts. */
  size: number;
  hi: Int32Array<ArrayBuffer>;
  lo: Int32Array<ArrayBuffer>;
  month: Int32Array<ArrayBuffer>;
  count: Int32Array<ArrayBuffer>;
  /** The games' records, and their count. */
  games: Int32Array<ArrayBuffer>;
  gameCount: number;
  /** The events, and their count. */
  events: Int32Array<ArrayBuffer>;
  eventCount: number;
}

/** The rows a batch holds before it is written: bounds its memory. */
export const BATCH_ROWS = 600_000;

/**
 * The rows, games and events a batch has room for at first (its arrays
 * grow: a small import holds a few).
 */
const FIRST_ROWS = 1 << 12, FIRST_GAMES = 1 << 14, FIRST_EVENTS = 1 << 18;

/** A power of two above the rows of a batch (flush's sort). */
const ROW_SPAN = 2 ** 20;

/**
 * The rows of the games added since the last flush, in typed arrays (an
 * import holds many rows: an object each would keep the collector busy):
 * an open-addressed table from key and month to a row, each game's
 * fields once, and the events (a row, a move, a game) in the order they
 * came, sorted by row (a counting sort) and made into each row's counts
 * and moves only when written.
 */
export class IndexBatch {
  readonly #sink: RowSink;
  /** The database written to, which keeps the games' counts, or null. */
  readonly #db: GameDatabase | null;
  /**
   * The rows' keys and months, and their events' count and first, grown
   * with the rows (a small import holds a few).
   */
  #hi = new Int32Array(FIRST_ROWS);
  #lo = new Int32Array(FIRST_ROWS);
  #month = new Int32Array(FIRST_ROWS);
  #count = new Int32Array(FIRST_ROWS);
  #start = new Int32Array(FIRST_ROWS);
  /** Row + 1 by slot (0: empty), twice or more the rows for short probes. */
  #table = new Int32Array(2 * FIRST_ROWS);
  /** Stored rows added (merges), by row. */
  readonly #bases = new Map<number, ExplorerEntry>();
  /** The games' records (see GAME): whole numbers all (ids below 2^31). */
  #games = new Int32Array(GAME * FIRST_GAMES);
  #gameCount = 0;
  /** The events (see EVENT), in the order they came. */
  #events = new Int32Array(EVENT * FIRST_EVENTS);
  #eventCount = 0;
  /** The events' moves and games by row (flush's counting sort). */
  #sortedMoves = new Int32Array(0);
  #sortedGames = new Int32Array(0);
  #size = 0;
  /** The game's positions and moves counted so far (it counts once in each). */
  readonly #seen: number[] = [];
  readonly #out = new ByteWriter();
  /** The entry of a row with no stored row to add to, refilled. */
  readonly #scratch = new ExplorerEntry();
  /** The game of a row it makes alone, refilled (no object a row). */
  readonly #one: OneGame = {
    cell: 0,
    field: 0,
    whiteSum: 0,
    blackSum: 0,
    id: 0,
    move: -1,
  };
  /** One event's counts, refilled (no object an event). */
  readonly #counts: Counts = {
    white: 0,
    draws: 0,
    black: 0,
    whiteSum: 0,
    blackSum: 0,
  };

  /** @param sink Where rows go: a database's table, or a sink. */
  constructor(sink: GameDatabase | RowSink) {
    this.#db = "sql" in sink ? sink : null;
    this.#sink = "sql" in sink ? new UpsertSink(sink) : sink;
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
    const number = this.#addRecord(game, sign);
    const seen = this.#seen;
    empty(seen);
    const positions = game.keys.length / 2;
    for (let k = 0; k < positions; k++) {
      const hi = game.keys[2 * k], lo = game.keys[2 * k + 1];
      const row = this.#row(hi, lo, game.month);
      // a game counts once in a position, and once for a move there
      for (let m = 0; m < 2; m++) {
        const move = m === 0 ? -1 : k + 1 < positions ? game.codes[k] : -2;
        if (move === -2 || wasSeen(seen, hi, lo, move)) continue;
        seen.push(hi, lo, move);
        this.#event(row, move, number);
      }
    }
  }

  /** Keeps a game's fields (see GAME); its number in the batch. */
  #addRecord(game: IndexedGame, sign: number): number {
    if ((this.#gameCount + 1) * GAME > this.#games.length) {
      this.#games = grown(this.#games);
    }
    const number = this.#gameCount++, games = this.#games;
    const at = number * GAME;
    games[at] = game.cell;
    games[at + 1] = game.field;
    games[at + 2] = game.whiteSum;
    games[at + 3] = game.blackSum;
    games[at + 4] = sign;
    games[at + 5] = game.id;
    if (sign > 0) this.#db?.remember(game.id, game);
    return number;
  }

  /** Adds an event: a row, a move there (-1: the position), a game. */
  #event(row: number, move: number, game: number): void {
    if ((this.#eventCount + 1) * EVENT > this.#events.length) {
      this.#events = grown(this.#events);
    }
    const at = this.#eventCount++ * EVENT, events = this.#events;
    events[at] = row;
    events[at + 1] = move;
    events[at + 2] = game;
    this.#count[row]++;
  }

  /** The row of a key and month, made if new. */
  #row(hi: number, lo: number, month: number): number {
    const table = this.#table, mask = table.length - 1;
    let slot = slotOf(hi, lo, month) & mask;
    for (;; slot = (slot + 1) & mask) {
      const found = table[slot] - 1;
      if (found < 0) break;
      if (
        this.#lo[found] === (lo | 0) && this.#hi[found] === (hi | 0) &&
        this.#month[found] === month
      ) return found;
    }
    if (this.#size === this.#hi.length) this.#growRows();
    const row = this.#size++;
    this.#hi[row] = hi;
    this.#lo[row] = lo;
    this.#month[row] = month;
    this.#count[row] = 0;
    table[slot] = row + 1;
    if (2 * this.#size > table.length) this.#growTable();
    return row;
  }

  /** The rows' arrays, twice as long. */
  #growRows(): void {
    this.#hi = grown(this.#hi);
    this.#lo = grown(this.#lo);
    this.#month = grown(this.#month);
    this.#count = grown(this.#count);
    this.#start = grown(this.#start);
  }

  /** The table, twice as big, the rows held placed again. */
  #growTable(): void {
    const table = new Int32Array(this.#table.length * 2),
      mask = table.length - 1;
    for (let row = 0; row < this.#size; row++) {
      let slot = slotOf(this.#hi[row], this.#lo[row], this.#month[row]) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = row + 1;
    }
    this.#table = table;
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

  /**
   * The rows held, as arrays to be written elsewhere
   * ({@linkcode IndexBatch.write}); the batch then holds none. A batch
   * that holds stored rows (`addRow`) is written where it is.
   */
  take(): BatchArrays {
    if (this.#bases.size > 0) {
      throw new RangeError("a batch with stored rows added is written here");
    }
    const arrays: BatchArrays = {
      size: this.#size,
      hi: this.#hi,
      lo: this.#lo,
      month: this.#month,
      count: this.#count,
      games: this.#games,
      gameCount: this.#gameCount,
      events: this.#events,
      eventCount: this.#eventCount,
    };
    this.#hi = new Int32Array(FIRST_ROWS);
    this.#lo = new Int32Array(FIRST_ROWS);
    this.#month = new Int32Array(FIRST_ROWS);
    this.#count = new Int32Array(FIRST_ROWS);
    this.#start = new Int32Array(FIRST_ROWS);
    this.#table = new Int32Array(2 * FIRST_ROWS);
    this.#games = new Int32Array(GAME * FIRST_GAMES);
    this.#events = new Int32Array(EVENT * FIRST_EVENTS);
    this.#size = this.#gameCount = this.#eventCount = 0;
    return arrays;
  }

  /**
   * Writes the rows of a batch taken from another ({@linkcode IndexBatch.take})
   * to `sink`, in key order, as that batch's `flush` would.
   */
  static write(arrays: BatchArrays, sink: RowSink): void {
    const batch = new IndexBatch(sink);
    batch.#hi = arrays.hi;
    batch.#lo = arrays.lo;
    batch.#month = arrays.month;
    batch.#count = arrays.count;
    batch.#start = new Int32Array(arrays.hi.length);
    batch.#games = arrays.games;
    batch.#gameCount = arrays.gameCount;
    batch.#events = arrays.events;
    batch.#eventCount = arrays.eventCount;
    batch.#size = arrays.size;
    batch.flush();
  }

  /**
   * Stores rows packed elsewhere ({@linkcode RowPacker}) in the batch's
   * database, as its own rows' flush would (then {@linkcode IndexBatch.endRows}).
   */
  addRows(rows: PackedRows): void {
    const sink = this.#sink;
    if (!(sink instanceof UpsertSink)) {
      throw new TypeError("rows are added to a database's batch only");
    }
    const numbers = rows.numbers, key = { hi: 0, lo: 0, month: 0 };
    for (let n = 0, from = 0; n < rows.count; n++) {
      key.hi = numbers[4 * n];
      key.lo = numbers[4 * n + 1];
      key.month = numbers[4 * n + 2];
      const to = from + numbers[4 * n + 3];
      sink.addBytes(key, rows.bytes, from, to);
      from = to;
    }
  }

  /** The rows added by {@linkcode IndexBatch.addRows} are all written. */
  endRows(): void {
    this.#sink.end();
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
    this.#sortEvents(order);
    for (const value of order) {
      const row = value % ROW_SPAN;
      if (!this.#writeOneGame(row)) this.#entryOf(row).write(this.#out);
      this.#sink.add(
        { hi: hi[row], lo: lo[row], month: month[row] },
        this.#out,
      );
    }
    this.#sink.end();
    this.#table.fill(0);
    this.#bases.clear();
    this.#size = 0;
    this.#eventCount = 0;
    this.#gameCount = 0;
  }

  /**
   * The events by row, in the order the rows are written, each row's in
   * the order they came (`#start` the first of each): a counting sort of
   * their moves and games, read in turn as the rows are written (a chain
   * of each row's events had each step wait on a read from anywhere in
   * memory).
   */
  #sortEvents(order: Float64Array): void {
    const count = this.#count, start = this.#start, events = this.#events;
    let at = 0;
    for (const value of order) {
      const row = value % ROW_SPAN;
      start[row] = at;
      at += count[row];
    }
    if (this.#sortedMoves.length < this.#eventCount) {
      this.#sortedMoves = new Int32Array(this.#events.length / EVENT);
      this.#sortedGames = new Int32Array(this.#events.length / EVENT);
    }
    const moves = this.#sortedMoves, games = this.#sortedGames;
    for (let e = 0; e < this.#eventCount * EVENT; e += EVENT) {
      const to = start[events[e]]++;
      moves[to] = events[e + 1];
      games[to] = events[e + 2];
    }
    for (let row = 0; row < this.#size; row++) start[row] -= count[row];
  }

  /**
   * Writes the row of `row` if one game makes it alone (`writeOneGame`);
   * false for any other row.
   */
  #writeOneGame(row: number): boolean {
    const count = this.#count[row], at = this.#start[row];
    const moves = this.#sortedMoves, sorted = this.#sortedGames;
    if (count > 2 || moves[at] !== -1) return false;
    if (count === 2 && (sorted[at + 1] !== sorted[at] || moves[at + 1] < 0)) {
      return false;
    }
    const games = this.#games, game = sorted[at] * GAME;
    if (games[game + 4] !== 1 || this.#bases.has(row)) return false;
    const one = this.#one;
    one.cell = games[game];
    one.field = games[game + 1];
    one.whiteSum = games[game + 2];
    one.blackSum = games[game + 3];
    one.id = games[game + 5];
    one.move = count === 2 ? moves[at + 1] : -1;
    writeOneGame(this.#out, one);
    return true;
  }

  /** A row's events made into its entry (added to the stored row, if any). */
  #entryOf(row: number): ExplorerEntry {
    const entry = this.#bases.get(row) ?? this.#scratch.clear();
    const counts = this.#counts, games = this.#games;
    const moves = this.#sortedMoves, sortedGames = this.#sortedGames;
    const end = this.#start[row] + this.#count[row];
    for (let i = this.#start[row]; i < end; i++) {
      const move = moves[i], game = sortedGames[i] * GAME;
      const cell = games[game], field = games[game + 1];
      const sign = games[game + 4], id = games[game + 5];
      counts.white = field === 0 ? 1 : 0;
      counts.draws = field === 1 ? 1 : 0;
      counts.black = field === 2 ? 1 : 0;
      counts.whiteSum = games[game + 2];
      counts.blackSum = games[game + 3];
      if (move === -1) {
        addCounts(entry.extra, cell, counts, sign);
        continue;
      }
      const played = entry.move(move);
      addCounts(played.cells, cell, counts, sign);
      addCounts(entry.extra, cell, counts, -sign);
      if (sign > 0) addGameRef(played, { id, cell });
    }
    return entry;
  }
}

/** Where a row's key and month hash (its first slot, masked). */
function slotOf(hi: number, lo: number, month: number): number {
  return Math.imul(hi, 0x9e3779b1) ^ lo ^ Math.imul(month, 0x85ebca6b);
}

/** An array twice as long, with the same numbers first. */
function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
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

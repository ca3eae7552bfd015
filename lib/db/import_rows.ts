/**
 * What `fen db import --jobs`' workers and the command's thread tell each
 * other (lib/db/import_worker.ts, lib/db/import_jobs.ts), and index rows
 * packed for the trip: keys and ends in one array, the rows' bytes in
 * another (an array a row would be cloned one by one).
 *
 * @module
 */

import type { LeftOut, ParseOptions } from "./game_parser.ts";
import type { GameRow } from "./game_row.ts";
import type { IndexedGame } from "./index_batch.ts";

/** Index rows packed: per row hi, lo, month, end of its bytes in `data`. */
export interface Packed {
  keys: Int32Array;
  data: Uint8Array;
}

/** A message to a worker. */
export type ToWorker =
  | { init: Omit<ParseOptions, "offset"> }
  | {
    parse: number;
    bytes: Uint8Array;
    offset: { games: number; lines: number };
  }
  | { index: number; ids: Int32Array; last: boolean };

/** A game as a worker sends it back: its row, or why it is left out. */
export interface SentGame {
  number: number;
  row: GameRow | null;
  leftOut: LeftOut | null;
}

/** A message from a worker. */
export type FromWorker =
  | { ready: true }
  | { parsed: number; read: number; games: SentGame[] }
  | { indexed: number; rows: Packed }
  | { failed: string };

/** Index rows being packed. */
export class PackedRows {
  #keys = new Int32Array(4 * 1024);
  #data = new Uint8Array(64 * 1024);
  #rows = 0;
  #bytes = 0;

  /** Adds a row. */
  add(key: { hi: number; lo: number; month: number }, data: Uint8Array): void {
    if (4 * this.#rows + 4 > this.#keys.length) {
      this.#keys = grown(this.#keys, this.#keys.length * 2);
    }
    if (this.#bytes + data.length > this.#data.length) {
      this.#data = grown(this.#data, 2 * (this.#bytes + data.length));
    }
    this.#data.set(data, this.#bytes);
    this.#bytes += data.length;
    const at = 4 * this.#rows++;
    this.#keys[at] = key.hi;
    this.#keys[at + 1] = key.lo;
    this.#keys[at + 2] = key.month;
    this.#keys[at + 3] = this.#bytes;
  }

  /** The rows added since the last take, copied. */
  take(): Packed {
    const packed = {
      keys: this.#keys.slice(0, 4 * this.#rows),
      data: this.#data.slice(0, this.#bytes),
    };
    this.#rows = this.#bytes = 0;
    return packed;
  }
}

/** The fields of an indexed game before its keys, in {@linkcode PackedGames}. */
const FIELDS = ["white", "draws", "black"] as const;

/**
 * The games of a part as the index counts them, in one array of numbers
 * until their ids are known: a worker kept them as objects, which lived
 * long enough to be copied out of the young generation, and collecting
 * them cost more than reading the games.
 */
export class PackedGames {
  #numbers = new Int32Array(16 * 1024);
  #length = 0;
  /** Where each game starts in the array (-1: not counted). */
  readonly #starts: number[] = [];

  /** Adds a game (null: one the index does not count). */
  add(game: IndexedGame | null): void {
    if (game === null) {
      this.#starts.push(-1);
      return;
    }
    const plies = game.keys.length / 2 - 1;
    const size = 7 + game.keys.length + plies;
    if (this.#length + size > this.#numbers.length) {
      this.#numbers = grown(this.#numbers, 2 * (this.#length + size));
    }
    const at = this.#length, n = this.#numbers;
    this.#starts.push(at);
    n[at] = game.month;
    n[at + 1] = game.cell;
    n[at + 2] = FIELDS.indexOf(game.field);
    n[at + 3] = game.whiteSum;
    n[at + 4] = game.blackSum;
    n[at + 5] = game.keys.length;
    n[at + 6] = plies;
    n.set(game.keys as ArrayLike<number>, at + 7);
    for (let i = 0; i < plies; i++) {
      n[at + 7 + game.keys.length + i] = game.codes[i];
    }
    this.#length += size;
  }

  /** The games added. */
  get length(): number {
    return this.#starts.length;
  }

  /** Game `i` as the index counts it, with its id; null if not counted. */
  get(i: number, id: number): IndexedGame | null {
    const at = this.#starts[i], n = this.#numbers;
    if (at < 0) return null;
    const keys = n[at + 5];
    return {
      id,
      month: n[at],
      cell: n[at + 1],
      field: FIELDS[n[at + 2]],
      whiteSum: n[at + 3],
      blackSum: n[at + 4],
      keys: n.subarray(at + 7, at + 7 + keys),
      codes: n.subarray(at + 7 + keys, at + 7 + keys + n[at + 6]),
    };
  }
}

/** Each row of packed rows, in order. */
export function unpack(
  { keys, data }: Packed,
  each: (
    key: { hi: number; lo: number; month: number },
    data: Uint8Array,
  ) => void,
): void {
  let start = 0;
  for (let at = 0; at < keys.length; at += 4) {
    const end = keys[at + 3];
    each(
      { hi: keys[at], lo: keys[at + 1], month: keys[at + 2] },
      data.subarray(start, end),
    );
    start = end;
  }
}

function grown<T extends Int32Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

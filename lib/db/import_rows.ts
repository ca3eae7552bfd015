/**
 * What `fen db import --jobs` sends between the command's thread and its
 * index worker (lib/db/import_jobs.ts, lib/db/import_worker.ts), packed in
 * typed arrays: the games as the index counts them, one array of numbers
 * (objects kept until the worker's turn came lived long enough to be
 * copied out of the young generation, and collecting them cost more than
 * reading the games), and the index rows made of them, their keys and
 * ends in one array and their bytes in another.
 *
 * @module
 */

import type { IndexedGame } from "./index_batch.ts";

/** Index rows packed: per row hi, lo, month, end of its bytes in `data`. */
export interface Packed {
  keys: Int32Array;
  data: Uint8Array;
}

/** A message to the index worker. */
export type ToWorker =
  | { games: Int32Array }
  | { end: true };

/** A message from the index worker. */
export type FromWorker =
  | { ready: true }
  | { rows: Packed; done: boolean }
  | { counted: true }
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

/** The results, in {@linkcode PackedGames}' numbers. */
const FIELDS = ["white", "draws", "black"] as const;

/** The numbers of a game before its keys and moves. */
const HEAD = 8;

/**
 * Games as the index counts them, packed: per game its id, month, cell,
 * result, rating sums, the count of its keys' halves and of its moves,
 * then those (the moves of the positions indexed only).
 */
export class PackedGames {
  #numbers = new Int32Array(16 * 1024);
  #length = 0;

  /** Games packed since the last take. */
  get length(): number {
    return this.#length;
  }

  /** Adds a game. */
  add(game: IndexedGame): void {
    const keys = game.keys.length;
    const moves = Math.max(0, keys / 2 - 1);
    const size = HEAD + keys + moves;
    if (this.#length + size > this.#numbers.length) {
      this.#numbers = grown(this.#numbers, 2 * (this.#length + size));
    }
    const at = this.#length, n = this.#numbers;
    n[at] = game.id;
    n[at + 1] = game.month;
    n[at + 2] = game.cell;
    n[at + 3] = FIELDS.indexOf(game.field);
    n[at + 4] = game.whiteSum;
    n[at + 5] = game.blackSum;
    n[at + 6] = keys;
    n[at + 7] = moves;
    for (let i = 0; i < keys; i++) n[at + HEAD + i] = game.keys[i];
    for (let i = 0; i < moves; i++) n[at + HEAD + keys + i] = game.codes[i];
    this.#length += size;
  }

  /** The games added since the last take, copied. */
  take(): Int32Array {
    const numbers = this.#numbers.slice(0, this.#length);
    this.#length = 0;
    return numbers;
  }
}

/** Each game of {@linkcode PackedGames.take}'s numbers, in order. */
export function eachGame(
  numbers: Int32Array,
  each: (game: IndexedGame) => void,
): void {
  for (let at = 0; at < numbers.length;) {
    const keys = numbers[at + 6], moves = numbers[at + 7];
    const start = at + HEAD;
    each({
      id: numbers[at],
      month: numbers[at + 1],
      cell: numbers[at + 2],
      field: FIELDS[numbers[at + 3]],
      whiteSum: numbers[at + 4],
      blackSum: numbers[at + 5],
      keys: numbers.subarray(start, start + keys),
      codes: numbers.subarray(start + keys, start + keys + moves),
    });
    at = start + keys + moves;
  }
}

function grown<T extends Int32Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

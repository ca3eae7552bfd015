/**
 * What `fen db import --jobs`' thread and its writing worker tell each
 * other (lib/db/import_jobs.ts, lib/db/import_worker.ts), and the games
 * read as they go: packed in two transferred arrays, numbers and bytes,
 * and their text in one string, a text that repeats the last game's at
 * its place said so (both sides then hold one string, which each finds
 * again by a comparison, not a hash table's lookup), a text sent before
 * as its number (the worker's string again, whose hash it has): the games
 * as objects cost each thread a tenth of its time to copy. A game goes as
 * its row, made by the thread (the worker bounds the import since the
 * reading plays most games on the mainline reader's board).
 *
 * @module
 */

import type { DbErrorReason } from "./database.ts";
import type { GameRow } from "./game_row.ts";

/** Games read, packed (see {@linkcode GamePacker}). */
export interface PackedGames {
  /** How many. */
  count: number;
  /** Their texts, one after the other (see `FIELDS`). */
  text: string;
  /** The games' numbers (see `FIELDS`). */
  numbers: Float64Array<ArrayBuffer>;
  /** Their bytes (moves, annotations), one after the other. */
  bytes: Uint8Array<ArrayBuffer>;
}

/** A message to the worker: the database, games read, the end. */
export type ToWorker =
  | {
    open: string;
    /** The games sent and taken, shared (see {@linkcode PROGRESS}). */
    progress: Int32Array<SharedArrayBuffer>;
  }
  | { games: PackedGames }
  | { end: true };

/**
 * The words of the import's shared counts: the games the thread sent (it
 * writes them before each message) and those the worker took (it writes
 * them as it takes each message's).
 */
export const PROGRESS = { sent: 0, taken: 1 } as const;

/** The worker's answer to each message, in order. */
export type FromWorker =
  | { ready: true }
  | { added: number; duplicates: number }
  | { failed: string; reason: DbErrorReason | null };

/** A game as the worker stores and indexes it. */
export interface RowGame {
  /** Its row (all columns but `id`). */
  row: GameRow;
  /** The keys of the positions indexed, as halves. */
  keys: ArrayLike<number>;
  /** The moves of the positions indexed, packed. */
  codes: ArrayLike<number>;
}

/**
 * A game's row as packed, column by column: text (the length of the next
 * in `text`, -1 for null, -2 for the last game's at this place: the texts
 * of a game are numbered in order, the other tags' included; -3 - n for
 * the text numbered n, see `NUMBERED_TEXTS`), a number
 * (NaN for null), the uid (its two 32-bit halves, -1 for null), bytes
 * (their length, -1 for null), the other tags (their count, -1 for null,
 * then each name and value as text); then the keys and the moves indexed
 * (their count, then each). The row is made in the reading thread
 * (`rowOf`), where the reading leaves time, not in the worker, which
 * bounds the import.
 */
const FIELDS: readonly (readonly [string, Kind])[] = [
  ["event", "text"],
  ["site", "unique"],
  ["date", "text"],
  ["round", "text"],
  ["white", "text"],
  ["black", "text"],
  ["white_elo", "number"],
  ["black_elo", "number"],
  ["eco", "text"],
  ["opening", "text"],
  ["time_control", "text"],
  ["variant", "text"],
  ["tags", "tags"],
  ["uid", "uid"],
  ["result", "text"],
  ["speed", "text"],
  ["month", "number"],
  ["plies", "number"],
  ["fen", "unique"],
  ["material", "number"],
  ["home_pawns", "number"],
  ["moves", "bytes"],
  ["annotations", "bytes"],
];

/** How a column is packed (`unique`: a text that is not numbered). */
type Kind = "text" | "unique" | "number" | "uid" | "bytes" | "tags";

/**
 * The texts numbered at most, each side: a text sent once (a name, an
 * opening, a date) then goes as its number, -3 - n, and the worker finds
 * the string it made of it, whose hash it has (a string made afresh for
 * each game cost the worker's lookup of its id 0.4 us); a site or a start
 * position, most often a game's own, is not numbered.
 */
const NUMBERED_TEXTS = 1 << 16;

/** A column's value. */
type Value = GameRow[string] | undefined;

/**
 * The thread's half: games added one by one ({@linkcode GamePacker.add}),
 * taken as a message ({@linkcode GamePacker.take}).
 */
export class GamePacker {
  /** The last game's texts, by place (a game's texts in order). */
  readonly #lastTexts: (string | null)[] = [];
  /** The texts sent and numbered, in order (see `NUMBERED_TEXTS`). */
  readonly #textNumbers = new Map<string, number>();
  readonly #numberedAtMost: number;
  #slot = 0;
  #text = "";
  #numbers = new Float64Array(1 << 16);
  #length = 0;
  #bytes = new Uint8Array(1 << 16);
  #byteLength = 0;
  #count = 0;

  /**
   * @param options The texts numbered at most (the unpacker's must be the
   * same; tests make it small).
   */
  constructor({ numbered = NUMBERED_TEXTS }: { numbered?: number } = {}) {
    this.#numberedAtMost = numbered;
  }

  /** The games added since the last take. */
  get count(): number {
    return this.#count;
  }

  /**
   * Adds a game.
   *
   * @param game Its row (`rowOf`), and the keys and moves of its
   * positions indexed.
   */
  add(
    game: { row: GameRow; keys: readonly number[]; codes: readonly number[] },
  ): void {
    this.#slot = 0;
    const row = game.row;
    for (const [name, kind] of FIELDS) this.#field(row[name], kind);
    this.#list(game.keys);
    this.#list(game.codes);
    this.#count++;
  }

  /** The games added, as a message (their arrays to transfer). */
  take(): PackedGames {
    const games: PackedGames = {
      count: this.#count,
      text: this.#text,
      numbers: this.#numbers.slice(0, this.#length),
      bytes: this.#bytes.slice(0, this.#byteLength),
    };
    this.#count = this.#length = this.#byteLength = 0;
    this.#text = "";
    return games;
  }

  #field(value: Value, kind: Kind): void {
    if (value === undefined) value = null;
    switch (kind) {
      case "text":
      case "unique":
        this.#push(
          this.#textCode(
            value === null ? null : String(value),
            kind === "text",
          ),
        );
        return;
      case "number":
        this.#push(value === null ? NaN : value as number);
        return;
      case "uid":
        if (value === null) this.#push(-1);
        else {
          const uid = BigInt.asUintN(64, value as bigint);
          this.#push(Number(uid >> 32n));
          this.#push(Number(uid & 0xffffffffn));
        }
        return;
      case "bytes":
        this.#push(this.#raw(value as Uint8Array | null));
        return;
      default: {
        const rest = value as readonly (string | null)[] | null;
        this.#push(rest === null ? -1 : rest.length);
        for (let i = 0; rest !== null && i < rest.length; i++) {
          this.#push(this.#textCode(rest[i], true));
        }
      }
    }
  }

  /** A text's code (see FIELDS). */
  #textCode(text: string | null, numbered: boolean): number {
    const slot = this.#slot++;
    if (text === null) return -1;
    if (this.#lastTexts[slot] === text) return -2;
    this.#lastTexts[slot] = text;
    if (numbered) {
      const number = this.#textNumbers.get(text);
      if (number !== undefined) return -3 - number;
      if (this.#textNumbers.size < this.#numberedAtMost) {
        this.#textNumbers.set(text, this.#textNumbers.size);
      }
    }
    this.#text += text;
    return text.length;
  }

  /** Appends bytes; their length, -1 for null. */
  #raw(bytes: Uint8Array | null): number {
    if (bytes === null) return -1;
    while (this.#byteLength + bytes.length > this.#bytes.length) {
      const bigger = new Uint8Array(this.#bytes.length * 2);
      bigger.set(this.#bytes);
      this.#bytes = bigger;
    }
    this.#bytes.set(bytes, this.#byteLength);
    this.#byteLength += bytes.length;
    return bytes.length;
  }

  #list(list: readonly number[]): void {
    this.#push(list.length);
    for (let i = 0; i < list.length; i++) this.#push(list[i]);
  }

  #push(value: number): void {
    if (this.#length === this.#numbers.length) {
      const bigger = new Float64Array(this.#numbers.length * 2);
      bigger.set(this.#numbers);
      this.#numbers = bigger;
    }
    this.#numbers[this.#length++] = value;
  }
}

/**
 * The worker's half: the games of each message, in order, as the thread
 * added them ({@linkcode GameUnpacker.games}).
 */
export class GameUnpacker {
  /** The last game's texts, by place, as the packer's. */
  readonly #lastTexts: (string | null)[] = [];
  /** The texts numbered, by number, as the packer numbered them. */
  readonly #numbered: string[] = [];
  readonly #numberedAtMost: number;

  /** @param options The texts numbered at most, as the packer's. */
  constructor({ numbered = NUMBERED_TEXTS }: { numbered?: number } = {}) {
    this.#numberedAtMost = numbered;
  }

  /**
   * The games of a message, one by one (each valid until the next).
   *
   * @param packed The message.
   * @param take Called with each game.
   */
  games(packed: PackedGames, take: (game: RowGame) => void): void {
    const reader: Reader = { packed, at: 0, byteAt: 0, textAt: 0, slot: 0 };
    for (let n = 0; n < packed.count; n++) {
      const row: GameRow = {};
      reader.slot = 0;
      for (const [name, kind] of FIELDS) row[name] = this.#field(reader, kind);
      const keys = this.#list(reader), codes = this.#list(reader);
      take({ row, keys, codes });
    }
  }

  #field(reader: Reader, kind: Kind): GameRow[string] {
    const numbers = reader.packed.numbers;
    const value = numbers[reader.at++];
    switch (kind) {
      case "text":
      case "unique":
        return this.#text(reader, { code: value, numbered: kind === "text" });
      case "number":
        return Number.isNaN(value) ? null : value;
      case "uid": {
        if (value < 0) return null;
        const low = numbers[reader.at++];
        return BigInt.asIntN(64, BigInt(value) << 32n | BigInt(low));
      }
      case "bytes": {
        if (value < 0) return null;
        reader.byteAt += value;
        return reader.packed.bytes.subarray(
          reader.byteAt - value,
          reader.byteAt,
        );
      }
      default: {
        if (value < 0) return null;
        const rest: (string | null)[] = new Array(value);
        for (let i = 0; i < value; i++) {
          rest[i] = this.#text(reader, {
            code: numbers[reader.at++],
            numbered: true,
          });
        }
        return rest;
      }
    }
  }

  #text(
    reader: Reader,
    { code, numbered }: { code: number; numbered: boolean },
  ): string | null {
    const slot = reader.slot++;
    if (code === -1) return null;
    if (code === -2) return this.#lastTexts[slot];
    let text: string;
    if (code <= -3) text = this.#numbered[-3 - code];
    else {
      reader.textAt += code;
      text = reader.packed.text.slice(reader.textAt - code, reader.textAt);
      if (numbered && this.#numbered.length < this.#numberedAtMost) {
        this.#numbered.push(text);
      }
    }
    this.#lastTexts[slot] = text;
    return text;
  }

  #list(reader: Reader): Float64Array {
    const length = reader.packed.numbers[reader.at];
    reader.at += 1 + length;
    return reader.packed.numbers.subarray(reader.at - length, reader.at);
  }
}

/** Where a message is read. */
interface Reader {
  packed: PackedGames;
  /** The next number, byte and character to read. */
  at: number;
  byteAt: number;
  textAt: number;
  /** The place of the game's next text. */
  slot: number;
}

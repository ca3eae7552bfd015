/**
 * What `fen db import --jobs`' thread and its writing worker tell each
 * other (lib/db/import_jobs.ts, lib/db/import_worker.ts), and the games
 * read as they go: packed in two transferred arrays, numbers and bytes,
 * and their text as strings numbered once (the worker keeps each string
 * the thread numbered), where the games as objects cost each thread a
 * tenth of its time to copy, and the worker as much again to look its
 * strings up.
 *
 * @module
 */

import type { DbErrorReason } from "./database.ts";
import type { GameRow } from "./game_row.ts";

/** Games read, packed (see {@linkcode GamePacker}). */
export interface PackedGames {
  /** How many. */
  count: number;
  /** The worker forgets its strings first (the thread's bound). */
  reset: boolean;
  /** The strings numbered anew, in order. */
  strings: string[];
  /** The strings given in place, by their index (unique: a site, a FEN). */
  inline: string[];
  /** The games' numbers (see `FIELDS`). */
  numbers: Float64Array<ArrayBuffer>;
  /** Their bytes (moves, annotations), one after the other. */
  bytes: Uint8Array<ArrayBuffer>;
}

/** A message to the worker: the database, games read, the end. */
export type ToWorker =
  | { open: string }
  | { games: PackedGames }
  | { end: true };

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
 * A row's columns as packed, in order: text (a string's number, -1 for
 * null, or -2 less its index in `inline`), a number (NaN for null), bytes
 * (their length, -1 for null), the 64-bit `uid` (two halves, NaN for
 * null), the other tags (their count, -1 for none, then each as text).
 */
const FIELDS: readonly (readonly [string, Kind])[] = [
  ["uid", "uid"],
  ["event", "text"],
  ["site", "inline"],
  ["date", "text"],
  ["round", "text"],
  ["white", "text"],
  ["black", "text"],
  ["result", "text"],
  ["white_elo", "number"],
  ["black_elo", "number"],
  ["eco", "text"],
  ["opening", "text"],
  ["time_control", "text"],
  ["speed", "text"],
  ["variant", "text"],
  ["month", "number"],
  ["plies", "number"],
  ["fen", "inline"],
  ["material", "number"],
  ["home_pawns", "number"],
  ["moves", "bytes"],
  ["tags", "tags"],
  ["annotations", "bytes"],
];

/** How a column is packed: `inline` is text given in place. */
type Kind = "text" | "inline" | "number" | "bytes" | "uid" | "tags";

/** The strings numbered at most: then both sides start again. */
const NUMBERED = 1 << 16;
/** A tag's value this long at most is numbered, a longer one given in place. */
const SHORT_TAG = 64;

/** The halves of a 64-bit integer (scratch). */
const HALVES = new BigInt64Array(1);
const HALF_WORDS = new Int32Array(HALVES.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The thread's half: games added one by one ({@linkcode GamePacker.add}),
 * taken as a message ({@linkcode GamePacker.take}).
 */
export class GamePacker {
  readonly #numbered = new Map<string, number>();
  /**
   * The last game's texts and their numbers, by place (a game's texts in
   * order): most repeat the last game's, found by a comparison, where a
   * hash table's lookup cost about 0.2 us.
   */
  readonly #lastTexts: (string | null)[] = [];
  readonly #lastNumbers: number[] = [];
  #slot = 0;
  #reset = false;
  #strings: string[] = [];
  #inline: string[] = [];
  #numbers = new Float64Array(1 << 16);
  #length = 0;
  #bytes = new Uint8Array(1 << 16);
  #byteLength = 0;
  #count = 0;

  /** The games added since the last take. */
  get count(): number {
    return this.#count;
  }

  /**
   * Adds a game.
   *
   * @param row Its row.
   * @param walk The keys and moves of its positions indexed.
   */
  add(
    row: GameRow,
    { keys, codes }: { keys: readonly number[]; codes: readonly number[] },
  ): void {
    this.#slot = 0;
    for (const [column, kind] of FIELDS) this.#field(row[column], kind);
    this.#list(keys);
    this.#list(codes);
    this.#count++;
  }

  /** The games added, as a message (their arrays to transfer). */
  take(): PackedGames {
    const games: PackedGames = {
      count: this.#count,
      reset: this.#reset,
      strings: this.#strings,
      inline: this.#inline,
      numbers: this.#numbers.slice(0, this.#length),
      bytes: this.#bytes.slice(0, this.#byteLength),
    };
    this.#count = this.#length = this.#byteLength = 0;
    this.#strings = [];
    this.#inline = [];
    this.#reset = false;
    if (this.#numbered.size > NUMBERED) {
      this.#numbered.clear();
      this.#lastTexts.length = 0;
      this.#reset = true;
    }
    return games;
  }

  #field(value: GameRow[string], kind: Kind): void {
    if (kind === "uid") {
      if (value === null) this.#push(NaN, NaN);
      else {
        HALVES[0] = value as bigint;
        this.#push(HALF_WORDS[LITTLE ? 1 : 0], HALF_WORDS[LITTLE ? 0 : 1]);
      }
    } else if (kind === "bytes") this.#push(this.#raw(value as Uint8Array));
    else if (kind === "number") {
      this.#push(value === null ? NaN : value as number);
    } else if (kind === "tags") {
      const tags = value as readonly (string | null)[] | null;
      this.#push(tags === null ? -1 : tags.length);
      for (let i = 0; tags !== null && i < tags.length; i++) {
        const text = tags[i];
        this.#push(this.#text(text, text !== null && text.length > SHORT_TAG));
      }
    } else this.#push(this.#text(value as string | null, kind === "inline"));
  }

  /** A text's code (see FIELDS). */
  #text(text: string | null, inline: boolean): number {
    if (text === null) return -1;
    if (inline) return -2 - (this.#inline.push(text) - 1);
    const slot = this.#slot++;
    if (this.#lastTexts[slot] === text) return this.#lastNumbers[slot];
    let number = this.#numbered.get(text);
    if (number === undefined) {
      number = this.#numbered.size;
      this.#numbered.set(text, number);
      this.#strings.push(text);
    }
    this.#lastTexts[slot] = text;
    this.#lastNumbers[slot] = number;
    return number;
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

  #push(a: number, b?: number): void {
    if (this.#length + 2 > this.#numbers.length) {
      const bigger = new Float64Array(this.#numbers.length * 2);
      bigger.set(this.#numbers);
      this.#numbers = bigger;
    }
    this.#numbers[this.#length++] = a;
    if (b !== undefined) this.#numbers[this.#length++] = b;
  }
}

/**
 * The worker's half: the games of each message, in order, as the thread
 * added them ({@linkcode GameUnpacker.games}).
 */
export class GameUnpacker {
  readonly #strings: string[] = [];

  /**
   * The games of a message, one by one (each valid until the next).
   *
   * @param packed The message.
   * @param take Called with each game.
   */
  games(packed: PackedGames, take: (game: RowGame) => void): void {
    if (packed.reset) this.#strings.length = 0;
    for (const text of packed.strings) this.#strings.push(text);
    const reader = { packed, at: 0, byteAt: 0 };
    for (let n = 0; n < packed.count; n++) {
      const row: GameRow = {};
      for (const [column, kind] of FIELDS) {
        row[column] = this.#field(reader, kind);
      }
      const keys = this.#list(reader), codes = this.#list(reader);
      take({ row, keys, codes });
    }
  }

  #field(reader: Reader, kind: Kind): GameRow[string] {
    const numbers = reader.packed.numbers;
    const value = numbers[reader.at++];
    switch (kind) {
      case "uid":
        if (Number.isNaN(value)) {
          reader.at++;
          return null;
        }
        HALF_WORDS[LITTLE ? 1 : 0] = value;
        HALF_WORDS[LITTLE ? 0 : 1] = numbers[reader.at++];
        return HALVES[0];
      case "bytes": {
        if (value < 0) return null;
        reader.byteAt += value;
        return reader.packed.bytes.subarray(
          reader.byteAt - value,
          reader.byteAt,
        );
      }
      case "number":
        return Number.isNaN(value) ? null : value;
      case "tags": {
        if (value < 0) return null;
        const tags: (string | null)[] = new Array(value);
        for (let i = 0; i < value; i++) {
          tags[i] = this.#text(reader.packed, numbers[reader.at++]);
        }
        return tags;
      }
      default:
        return this.#text(reader.packed, value);
    }
  }

  #text(packed: PackedGames, code: number): string | null {
    return code === -1
      ? null
      : code < 0
      ? packed.inline[-2 - code]
      : this.#strings[code];
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
  at: number;
  byteAt: number;
}

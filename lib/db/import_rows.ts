/**
 * What `fen db import --jobs`' thread and its writing worker tell each
 * other (lib/db/import_jobs.ts, lib/db/import_worker.ts), and the games
 * read as they go: packed in two transferred arrays, numbers and bytes,
 * and their text in one string, a text that repeats the last game's at
 * its place said so (both sides then hold one string, which each finds
 * again by a comparison, not a hash table's lookup): the games as objects
 * cost each thread a tenth of its time to copy.
 *
 * @module
 */

import type { DbErrorReason } from "./database.ts";
import type { GameRow } from "./game_row.ts";
import { rowOf, type WalkedColumns } from "./game_parser.ts";

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
 * A game's facts as packed, in order: text (the length of the next in
 * `text`, -1 for null, -2 for the last game's at this place: the texts of
 * a game are numbered in order, tags included), a number, bytes (their
 * length, -1 for null), the tags (their count, then each name and value
 * as text); then the keys and the moves indexed (their count, then each).
 */
const FIELDS: readonly (readonly [keyof PackedFacts, Kind])[] = [
  ["tags", "tags"],
  ["marker", "text"],
  ["plies", "number"],
  ["fen", "text"],
  ["material", "number"],
  ["home_pawns", "number"],
  ["moves", "bytes"],
  ["annotations", "bytes"],
];

/** What is packed of a game (but its keys and moves indexed). */
type PackedFacts = WalkedColumns & {
  tags: ReadonlyMap<string, string>;
  marker: string | null;
};

/** How a column is packed. */
type Kind = "text" | "number" | "bytes" | "tags";

/**
 * The thread's half: games added one by one ({@linkcode GamePacker.add}),
 * taken as a message ({@linkcode GamePacker.take}).
 */
export class GamePacker {
  /** The last game's texts, by place (a game's texts in order). */
  readonly #lastTexts: (string | null)[] = [];
  #slot = 0;
  #text = "";
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
   * @param game Its tags, termination marker, walked columns, and the
   * keys and moves of its positions indexed.
   */
  add(
    game: {
      tags: ReadonlyMap<string, string>;
      marker: string | null;
      walked: WalkedColumns;
      keys: readonly number[];
      codes: readonly number[];
    },
  ): void {
    this.#slot = 0;
    const facts = game.walked as PackedFacts;
    for (const [name, kind] of FIELDS) {
      this.#field(
        name === "tags"
          ? game.tags
          : name === "marker"
          ? game.marker
          : facts[name],
        kind,
      );
    }
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

  #field(value: PackedFacts[keyof PackedFacts], kind: Kind): void {
    if (kind === "bytes") this.#push(this.#raw(value as Uint8Array | null));
    else if (kind === "number") this.#push(value as number);
    else if (kind === "tags") {
      const tags = value as ReadonlyMap<string, string>;
      this.#push(tags.size);
      for (const [name, text] of tags) {
        this.#push(this.#textCode(name));
        this.#push(this.#textCode(text));
      }
    } else this.#push(this.#textCode(value as string | null));
  }

  /** A text's code (see FIELDS). */
  #textCode(text: string | null): number {
    const slot = this.#slot++;
    if (text === null) return -1;
    if (this.#lastTexts[slot] === text) return -2;
    this.#lastTexts[slot] = text;
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

  /**
   * The games of a message, one by one (each valid until the next).
   *
   * @param packed The message.
   * @param take Called with each game.
   */
  games(packed: PackedGames, take: (game: RowGame) => void): void {
    const reader: Reader = { packed, at: 0, byteAt: 0, textAt: 0, slot: 0 };
    for (let n = 0; n < packed.count; n++) {
      const walked: Record<string, unknown> = {};
      reader.slot = 0;
      for (const [name, kind] of FIELDS) {
        walked[name] = this.#field(reader, kind);
      }
      const { tags, marker, ...columns } = walked;
      const row = rowOf({
        tags: tags as PackedFacts["tags"],
        marker: marker as string | null,
        walked: columns as unknown as WalkedColumns,
      });
      const keys = this.#list(reader), codes = this.#list(reader);
      take({ row, keys, codes });
    }
  }

  #field(reader: Reader, kind: Kind): PackedFacts[keyof PackedFacts] {
    const numbers = reader.packed.numbers;
    const value = numbers[reader.at++];
    switch (kind) {
      case "bytes": {
        if (value < 0) return null;
        reader.byteAt += value;
        return reader.packed.bytes.subarray(
          reader.byteAt - value,
          reader.byteAt,
        );
      }
      case "number":
        return value;
      case "tags": {
        const tags = new Map<string, string>();
        for (let i = 0; i < value; i++) {
          const name = this.#text(reader, numbers[reader.at++])!;
          tags.set(name, this.#text(reader, numbers[reader.at++])!);
        }
        return tags;
      }
      default:
        return this.#text(reader, value);
    }
  }

  #text(reader: Reader, code: number): string | null {
    const slot = reader.slot++;
    if (code === -1) return null;
    if (code === -2) return this.#lastTexts[slot];
    reader.textAt += code;
    const text = reader.packed.text.slice(reader.textAt - code, reader.textAt);
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

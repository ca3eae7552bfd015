/**
 * What `fen db import --jobs`' thread and its writing worker tell each
 * other (lib/db/import_jobs.ts, lib/db/import_worker.ts), and the games
 * read as they go: packed in two transferred arrays, numbers and bytes
 * (the games as objects cost each thread a tenth of its time to copy).
 * A game goes as what its row is made of (`rowOf`), its tags as their
 * bytes: the thread copies the PGN's own (the mainline reader's games),
 * and the worker makes the strings and the row. The reading plays the
 * games' moves, the larger half of an import's work; the rest is the
 * worker's, but for the last batch's rows (see lib/db/import_worker.ts).
 *
 * @module
 */

import { ByteWriter } from "./_varint.ts";
import type { DbErrorReason } from "./database.ts";
import type { TagBytes, WalkedColumns } from "./game_parser.ts";
import type { BatchArrays, PackedRows } from "./index_batch.ts";

/** Games read, packed (see {@linkcode GamePacker}). */
export interface PackedGames {
  /** How many. */
  count: number;
  /** The games' numbers (see {@linkcode GamePacker.add}). */
  numbers: Float64Array<ArrayBuffer>;
  /** Their bytes (texts as UTF-8, moves, annotations), one after the other. */
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * A message to the worker: the database, games read, the end of the input
 * (the worker answers with its last batch, which this thread makes into
 * rows), those rows, the commit.
 */
export type ToWorker =
  | {
    open: string;
    /** The games taken, shared (see {@linkcode PROGRESS}). */
    progress: Int32Array<SharedArrayBuffer>;
  }
  | { games: PackedGames }
  | { end: true }
  | { rows: PackedRows }
  | { commit: true };

/**
 * The words of the import's shared counts: the games the worker took (it
 * writes them as it takes each message's).
 */
export const PROGRESS = { taken: 0 } as const;

/** The worker's answer to each message, in order. */
export type FromWorker =
  | { ready: true }
  | { batch: BatchArrays }
  | { added: number; duplicates: number }
  | { failed: string; reason: DbErrorReason | null };

/** A game as the worker stores and indexes it: what its row is made of. */
export interface ReadGame {
  /** Its tags, in order. */
  tags: Map<string, string>;
  /** Its termination marker. */
  marker: string | null;
  /** Its columns but its tags' (its bytes valid until the next game). */
  walked: WalkedColumns;
  /** The keys of the positions indexed, as halves. */
  keys: ArrayLike<number>;
  /** The moves of the positions indexed, packed. */
  codes: ArrayLike<number>;
}

/** A game as the thread packs it: tags as a map or as the PGN's bytes. */
export interface GameToPack {
  tags: ReadonlyMap<string, string>;
  /** The tags as bytes (then `tags` is not read), or null. */
  tagBytes: TagBytes | null;
  marker: string | null;
  walked: WalkedColumns;
  keys: readonly number[];
  codes: readonly number[];
}

/**
 * The thread's half: games added one by one ({@linkcode GamePacker.add}),
 * taken as a message ({@linkcode GamePacker.take}).
 */
export class GamePacker {
  #numbers = new Float64Array(1 << 16);
  #length = 0;
  readonly #bytes = new ByteWriter(1 << 16);
  #count = 0;

  /** The games added since the last take. */
  get count(): number {
    return this.#count;
  }

  /**
   * Adds a game, as numbers: its tags' count, then each tag's name's and
   * value's lengths in bytes; the marker's (-1 for none); the walked
   * columns (the `fen` column's length, -1 for null; `moves`' and
   * `annotations`'); the keys and the moves indexed (their count, then
   * each). Texts and bytes go to the bytes, in that order.
   */
  add(game: GameToPack): void {
    const raw = game.tagBytes;
    if (raw !== null) {
      this.#push(raw.lengths.length / 2);
      for (const length of raw.lengths) this.#push(length);
      this.#bytes.raw(raw.bytes);
    } else {
      this.#push(game.tags.size);
      for (const [name, value] of game.tags) {
        this.#push(this.#text(name));
        this.#push(this.#text(value));
      }
    }
    this.#push(this.#text(game.marker));
    const walked = game.walked;
    this.#push(walked.plies);
    this.#push(this.#text(walked.fen));
    this.#push(walked.material);
    this.#push(walked.home_pawns);
    this.#push(this.#raw(walked.moves));
    this.#push(this.#raw(walked.annotations));
    this.#list(game.keys);
    this.#list(game.codes);
    this.#count++;
  }

  /** The games added, as a message (their arrays to transfer). */
  take(): PackedGames {
    const games: PackedGames = {
      count: this.#count,
      numbers: this.#numbers.slice(0, this.#length),
      bytes: this.#bytes.done(),
    };
    this.#count = this.#length = this.#bytes.length = 0;
    return games;
  }

  /** Appends a text's UTF-8; its length in bytes, -1 for null. */
  #text(text: string | null): number {
    return text === null ? -1 : this.#bytes.text(text);
  }

  /** Appends bytes; their length, -1 for null. */
  #raw(bytes: Uint8Array | null): number {
    if (bytes === null) return -1;
    this.#bytes.raw(bytes);
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
  /**
   * The texts by place (the marker, the `fen` column, then a game's tags'
   * names and values in order): a game repeats most of the last one's,
   * and a string kept is found again by the store's lookups at once (one
   * made afresh is hashed again for each).
   */
  readonly #texts = new PlaceTexts();

  /**
   * The games of a message, one by one (each valid until the next).
   *
   * @param packed The message.
   * @param take Called with each game.
   */
  games(packed: PackedGames, take: (game: ReadGame) => void): void {
    const reader: Reader = { packed, at: 0, byteAt: 0 };
    const numbers = packed.numbers;
    for (let n = 0; n < packed.count; n++) {
      const tags = new Map<string, string>();
      const count = numbers[reader.at++];
      for (let place = TAG_PLACE; place < TAG_PLACE + 2 * count; place += 2) {
        const name = this.#text(reader, place);
        tags.set(name!, this.#text(reader, place + 1)!);
      }
      const marker = this.#text(reader, MARKER_PLACE);
      const plies = numbers[reader.at++];
      const fen = this.#text(reader, FEN_PLACE);
      const material = numbers[reader.at++];
      const home_pawns = numbers[reader.at++];
      const moves = this.#bytes(reader)!, annotations = this.#bytes(reader);
      take({
        tags,
        marker,
        walked: { plies, fen, material, home_pawns, moves, annotations },
        keys: this.#list(reader),
        codes: this.#list(reader),
      });
    }
  }

  /** The next text (its length the next number), at its place. */
  #text(reader: Reader, place: number): string | null {
    const length = reader.packed.numbers[reader.at++];
    if (length < 0) return null;
    reader.byteAt += length;
    return this.#texts.text(
      place,
      reader.packed.bytes,
      reader.byteAt - length,
      reader.byteAt,
    );
  }

  /** The next bytes (their length the next number); null for -1. */
  #bytes(reader: Reader): Uint8Array | null {
    const length = reader.packed.numbers[reader.at++];
    if (length < 0) return null;
    reader.byteAt += length;
    return reader.packed.bytes.subarray(reader.byteAt - length, reader.byteAt);
  }

  #list(reader: Reader): Float64Array {
    const length = reader.packed.numbers[reader.at];
    reader.at += 1 + length;
    return reader.packed.numbers.subarray(reader.at - length, reader.at);
  }
}

/** The places of {@linkcode PlaceTexts} a game's texts take. */
const MARKER_PLACE = 0, FEN_PLACE = 1, TAG_PLACE = 2;

/** Texts by place, each the same string while its bytes are the same. */
class PlaceTexts {
  readonly #texts: string[] = [];
  /** Each place's bytes, in a buffer of its own (grown), and their length. */
  readonly #bytes: Uint8Array[] = [];
  readonly #lengths: number[] = [];
  readonly #decoder = new TextDecoder();

  /**
   * The text of the UTF-8 bytes from `from` to `to` at `place`. (Four
   * arguments, not an options object: it runs for every text of every
   * game.)
   */
  text(place: number, bytes: Uint8Array, from: number, to: number): string {
    const length = to - from;
    let kept = this.#bytes[place];
    if (kept !== undefined && this.#lengths[place] === length) {
      let k = 0;
      while (k < length && kept[k] === bytes[from + k]) k++;
      if (k === length) return this.#texts[place];
    }
    if (kept === undefined || kept.length < length) {
      kept = this.#bytes[place] = new Uint8Array(Math.max(32, 2 * length));
    }
    let ascii = true;
    for (let k = 0; k < length; k++) {
      const c = kept[k] = bytes[from + k];
      if (c >= 128) ascii = false;
    }
    this.#lengths[place] = length;
    return this.#texts[place] = ascii
      ? asciiText(bytes, from, to)
      : this.#decoder.decode(bytes.subarray(from, to));
  }
}

/** Bytes all below 128 as a string (for short texts, faster than a decoder). */
function asciiText(bytes: Uint8Array, from: number, to: number): string {
  let text = "";
  for (let k = from; k < to; k++) text += String.fromCharCode(bytes[k]);
  return text;
}

/** Where a message is read. */
interface Reader {
  packed: PackedGames;
  /** The next number and byte to read. */
  at: number;
  byteAt: number;
}

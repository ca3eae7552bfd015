/**
 * Reading Polyglot books: a position's entries by binary search on the key
 * ({@linkcode PolyglotBook}), and its moves in SAN and UCI with weight and
 * share ({@linkcode bookMoves}), as python-chess's `chess.polyglot`
 * reader gives them.
 *
 * @module
 */

import { legalMoves, toSan } from "../moves/play.ts";
import { polyglotKey } from "../data/polyglot/mod.ts";
import { type Position, squareOf } from "../types.ts";
import { type BookEntry, decodeBookMove, ENTRY_BYTES } from "./entry.ts";

/** Random access to a book's bytes: a file, or bytes in memory. */
export interface BookBytes {
  /** Its size in bytes. */
  readonly size: number;
  /** Fills `buffer` from `offset`. */
  readAt(offset: number, buffer: Uint8Array): void;
}

/**
 * Bytes that are not a Polyglot book: a size that is not a whole number of
 * 16-byte entries, text, or entries out of key order (which binary search
 * cannot read).
 *
 * @example Entries out of key order
 * ```ts
 * import { BookFormatError, PolyglotBook, writeBookEntry } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * const bytes = new Uint8Array(32);
 * writeBookEntry(bytes, 0, { hi: 2, lo: 0, move: 0x031c, weight: 2, learn: 0 });
 * writeBookEntry(bytes, 16, { hi: 1, lo: 0, move: 0x0b1c, weight: 1, learn: 0 });
 * assert.throws(() => PolyglotBook.fromBytes(bytes).verify(), (error) =>
 *   error instanceof BookFormatError && error.entry === 2 &&
 *   error.detail === "its entries are not in key order (entry 2's key is below entry 1's)");
 * ```
 */
export class BookFormatError extends RangeError {
  /** What is wrong, in words (`its entries are not in key order (...)`). */
  readonly detail: string;
  /** The first entry out of order (1-based), or null. */
  readonly entry: number | null;

  /**
   * Makes the error; its message is worded here.
   *
   * @param detail What is wrong.
   * @param entry The first entry out of order (1-based), or null.
   */
  constructor(detail: string, entry: number | null = null) {
    super(`Cannot read the book: ${detail}`);
    this.name = "BookFormatError";
    this.detail = detail;
    this.entry = entry;
  }
}

/** What a file of text is, as a book. */
const TEXT = "it is text, not 16-byte entries (a PGN or FEN file?)";

/** Entries read at a time by {@linkcode PolyglotBook.verify}. */
const VERIFY_ENTRIES = 4096;

/**
 * A Polyglot book, read by binary search: a file is never read whole.
 *
 * @example The entries of one key
 * ```ts
 * import { PolyglotBook, writeBookEntry } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * const bytes = new Uint8Array(32);
 * writeBookEntry(bytes, 0, { hi: 1, lo: 0, move: 0x031c, weight: 2, learn: 0 });
 * writeBookEntry(bytes, 16, { hi: 2, lo: 0, move: 0x0b1c, weight: 1, learn: 0 });
 * const book = PolyglotBook.fromBytes(bytes);
 * assert.equal(book.length, 2);
 * assert.equal(book.entries(2n << 32n)[0].move, 0x0b1c);
 * ```
 */
export class PolyglotBook {
  readonly #bytes: BookBytes;
  readonly #entry = new Uint8Array(ENTRY_BYTES);

  /**
   * A book over random-access bytes.
   *
   * @param bytes The book's bytes.
   * @throws {BookFormatError} If its size is not a whole number of entries.
   */
  constructor(bytes: BookBytes) {
    if (bytes.size % ENTRY_BYTES !== 0) {
      const first = new Uint8Array(Math.min(ENTRY_BYTES, bytes.size));
      bytes.readAt(0, first);
      throw new BookFormatError(
        isText(first)
          ? TEXT
          : `${bytes.size} bytes is not a whole number of 16-byte entries`,
      );
    }
    this.#bytes = bytes;
  }

  /**
   * Checks that the bytes are a book, reading them through once: not text
   * (a book's first entry is never all printable characters), and entries
   * in key order, which binary search needs (equal keys in a row, a
   * position's moves, are in order).
   *
   * @throws {BookFormatError} If they are not.
   */
  verify(): void {
    const size = this.#bytes.size;
    const chunk = new Uint8Array(VERIFY_ENTRIES * ENTRY_BYTES);
    const view = new DataView(chunk.buffer);
    let hi = 0, lo = 0;
    for (let offset = 0; offset < size; offset += chunk.length) {
      const part = chunk.subarray(0, Math.min(chunk.length, size - offset));
      this.#bytes.readAt(offset, part);
      if (offset === 0 && isText(part.subarray(0, ENTRY_BYTES))) {
        throw new BookFormatError(TEXT);
      }
      for (let at = 0; at < part.length; at += ENTRY_BYTES) {
        const h = view.getUint32(at), l = view.getUint32(at + 4);
        if (h < hi || (h === hi && l < lo)) {
          const entry = (offset + at) / ENTRY_BYTES + 1;
          throw new BookFormatError(
            `its entries are not in key order (entry ${entry}'s key is below entry ${
              entry - 1
            }'s)`,
            entry,
          );
        }
        hi = h;
        lo = l;
      }
    }
  }

  /**
   * A book held in memory.
   *
   * @param bytes The book.
   * @returns The book.
   */
  static fromBytes(bytes: Uint8Array): PolyglotBook {
    return new PolyglotBook({
      size: bytes.length,
      readAt: (offset, buffer) =>
        buffer.set(bytes.subarray(offset, offset + buffer.length)),
    });
  }

  /** Its number of entries. */
  get length(): number {
    return this.#bytes.size / ENTRY_BYTES;
  }

  /**
   * The entry at `index`.
   *
   * @param index From 0 to `length - 1`.
   * @returns The entry.
   */
  at(index: number): BookEntry {
    const buffer = this.#entry;
    this.#bytes.readAt(index * ENTRY_BYTES, buffer);
    const view = new DataView(buffer.buffer);
    return {
      key: view.getBigUint64(0),
      move: view.getUint16(8),
      weight: view.getUint16(10),
      learn: view.getUint32(12),
    };
  }

  /**
   * The entries of a key, in the book's order.
   *
   * @param key A Polyglot key.
   * @returns Its entries (none if the book does not have it).
   */
  entries(key: bigint): BookEntry[] {
    let lo = 0, hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).key < key) lo = mid + 1;
      else hi = mid;
    }
    const out: BookEntry[] = [];
    for (let i = lo; i < this.length; i++) {
      const entry = this.at(i);
      if (entry.key !== key) break;
      out.push(entry);
    }
    return out;
  }
}

/** Whether an entry's bytes are all printable ASCII or white space. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.length < ENTRY_BYTES) return false;
  for (const byte of bytes) {
    if (
      (byte < 0x20 || byte > 0x7e) && byte !== 9 && byte !== 10 && byte !== 13
    ) {
      return false;
    }
  }
  return true;
}

/** One move of a book for a position. */
export interface BookMove {
  /** In UCI (castling as the king's two-square move, in standard chess). */
  uci: string;
  /** In SAN. */
  san: string;
  /** Its weight in the book. */
  weight: number;
  /** Its weight's share of the position's listed moves, in percent. */
  share: number;
  /** The entry's learn field. */
  learn: number;
}

/**
 * A position's moves in a book, as python-chess's reader lists them: the
 * entries in book order, weight at least `minWeight` (1 by default, as a
 * weight of 0 marks a deleted entry), the king taking its rook read as
 * castling, and only legal moves.
 *
 * @example The start position in a one-entry book
 * ```ts
 * import { bookMoves, encodeBookMove, PolyglotBook, writeBookEntry } from "@fen/fen/book";
 * import { INITIAL_FEN, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const bytes = new Uint8Array(16);
 * writeBookEntry(bytes, 0, {
 *   hi: 0x463b9618, lo: 0x1691fc9c, move: encodeBookMove("e2", "e4"), weight: 3, learn: 0,
 * });
 * const [move] = bookMoves(PolyglotBook.fromBytes(bytes), parseFen(INITIAL_FEN));
 * assert.deepEqual(move, { uci: "e2e4", san: "e4", weight: 3, share: 100, learn: 0 });
 * ```
 *
 * @param book The book.
 * @param position The position.
 * @param options The least weight listed.
 * @returns Its moves.
 */
export function bookMoves(
  book: PolyglotBook,
  position: Position,
  options: { minWeight?: number } = {},
): BookMove[] {
  const minWeight = options.minWeight ?? 1;
  const entries = book.entries(polyglotKey(position));
  if (entries.length === 0) return [];
  const legal = new Set(legalMoves(position));
  const moves: BookMove[] = [];
  let total = 0;
  for (const entry of entries) {
    if (entry.weight < minWeight) continue;
    const uci = standardUci(entry.move, position);
    if (!legal.has(uci)) continue;
    moves.push({
      uci,
      san: toSan(position, uci),
      weight: entry.weight,
      share: 0,
      learn: entry.learn,
    });
    total += entry.weight;
  }
  for (const move of moves) {
    move.share = total === 0 ? 0 : (move.weight * 100) / total;
  }
  return moves;
}

/** The UCI of a book move: e1h1 and the like read as castling, as python-chess reads them. */
function standardUci(move: number, position: Position): string {
  const { from, to, promotion } = decodeBookMove(move);
  const castles = CASTLING_MOVES[`${from}${to}`];
  if (castles !== undefined) {
    const king = position.board[squareOf(from)];
    if (king === "K" || king === "k") return castles;
  }
  return `${from}${to}${promotion}`;
}

const CASTLING_MOVES: Readonly<Record<string, string>> = {
  e1h1: "e1g1",
  e1a1: "e1c1",
  e8h8: "e8g8",
  e8a8: "e8c8",
};

/**
 * Merging Polyglot books as `polyglot merge-book` merges them.
 *
 * @module
 */

import { type BookEntry, ENTRY_BYTES, writeBookEntry } from "./entry.ts";
import type { PolyglotBook } from "./probe.ts";

/**
 * Merges two books as polyglot merge-book (2.0.4) does: both books'
 * entries in key order; for a position in both, the first book's entries
 * in its order, each weighing its weight plus those of all the second
 * book's entries of the same move not yet added (so a move the second book
 * lists twice adds both to the first book's first entry of it; the learn
 * field the first book's), then the second book's other entries in its
 * order, as they are. Where polyglot wraps a sum past 65,535 (stores it
 * modulo 65,536), the weight is kept at 65,535: the count of such weights
 * is returned.
 *
 * @example Weights of the same move add up
 * ```ts
 * import { mergeBooks, PolyglotBook, writeBookEntry } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * const a = new Uint8Array(16), b = new Uint8Array(48);
 * writeBookEntry(a, 0, { hi: 0, lo: 5, move: 1, weight: 9, learn: 0 });
 * writeBookEntry(b, 0, { hi: 0, lo: 5, move: 2, weight: 4, learn: 0 });
 * writeBookEntry(b, 16, { hi: 0, lo: 5, move: 1, weight: 65530, learn: 0 });
 * writeBookEntry(b, 32, { hi: 0, lo: 7, move: 3, weight: 1, learn: 0 });
 * const out: Uint8Array[] = [];
 * const saturated = mergeBooks(PolyglotBook.fromBytes(a), PolyglotBook.fromBytes(b), (bytes) => void out.push(bytes));
 * const merged = PolyglotBook.fromBytes(out[0]);
 * assert.equal(saturated, 1);
 * assert.deepEqual([merged.at(0).move, merged.at(0).weight], [1, 65535]);
 * assert.deepEqual([merged.at(1).move, merged.at(2).move], [2, 3]);
 * ```
 *
 * @param first The first book.
 * @param second The second book.
 * @param out Called with the merged book's bytes, in chunks.
 * @returns How many weights were kept at 65,535 where polyglot wraps them.
 */
export function mergeBooks(
  first: PolyglotBook,
  second: PolyglotBook,
  out: (bytes: Uint8Array) => void,
): number {
  const buffer = new Uint8Array(4096 * ENTRY_BYTES);
  let at = 0;
  let saturated = 0;
  const write = (entry: BookEntry): void => {
    if (entry.weight > 65535) {
      entry.weight = 65535;
      saturated++;
    }
    writeBookEntry(buffer, at, {
      hi: Number(entry.key >> 32n),
      lo: Number(entry.key & 0xffffffffn),
      move: entry.move,
      weight: entry.weight,
      learn: entry.learn,
    });
    at += ENTRY_BYTES;
    if (at === buffer.length) {
      out(buffer.slice());
      at = 0;
    }
  };
  const a = new Cursor(first), b = new Cursor(second);
  while (a.key !== null || b.key !== null) {
    if (b.key === null || (a.key !== null && a.key < b.key)) {
      a.take().forEach(write);
    } else if (a.key === null || a.key > b.key) {
      b.take().forEach(write);
    } else {
      const mine = a.take();
      let theirs = b.take();
      for (const entry of mine) {
        // every entry of the move the second book has, as polyglot adds
        // them all to the first book's first entry of the move
        const rest: BookEntry[] = [];
        for (const other of theirs) {
          if (other.move === entry.move) entry.weight += other.weight;
          else rest.push(other);
        }
        theirs = rest;
      }
      mine.forEach(write);
      theirs.forEach(write);
    }
  }
  if (at > 0) out(buffer.slice(0, at));
  return saturated;
}

/** A book read in order, one position's entries at a time. */
class Cursor {
  readonly #book: PolyglotBook;
  #next = 0;
  #entry: BookEntry | null;

  constructor(book: PolyglotBook) {
    this.#book = book;
    this.#entry = book.length > 0 ? book.at(0) : null;
  }

  /** The next position's key, or null at the end. */
  get key(): bigint | null {
    return this.#entry?.key ?? null;
  }

  /** The next position's entries, in the book's order. */
  take(): BookEntry[] {
    const key = this.#entry!.key;
    const out: BookEntry[] = [];
    while (this.#entry !== null && this.#entry.key === key) {
      out.push(this.#entry);
      this.#next++;
      this.#entry = this.#next < this.#book.length
        ? this.#book.at(this.#next)
        : null;
    }
    return out;
  }
}

/**
 * A Polyglot book's lines for one side, as `polyglot dump-book` writes
 * them.
 *
 * @module
 */

import { INITIAL_FEN } from "../types.ts";
import { parseFen } from "../fen/mod.ts";
import { legalMoves, playMoves } from "../moves/play.ts";
import { polyglotKey } from "../data/polyglot/mod.ts";
import type { Position } from "../types.ts";
import { bookMoves } from "./probe.ts";
import type { PolyglotBook } from "./probe.ts";

/** What {@linkcode dumpBook} writes, and where. */
export interface DumpOptions {
  /** The side whose book moves the lines follow. */
  color: "white" | "black";
  /** The book's name for the first line. */
  name: string;
  /** Called with the text, in order. */
  write: (text: string) => void;
}

/** The walk's state: the line's moves, keys and shares, and the positions seen. */
interface Walk {
  book: PolyglotBook;
  white: boolean;
  line: number;
  sans: string[];
  shares: number[];
  keys: bigint[];
  seen: Map<bigint, { line: number; ply: number }>;
  write: (text: string) => void;
}

/**
 * Writes the book's lines from the start position for one side, as
 * polyglot dump-book does: that side plays its book moves (their share
 * in braces), the other every legal move after which the book has a move;
 * a line ends where the book does, at a position seen before on the line
 * (`{cycle: ply=N}`) or earlier in the dump (`{trans: line=N, ply=M}`).
 * The other side's moves are taken in fen's order of legal moves, where
 * polyglot takes its generator's: the lines are the same, their numbers
 * may differ.
 *
 * @example A one-move book
 * ```ts
 * import { dumpBook, encodeBookMove, PolyglotBook, writeBookEntry } from "@fen/fen/book";
 * import assert from "node:assert/strict";
 *
 * const bytes = new Uint8Array(16);
 * writeBookEntry(bytes, 0, {
 *   hi: 0x463b9618, lo: 0x1691fc9c, move: encodeBookMove("e2", "e4"), weight: 3, learn: 0,
 * });
 * let text = "";
 * dumpBook(PolyglotBook.fromBytes(bytes), { color: "white", name: "a.bin", write: (t) => void (text += t) });
 * assert.equal(text, 'Dump of "a.bin" for white.\n1: 1. e4{100%} \n');
 * ```
 *
 * @param book The book.
 * @param options The side, the book's name, and where the text goes.
 */
export function dumpBook(book: PolyglotBook, options: DumpOptions): void {
  const walk: Walk = {
    book,
    white: options.color === "white",
    line: 1,
    sans: [],
    shares: [],
    keys: [],
    seen: new Map(),
    write: options.write,
  };
  options.write(`Dump of "${options.name}" for ${options.color}.\n`);
  search(walk, parseFen(INITIAL_FEN), walk.white);
}

/** Polyglot's search_book: the number of lines written below `position`. */
function search(walk: Walk, position: Position, ours: boolean): number {
  const key = polyglotKey(position);
  const cycle = walk.keys.indexOf(key);
  if (cycle >= 0) return endLine(walk, `{cycle: ply=${cycle}}`);
  const seen = walk.seen.get(key);
  if (seen !== undefined) {
    return endLine(walk, `{trans: line=${seen.line}, ply=${seen.ply}}`);
  }
  walk.seen.set(key, { line: walk.line, ply: walk.keys.length });
  walk.keys.push(key);
  let count = 0;
  for (const { uci, san, share } of nextMoves(walk.book, position, ours)) {
    walk.sans.push(san);
    walk.shares.push(share);
    const after = playMoves(position, uci).position;
    let lines = search(walk, after, !ours);
    if (lines === 0 && ours) lines = endLine(walk, "");
    walk.sans.pop();
    walk.shares.pop();
    count += lines;
  }
  walk.keys.pop();
  return count;
}

/** Our book moves with their shares, or every reply after which the book has one. */
function nextMoves(
  book: PolyglotBook,
  position: Position,
  ours: boolean,
): { uci: string; san: string; share: number }[] {
  if (ours) {
    const moves = bookMoves(book, position);
    const total = moves.reduce((sum, move) => sum + move.weight, 0);
    // As polyglot computes it: the fraction first, then times 100.
    return moves.map(({ uci, san, weight }) => ({
      uci,
      san,
      share: 100 * (weight / total),
    }));
  }
  const replies = [];
  for (const uci of legalMoves(position)) {
    const { position: after, moves } = playMoves(position, uci);
    if (bookMoves(book, after).length > 0) {
      replies.push({ uci, san: moves[0].san, share: 0 });
    }
  }
  return replies;
}

/** Writes the line so far with its ending; one line. */
function endLine(walk: Walk, ending: string): number {
  let text = `${walk.line}: `;
  for (let i = 0; i < walk.sans.length; i++) {
    const whiteMove = i % 2 === 0;
    if (whiteMove) text += `${(i >> 1) + 1}. `;
    text += walk.sans[i];
    text += whiteMove === walk.white ? `{${percent(walk.shares[i])}%} ` : " ";
  }
  walk.write(`${text}${ending}\n`);
  walk.line++;
  return 1;
}

/** A share as C's "%.0f" writes it: halves to the even neighbour. */
function percent(share: number): number {
  const floor = Math.floor(share);
  const rest = share - floor;
  return rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
}

/**
 * Which rows of lichess's puzzle CSV to keep: by theme (any of those
 * named), rating and popularity ranges, and opening tag (any of those
 * named). Tested on a line's cells, before the row is read whole: most
 * rows of the 5M are dropped by a column or two.
 *
 * @module
 */

/** A range of whole numbers; an end left out is open. */
export interface Range {
  min: number;
  max: number;
}

/** The filter; a `null` part keeps every row. */
export interface PuzzleFilter {
  themes: ReadonlySet<string> | null;
  rating: Range | null;
  popularity: Range | null;
  openings: ReadonlySet<string> | null;
}

/** Why a filter's value cannot be read. */
export class FilterError extends RangeError {
  override name = "FilterError";
}

/**
 * A range as `LO-HI`, `LO-` or `-HI` (or one number, that number alone).
 *
 * @example Ratings from 1500 to 1800
 * ```ts
 * import { parseRange } from "./filter.ts";
 * import assert from "node:assert/strict";
 * assert.deepEqual(parseRange("1500-1800"), { min: 1500, max: 1800 });
 * assert.deepEqual(parseRange("-20-"), { min: -20, max: Infinity });
 * ```
 *
 * @throws {FilterError} If it is none of these, or its ends are the wrong way round.
 */
export function parseRange(text: string): Range {
  const one = /^-?\d+$/.test(text) ? Number(text) : null;
  if (one !== null) return { min: one, max: one };
  const match = /^(-?\d+)?-(-?\d+)?$/.exec(text);
  if (match === null || (match[1] === undefined && match[2] === undefined)) {
    throw new FilterError("a range is LO-HI, LO- or -HI");
  }
  const range = {
    min: match[1] === undefined ? -Infinity : Number(match[1]),
    max: match[2] === undefined ? Infinity : Number(match[2]),
  };
  if (range.min > range.max) {
    throw new FilterError("a range's low end comes first");
  }
  return range;
}

/** Comma-separated names as a set, or `null` for none. */
export function nameSet(texts: readonly string[]): ReadonlySet<string> | null {
  const names = texts.flatMap((t) => t.split(",")).map((t) => t.trim())
    .filter(Boolean);
  return names.length === 0 ? null : new Set(names);
}

function inRange(cell: string, range: Range | null): boolean {
  if (range === null) return true;
  if (cell === "") return false;
  const value = Number(cell);
  return value >= range.min && value <= range.max;
}

function anyWord(cell: string, names: ReadonlySet<string> | null): boolean {
  if (names === null) return true;
  let start = 0;
  for (;;) {
    const end = cell.indexOf(" ", start);
    const word = end < 0 ? cell.slice(start) : cell.slice(start, end);
    if (names.has(word)) return true;
    if (end < 0) return false;
    start = end + 1;
  }
}

/**
 * Whether a row's cells (lichess's column order) pass the filter.
 *
 * @example A fork at 1600
 * ```ts
 * import { keepsCells } from "./filter.ts";
 * import assert from "node:assert/strict";
 * const cells = ["id", "fen", "e2e4 e7e5", "1600", "75", "90", "300", "fork middlegame", "", ""];
 * const filter = { themes: new Set(["fork", "pin"]), rating: { min: 1500, max: 1800 }, popularity: null, openings: null };
 * assert.equal(keepsCells(cells, filter), true);
 * ```
 */
export function keepsCells(
  cells: readonly string[],
  filter: PuzzleFilter,
): boolean {
  return inRange(cells[3], filter.rating) &&
    inRange(cells[5], filter.popularity) &&
    anyWord(cells[7], filter.themes) &&
    anyWord(cells[9], filter.openings);
}

/** The offsets of a line's nine commas, reused line after line. */
export type CommaOffsets = Int32Array;

/**
 * Whether the line `text[start, end)` has lichess's ten columns (nine
 * commas, found into `commas`) and passes the filter: read in place, no
 * cell cut out, since most rows of the 5M are dropped.
 *
 * @returns `null` when the line has not nine commas, else whether it passes.
 */
export function keepsLine(
  text: string,
  span: { start: number; end: number; commas: CommaOffsets },
  filter: PuzzleFilter,
): boolean | null {
  const { start, end, commas } = span;
  let at = start - 1;
  for (let k = 0; k < 9; k++) {
    at = text.indexOf(",", at + 1);
    if (at < 0 || at >= end) return null;
    commas[k] = at;
  }
  const tenth = text.indexOf(",", at + 1);
  if (tenth !== -1 && tenth < end) return null;
  return inRangeAt(text, commas[2] + 1, commas[3], filter.rating) &&
    inRangeAt(text, commas[4] + 1, commas[5], filter.popularity) &&
    anyWordAt(text, commas[6] + 1, commas[7], filter.themes) &&
    anyWordAt(text, commas[8] + 1, end, filter.openings);
}

function inRangeAt(
  text: string,
  from: number,
  to: number,
  range: Range | null,
): boolean {
  if (range === null) return true;
  if (from >= to) return false;
  let value = 0, sign = 1, i = from;
  if (text.charCodeAt(i) === 45) {
    sign = -1;
    i++;
  }
  for (; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    value = value * 10 + digit;
  }
  value *= sign;
  return value >= range.min && value <= range.max;
}

function anyWordAt(
  text: string,
  from: number,
  to: number,
  names: ReadonlySet<string> | null,
): boolean {
  if (names === null) return true;
  // each word compared in place: no string cut out of the line
  for (let at = from; at < to;) {
    let stop = text.indexOf(" ", at);
    if (stop < 0 || stop > to) stop = to;
    for (const name of names) {
      if (name.length === stop - at && text.startsWith(name, at)) return true;
    }
    at = stop + 1;
  }
  return false;
}

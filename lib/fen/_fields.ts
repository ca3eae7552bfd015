// The fields after the placement, each reader beside its writers (a string
// from a position, bytes from a reader): the side to move, en passant and
// the two counters (castling has its own module). Readers start on the
// field's first character and return where it ends, so every character of
// a record is read once; they fill a RecordFields and allocate nothing on
// success (castling rights are bits until someone asks for the squares).

import { fail } from "./_fail.ts";
import { type VariantFields, variantFields } from "./_variant.ts";
import { isBlank, NBSP, type PlacementTarget } from "./_placement.ts";
import { quoteToken } from "../_quote.ts";
import { fitsTurn, isSquare, SQUARE_NAMES } from "../_tables.ts";
import {
  type EpdOperation,
  type Rules,
  type Side,
  sideName,
  type Square,
} from "../types.ts";

/** The fields of a record other than the placement; reused between records. */
export interface RecordFields {
  /** The side to move. */
  turn: Side;
  /**
   * The castling rights as bits: bit `n` for `CASTLING_SQUARES[n]`, so the
   * bits in ascending order are the canonical order and a number costs no
   * array per record (see `castlingSquares` in `_castling.ts`).
   */
  castling: number;
  /** The en-passant square. */
  enPassant: Square | null;
  /** The halfmove clock. */
  halfmoveClock: number;
  /** The fullmove number. */
  fullmoveNumber: number;
  /** How many of the six FEN fields the record gave (1 to 6). */
  given: number;
  /** EPD operations after the fields, or `null` when there were none. */
  operations: EpdOperation[] | null;
  /** Crazyhouse's or three-check's fields, or `null` under other rules. */
  readonly variant: VariantFields | null;
}

/** Fields as a placement-only record has them: `w - - 0 1`. */
export function emptyFields(rules: Rules = "chess"): RecordFields {
  return {
    variant: variantFields(rules),
    turn: "w",
    castling: 0,
    enPassant: null,
    halfmoveClock: 0,
    fullmoveNumber: 1,
    given: 1,
    operations: null,
  };
}

/** Whether `code` ends a field (lenient input also takes a no-break space). */
export function endsField(code: number, strict: boolean): boolean {
  return isBlank(code) || (code === NBSP && !strict);
}

/** Where the field starting at `start` ends: the next blank, or `limit`. */
export function fieldEnd(text: string, start: number, limit: number): number {
  let i = start;
  while (i < limit && !endsField(text.charCodeAt(i), false)) i++;
  return i;
}

/** Whether the field ends at `i`: a blank, or the record's end. */
export function endsAt(text: string, i: number, limit: number): boolean {
  return i === limit || endsField(text.charCodeAt(i), false);
}

// --- side to move ---------------------------------------------------------

export function readTurn(
  text: string,
  start: number,
  limit: number,
  fields: RecordFields,
): number {
  const c = text.charCodeAt(start);
  if ((c === 119 || c === 98) && endsAt(text, start + 1, limit)) {
    fields.turn = c === 119 ? "w" : "b";
    return start + 1;
  }
  fail(
    "turn",
    `side to move must be "w" or "b", found ${
      quoteToken(text, start, fieldEnd(text, start, limit))
    }`,
    start,
  );
}

/** Writes the side to move; `TypeError` for anything but `"w"`, `"b"`. */
export function writeTurn(turn: Side, action: string): string {
  if (turn !== "w" && turn !== "b") {
    throw new TypeError(`Cannot ${action}: turn must be "w" or "b"`);
  }
  return turn;
}

/** Writes the side to move at `at`; returns where it ends. */
export function writeTurnBytes(
  turn: Side,
  buffer: Uint8Array,
  at: number,
): number {
  buffer[at] = turn === "w" ? 119 : 98;
  return at + 1;
}

/**
 * What a field reader needs besides the text: made once per reader (never
 * per record, since the batch path allocates nothing per record).
 */
export interface RecordContext {
  readonly strict: boolean;
  readonly rules: Rules;
  /** Where the fields go. */
  readonly fields: RecordFields;
  /** Where the placement was scanned: X-FEN letters look for rooks there. */
  readonly board: PlacementTarget;
}

// --- en passant -----------------------------------------------------------

export function readEnPassant(
  text: string,
  start: number,
  limit: number,
  context: RecordContext,
): number {
  const { fields, strict } = context;
  if (text.charCodeAt(start) === 45 && endsAt(text, start + 1, limit)) {
    return start + 1;
  }
  const file = text.charCodeAt(start) - 97;
  const rank = text.charCodeAt(start + 1) - 49;
  if (
    !(file >= 0 && file < 8 && rank >= 0 && rank < 8) ||
    start + 2 > limit || !endsAt(text, start + 2, limit)
  ) {
    fail(
      "enPassant",
      `en-passant target must be "-" or a square such as e3, found ${
        quoteToken(text, start, fieldEnd(text, start, limit))
      }`,
      start,
    );
  }
  const square = SQUARE_NAMES[(7 - rank) * 8 + file];
  if (rank !== 2 && rank !== 5) {
    fail(
      "enPassant",
      `en-passant square ${square} cannot follow a double pawn push (rank 3 or 6 only)`,
      start,
    );
  }
  if (strict && !fitsTurn(square, fields.turn)) {
    fail(
      "enPassant",
      `en-passant square ${square} does not fit ${
        sideName(fields.turn)
      } to move (rank ${fields.turn === "w" ? 6 : 3} expected)`,
      start,
    );
  }
  fields.enPassant = square;
  return start + 2;
}

/**
 * Writes the en-passant field; a square the side to move could never take
 * on (rank 3 with White to move) is written `-`, as the standard requires.
 */
export function writeEnPassant(enPassant: Square | null, turn: Side): string {
  if (enPassant === null) return "-";
  if (!isSquare(enPassant)) {
    throw new TypeError("Cannot stringify FEN: en passant is not a square");
  }
  return fitsTurn(enPassant, turn) ? enPassant : "-";
}

/**
 * Writes the en-passant field at `at` as {@linkcode writeEnPassant} does;
 * returns where it ends.
 */
export function writeEnPassantBytes(
  enPassant: Square | null,
  turn: Side,
  buffer: Uint8Array,
  at: number,
): number {
  if (enPassant === null || !fitsTurn(enPassant, turn)) {
    buffer[at] = 45; // -
    return at + 1;
  }
  buffer[at] = enPassant.charCodeAt(0);
  buffer[at + 1] = enPassant.charCodeAt(1);
  return at + 2;
}

// --- counters -------------------------------------------------------------

export type Counter = "halfmoveClock" | "fullmoveNumber";

const COUNTER_NAMES: Readonly<Record<Counter, string>> = {
  halfmoveClock: "halfmove clock",
  fullmoveNumber: "fullmove number",
};

export function readCounter(
  text: string,
  start: number,
  limit: number,
  context: RecordContext,
  counter: Counter,
): number {
  const strict = context.strict;
  let value = 0;
  let i = start;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    const digit = c - 48;
    if (digit < 0 || digit > 9) {
      if (endsField(c, strict)) break;
      counterError(text, start, limit, counter, strict ? "" : "word");
    }
    value = value * 10 + digit;
  }
  if (i === start) counterError(text, start, limit, counter, "");
  if (value > Number.MAX_SAFE_INTEGER) {
    counterError(text, start, limit, counter, "too large");
  }
  if (strict && i - start > 1 && text.charCodeAt(start) === 48) {
    counterError(text, start, limit, counter, "leading zero");
  }
  if (strict && value === 0 && counter === "fullmoveNumber") {
    counterError(text, start, limit, counter, "zero");
  }
  // two named stores: a keyed store with two names is megamorphic
  if (counter === "halfmoveClock") context.fields.halfmoveClock = value;
  else context.fields.fullmoveNumber = value;
  return i;
}

function counterError(
  text: string,
  start: number,
  limit: number,
  counter: Counter,
  why: "" | "word" | "leading zero" | "zero" | "too large",
): never {
  const name = COUNTER_NAMES[counter];
  const found = quoteToken(text, start, fieldEnd(text, start, limit));
  const detail = why === "leading zero"
    ? `${name} ${found} has a leading zero`
    : why === "zero"
    ? `fullmove number must be positive, found "0"`
    : why === "too large"
    ? `${name} ${found} is too large (at most ${Number.MAX_SAFE_INTEGER})`
    : `${name} must be a ${
      counter === "halfmoveClock" ? "nonnegative" : "positive"
    } integer, found ${found}${
      why === "word" && isLetterAt(text, start)
        ? ' (an EPD operation there must end with ";")'
        : ""
    }`;
  fail(counter, detail, start);
}

function isLetterAt(text: string, at: number): boolean {
  const lower = text.charCodeAt(at) | 32;
  return lower >= 97 && lower <= 122;
}

/** Writes a counter; the fullmove number is at least 1, as the standard says. */
export function writeCounter(value: number, counter: Counter): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(
      `Cannot stringify FEN: ${counter} must be a nonnegative integer`,
    );
  }
  return counter === "fullmoveNumber" && value === 0 ? "1" : String(value);
}

/**
 * Writes a counter at `at` as {@linkcode writeCounter} does (the fullmove
 * number 0 as 1); returns where it ends.
 */
export function writeCounterBytes(
  value: number,
  counter: Counter,
  buffer: Uint8Array,
  at: number,
): number {
  return writeNaturalBytes(
    counter === "fullmoveNumber" && value === 0 ? 1 : value,
    buffer,
    at,
  );
}

/**
 * Writes a safe nonnegative integer in decimal at `at`, as `String(value)`
 * would (at most 16 bytes); returns where it ends.
 *
 * @example A counter, then a line number
 * ```ts
 * import { writeNaturalBytes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const buffer = new Uint8Array(32);
 * let end = writeNaturalBytes(40, buffer, 0);
 * buffer[end++] = 32; // a space
 * end = writeNaturalBytes(9_007_199_254_740_991, buffer, end);
 * assert.equal(
 *   new TextDecoder().decode(buffer.subarray(0, end)),
 *   "40 9007199254740991",
 * );
 * ```
 *
 * @param value The integer, from 0 to `Number.MAX_SAFE_INTEGER`.
 * @param buffer Where to write.
 * @param at Where to start.
 * @returns Where the digits end.
 */
export function writeNaturalBytes(
  value: number,
  buffer: Uint8Array,
  at: number,
): number {
  if (value < 10) {
    buffer[at] = 48 + value;
    return at + 1;
  }
  let digits = 1;
  for (let power = 10; power <= value; power *= 10) digits++;
  let rest = value;
  for (let k = at + digits - 1; k >= at; k--) {
    const digit = rest % 10;
    buffer[k] = 48 + digit;
    rest = (rest - digit) / 10; // exact, where Math.floor(rest / 10) may round up
  }
  return at + digits;
}

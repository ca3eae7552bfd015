// A variant's fields beyond the six, read and written side by side:
// crazyhouse's pockets (in brackets after the placement, `[Qn]`, or as a
// ninth rank, `/Qn`) and promoted pieces (`Q~`), and three-check's counters
// (the remaining checks `3+3` before the clocks, as python-chess and
// chessops write them, or the checks given `+1+2` after them, as lichess
// does). Read only under those rules: the standard path never comes here.

import { fail } from "./_fail.ts";
import { endsField, fieldEnd } from "./_blank.ts";
import { quoteCharAt, quoteToken } from "../_quote.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import {
  type ParseFenOptions,
  type Pocket,
  type Pockets,
  type Position,
  type Rules,
  rulesOf,
  type Square,
  type StringifyFenOptions,
} from "../types.ts";

/** How a record gave its variant fields (its convention, for `--explain`). */
export const NONE = 0;
/** Pockets in brackets, or checks given after the clocks (written by default). */
export const DEFAULT_FORM = 1;
/** Pockets as a ninth rank, or remaining checks before the clocks. */
export const OTHER = 2;

/** A reader's variant fields, made once per reader, refilled per record. */
export interface VariantFields {
  readonly crazyhouse: boolean;
  readonly threecheck: boolean;
  /** Pieces in hand by piece letter code (the 12 letters' slots). */
  readonly pockets: number[];
  /** How the pockets were given: NONE, DEFAULT_FORM (brackets) or OTHER. */
  pocketsForm: number;
  /** 1 for each square (a8 first) whose piece was promoted. */
  readonly promoted: Uint8Array;
  /** Checks still to give, White's and Black's. */
  remainingWhite: number;
  remainingBlack: number;
  /** How the checks were given: NONE, DEFAULT_FORM (given, after) or OTHER. */
  checksForm: number;
}

/** The variant fields a reader under `rules` fills, or `null` for none. */
export function variantFields(rules: Rules): VariantFields | null {
  if (rules !== "crazyhouse" && rules !== "threecheck") return null;
  return {
    crazyhouse: rules === "crazyhouse",
    threecheck: rules === "threecheck",
    pockets: new Array(128).fill(0),
    pocketsForm: NONE,
    promoted: new Uint8Array(64),
    remainingWhite: 3,
    remainingBlack: 3,
    checksForm: NONE,
  };
}

/** Clears the fields before a record. */
export function resetVariant(v: VariantFields): void {
  if (v.crazyhouse) {
    for (const code of POCKET_CODES) v.pockets[code] = 0;
    v.promoted.fill(0);
    v.pocketsForm = NONE;
  }
  v.remainingWhite = 3;
  v.remainingBlack = 3;
  v.checksForm = NONE;
}

// --- crazyhouse -----------------------------------------------------------

/** Pocket letters in the order written: White's, then Black's (QRBNPK). */
const POCKET_LETTERS = "QRBNPKqrbnpk";
const POCKET_CODES: readonly number[] = [...POCKET_LETTERS].map((c) =>
  c.charCodeAt(0)
);
const IS_POCKET_CODE: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const code of POCKET_CODES) table[code] = 1;
  return table;
})();

/**
 * Marks the piece before the `~` at `at` promoted: `square` is its index
 * (a8 first); `after` whether a piece letter stands just before.
 */
export function markPromoted(
  v: VariantFields,
  { at, square, letter }: { at: number; square: number; letter: number },
): void {
  if (letter === 0) {
    fail("placement", `"~" must follow a piece letter (a promoted piece)`, at);
  }
  // P, p, K, k: what a pawn promotes to is never a pawn nor a king.
  if ((letter | 32) === 112 || (letter | 32) === 107) {
    fail(
      "placement",
      `"~" marks a piece promoted from a pawn: a ${
        (letter | 32) === 112 ? "pawn" : "king"
      } never is one`,
      at,
    );
  }
  v.promoted[square] = 1;
}

/**
 * Reads the pockets from `start` (past the `[` or the eighth `/`) to the
 * `]` (`brackets`) or the field's end; returns where the field ends.
 */
export function readPockets(
  text: string,
  start: number,
  end: number,
  { v, brackets, strict }: {
    v: VariantFields;
    brackets: boolean;
    strict: boolean;
  },
): number {
  v.pocketsForm = brackets ? DEFAULT_FORM : OTHER;
  let i = start;
  let total = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (brackets && c === 93 /* ] */) {
      if (i + 1 < end && !endsField(text.charCodeAt(i + 1), strict)) {
        fail("pockets", `nothing may follow the pockets' "]"`, i + 1);
      }
      return i + 1;
    }
    if (endsField(c, strict)) break;
    if (c >= 128 || IS_POCKET_CODE[c] === 0) {
      fail(
        "pockets",
        `${quoteCharAt(text, i)} is not a piece in hand (QRBNP, qrbnp)`,
        i,
      );
    }
    v.pockets[c]++;
    if (++total > 64) fail("pockets", "more than 64 pieces in hand", i);
  }
  if (brackets) fail("pockets", `pockets opened with "[" must end with "]"`, i);
  return i;
}

/** The pockets of a reader's fields, as a Position has them. */
export function pocketsOf(v: VariantFields): Pockets {
  const pocket = (white: boolean): Pocket => {
    const count = (letter: string): number =>
      v.pockets[(white ? letter.toUpperCase() : letter).charCodeAt(0)];
    return {
      p: count("p"),
      n: count("n"),
      b: count("b"),
      r: count("r"),
      q: count("q"),
      k: count("k"),
    };
  };
  return { w: pocket(true), b: pocket(false) };
}

/** The promoted squares of a reader's fields, a8 first. */
export function promotedOf(v: VariantFields): Square[] {
  const squares: Square[] = [];
  for (let k = 0; k < 64; k++) {
    if (v.promoted[k] === 1) squares.push(SQUARE_NAMES[k]);
  }
  return squares;
}

/**
 * Writes pockets in brackets (`[Qn]`, White's first, queens to pawns), as
 * chessops, python-chess and Fairy-Stockfish do, or as a ninth rank (`/Qn`),
 * as lichess's server does, with `pockets: "rank"`.
 */
export function writePockets(
  pockets: Pockets,
  options: StringifyFenOptions,
): string {
  let letters = "";
  for (const letter of POCKET_LETTERS) {
    const white = letter < "a";
    const count = pockets[white ? "w" : "b"]?.[
      letter.toLowerCase() as keyof Pocket
    ];
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new TypeError(
        `Cannot stringify FEN: pockets.${
          white ? "w" : "b"
        }.${letter.toLowerCase()} must be a count`,
      );
    }
    letters += letter.repeat(count);
  }
  return options.pockets === "rank" ? `/${letters}` : `[${letters}]`;
}

/**
 * The placement field with `~` after each promoted piece (the squares'
 * pieces counted in reading order, a8 first).
 */
export function markPromotedPieces(
  placement: string,
  promoted: readonly Square[],
): string {
  const marked = new Set<string>(promoted);
  let out = "";
  let square = 0;
  for (const c of placement) {
    if (c === "/") {
      out += c;
      continue;
    }
    if (c >= "1" && c <= "8") {
      square += Number(c);
      out += c;
      continue;
    }
    out += marked.has(SQUARE_NAMES[square]) ? `${c}~` : c;
    square++;
  }
  return out;
}

// --- three-check ----------------------------------------------------------

/**
 * Whether the field at `start` is three-check's counters: under those rules,
 * a field with a `+` where the halfmove clock or a seventh field stands.
 */
export function isChecksField(
  text: string,
  start: number,
  limit: number,
): boolean {
  const end = fieldEnd(text, start, limit);
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 43 /* + */) return true;
  }
  return false;
}

/**
 * Reads three-check's counters at `start`: `+W+B` (checks given, after the
 * clocks, lichess) when `given`, else `W+B` (checks remaining, before them).
 * Returns where the field ends.
 */
export function readChecks(
  text: string,
  start: number,
  limit: number,
  v: VariantFields,
): number {
  const given = text.charCodeAt(start) === 43;
  const end = fieldEnd(text, start, limit);
  const match = (given ? /^\+([0-3])\+([0-3])$/ : /^([0-3])\+([0-3])$/).exec(
    text.slice(start, end),
  );
  if (match === null) {
    fail(
      "checks",
      `three-check counters ${quoteToken(text, start, end)} must be ${
        given
          ? "+W+B, the checks each side gave (0-3), after the clocks"
          : "W+B, the checks each side has left (0-3), before the clocks"
      }`,
      start,
    );
  }
  if (v.checksForm !== NONE) {
    fail("checks", "three-check counters given twice", start);
  }
  v.checksForm = given ? DEFAULT_FORM : OTHER;
  const white = Number(match[1]);
  const black = Number(match[2]);
  v.remainingWhite = given ? 3 - white : white;
  v.remainingBlack = given ? 3 - black : black;
  return end;
}

/** Writes the counters: lichess's `+W+B` (given), or `W+B` (remaining). */
export function writeChecks(
  remaining: { w: number; b: number },
  options: StringifyFenOptions,
): string {
  for (const side of ["w", "b"] as const) {
    const n = remaining[side];
    if (!Number.isInteger(n) || n < 0 || n > 3) {
      throw new TypeError(
        `Cannot stringify FEN: remainingChecks.${side} must be 0 to 3`,
      );
    }
  }
  return options.checks === "remaining"
    ? `${remaining.w}+${remaining.b}`
    : `+${3 - remaining.w}+${3 - remaining.b}`;
}

/**
 * `position` with the rules `options` name, unless standard chess, as its
 * `rules`: what the move functions and the status play it by.
 */
export function keepRules(
  position: Position,
  options: ParseFenOptions | undefined,
): Position {
  const rules = rulesOf(options);
  if (rules !== "chess") position.rules = rules;
  return position;
}

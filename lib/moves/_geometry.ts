// Piece codes and flat move tables for the move generator. The tables are
// typed-array copies of the attack tables in ../_attacks.ts (same board
// index: 0 = a8, 63 = h1), built once at load and never written afterwards:
// reading a flat Int8Array by offset is what keeps the generator's inner
// loops free of allocation and of nested-array loads.

import {
  KING as KING_TARGETS,
  KNIGHT as KNIGHT_TARGETS,
  RAYS,
} from "../_attacks.ts";
import type { Piece } from "../types.ts";

/** Roles: a piece code is `color << 3 | role`, 0 is an empty square. */
export const PAWN = 1;
/** The knight's role. */
export const KNIGHT = 2;
/** The bishop's role. */
export const BISHOP = 3;
/** The rook's role. */
export const ROOK = 4;
/** The queen's role. */
export const QUEEN = 5;
/** The king's role. */
export const KING = 6;

/** Move flags above the 12 bits of from and to and 3 of promotion role. */
export const EN_PASSANT = 1 << 15;
/** The king's move when castling; its `to` is the castling rook's square. */
export const CASTLE = 1 << 16;
/** A pawn's two-square advance, which sets the en-passant square. */
export const DOUBLE_PUSH = 1 << 17;

/** Piece code to FEN letter (undefined for codes that are no piece). */
export const LETTER_OF_CODE: readonly Piece[] = /* @__PURE__ */ (() => {
  const letters: Piece[] = [];
  const roles = "pnbrqk";
  for (let role = 1; role <= 6; role++) {
    letters[role] = roles[role - 1].toUpperCase() as Piece;
    letters[8 | role] = roles[role - 1] as Piece;
  }
  return letters;
})();

/** FEN letter's char code to piece code, 0 for anything else. */
export const CODE_OF_LETTER: Int8Array = /* @__PURE__ */ (() => {
  const codes = new Int8Array(128);
  LETTER_OF_CODE.forEach((letter, code) => {
    if (letter) codes[letter.charCodeAt(0)] = code;
  });
  return codes;
})();

/** Direction `d` reversed (rook lines 0-3, bishop lines 4-7). */
export const OPPOSITE: Int8Array = /* @__PURE__ */ Int8Array.of(
  1,
  0,
  3,
  2,
  7,
  6,
  5,
  4,
);

/** The square lists of a table, concatenated, with their start offsets. */
interface FlatTable {
  squares: Int8Array;
  start: Int16Array;
}

function flatten(lists: readonly (readonly number[])[]): FlatTable {
  const start = new Int16Array(lists.length + 1);
  const squares: number[] = [];
  lists.forEach((list, i) => {
    start[i] = squares.length;
    squares.push(...list);
  });
  start[lists.length] = squares.length;
  return { squares: Int8Array.from(squares), start };
}

const rays = /* @__PURE__ */ flatten(RAYS);
/** `RAY_SQUARES[RAY_START[sq * 8 + d]]` onwards: the ray, nearest first. */
export const RAY_SQUARES: Int8Array = rays.squares;
/** Offsets into RAY_SQUARES; ray `i` ends where ray `i + 1` starts. */
export const RAY_START: Int16Array = rays.start;

const knights = /* @__PURE__ */ flatten(KNIGHT_TARGETS);
/** Knight targets of square `s`: from KNIGHT_START[s] to KNIGHT_START[s + 1]. */
export const KNIGHT_SQUARES: Int8Array = knights.squares;
/** Offsets into KNIGHT_SQUARES. */
export const KNIGHT_START: Int16Array = knights.start;

const kings = /* @__PURE__ */ flatten(KING_TARGETS);
/** King targets of square `s`: from KING_START[s] to KING_START[s + 1]. */
export const KING_SQUARES: Int8Array = kings.squares;
/** Offsets into KING_SQUARES. */
export const KING_START: Int16Array = kings.start;

// A white pawn captures along the first squares of the two bishop lines
// towards rank 8 (directions 4 and 5), a black pawn along 6 and 7.
const pawns = /* @__PURE__ */ flatten(
  [4, 6].flatMap((d) =>
    Array.from({ length: 64 }, (_, s) => [
      ...RAYS[s * 8 + d].slice(0, 1),
      ...RAYS[s * 8 + d + 1].slice(0, 1),
    ])
  ),
);
/**
 * Squares a pawn of `color` (0 White, 1 Black) on `s` captures on: from
 * PAWN_START[color * 64 + s] to the next offset. Read with the other color,
 * the same list is the squares from which a pawn of `color` attacks `s`.
 */
export const PAWN_SQUARES: Int8Array = pawns.squares;
/** Offsets into PAWN_SQUARES. */
export const PAWN_START: Int16Array = pawns.start;

/** `DIRECTION[a * 64 + b]`: the direction from `a` towards `b`, or -1. */
export const DIRECTION: Int8Array = /* @__PURE__ */ (() => {
  const table = new Int8Array(4096).fill(-1);
  for (let i = 0; i < 512; i++) {
    for (const t of RAYS[i]) table[(i >> 3) * 64 + t] = i & 7;
  }
  return table;
})();

/** The back-rank offset of each color: row 7 (a1 = 56) and row 0 (a8 = 0). */
export const BACK_RANK: Int8Array = /* @__PURE__ */ Int8Array.of(56, 0);

/**
 * `n` zeros in a packed array of small integers. `new Array(n).fill(0)`
 * would be "holey", and every read of it would check for holes.
 */
export function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

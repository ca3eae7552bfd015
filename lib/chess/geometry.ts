// The board's geometry and the piece codes of the chess core, on the index
// of Position.board (0 = a8, 63 = h1). Every table is built once at load
// and never written afterwards; reading a flat typed array by offset is
// what keeps the attack scans and the move generator free of allocation and
// of nested-array loads. Every diagram loads this module too (the check
// mark), so the builders use indexed loops: array destructuring runs
// through the iterator protocol, which before optimization cost the
// one-shot command about 5 ms.

import type { Piece } from "../types.ts";

/** Roles: a piece code is `color << 3 | role` (color 0 White, 1 Black), 0 an empty square. */
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
  for (let code = 0; code < LETTER_OF_CODE.length; code++) {
    const letter = LETTER_OF_CODE[code];
    if (letter) codes[letter.charCodeAt(0)] = code;
  }
  return codes;
})();

// Directions as file steps and row steps; the first four are rook lines,
// the last four bishop lines. Rows grow towards rank 1.
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, -1],
  [0, 1],
  [1, 0],
  [-1, 0],
  [1, -1],
  [-1, -1],
  [1, 1],
  [-1, 1],
];

const KNIGHT_STEPS: readonly (readonly [number, number])[] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];

function onBoard(file: number, row: number): boolean {
  return file >= 0 && file < 8 && row >= 0 && row < 8;
}

/** The squares one step of each offset away, per square. */
function steps(offsets: readonly (readonly [number, number])[]): number[][] {
  const table: number[][] = [];
  for (let k = 0; k < 64; k++) {
    const targets: number[] = [];
    for (let i = 0; i < offsets.length; i++) {
      const f = (k & 7) + offsets[i][0];
      const r = (k >> 3) + offsets[i][1];
      if (onBoard(f, r)) targets.push(r * 8 + f);
    }
    table.push(targets);
  }
  return table;
}

/** `rays[square * 8 + direction]`: the squares outwards, nearest first. */
function rays(): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < 64; k++) {
    for (let d = 0; d < 8; d++) {
      const ray: number[] = [];
      let f = (k & 7) + DIRECTIONS[d][0];
      let r = (k >> 3) + DIRECTIONS[d][1];
      while (onBoard(f, r)) {
        ray.push(r * 8 + f);
        f += DIRECTIONS[d][0];
        r += DIRECTIONS[d][1];
      }
      out.push(ray);
    }
  }
  return out;
}

/** The square lists of a table, concatenated, with their start offsets. */
interface FlatTable {
  squares: Int8Array;
  start: Int16Array;
}

function flatten(lists: readonly (readonly number[])[]): FlatTable {
  const start = new Int16Array(lists.length + 1);
  const squares: number[] = [];
  for (let i = 0; i < lists.length; i++) {
    start[i] = squares.length;
    for (let j = 0; j < lists[i].length; j++) squares.push(lists[i][j]);
  }
  start[lists.length] = squares.length;
  return { squares: Int8Array.from(squares), start };
}

const RAY_LISTS = /* @__PURE__ */ rays();
const rayTable = /* @__PURE__ */ flatten(RAY_LISTS);
/**
 * `RAY_SQUARES[RAY_START[sq * 8 + d]]` onwards: the ray from `sq` in
 * direction `d` (0-3 rook lines, 4-7 bishop lines), nearest first.
 */
export const RAY_SQUARES: Int8Array = rayTable.squares;
/** Offsets into RAY_SQUARES; ray `i` ends where ray `i + 1` starts. */
export const RAY_START: Int16Array = rayTable.start;

const knightTable = /* @__PURE__ */ flatten(steps(KNIGHT_STEPS));
/** The squares a knight on `s` attacks: from KNIGHT_START[s] to KNIGHT_START[s + 1]. */
export const KNIGHT_TARGETS: Int8Array = knightTable.squares;
/** Offsets into KNIGHT_TARGETS. */
export const KNIGHT_START: Int16Array = knightTable.start;

const kingTable = /* @__PURE__ */ flatten(steps(DIRECTIONS));
/** The squares a king on `s` attacks: from KING_START[s] to KING_START[s + 1]. */
export const KING_TARGETS: Int8Array = kingTable.squares;
/** Offsets into KING_TARGETS. */
export const KING_START: Int16Array = kingTable.start;

// A white pawn captures along the first squares of the two bishop lines
// towards rank 8 (directions 5 and 4), a black pawn along 7 and 6: the
// a-side first, the order in which checkPosition lists attackers.
const pawnTable = /* @__PURE__ */ (() => {
  const lists: number[][] = [];
  for (let d = 5; d <= 7; d += 2) {
    for (let s = 0; s < 64; s++) {
      const list: number[] = [];
      for (let e = d; e >= d - 1; e--) {
        const ray = RAY_LISTS[s * 8 + e];
        if (ray.length > 0) list.push(ray[0]);
      }
      lists.push(list);
    }
  }
  return flatten(lists);
})();
/**
 * The squares a pawn of `color` on `s` captures on: from
 * PAWN_START[color * 64 + s] to the next offset. Read with the other color,
 * the same list is the squares from which a pawn of `color` attacks `s`.
 */
export const PAWN_TARGETS: Int8Array = pawnTable.squares;
/** Offsets into PAWN_TARGETS. */
export const PAWN_START: Int16Array = pawnTable.start;

/** `DIRECTION[a * 64 + b]`: the direction from `a` towards `b`, or -1. */
export const DIRECTION: Int8Array = /* @__PURE__ */ (() => {
  const table = new Int8Array(4096).fill(-1);
  for (let i = 0; i < 512; i++) {
    const ray = RAY_LISTS[i];
    for (let j = 0; j < ray.length; j++) table[(i >> 3) * 64 + ray[j]] = i & 7;
  }
  return table;
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

/**
 * Writes into `out` the squares strictly between `a` and `b` if they share a
 * rank, file or diagonal (none otherwise), and returns how many.
 */
export function between(a: number, b: number, out: number[]): number {
  const d = DIRECTION[a * 64 + b];
  if (d < 0) return 0;
  let n = 0;
  for (let j = RAY_START[a * 8 + d];; j++) {
    const k = RAY_SQUARES[j];
    if (k === b) return n;
    out[n++] = k;
  }
}

/** Whether squares `a`, `b` and `c` lie on one straight line. */
export function collinear(a: number, b: number, c: number): boolean {
  const ax = (a & 7) - (c & 7);
  const ay = (a >> 3) - (c >> 3);
  const bx = (b & 7) - (c & 7);
  const by = (b >> 3) - (c >> 3);
  return ax * by === ay * bx;
}

/** The board index of a square name, or -1 for anything else. */
export function squareOf(name: unknown): number {
  if (typeof name !== "string" || name.length !== 2) return -1;
  const file = name.charCodeAt(0) - 97, rank = name.charCodeAt(1) - 49;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8
    ? (7 - rank) * 8 + file
    : -1;
}

/** Whether square `s` is light (a8 is light). */
export function isLight(s: number): boolean {
  return (((s & 7) + (s >> 3)) & 1) === 0;
}

/**
 * `n` zeros in a packed array of small integers. `new Array(n).fill(0)`
 * would be "holey", and every read of it would check for holes.
 */
export function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

// ---------------------------------------------------------------------------
// Square sets as two 32-bit words: word 0 holds squares 0-31 (ranks 8 to
// 5), word 1 squares 32-63, bit `square & 31`. Tables of sets are indexed
// `square * 2 + word`.

/** The set of the squares of each `lists[square]`. */
function sets(
  lists: (square: number) => readonly number[],
  count = 64,
): Int32Array {
  const table = new Int32Array(count * 2);
  for (let k = 0; k < count; k++) {
    const list = lists(k);
    for (let j = 0; j < list.length; j++) {
      table[k * 2 + (list[j] >> 5)] |= 1 << (list[j] & 31);
    }
  }
  return table;
}

function slice(squares: Int8Array, start: Int16Array, i: number): number[] {
  return Array.from(squares.subarray(start[i], start[i + 1]));
}

function lines(first: number, last: number): (square: number) => number[] {
  return (k) => {
    const out: number[] = [];
    for (let d = first; d < last; d++) out.push(...RAY_LISTS[k * 8 + d]);
    return out;
  };
}

/** The squares from which a rook could attack each square on an empty board. */
export const ROOK_REACH: Int32Array = /* @__PURE__ */ sets(lines(0, 4));
/** The squares from which a bishop could attack each square on an empty board. */
export const BISHOP_REACH: Int32Array = /* @__PURE__ */ sets(lines(4, 8));
/** The squares from which a knight attacks each square. */
export const KNIGHT_REACH: Int32Array = /* @__PURE__ */ sets((k) =>
  slice(KNIGHT_TARGETS, KNIGHT_START, k)
);
/** The squares from which a king attacks each square. */
export const KING_REACH: Int32Array = /* @__PURE__ */ sets((k) =>
  slice(KING_TARGETS, KING_START, k)
);
/**
 * The squares from which a pawn of `color` attacks each square:
 * `PAWN_REACH[(color * 64 + square) * 2 + word]` (the squares a pawn of the
 * other color on it would capture on).
 */
export const PAWN_REACH: Int32Array = /* @__PURE__ */ sets(
  (i) => slice(PAWN_TARGETS, PAWN_START, i ^ 64),
  128,
);

/**
 * `BETWEEN[(a * 64 + b) * 2 + word]`: the squares strictly between `a` and
 * `b` if they share a line, none otherwise.
 */
export const BETWEEN: Int32Array = /* @__PURE__ */ (() => {
  const table = new Int32Array(64 * 64 * 2);
  for (let a = 0; a < 64; a++) {
    for (let d = 0; d < 8; d++) {
      const ray = RAY_LISTS[a * 8 + d];
      let low = 0, high = 0;
      for (let i = 0; i < ray.length; i++) {
        table[(a * 64 + ray[i]) * 2] = low;
        table[(a * 64 + ray[i]) * 2 + 1] = high;
        if (ray[i] < 32) low |= 1 << ray[i];
        else high |= 1 << (ray[i] & 31);
      }
    }
  }
  return table;
})();

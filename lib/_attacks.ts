// Attack tables on the index of Position.board (0 = a8, 63 = h1), built once
// at load so that checkPosition, which runs over millions of records in a
// batch, allocates nothing per square.

import type { Piece, Square } from "./types.ts";

/** Square names by board index, so reports need no validation per call. */
export const NAMES: readonly Square[] = /* @__PURE__ */ (() => {
  const names: Square[] = [];
  for (let k = 0; k < 64; k++) {
    names.push(`${"abcdefgh"[k & 7]}${8 - (k >> 3)}` as Square);
  }
  return names;
})();

// Directions as [file step, row step]; the first four are rook lines, the
// last four bishop lines. Rows grow towards rank 1.
const DIRECTIONS = [
  [0, -1],
  [0, 1],
  [1, 0],
  [-1, 0],
  [1, -1],
  [-1, -1],
  [1, 1],
  [-1, 1],
] as const;

function onBoard(file: number, row: number): boolean {
  return file >= 0 && file < 8 && row >= 0 && row < 8;
}

function steps(offsets: readonly (readonly [number, number])[]): number[][] {
  const table: number[][] = [];
  for (let k = 0; k < 64; k++) {
    const targets: number[] = [];
    for (const [df, dr] of offsets) {
      const f = (k & 7) + df;
      const r = (k >> 3) + dr;
      if (onBoard(f, r)) targets.push(r * 8 + f);
    }
    table.push(targets);
  }
  return table;
}

/** Squares a knight on each square attacks. */
export const KNIGHT: readonly (readonly number[])[] = /* @__PURE__ */ steps([
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
]);

/** Squares a king on each square attacks. */
export const KING: readonly (readonly number[])[] = /* @__PURE__ */ steps(
  DIRECTIONS,
);

/**
 * `RAYS[square * 8 + direction]`: the squares from `square` outwards, nearest
 * first. Directions 0-3 are rook lines, 4-7 bishop lines.
 */
export const RAYS: readonly (readonly number[])[] = /* @__PURE__ */ (() => {
  const rays: number[][] = [];
  for (let k = 0; k < 64; k++) {
    for (const [df, dr] of DIRECTIONS) {
      const ray: number[] = [];
      let f = (k & 7) + df;
      let r = (k >> 3) + dr;
      while (onBoard(f, r)) {
        ray.push(r * 8 + f);
        f += df;
        r += dr;
      }
      rays.push(ray);
    }
  }
  return rays;
})();

// Squares from which a pawn of each colour attacks a square: a white pawn
// stands one row further from rank 8 than the square it attacks.
const PAWN_FROM_WHITE: readonly (readonly number[])[] = /* @__PURE__ */ steps([
  [-1, 1],
  [1, 1],
]);
const PAWN_FROM_BLACK: readonly (readonly number[])[] = /* @__PURE__ */ steps([
  [-1, -1],
  [1, -1],
]);

/** The pieces of one side by role, so scans compare letters, not cases. */
interface Side {
  king: Piece;
  queen: Piece;
  rook: Piece;
  bishop: Piece;
  knight: Piece;
  pawn: Piece;
}

/** White's letters and Black's. */
export const WHITE: Side = {
  king: "K",
  queen: "Q",
  rook: "R",
  bishop: "B",
  knight: "N",
  pawn: "P",
};
/** Black's letters. */
export const BLACK: Side = {
  king: "k",
  queen: "q",
  rook: "r",
  bishop: "b",
  knight: "n",
  pawn: "p",
};

/**
 * Writes into `out` the squares of the pieces of `white`'s side that attack
 * `target`, and returns how many there are.
 */
export function attackersOf(
  board: readonly (Piece | null)[],
  target: number,
  white: boolean,
  out: number[],
): number {
  const side = white ? WHITE : BLACK;
  let n = 0;
  for (let d = 0; d < 8; d++) {
    const ray = RAYS[target * 8 + d];
    for (let i = 0; i < ray.length; i++) {
      const piece = board[ray[i]];
      if (piece === null || piece === undefined) continue;
      if (
        piece === side.queen ||
        piece === (d < 4 ? side.rook : side.bishop) ||
        (i === 0 && piece === side.king)
      ) {
        out[n++] = ray[i];
      }
      break;
    }
  }
  for (const k of KNIGHT[target]) if (board[k] === side.knight) out[n++] = k;
  for (const k of (white ? PAWN_FROM_WHITE : PAWN_FROM_BLACK)[target]) {
    if (board[k] === side.pawn) out[n++] = k;
  }
  return n;
}

/** Whether a piece moves along lines (bishop, rook, queen). */
export function isSlider(piece: Piece | null): boolean {
  return piece === "Q" || piece === "R" || piece === "B" || piece === "q" ||
    piece === "r" || piece === "b";
}

/**
 * Writes into `out` the squares strictly between `a` and `b` if they share a
 * rank, file or diagonal (none otherwise), and returns how many.
 */
export function between(a: number, b: number, out: number[]): number {
  const df = (b & 7) - (a & 7);
  const dr = (b >> 3) - (a >> 3);
  if (df !== 0 && dr !== 0 && df !== dr && df !== -dr) return 0;
  const step = Math.sign(dr) * 8 + Math.sign(df);
  let n = 0;
  for (let k = a + step; k !== b; k += step) out[n++] = k;
  return n;
}

/** Whether squares `a`, `b` and `c` lie on one straight line. */
export function collinear(a: number, b: number, c: number): boolean {
  const ax = (a & 7) - (c & 7);
  const ay = (a >> 3) - (c >> 3);
  const bx = (b & 7) - (c & 7);
  const by = (b >> 3) - (c >> 3);
  return ax * by === ay * bx;
}

// Attack tables on the index of Position.board (0 = a8, 63 = h1), built once
// at load so that checkPosition, which runs over millions of records in a
// batch, allocates nothing per square. Every diagram loads this module too
// (the check mark), so the builders use indexed loops: array destructuring
// runs through the iterator protocol, which before optimization cost the
// one-shot command about 5 ms here.

import type { Piece } from "./types.ts";

// Directions as file steps and row steps; the first four are rook lines,
// the last four bishop lines. Rows grow towards rank 1.
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
    for (let i = 0; i < offsets.length; i++) {
      const f = (k & 7) + offsets[i][0];
      const r = (k >> 3) + offsets[i][1];
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
    for (let d = 0; d < 8; d++) {
      const df = DIRECTIONS[d][0], dr = DIRECTIONS[d][1];
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
export interface SideLetters {
  king: Piece;
  queen: Piece;
  rook: Piece;
  bishop: Piece;
  knight: Piece;
  pawn: Piece;
}

/** White's letters and Black's. */
export const WHITE: SideLetters = {
  king: "K",
  queen: "Q",
  rook: "R",
  bishop: "B",
  knight: "N",
  pawn: "P",
};
/** Black's letters. */
export const BLACK: SideLetters = {
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

// ---------------------------------------------------------------------------
// Square sets as two 32-bit words: word 0 holds squares 0-31 (ranks 8 to 5),
// word 1 squares 32-63, bit `square & 31`. A cheap superset test before the
// exact ray scan of attackersOf: most kings have no enemy piece on any line,
// knight jump or pawn diagonal that reaches them.

/**
 * Where each piece stands, as square sets by FEN letter:
 * `masks[code * 2 + (square >> 5)]` has bit `square & 31` set when the
 * piece whose letter has char code `code` stands on `square`.
 */
export type PieceMasks = Int32Array;

/** A {@linkcode PieceMasks} table, all squares empty. */
export function pieceMasks(): PieceMasks {
  return new Int32Array(256);
}

// `lists[square * per + i]` for i in [from, to) are the squares to mark.
function reach(
  lists: readonly (readonly number[])[],
  per: number,
  from: number,
  to: number,
): Int32Array {
  const table = new Int32Array(128);
  for (let k = 0; k < 64; k++) {
    for (let i = from; i < to; i++) {
      const list = lists[k * per + i];
      for (let j = 0; j < list.length; j++) {
        table[k * 2 + (list[j] >> 5)] |= 1 << (list[j] & 31);
      }
    }
  }
  return table;
}

// The squares from which each kind of piece could attack a square if
// nothing stood between: `*_REACH[square * 2 + word]`.
const ROOK_REACH = /* @__PURE__ */ reach(RAYS, 8, 0, 4);
const BISHOP_REACH = /* @__PURE__ */ reach(RAYS, 8, 4, 8);
const KNIGHT_REACH = /* @__PURE__ */ reach(KNIGHT, 1, 0, 1);
const KING_REACH = /* @__PURE__ */ reach(KING, 1, 0, 1);
const WHITE_PAWN_REACH = /* @__PURE__ */ reach(PAWN_FROM_WHITE, 1, 0, 1);
const BLACK_PAWN_REACH = /* @__PURE__ */ reach(PAWN_FROM_BLACK, 1, 0, 1);

/** Where a side's pieces sit in a {@linkcode PieceMasks} table. */
interface MaskSlots {
  queen: number;
  rook: number;
  bishop: number;
  knight: number;
  king: number;
  pawn: number;
  /** The squares from which this side's pawns attack each square. */
  pawnReach: Int32Array;
}

function maskSlots(side: SideLetters, pawnReach: Int32Array): MaskSlots {
  return {
    queen: side.queen.charCodeAt(0) * 2,
    rook: side.rook.charCodeAt(0) * 2,
    bishop: side.bishop.charCodeAt(0) * 2,
    knight: side.knight.charCodeAt(0) * 2,
    king: side.king.charCodeAt(0) * 2,
    pawn: side.pawn.charCodeAt(0) * 2,
    pawnReach,
  };
}

const WHITE_SLOTS = /* @__PURE__ */ maskSlots(WHITE, WHITE_PAWN_REACH);
const BLACK_SLOTS = /* @__PURE__ */ maskSlots(BLACK, BLACK_PAWN_REACH);

// BETWEEN[(a * 64 + b) * 2 + word]: the squares strictly between `a` and
// `b` if they share a line, none otherwise (what between() lists): walked
// along the rays from `a`, each square's entry is the squares passed so far.
const BETWEEN: Int32Array = /* @__PURE__ */ (() => {
  const table = new Int32Array(64 * 64 * 2);
  for (let a = 0; a < 64; a++) {
    for (let d = 0; d < 8; d++) {
      const ray = RAYS[a * 8 + d];
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

/** The slots of the twelve letters in a PieceMasks table. */
const LETTER_SLOTS: readonly number[] = /* @__PURE__ */ [
  WHITE_SLOTS,
  BLACK_SLOTS,
].flatMap((s) => [s.queen, s.rook, s.bishop, s.knight, s.king, s.pawn]);

/** One word of the squares any piece stands on. */
function occupied(masks: PieceMasks, word: number): number {
  let bits = 0;
  for (let i = 0; i < LETTER_SLOTS.length; i++) {
    bits |= masks[LETTER_SLOTS[i] + word];
  }
  return bits;
}

/**
 * Whether a piece of `white`'s side attacks `target`, from the square sets
 * alone: for a board of FEN letters and `null`s, exactly when
 * {@linkcode attackersOf} finds an attacker, at a fraction of its cost when
 * there is none. (Anything else on the board blocks attackersOf's lines
 * but not these, so `true` can only mean "maybe" there.)
 */
export function mayAttack(
  masks: PieceMasks,
  target: number,
  white: boolean,
): boolean {
  const s = white ? WHITE_SLOTS : BLACK_SLOTS;
  const i = target * 2;
  for (let word = 0; word < 2; word++) {
    // Knights, pawns and kings attack whatever stands between.
    if (
      ((KNIGHT_REACH[i + word] & masks[s.knight + word]) |
        (KING_REACH[i + word] & masks[s.king + word]) |
        (s.pawnReach[i + word] & masks[s.pawn + word])) !== 0
    ) {
      return true;
    }
  }
  const queens0 = masks[s.queen], queens1 = masks[s.queen + 1];
  const low = (ROOK_REACH[i] & (queens0 | masks[s.rook])) |
    (BISHOP_REACH[i] & (queens0 | masks[s.bishop]));
  const high = (ROOK_REACH[i + 1] & (queens1 | masks[s.rook + 1])) |
    (BISHOP_REACH[i + 1] & (queens1 | masks[s.bishop + 1]));
  if ((low | high) === 0) return false;
  // A slider on a line to the target attacks it if nothing stands between.
  const occupied0 = occupied(masks, 0), occupied1 = occupied(masks, 1);
  for (let word = 0; word < 2; word++) {
    let sliders = word === 0 ? low : high;
    while (sliders !== 0) {
      const bit = sliders & -sliders;
      sliders ^= bit;
      const j = (target * 64 + word * 32 + 31 - Math.clz32(bit)) * 2;
      if (((BETWEEN[j] & occupied0) | (BETWEEN[j + 1] & occupied1)) === 0) {
        return true;
      }
    }
  }
  return false;
}

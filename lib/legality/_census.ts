// One pass over the board that every counting rule reads: pieces per letter
// and per side, where each letter stands, the kings' squares.

import { type PieceMasks, pieceMasks } from "../_attacks.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import { type Piece, PIECES, type Square } from "../types.ts";

/** Char codes of the twelve piece letters, the slots a census resets. */
const PIECE_CODES: readonly number[] = PIECES.map((p) => p.charCodeAt(0));

const WHITE_KING = "K".charCodeAt(0);
const BLACK_KING = "k".charCodeAt(0);
const WHITE_PAWN = "P".charCodeAt(0);
const BLACK_PAWN = "p".charCodeAt(0);

/** Light squares (a8 is light) as the two words of a square set. */
const LIGHT: Int32Array = /* @__PURE__ */ (() => {
  const words = new Int32Array(2);
  for (let k = 0; k < 64; k++) {
    if ((((k & 7) + (k >> 3)) & 1) === 0) words[k >> 5] |= 1 << (k & 31);
  }
  return words;
})();

/** Ranks 8 (word 0, squares 0-7) and 1 (word 1, squares 56-63). */
const BACK_RANKS: readonly [number, number] = [0xff, 0xff << 24];

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * What a board holds, counted once per position. A checker owns one and
 * refills it with {@linkcode Census.take}; nothing here allocates.
 */
export class Census {
  /** The board last taken. */
  board: readonly (Piece | null)[] = [];
  /** Occupied squares. */
  pieces = 0;
  /** Squares holding an upper-case (white) piece. */
  whitePieces = 0;
  /** The white king's square if White has exactly one king, else -1. */
  whiteKing = -1;
  /** The black king's square if Black has exactly one king, else -1. */
  blackKing = -1;
  /** Pieces by the char code of their letter. */
  readonly #counts = new Int32Array(128);
  /** Where each letter stands, see PieceMasks. */
  readonly masks: PieceMasks = pieceMasks();

  /**
   * Counts the pieces of `board` (64 squares, `null` or a hole for an empty
   * one). The hot loop of a batch check: one read per square and, per
   * piece, a count and a bit.
   */
  take(board: readonly (Piece | null)[]): void {
    const counts = this.#counts, masks = this.masks;
    for (let i = 0; i < PIECE_CODES.length; i++) {
      const code = PIECE_CODES[i];
      counts[code] = 0;
      masks[code * 2] = 0;
      masks[code * 2 + 1] = 0;
    }
    let pieces = 0, white = 0;
    for (let k = 0; k < 64; k++) {
      const piece = board[k];
      if (piece === null || piece === undefined) continue;
      const code = piece.charCodeAt(0);
      pieces++;
      white += (code - 97) >>> 31; // upper case is below 97 (no branch)
      // Slot 0 takes any non-ASCII letter, which no rule reads.
      const slot = code < 128 ? code : 0;
      counts[slot]++;
      masks[slot * 2 + (k >> 5)] |= 1 << (k & 31);
    }
    this.board = board;
    this.pieces = pieces;
    this.whitePieces = white;
    this.whiteKing = counts[WHITE_KING] === 1 ? this.#first(WHITE_KING) : -1;
    this.blackKing = counts[BLACK_KING] === 1 ? this.#first(BLACK_KING) : -1;
  }

  /** How many of `piece` stand on the board. */
  count(piece: Piece): number {
    return this.#counts[piece.charCodeAt(0)];
  }

  /** How many pieces of `white`'s side stand on the board. */
  sidePieces(white: boolean): number {
    return white ? this.whitePieces : this.pieces - this.whitePieces;
  }

  /** The square of `white`'s king if it has exactly one, else -1. */
  king(white: boolean): number {
    return white ? this.whiteKing : this.blackKing;
  }

  /** How many of `bishop` stand on light squares. */
  lightBishops(bishop: Piece): number {
    const slot = bishop.charCodeAt(0) * 2;
    return popcount(this.masks[slot] & LIGHT[0]) +
      popcount(this.masks[slot + 1] & LIGHT[1]);
  }

  /** Whether any pawn stands on rank 1 or 8. */
  hasBackRankPawn(): boolean {
    const m = this.masks, white = WHITE_PAWN * 2, black = BLACK_PAWN * 2;
    return ((m[white] | m[black]) & BACK_RANKS[0]) !== 0 ||
      ((m[white + 1] | m[black + 1]) & BACK_RANKS[1]) !== 0;
  }

  /** The squares of `piece`, in board order (a8 first). */
  squaresOf(piece: Piece): Square[] {
    const squares: Square[] = [];
    const board = this.board;
    for (let k = 0; k < 64; k++) {
      if (board[k] === piece) squares.push(SQUARE_NAMES[k]);
    }
    return squares;
  }

  /** The first square of the piece with char code `code`. */
  #first(code: number): number {
    const low = this.masks[code * 2];
    if (low !== 0) return 31 - Math.clz32(low & -low);
    const high = this.masks[code * 2 + 1];
    return 63 - Math.clz32(high & -high);
  }
}

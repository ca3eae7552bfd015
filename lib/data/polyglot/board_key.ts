/**
 * The Polyglot key of the chess core's board, kept up to date move by
 * move: after each move only what the move changed is hashed in and out
 * (the pieces it moved and took, the castling rights it lost, the
 * en-passant file before and after, the side to move), where
 * `polyglotKeyHalves` hashes all 64 squares of a record. The terms are the
 * same ones (`_zobrist.ts`), and so is the en-passant rule (the core's
 * `pawnTakesEnPassant`): tests hold the two keys equal over whole games.
 *
 * @module
 */

import type { ChessBoard } from "../../chess/board.ts";
import { pawnTakesEnPassant } from "../../chess/attacks.ts";
import { lastCaptured } from "../../chess/make.ts";
import {
  CASTLE,
  castleRook,
  EN_PASSANT,
  kingTarget,
  moveFrom,
  movePromotion,
  moveTo,
  rookTarget,
} from "../../chess/move.ts";
import { KING, PAWN, ROOK } from "../../chess/geometry.ts";
import {
  CASTLING_BASE,
  EN_PASSANT_BASE,
  RANDOM_HI,
  RANDOM_LO,
  WHITE_TO_MOVE,
} from "./_zobrist.ts";

/** The core's piece code (colour << 3 | role) to 64 times its Polyglot kind. */
const KIND_OF_CODE: Int16Array = /* @__PURE__ */ (() => {
  const table = new Int16Array(16).fill(-1);
  for (let role = PAWN; role <= KING; role++) {
    table[role] = ((role - 1) * 2 + 1) * 64; // White: the odd kinds
    table[8 | role] = (role - 1) * 2 * 64;
  }
  return table;
})();

/**
 * The key of a board as two 32-bit halves, `hi` and `lo`: set from the
 * whole board with {@linkcode BoardKey.reset}, then moved on with
 * {@linkcode BoardKey.played} after each move made on it.
 */
export class BoardKey {
  // The halves as the XORs leave them (signed): small integers to V8.
  #hi = 0;
  #lo = 0;
  /** The key's high 32 bits. */
  get hi(): number {
    return this.#hi >>> 0;
  }
  /** The key's low 32 bits. */
  get lo(): number {
    return this.#lo >>> 0;
  }
  /** The castling terms hashed in (bit 0 White short ... 3 Black long). */
  #castling = 0;
  /** The board's packed rights they were worked out from. */
  #castle = -1;
  /** The en-passant file hashed in, or -1. */
  #file = -1;

  /** Hashes the whole board: its pieces, rights, en passant and side. */
  reset(b: ChessBoard): void {
    this.#hi = this.#lo = 0;
    const sq = b.sq;
    for (let s = 0; s < 64; s++) {
      if (sq[s] !== 0) this.#piece(sq[s], s);
    }
    this.#castling = 0;
    this.#castle = -1;
    this.#file = -1;
    this.#rights(b);
    if (b.turn === 0) this.#term(WHITE_TO_MOVE);
  }

  /** Moves the key on over the move just made on `b` (makeMove). */
  played(b: ChessBoard, m: number): void {
    const us = b.turn ^ 1, from = moveFrom(m), to = moveTo(m);
    if (m & CASTLE) {
      const king = us << 3 | KING, rook = us << 3 | ROOK;
      this.#piece(king, from);
      this.#piece(rook, to);
      this.#piece(king, kingTarget(from, to));
      this.#piece(rook, rookTarget(from, to));
    } else {
      const after = b.sq[to];
      this.#piece(movePromotion(m) === 0 ? after : us << 3 | PAWN, from);
      this.#piece(after, to);
      const captured = lastCaptured(b);
      if (captured !== 0) {
        this.#piece(
          captured,
          m & EN_PASSANT ? to + (us === 0 ? 8 : -8) : to,
        );
      }
    }
    this.#rights(b);
    this.#term(WHITE_TO_MOVE);
  }

  /** Hashes the castling and en-passant terms of `b` in place of the last. */
  #rights(b: ChessBoard): void {
    if (b.castle !== this.#castle) {
      const castling = castlingTerms(b.castle);
      for (let flags = castling ^ this.#castling, bit = 0; flags; bit++) {
        if (flags & 1) this.#term(CASTLING_BASE + bit);
        flags >>= 1;
      }
      this.#castling = castling;
      this.#castle = b.castle;
    }
    const file = b.ep >= 0 &&
        pawnTakesEnPassant(b.sq, b.ep, b.turn, b.turn << 3 | PAWN)
      ? b.ep & 7
      : -1;
    if (file !== this.#file) {
      if (this.#file >= 0) this.#term(EN_PASSANT_BASE + this.#file);
      if (file >= 0) this.#term(EN_PASSANT_BASE + file);
      this.#file = file;
    }
  }

  #piece(code: number, s: number): void {
    this.#term(KIND_OF_CODE[code] + (s ^ 56)); // a1 = 0 in Polyglot
  }

  #term(index: number): void {
    this.#hi ^= RANDOM_HI[index];
    this.#lo ^= RANDOM_LO[index];
  }
}

/**
 * The Polyglot castling terms of the core's packed rights: slot
 * `colour * 2 + side` (side 1 towards the h-file, short) to bit
 * `colour * 2` for short and `colour * 2 + 1` for long.
 */
function castlingTerms(castle: number): number {
  let terms = 0;
  for (let slot = 0; slot < 4; slot++) {
    if (castleRook(castle, slot) >= 0) terms |= 1 << (slot ^ 1);
  }
  return terms;
}

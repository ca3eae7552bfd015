/**
 * A game's moves as the database keeps them: two bytes a ply, each move's
 * from and to squares and promotion packed in 15 bits (castling as its UCI:
 * the king's two-square step, king takes rook in Chess960; a crazyhouse
 * drop as the chess core keeps it, its square twice and its piece in the
 * promotion's bits, with bit 15 set), and the replay
 * that reads them back on the chess core's board, with each position and
 * the moves' SAN.
 *
 * @module
 */

import { ChessBoard } from "../chess/board.ts";
import { loadPosition, writeCells } from "../chess/convert.ts";
import { Notation } from "../chess/notation.ts";
import { squareOf } from "../chess/geometry.ts";
import {
  CASTLE,
  DROP,
  kingDestination,
  moveFrom,
  movePromotion,
} from "../chess/move.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import { MAX_MOVES } from "../chess/generate.ts";
import { variantCheckMark } from "../chess/variant_end.ts";
import type { Position, Rules, Side, Square } from "../types.ts";

/** Promotions by code: the core's roles less one (antichess's king 5). */
const PROMOTIONS = ["", "n", "b", "r", "q", "k"] as const;
/** Drops by code: the core's roles (pawn 1 to queen 5). */
const DROPS = ["", "p", "n", "b", "r", "q"] as const;
/** The bit of a drop's code. */
const DROP_CODE = 1 << 15;

/**
 * A move packed in 16 bits: from (6), to (6), promotion (3); a drop, its
 * square twice, the piece dropped (3), and bit 15.
 *
 * @example
 * ```ts
 * import { packMove, unpackMove } from "./moves.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(unpackMove(packMove("e7", "e8", { promotion: "q" })), "e7e8q");
 * assert.equal(unpackMove(packMove("e4", "e4", { drop: "n" })), "N@e4");
 * ```
 *
 * @param from The square the piece left (a drop's square).
 * @param to The square it went to (as UCI names it).
 * @param piece The piece promoted to, or dropped, if any.
 * @returns The code.
 */
export function packMove(
  from: Square,
  to: Square,
  { promotion = null, drop = null }: {
    promotion?: string | null;
    drop?: string | null;
  } = {},
): number {
  const squares = squareOf(from) | squareOf(to) << 6;
  if (drop !== null) {
    return squares | DROPS.indexOf(drop as "p") << 12 | DROP_CODE;
  }
  return squares |
    (promotion === null ? 0 : PROMOTIONS.indexOf(promotion as "q")) << 12;
}

/** The UCI of a packed move (a drop as `N@e4`). */
export function unpackMove(code: number): string {
  if ((code & DROP_CODE) !== 0) {
    return DROPS[code >> 12 & 7].toUpperCase() + "@" +
      SQUARE_NAMES[code >> 6 & 63];
  }
  return SQUARE_NAMES[code & 63] + SQUARE_NAMES[code >> 6 & 63] +
    PROMOTIONS[code >> 12 & 7];
}

/** Packed moves as bytes, two a move (little-endian). */
export function movesBytes(codes: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(codes.length * 2);
  for (let i = 0; i < codes.length; i++) {
    bytes[2 * i] = codes[i] & 255;
    bytes[2 * i + 1] = codes[i] >> 8;
  }
  return bytes;
}

/** The packed moves of {@linkcode movesBytes}' bytes. */
export function movesOf(bytes: Uint8Array): number[] {
  const codes: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    codes.push(bytes[i] | bytes[i + 1] << 8);
  }
  return codes;
}

/**
 * A game replayed from its packed moves: {@linkcode MovesReplay.load} the
 * start, then {@linkcode MovesReplay.play} each move; `cells` and `turn`
 * are the current position (as a record view has them).
 */
export class MovesReplay {
  readonly #board = new ChessBoard();
  readonly #replies = new Int32Array(MAX_MOVES);
  #notation: Notation = new Notation(this.#board);
  #rules: Rules = "chess";
  /** 64 char codes, a8 first, 0 for an empty square. */
  readonly cells: number[] = new Array(64).fill(0);
  /** The side to move. */
  turn: Side = "w";

  /** Loads the start position. */
  load(start: Position, rules: Rules): void {
    this.#rules = rules;
    loadPosition(this.#board, start, rules);
    this.#notation = new Notation(this.#board);
    this.#sync();
  }

  /**
   * Plays a packed move.
   *
   * @param code The move.
   * @param options `ply`: its ply, for the error; `san`: whether to give
   * its SAN.
   * @returns Its SAN (with `+` or `#`) when asked, else "".
   * @throws {MoveError} When it is not legal (a damaged database).
   */
  play(
    code: number,
    { ply, san }: { ply: number; san: boolean },
  ): string {
    const notation = this.#notation;
    const m = this.#legal(code) ??
      notation.parse({ text: unpackMove(code), index: ply });
    const text = san ? notation.san(m) : "";
    notation.play(m);
    this.#sync();
    // a variant's own end (a king home, a third check) is marked as mate,
    // as the PGN writer and python-chess mark it
    return san && !this.#board.plain
      ? text.replace(/[+#]$/, "") + variantCheckMark(this.#board, this.#replies)
      : text;
  }

  /** The rules the game is replayed under. */
  get rules(): Rules {
    return this.#rules;
  }

  /**
   * The legal move a code names, found among the position's moves without
   * text (the core numbers squares and promotions as the code does), or
   * null: the notation then says why there is none.
   */
  #legal(code: number): number | null {
    const { moves, length } = this.#notation;
    if ((code & DROP_CODE) !== 0) return this.#drop(code);
    const squares = code & 0xfff, to = code >> 6 & 63;
    const promotion = code >> 12 === 0 ? 0 : (code >> 12) + 1;
    let castle: number | null = null;
    for (let i = 0; i < length; i++) {
      const m = moves[i];
      if (movePromotion(m) !== promotion || moveFrom(m) !== (code & 63)) {
        continue;
      }
      if ((m & 0xfff) === squares) return m;
      // castling written as the king's step (standard UCI)
      if ((m & CASTLE) !== 0 && kingDestination(m) === to) castle = m;
    }
    return castle;
  }

  /** The legal drop a code names (the core's drop, less its flag), or null. */
  #drop(code: number): number | null {
    const { moves, length } = this.#notation;
    for (let i = 0; i < length; i++) {
      const m = moves[i];
      if ((m & DROP) !== 0 && (m & 0x7fff) === (code & 0x7fff)) return m;
    }
    return null;
  }

  #sync(): void {
    writeCells(this.#board, this.cells);
    this.turn = this.#board.turn === 0 ? "w" : "b";
  }
}

/**
 * A game's moves as the database keeps them: two bytes a ply, each move's
 * from and to squares and promotion packed in 15 bits (castling as its UCI:
 * the king's two-square step, king takes rook in Chess960), and the replay
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
  kingDestination,
  moveFrom,
  movePromotion,
} from "../chess/move.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import type { Position, Rules, Side, Square } from "../types.ts";

const PROMOTIONS = ["", "n", "b", "r", "q"] as const;

/**
 * A move packed in 15 bits: from (6), to (6), promotion (3).
 *
 * @example
 * ```ts
 * import { packMove, unpackMove } from "./moves.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(unpackMove(packMove("e7", "e8", { promotion: "q" })), "e7e8q");
 * ```
 *
 * @param from The square the piece left.
 * @param to The square it went to (as UCI names it).
 * @param promotion The piece promoted to, if any.
 * @returns The code.
 */
export function packMove(
  from: Square,
  to: Square,
  { promotion = null }: { promotion?: string | null } = {},
): number {
  return squareOf(from) | squareOf(to) << 6 |
    (promotion === null ? 0 : PROMOTIONS.indexOf(promotion as "q")) << 12;
}

/** The UCI of a packed move. */
export function unpackMove(code: number): string {
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
    return text;
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

  #sync(): void {
    writeCells(this.#board, this.cells);
    this.turn = this.#board.turn === 0 ? "w" : "b";
  }
}

/**
 * A game's moves as the database keeps them: a move packed in 15 bits (its
 * from and to squares and promotion; castling as its UCI: the king's
 * two-square step, king takes rook in Chess960; a crazyhouse drop as the
 * chess core keeps it, its square twice and its piece in the promotion's
 * bits, with bit 15 set), stored in a byte a move (two for a queen's
 * diagonal move and a king's castling) as the piece's rank among the
 * mover's pieces and its step in that piece's moves, read on the position
 * before it (under a variant's rules, two bytes a move: the packed code);
 * and the replay that reads them back on the chess core's board, with each
 * position and the moves' SAN.
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
  PACKED_DROP,
} from "../chess/move.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import { MAX_MOVES } from "../chess/generate.ts";
import { variantCheckMark } from "../chess/variant_end.ts";
import type { Position, Rules, Side, Square } from "../types.ts";
import type { ByteWriter } from "./_varint.ts";

/** Promotions by code: the core's roles less one (antichess's king 5). */
const PROMOTIONS = ["", "n", "b", "r", "q", "k"] as const;
/** Drops by code: the core's roles (pawn 1 to queen 5). */
const DROPS = ["", "p", "n", "b", "r", "q"] as const;

/**
 * A move packed in 16 bits: from (6), to (6), promotion (3); a drop, its
 * square twice, the piece dropped (3), and bit 15 (the core's
 * `packedMove`, `PgnPosition.packedMove`, from squares' names).
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
    return squares | DROPS.indexOf(drop as "p") << 12 | PACKED_DROP;
  }
  return squares |
    (promotion === null ? 0 : PROMOTIONS.indexOf(promotion as "q")) << 12;
}

/** The UCI of a packed move (a drop as `N@e4`). */
export function unpackMove(code: number): string {
  if ((code & PACKED_DROP) !== 0) {
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
  for (let i = 0; i + 1 < bytes.length; i += 2) codes.push(wideMove(bytes, i));
  return codes;
}

/** The packed move at `at` of {@linkcode movesBytes}' bytes. */
function wideMove(bytes: Uint8Array, at: number): number {
  return bytes[at] | bytes[at + 1] << 8;
}

/** The knight's steps and the king's, as [rank step, file step], a8 = 0. */
const KNIGHT_STEPS = [
  [-2, -1],
  [-2, 1],
  [-1, -2],
  [-1, 2],
  [1, -2],
  [1, 2],
  [2, -1],
  [2, 1],
] as const;
const KING_STEPS = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
] as const;
/** A king's step that is none of its eight: the destination follows. */
const KING_FAR = 15;
/** The bit of a lower-case letter: a cell of Black's. */
const LOWER = 32;

/** The index of a step in a list of [rank, file] steps, or -1. */
function stepIndex(
  steps: readonly (readonly [number, number])[],
  rank: number,
  file: number,
): number {
  return steps.findIndex(([r, f]) => r === rank && f === file);
}

/** Where a castling's king and rook went, and where the rook stood. */
export interface Castle {
  /** The king's square now. */
  king: number;
  /** The rook's square before. */
  rookFrom: number;
  /** The rook's square now. */
  rookTo: number;
}

/**
 * Whether a game under these rules keeps its moves a byte each (standard
 * and Chess960: at most 16 pieces a side, no drops), else two.
 */
export function narrowMoves(rules: Rules): boolean {
  return rules === "chess" || rules === "chess960";
}

/**
 * Appends a move's bytes: the piece's rank among the mover's pieces (a8
 * first) in the high 4 bits, its step in the low 4 (below), and for a
 * queen's diagonal move or a king's castling the destination in a second
 * byte.
 *
 * Steps: a knight's and a king's as their index in KNIGHT_STEPS and
 * KING_STEPS (KING_FAR else); a rook's and a queen's along the rank as the
 * destination's file, along the file as 8 + its rank (a8 = 0); a
 * bishop's along the a8-h1 diagonal as the destination's file, along the
 * other as 8 + its file; a queen's diagonal move as its own file (a step
 * along the rank to its own file is none); a pawn's as 0 one forward, 1
 * two, 2 taking toward the a-file, 3 toward the h-file, and a promotion as
 * 4 + 4 x (0 forward, 1 and 2 taking) + (0 n, 1 b, 2 r, 3 q).
 *
 * It is written from the position after the move (a walk's own, which
 * then moves on: no copy of the one before), and read on the one before.
 *
 * @param board The position after the move: the cell of the mover's piece
 * where it stands now (a char code; the king's, castling) and each side's
 * squares as bit sets (`PgnPosition.occupancy`).
 * @param code The move, packed.
 * @param out Where its bytes go.
 * @param castle A castling's squares, else null.
 */
export function encodeMove(
  { piece: cell, occupancy }: { piece: number; occupancy: Int32Array },
  code: number,
  out: ByteWriter,
  castle: Castle | null,
): void {
  // four arguments, not an options object: it runs for every ply of every
  // game imported, and allocates nothing
  const from = code & 63, to = code >> 6 & 63, promotion = code >> 12 & 7;
  const dest = castle === null ? to : castle.king;
  const side = cell & LOWER;
  // the mover's piece (a promotion's was a pawn)
  const piece = castle !== null ? 107 : promotion !== 0 ? 112 : cell | LOWER;
  // its rank among its side's pieces before the move: those on lower
  // squares now (a count of bits), but for the pieces that moved there
  const words = side === 0 ? 0 : 2;
  let rank = from < 32
    ? bitCount(occupancy[words] & ((1 << from) - 1))
    : bitCount(occupancy[words]) +
      bitCount(occupancy[words + 1] & ((1 << (from - 32)) - 1));
  if (dest < from) rank--;
  if (castle !== null) {
    if (castle.rookTo < from) rank--;
    if (castle.rookFrom < from) rank++;
  }
  const dr = (to >> 3) - (from >> 3), df = (to & 7) - (from & 7);
  let step = -1, far = false;
  switch (piece) {
    case 110: // n
      step = stepIndex(KNIGHT_STEPS, dr, df);
      break;
    case 107: // k
      step = stepIndex(KING_STEPS, dr, df);
      if (step < 0) [step, far] = [KING_FAR, true];
      break;
    case 98: // b
      step = dr === df ? to & 7 : 8 + (to & 7);
      break;
    case 114: // r
    case 113: // q
      if (dr === 0) step = to & 7;
      else if (df === 0) step = 8 + (to >> 3);
      else [step, far] = [from & 7, true];
      break;
    case 112: // p
      step = pawnStep(Math.abs(dr), df, promotion);
  }
  if (step < 0 || rank > 15) {
    throw new RangeError(`no one-byte form for move ${unpackMove(code)}`);
  }
  out.byte(rank << 4 | step);
  if (far) out.byte(to);
}

/** The bits set in a 32-bit word. */
function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

function pawnStep(forward: number, file: number, promotion: number): number {
  const way = file === 0 ? 0 : file < 0 ? 1 : 2;
  if (promotion !== 0) return 4 + 4 * way + promotion - 1;
  return file === 0 ? forward - 1 : way + 1;
}

/**
 * The move at `at` of {@linkcode encodeMove}'s bytes, packed, read on the
 * position before it.
 *
 * @param cells The position (char codes, a8 first).
 * @param options The side to move (`white`), the bytes and where to read.
 * @returns The packed move and the bytes it took.
 */
export function decodeMove(
  cells: ArrayLike<number>,
  { white, bytes, at }: { white: boolean; bytes: Uint8Array; at: number },
): { code: number; size: number } {
  const byte = bytes[at], step = byte & 15, side = white ? 0 : LOWER;
  let from = 0;
  for (let left = byte >> 4; from < 64; from++) {
    const cell = cells[from];
    if (cell !== 0 && (cell & LOWER) === side && left-- === 0) break;
  }
  const rank = from >> 3, file = from & 7;
  let to = 0, promotion = 0, size = 1;
  switch (cells[from] | LOWER) {
    case 110:
      to = from + 8 * KNIGHT_STEPS[step][0] + KNIGHT_STEPS[step][1];
      break;
    case 107:
      if (step === KING_FAR) [to, size] = [bytes[at + 1], 2];
      else to = from + 8 * KING_STEPS[step][0] + KING_STEPS[step][1];
      break;
    case 98:
      to = step < 8
        ? 8 * (rank + step - file) + step
        : 8 * (rank - (step - 8 - file)) + step - 8;
      break;
    case 114:
    case 113:
      if (step === file) [to, size] = [bytes[at + 1], 2];
      else to = step < 8 ? 8 * rank + step : 8 * (step - 8) + file;
      break;
    default: {
      const forward = white ? -8 : 8;
      if (step < 4) {
        to = from + [forward, 2 * forward, forward - 1, forward + 1][step];
      } else {
        to = from + forward + [0, -1, 1][(step - 4) >> 2];
        promotion = ((step - 4) & 3) + 1;
      }
    }
  }
  return { code: from | to << 6 | promotion << 12, size };
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

  #bytes: Uint8Array = new Uint8Array(0);
  #at = 0;

  /**
   * Loads the start position, and the game's stored moves (its `moves`
   * column) that {@linkcode MovesReplay.next} reads.
   */
  load(start: Position, rules: Rules, moves?: Uint8Array): void {
    this.#rules = rules;
    loadPosition(this.#board, start, rules);
    this.#notation = new Notation(this.#board);
    this.#sync();
    this.#bytes = moves ?? new Uint8Array(0);
    this.#at = 0;
  }

  /** Whether stored moves are left to read. */
  get more(): boolean {
    return this.#at < this.#bytes.length;
  }

  /**
   * The next stored move, packed, read on the current position: play it
   * before reading the one after.
   */
  next(): number {
    const bytes = this.#bytes, at = this.#at;
    if (!narrowMoves(this.#rules)) {
      this.#at += 2;
      return wideMove(bytes, at);
    }
    const { code, size } = decodeMove(this.cells, {
      white: this.turn === "w",
      bytes,
      at,
    });
    this.#at += size;
    return code;
  }

  /** The packed moves of the stored moves loaded, the game played through. */
  codes(): number[] {
    const codes: number[] = [];
    while (this.more) {
      const code = this.next();
      this.play(code, { ply: codes.length + 1, san: false });
      codes.push(code);
    }
    return codes;
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
    if ((code & PACKED_DROP) !== 0) return this.#drop(code);
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

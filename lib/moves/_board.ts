// The mutable board behind the move functions: 64 piece codes, piece lists,
// king squares, castling rooks and an undo stack, so that perft and move
// matching make and unmake moves without allocating. A Board belongs to one
// call of the public API; Position is only read on entry and written on exit.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Piece, Position, Square } from "../types.ts";
import { UnplayablePositionError } from "./errors.ts";
import {
  BACK_RANK,
  BISHOP,
  CASTLE,
  CODE_OF_LETTER,
  DIRECTION,
  DOUBLE_PUSH,
  EN_PASSANT,
  KING,
  KNIGHT,
  KNIGHT_SQUARES,
  KNIGHT_START,
  LETTER_OF_CODE,
  PAWN,
  PAWN_SQUARES,
  PAWN_START,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
  zeros,
} from "./_geometry.ts";

/** Words per undo record: move, captured code, castling, en passant, clock. */
const UNDO = 5;

/**
 * The castling rook of slot `color * 2 + side` (side 0 towards the a-file,
 * 1 towards the h-file) is `((castle >>> 7 * slot) & 127) - 1`, or -1.
 */
export function castleRook(castle: number, slot: number): number {
  return ((castle >>> (7 * slot)) & 127) - 1;
}

/**
 * A position being played: see the comment at the top of the file. A Board
 * is made per call of the public functions, so its arrays are plain arrays
 * of small integers, which V8 reads about as fast as typed arrays but makes
 * several times faster (typed arrays over 64 bytes live off the heap); the
 * 64-byte `sq`, read most, stays typed.
 */
export class Board {
  /** Piece codes by square (`color << 3 | role`), 0 for empty. */
  readonly sq: Int8Array = new Int8Array(64);
  /** Squares of each color's pieces: White's from 0, Black's from 64. */
  readonly list: number[] = zeros(128);
  /** Where each occupied square sits in `list`. */
  readonly index: number[] = zeros(64);
  /** Pieces per color. */
  readonly count: number[] = [0, 0];
  /** Each color's king square. */
  readonly king: number[] = [0, 0];
  /** 0 White to move, 1 Black. */
  turn = 0;
  /** Castling rooks, packed as {@linkcode castleRook} reads them. */
  castle = 0;
  /** The en-passant target square, or -1. */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  /** Moves made since the last {@linkcode Board.commit}. */
  ply = 0;
  /** UNDO words per move made; grows with the deepest line played. */
  private readonly undo: number[] = [];

  /**
   * Loads `position`, or throws what keeps it from being played: not one
   * king per side, a pawn on a back rank, or the side not to move in check.
   * Castling rights are kept as the generator uses them (see
   * {@linkcode castlingRooks}) and an en-passant square only if a pawn can
   * have just passed it. `into` is a board to reload instead of making one
   * (a caller that checks a position per record keeps one).
   */
  static from(position: Position, into?: Board): Board {
    const board = into ?? new Board();
    if (into !== undefined) board.clear();
    const { board: cells, turn } = position;
    if (!Array.isArray(cells) || cells.length !== 64) {
      throw new TypeError("Cannot play: board must have 64 squares");
    }
    if (turn !== "w" && turn !== "b") {
      throw new TypeError(`Cannot play: turn must be "w" or "b"`);
    }
    let whiteKings = 0, blackKings = 0; // locals: no array per position
    for (let s = 0; s < 64; s++) {
      const cell = cells[s];
      if (cell === null || cell === undefined) continue;
      // One character with a code: exactly the twelve letters, with no
      // string comparison (which cost a third of loading a board).
      const c = typeof cell === "string" && cell.length === 1
        ? cell.charCodeAt(0)
        : 0;
      const code = c < 128 ? CODE_OF_LETTER[c] : 0;
      if (code === 0) {
        throw new TypeError(`Cannot play: board[${s}] is not a piece`);
      }
      if ((code & 7) === PAWN && (s < 8 || s >= 56)) {
        throw new UnplayablePositionError("pawn-on-back-rank", SQUARE_NAMES[s]);
      }
      if (code === KING) whiteKings++;
      else if (code === (8 | KING)) blackKings++;
      board.put(s, code);
    }
    for (let color = 0; color < 2; color++) {
      const kings = color === 0 ? whiteKings : blackKings;
      if (kings !== 1) {
        throw new UnplayablePositionError(
          kings === 0 ? "no-king" : "too-many-kings",
          color === 0 ? "w" : "b",
        );
      }
    }
    board.turn = turn === "w" ? 0 : 1;
    if (board.attacked(board.king[board.turn ^ 1], board.turn)) {
      throw new UnplayablePositionError("opposite-check", turn);
    }
    board.castle = castlingRooks(board, position.castling);
    board.ep = enPassantIndex(board, position.enPassant);
    board.halfmove = position.halfmoveClock;
    board.fullmove = position.fullmoveNumber;
    return board;
  }

  /** Empties the board for {@linkcode Board.from} to load it again. */
  private clear(): void {
    this.sq.fill(0);
    this.count[0] = this.count[1] = 0;
    this.castle = 0;
    this.ep = -1;
    this.ply = 0;
  }

  private put(s: number, code: number): void {
    const color = code >> 3;
    this.sq[s] = code;
    this.index[s] = this.count[color];
    this.list[color * 64 + this.count[color]++] = s;
    if ((code & 7) === KING) this.king[color] = s;
  }

  /** The position as plain data, with `enPassant` as given. */
  toPosition(enPassant: Square | null): Position {
    const board: (Piece | null)[] = [];
    for (let s = 0; s < 64; s++) board.push(LETTER_OF_CODE[this.sq[s]] ?? null);
    const castling: Square[] = [];
    for (const slot of [1, 0, 3, 2]) {
      const rook = castleRook(this.castle, slot);
      if (rook >= 0) castling.push(SQUARE_NAMES[rook]);
    }
    return {
      board,
      turn: this.turn === 0 ? "w" : "b",
      castling,
      enPassant,
      halfmoveClock: this.halfmove,
      fullmoveNumber: this.fullmove,
    };
  }

  /** Forgets the undo records, so that a game of any length can be played. */
  commit(): void {
    this.ply = 0;
  }

  /** Whether any piece of `by` attacks square `t`, given the board as it is. */
  attacked(t: number, by: number): boolean {
    const sq = this.sq;
    const bishop = by << 3 | BISHOP, rook = by << 3 | ROOK;
    const queen = by << 3 | QUEEN;
    for (let d = 0; d < 8; d++) {
      const end = RAY_START[t * 8 + d + 1];
      const first = RAY_START[t * 8 + d];
      for (let j = first; j < end; j++) {
        const p = sq[RAY_SQUARES[j]];
        if (p === 0) continue;
        if (p === queen || p === (d < 4 ? rook : bishop)) return true;
        if (j === first && p === (by << 3 | KING)) return true;
        break;
      }
    }
    const knight = by << 3 | KNIGHT;
    for (let j = KNIGHT_START[t]; j < KNIGHT_START[t + 1]; j++) {
      if (sq[KNIGHT_SQUARES[j]] === knight) return true;
    }
    const pawn = by << 3 | PAWN;
    const from = (by ^ 1) * 64 + t;
    for (let j = PAWN_START[from]; j < PAWN_START[from + 1]; j++) {
      if (sq[PAWN_SQUARES[j]] === pawn) return true;
    }
    return false;
  }

  /** Whether the piece on `s` attacks square `t`. */
  attacks(s: number, t: number): boolean {
    const code = this.sq[s], role = code & 7;
    if (role === KING) {
      const files = Math.abs((s & 7) - (t & 7));
      return Math.max(files, Math.abs((s >> 3) - (t >> 3))) === 1;
    }
    if (role === KNIGHT || role === PAWN) {
      const squares = role === PAWN ? PAWN_SQUARES : KNIGHT_SQUARES;
      const start = role === PAWN ? PAWN_START : KNIGHT_START;
      const index = role === PAWN ? (code >> 3) * 64 + s : s;
      for (let j = start[index]; j < start[index + 1]; j++) {
        if (squares[j] === t) return true;
      }
      return false;
    }
    const d = DIRECTION[s * 64 + t];
    if (d < 0 || (role !== QUEEN && role !== (d < 4 ? ROOK : BISHOP))) {
      return false;
    }
    for (let j = RAY_START[s * 8 + d];; j++) {
      const x = RAY_SQUARES[j];
      if (x === t) return true;
      if (this.sq[x] !== 0) return false;
    }
  }

  /** Whether the side to move is in check. */
  inCheck(): boolean {
    return this.attacked(this.king[this.turn], this.turn ^ 1);
  }

  private remove(s: number): void {
    const color = this.sq[s] >> 3;
    const last = this.list[color * 64 + --this.count[color]];
    this.list[color * 64 + this.index[s]] = last;
    this.index[last] = this.index[s];
    this.sq[s] = 0;
  }

  private shift(from: number, to: number, code: number): void {
    const i = this.index[from];
    this.list[(code >> 3) * 64 + i] = to;
    this.index[to] = i;
    this.sq[from] = 0;
    this.sq[to] = code;
  }

  // Make and unmake run once per node in perft, so they stay one function
  // each, longer than the house limit, instead of calling per-case helpers.
  /** Plays a move from the generator; {@linkcode Board.unmake} reverts it. */
  make(m: number): void {
    const sq = this.sq, us = this.turn;
    const from = m & 63, to = (m >> 6) & 63;
    const u = this.ply++ * UNDO;
    const piece = sq[from];
    this.undo[u] = m;
    this.undo[u + 1] = 0;
    this.undo[u + 2] = this.castle;
    this.undo[u + 3] = this.ep;
    this.undo[u + 4] = this.halfmove;
    this.ep = -1;
    this.halfmove++;
    if (m & CASTLE) {
      const kingTo = kingTarget(from, to), rookTo = rookTarget(from, to);
      const i = this.index[to];
      this.sq[to] = 0;
      this.shift(from, kingTo, piece);
      this.list[us * 64 + i] = rookTo;
      this.index[rookTo] = i;
      sq[rookTo] = us << 3 | ROOK;
      this.king[us] = kingTo;
    } else {
      const at = m & EN_PASSANT ? to + (us === 0 ? 8 : -8) : to;
      const captured = sq[at];
      if (captured !== 0) {
        this.undo[u + 1] = captured;
        this.remove(at);
        this.halfmove = 0;
      }
      const promotion = (m >> 12) & 7;
      this.shift(from, to, promotion === 0 ? piece : us << 3 | promotion);
      const role = piece & 7;
      if (role === PAWN) {
        this.halfmove = 0;
        if (m & DOUBLE_PUSH) this.ep = (from + to) >> 1;
      } else if (role === KING) this.king[us] = to;
    }
    if (this.castle !== 0) this.loseCastling(from, to, (piece & 7) === KING);
    if (us === 1) this.fullmove++;
    this.turn = us ^ 1;
  }

  private loseCastling(from: number, to: number, king: boolean): void {
    let castle = this.castle;
    for (let slot = 0; slot < 4; slot++) {
      const rook = castleRook(castle, slot);
      if (
        rook === from || rook === to ||
        (king && slot >> 1 === this.turn && rook >= 0)
      ) {
        castle &= ~(127 << (7 * slot));
      }
    }
    this.castle = castle;
  }

  /** Takes back the last move made. */
  unmake(): void {
    const u = --this.ply * UNDO;
    const m = this.undo[u];
    const us = this.turn ^ 1;
    const from = m & 63, to = (m >> 6) & 63;
    const sq = this.sq;
    if (m & CASTLE) {
      const kingTo = kingTarget(from, to), rookTo = rookTarget(from, to);
      const i = this.index[rookTo];
      sq[rookTo] = 0;
      this.shift(kingTo, from, us << 3 | KING);
      this.list[us * 64 + i] = to;
      this.index[to] = i;
      sq[to] = us << 3 | ROOK;
      this.king[us] = from;
    } else {
      const moved = (m >> 12) & 7 ? us << 3 | PAWN : sq[to];
      this.shift(to, from, moved);
      if ((moved & 7) === KING) this.king[us] = from;
      const captured = this.undo[u + 1];
      if (captured !== 0) {
        this.put(m & EN_PASSANT ? to + (us === 0 ? 8 : -8) : to, captured);
      }
    }
    this.castle = this.undo[u + 2];
    this.ep = this.undo[u + 3];
    this.halfmove = this.undo[u + 4];
    if (us === 1) this.fullmove--;
    this.turn = us;
  }
}

/**
 * Where the king lands when castling with the rook on `rook`: the c- or
 * g-file of the rook's back rank, in Chess960 as in standard chess.
 */
export function kingTarget(king: number, rook: number): number {
  return (rook & 56) + (rook < king ? 2 : 6);
}

/** Where the rook lands when castling: the d- or f-file. */
export function rookTarget(king: number, rook: number): number {
  return (rook & 56) + (rook < king ? 3 : 5);
}

/**
 * The castling rights the generator can use, packed: for each color whose
 * king is on its back rank, the outermost right-holding rook of that color
 * on each side of the king. Rights without such a rook are dropped, as
 * chessops and python-chess drop them.
 */
export function castlingRooks(
  board: Board,
  castling: readonly Square[],
): number {
  let castle = 0;
  if (!Array.isArray(castling)) return 0;
  for (let color = 0; color < 2; color++) {
    const king = board.king[color];
    const base = BACK_RANK[color];
    if (king < base || king >= base + 8) continue;
    for (let i = 0; i < castling.length; i++) { // no iterator per position
      const s = indexOf(castling[i]);
      if (s < base || s >= base + 8 || board.sq[s] !== (color << 3 | ROOK)) {
        continue;
      }
      const slot = color * 2 + (s < king ? 0 : 1);
      const held = castleRook(castle, slot);
      const outer = held < 0 || (s < king ? s < held : s > held);
      if (outer) {
        castle = (castle & ~(127 << (7 * slot))) | (s + 1) << (7 * slot);
      }
    }
  }
  return castle;
}

/**
 * The en-passant square for the generator: `square` if a pawn of the side
 * not to move stands in front of it and both it and the square behind are
 * empty, -1 otherwise.
 */
function enPassantIndex(board: Board, square: Square | null): number {
  if (square === null) return -1;
  const s = indexOf(square);
  const them = board.turn ^ 1;
  // White to move: the target is on rank 6 (row 2), the pawn on row 3.
  const row = board.turn === 0 ? 2 : 5;
  const ahead = board.turn === 0 ? 8 : -8;
  if (s < 0 || s >> 3 !== row) return -1;
  if (board.sq[s] !== 0 || board.sq[s - ahead] !== 0) return -1;
  return board.sq[s + ahead] === (them << 3 | PAWN) ? s : -1;
}

/** The square name of a board index. */
export function nameOf(s: number): Square {
  return SQUARE_NAMES[s];
}

/** The board index of a square name, or -1 for anything else. */
export function indexOf(name: unknown): number {
  if (typeof name !== "string" || name.length !== 2) return -1;
  const file = name.charCodeAt(0) - 97, rank = name.charCodeAt(1) - 49;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8
    ? (7 - rank) * 8 + file
    : -1;
}

// The board queries the theme rules ask, as python-chess words them in
// lichess-puzzler's tagger (piece at, attackers, attacks, pins, legal
// moves), answered by the chess core: its one board model, its attack
// query and its move generator. Squares are the core's (a8 = 0); ranks
// here count from White's side (rank 0 is rank 1), as the tagger's do.

import { attackersTo, attacksSquare, isSlider } from "../chess/attacks.ts";
import { ChessBoard } from "../chess/board.ts";
import { loadPosition, toPosition } from "../chess/convert.ts";
import { generateMoves, MAX_MOVES } from "../chess/generate.ts";
import { between, DIRECTION, OPPOSITE } from "../chess/geometry.ts";
import { makeMove, makeNullMove } from "../chess/make.ts";
import { inCheck } from "../chess/notation.ts";
import { stringifyFen } from "../fen/mod.ts";
import { SQUARE_NAMES } from "../_tables.ts";

/** The file of square `s`, 0 for the a-file. */
export function fileOf(s: number): number {
  return s & 7;
}

/** The rank of square `s` from White's side, 0 for rank 1. */
export function rankOf(s: number): number {
  return 7 - (s >> 3);
}

/** The king's distance between two squares. */
export function distance(a: number, b: number): number {
  return Math.max(
    Math.abs(fileOf(a) - fileOf(b)),
    Math.abs(rankOf(a) - rankOf(b)),
  );
}

/** The square at file `file` and rank `rank` (from White's side). */
export function squareAt(file: number, rank: number): number {
  return (7 - rank) * 8 + file;
}

/**
 * Square order from a1 along the ranks to h8, the order in which the
 * tagger meets squares of a set where the first one found decides.
 */
export function fromA1(s: number): number {
  return rankOf(s) * 8 + fileOf(s);
}

/** The squares strictly between `a` and `b` on a line (none off a line). */
export function squaresBetween(a: number, b: number): number[] {
  const out: number[] = [];
  out.length = between(a, b, out);
  return out;
}

/** A pin: the piece's square, and the line from its king through it. */
export interface Pin {
  readonly square: number;
  readonly king: number;
  /** The direction from the king (DIRECTION's numbering). */
  readonly direction: number;
}

/** Whether square `t` is on the line of `pin`, edge to edge, king included. */
export function onPinLine(pin: Pin, t: number): boolean {
  const d = DIRECTION[pin.king * 64 + t];
  return t === pin.king || d === pin.direction ||
    d === OPPOSITE[pin.direction];
}

/** A position of a puzzle's line, with the questions the themes ask of it. */
export class PuzzleBoard {
  readonly board: ChessBoard;
  readonly #out: number[] = [];

  constructor(board: ChessBoard) {
    this.board = board;
  }

  /** The side to move: 0 White, 1 Black. */
  get turn(): number {
    return this.board.turn;
  }

  /** The piece code on `s` (`color << 3 | role`), 0 if empty. */
  at(s: number): number {
    return this.board.sq[s];
  }

  /** The king square of `color`, or -1. */
  king(color: number): number {
    return this.board.king[color];
  }

  /** How many pieces of code `code` stand on the board. */
  count(code: number): number {
    return this.board.counts[code];
  }

  /** The squares of the pieces of code `code`, from a1 on. */
  squaresOf(code: number): number[] {
    const out: number[] = [];
    const sq = this.board.sq;
    for (let s = 0; s < 64; s++) if (sq[s] === code) out.push(s);
    return out.sort((a, b) => fromA1(a) - fromA1(b));
  }

  /** How many pieces stand on the board. */
  get pieces(): number {
    return this.board.count[0] + this.board.count[1];
  }

  /**
   * The squares of the pieces of `color` that attack `s`, from a1 on;
   * with `without`, as if the piece on that square were gone.
   */
  attackers(
    color: number,
    s: number,
    options: { without?: number } = {},
  ): number[] {
    const b = this.board, occupied = b.whatIf, without = options.without ?? -1;
    occupied[0] = b.occupied[0];
    occupied[1] = b.occupied[1];
    if (without >= 0) occupied[without >> 5] &= ~(1 << without);
    const n = attackersTo(b, s, color, occupied, this.#out);
    return this.#out.slice(0, n).sort((a, c) => fromA1(a) - fromA1(c));
  }

  /**
   * The squares the piece on `s` attacks that hold a piece not of `color`
   * (the tagger asks it with the solver's color, whoever moved).
   */
  attackedPieces(s: number, color: number): number[] {
    return this.attacks(s).filter((t) =>
      this.at(t) !== 0 && this.at(t) >> 3 !== color
    );
  }

  /** The squares the piece on `s` attacks. */
  attacks(s: number): number[] {
    const out: number[] = [];
    if (this.board.sq[s] === 0) return out;
    for (let t = 0; t < 64; t++) {
      if (t !== s && attacksSquare(this.board, s, t)) out.push(t);
    }
    return out;
  }

  /** Whether the side to move is in check. */
  isCheck(): boolean {
    return inCheck(this.board);
  }

  /** The squares of the pieces giving check to the side to move. */
  checkers(): number[] {
    const us = this.board.turn, king = this.board.king[us];
    return king < 0 ? [] : this.attackers(us ^ 1, king);
  }

  /** The legal moves, as the core encodes them (lib/chess/move.ts). */
  legalMoves(): number[] {
    const out = new Int32Array(MAX_MOVES);
    return Array.from(out.subarray(0, generateMoves(this.board, out, 0)));
  }

  /** Whether the side to move is mated. */
  isCheckmate(): boolean {
    return this.isCheck() && this.legalMoves().length === 0;
  }

  /**
   * The pin of the piece on `s` to the king of `color` by an enemy slider
   * behind it on a line, or null: python-chess's `Board.pin`.
   */
  pin(color: number, s: number): Pin | null {
    const king = this.board.king[color];
    if (king < 0 || king === s) return null;
    const d = DIRECTION[king * 64 + s];
    if (d < 0) return null;
    for (const x of this.attackers(color ^ 1, king, { without: s })) {
      if (
        isSlider(this.board.sq[x]) && DIRECTION[king * 64 + x] === d &&
        DIRECTION[s * 64 + x] === d
      ) {
        return { square: s, king, direction: d };
      }
    }
    return null;
  }

  /** The position after legal move `m`, this one left as it is. */
  play(m: number): PuzzleBoard {
    const next = this.copy();
    makeMove(next.board, m);
    next.board.commit();
    return next;
  }

  /** The position with the turn passed (a null move), this one left as it is. */
  pass(): PuzzleBoard {
    const next = this.copy();
    makeNullMove(next.board);
    next.board.commit();
    return next;
  }

  /** The position as FEN, with the en-passant square as the board has it. */
  fen(): string {
    const b = this.board;
    return stringifyFen(toPosition(b, b.ep >= 0 ? SQUARE_NAMES[b.ep] : null));
  }

  /** A copy of this position. */
  copy(): PuzzleBoard {
    const b = this.board;
    const position = toPosition(b, b.ep >= 0 ? SQUARE_NAMES[b.ep] : null);
    const copy = new ChessBoard();
    loadPosition(copy, position);
    return new PuzzleBoard(copy);
  }
}

// Moves as text: UCI and SAN out, and either in, matched against the legal
// moves of a Board. Matching against the generated list (rather than
// interpreting the text and then testing legality) is what makes every
// accepted move legal and every ambiguity visible.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Rules } from "../types.ts";
import { isAttacked } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import { makeMove, unmakeMove } from "./make.ts";
import { KING, PAWN, ROOK, squareOf } from "./geometry.ts";
import {
  CASTLE,
  DROP,
  dropRole,
  EN_PASSANT,
  kingDestination,
  moveFrom,
  movePromotion,
  moveTo,
} from "./move.ts";
import { generateMoves, MAX_MOVES } from "./generate.ts";
import { MoveError, type MoveErrorCode } from "./errors.ts";
import { royalAttacked, VARIANT_MOVES } from "./variant.ts";
import { castlingRefusal, type Named, variantRefusal } from "./refusal.ts";

/** Role letters by role number, for SAN and UCI promotions. */
export const ROLE_LETTERS = " PNBRQK";
const ROLE_NAMES = ["", "pawn", "knight", "bishop", "rook", "queen", "king"];

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbnkQRBNK]?)$/;
const CASTLING = /^([O0])-\1(-\1)?$/;
const PIECE_MOVE = /^([NBRQK])([a-h]?)([1-8]?)x?([a-h][1-8])$/;
const PAWN_MOVE = /^(?:([a-h])x)?([a-h][1-8])(?:=?([NBRQKnbrqk]))?$/;
/** A drop, as SAN (`N@f3`, `@e4`) and UCI (`P@e4`) write it. */
const DROP_MOVE = /^([PNBRQpnbrq])?@([a-h][1-8])$/;
/** Check marks, and annotations such as `!?`, `??` or `!!`, at the end. */
const SUFFIX = /[+#]?[!?]*$/;
const SUFFIX_END = /[+#!?]$/;
/** Move-shaped text with letters and numbers where squares go: `e9`, `Ni3`. */
const MOVE_SHAPED =
  /^(?:[KQRBN]?[a-z]?\d*x?[a-z]\d+(?:=?[A-Za-z])?|[a-z]\d+[a-z]\d+[a-z]?)$/;
const SQUARE_LIKE = /[a-z]\d+/g;

/**
 * The squares of the pieces of one role that can move legally to one
 * square (the piece that moves may be among them): what SAN's
 * disambiguation reads. A writer keeps one and refills it per move.
 */
export interface Rivals {
  readonly squares: Int32Array;
  count: number;
}

/**
 * The SAN of legal move `m` of `b`, not yet made, without `+` or `#`: the
 * one SAN writer. A piece's origin is written as SAN asks when `rivals`
 * holds another piece of its role moving to the same square: the file if
 * it tells them apart, else the rank, else both.
 */
export function sanWithoutCheck(
  b: ChessBoard,
  m: number,
  rivals: Rivals,
): string {
  const sq = b.sq;
  const from = moveFrom(m), to = moveTo(m);
  if (m & CASTLE) return to < from ? "O-O-O" : "O-O";
  if (m & DROP) return dropText(m, "");
  const role = sq[from] & 7;
  const capture = sq[to] !== 0 || (m & EN_PASSANT) !== 0;
  const promotion = movePromotion(m);
  if (role === PAWN) {
    return (capture ? "abcdefgh"[from & 7] + "x" : "") + SQUARE_NAMES[to] +
      (promotion ? "=" + ROLE_LETTERS[promotion] : "");
  }
  let sameFile = false, sameRank = false, others = false;
  for (let k = 0; k < rivals.count; k++) {
    const s = rivals.squares[k];
    if (s === from) continue;
    others = true;
    if ((s & 7) === (from & 7)) sameFile = true;
    if (s >> 3 === from >> 3) sameRank = true;
  }
  const name = SQUARE_NAMES[from];
  const origin = !others
    ? ""
    : !sameFile
    ? name[0]
    : !sameRank
    ? name[1]
    : name;
  return ROLE_LETTERS[role] + origin + (capture ? "x" : "") + SQUARE_NAMES[to];
}

/**
 * A drop as SAN writes it (`N@f3`, a pawn's `@e4`, as python-chess and
 * chessops do) or, with `pawn` `"P"`, as UCI does (`P@e4`).
 */
function dropText(m: number, pawn: string): string {
  const role = dropRole(m);
  return (role === PAWN ? pawn : ROLE_LETTERS[role]) + "@" +
    SQUARE_NAMES[moveTo(m)];
}

/**
 * Whether the side to move on `b` is in check, by its rules' meaning
 * (none in antichess, nor for a horde without a king).
 */
export function inCheck(b: ChessBoard): boolean {
  const k = b.king[b.turn];
  return b.plain
    ? isAttacked(b, k, b.turn ^ 1)
    : royalAttacked(b, k, b.turn, b.occupied);
}

/** A move as given, and its 1-based number, for the error it may cause. */
export interface MoveSource {
  text: string;
  index: number;
}

/** Which legal moves a piece of text names, and why none if none does. */
interface Candidates extends Named {
  why?: () => string;
}

/**
 * A core board with its legal moves, kept current as moves are played, and
 * the conversions between those moves and text.
 */
export class Notation {
  readonly board: ChessBoard;
  /** The legal moves of the current position: `moves[0]` to `moves[length - 1]`. */
  readonly moves: Int32Array = new Int32Array(MAX_MOVES);
  length = 0;
  /** The move being read, for errors. */
  #source: MoveSource = { text: "", index: 0 };
  /** Origins of the moves to the square of the move being written. */
  readonly #rivals: Rivals = { squares: new Int32Array(16), count: 0 };

  constructor(board: ChessBoard) {
    this.board = board;
    this.length = generateMoves(board, this.moves, 0);
  }

  /** Plays legal move `m` for good, and lists the new position's moves. */
  play(m: number): void {
    makeMove(this.board, m);
    this.board.commit();
    this.length = generateMoves(this.board, this.moves, 0);
  }

  /** UCI: king to its destination when standard, king takes rook otherwise. */
  uci(m: number, rules: Rules): string {
    if (m & DROP) return dropText(m, "P");
    const from = moveFrom(m);
    const to = m & CASTLE && rules !== "chess960" && isStandardCastle(m)
      ? kingDestination(m)
      : moveTo(m);
    const promotion = movePromotion(m);
    return SQUARE_NAMES[from] + SQUARE_NAMES[to] +
      (promotion ? ROLE_LETTERS[promotion].toLowerCase() : "");
  }

  /** SAN with `+` or `#` of legal move `m`. */
  san(m: number): string {
    const b = this.board;
    const san = this.#sanWithoutCheck(m);
    makeMove(b, m);
    let suffix = "";
    if (inCheck(b)) {
      const replies = generateMoves(b, new Int32Array(MAX_MOVES), 0);
      suffix = replies === 0 ? "#" : "+";
    }
    unmakeMove(b);
    return san + suffix;
  }

  #sanWithoutCheck(m: number): string {
    const sq = this.board.sq, rivals = this.#rivals;
    const from = moveFrom(m), to = moveTo(m), role = sq[from] & 7;
    rivals.count = 0;
    for (let i = 0; i < this.length && rivals.count < 16; i++) {
      const other = this.moves[i], s = moveFrom(other);
      if (moveTo(other) !== to || other & CASTLE) continue;
      if ((sq[s] & 7) === role) rivals.squares[rivals.count++] = s;
    }
    return sanWithoutCheck(this.board, m, rivals);
  }

  /** The legal move that `source.text` (SAN or UCI) names, or a MoveError. */
  parse(source: MoveSource): number {
    this.#source = source;
    const text = SUFFIX_END.test(source.text)
      ? source.text.replace(SUFFIX, "")
      : source.text;
    const uci = UCI.exec(text);
    if (uci) return this.#matchUci(uci);
    const castle = CASTLING.exec(text);
    if (castle) {
      const long = castle[2] !== undefined;
      return this.#single({
        fits: (m) => (m & CASTLE) !== 0 && moveTo(m) < moveFrom(m) === long,
        why: () => castlingRefusal(this.board, long ? 0 : 1),
      });
    }
    const piece = PIECE_MOVE.exec(text);
    if (piece) return this.#matchPiece(piece);
    const drop = DROP_MOVE.exec(text);
    if (drop) return this.#matchDrop(drop);
    const pawn = PAWN_MOVE.exec(text);
    if (pawn) return this.#matchPawn(pawn);
    const squares = MOVE_SHAPED.test(text) ? text.matchAll(SQUARE_LIKE) : [];
    for (const [square] of squares) {
      if (squareOf(square) < 0) {
        const reason = square === text
          ? "no such square"
          : `no such square ${square}`;
        throw this.#fail("no-such-square", reason);
      }
    }
    throw this.#fail("malformed", "not a move in SAN or UCI");
  }

  #matchPiece([, letter, file, rank, square]: RegExpExecArray): number {
    const sq = this.board.sq;
    const role = ROLE_LETTERS.indexOf(letter);
    const to = squareOf(square);
    // -1 when not given; board rows count down from rank 8.
    const fileIndex = file === "" ? -1 : file.charCodeAt(0) - 97;
    const row = rank === "" ? -1 : 56 - rank.charCodeAt(0);
    return this.#single({
      fits: (m) => {
        const from = moveFrom(m);
        return moveTo(m) === to && (m & CASTLE) === 0 &&
          (sq[from] & 7) === role &&
          (fileIndex < 0 || (from & 7) === fileIndex) &&
          (row < 0 || from >> 3 === row);
      },
      to,
      why: () => `no ${ROLE_NAMES[role]} can move to ${square}`,
    });
  }

  #matchDrop([, letter, square]: RegExpExecArray): number {
    const role = ROLE_LETTERS.indexOf((letter ?? "P").toUpperCase());
    const to = squareOf(square);
    return this.#single({
      fits: (m) => (m & DROP) !== 0 && dropRole(m) === role && moveTo(m) === to,
      why: () =>
        VARIANT_MOVES[this.board.variant].drops
          ? `no ${ROLE_NAMES[role]} can be dropped on ${square}`
          : `only crazyhouse has drops, and these are ${
            VARIANT_MOVES[this.board.variant].name
          }'s rules`,
    });
  }

  #matchPawn([, file, square, promotion]: RegExpExecArray): number {
    const sq = this.board.sq;
    const to = squareOf(square);
    const role = promotion ? ROLE_LETTERS.indexOf(promotion.toUpperCase()) : 0;
    const last = this.board.turn === 0 ? 0 : 7;
    if (role === 0 && to >> 3 === last) {
      throw this.#fail("illegal", "a pawn reaching the last rank must promote");
    }
    // A capture names the file it comes from; a push stays on its file.
    const fromFile = file === undefined ? to & 7 : file.charCodeAt(0) - 97;
    return this.#single({
      fits: (m) => {
        const from = moveFrom(m);
        return moveTo(m) === to && (sq[from] & 7) === PAWN &&
          movePromotion(m) === role && (from & 7) === fromFile;
      },
      to,
      why: () => `no pawn can move to ${square}`,
    });
  }

  #matchUci([, fromName, toName, promotion]: RegExpExecArray): number {
    const from = squareOf(fromName), to = squareOf(toName);
    const role = promotion ? ROLE_LETTERS.indexOf(promotion.toUpperCase()) : 0;
    const piece = this.board.sq[from];
    if (piece === 0) throw this.#fail("illegal", `no piece on ${fromName}`);
    if (piece >> 3 !== this.board.turn) {
      const side = this.board.turn === 0 ? "White" : "Black";
      throw this.#fail("illegal", `the piece on ${fromName} is not ${side}'s`);
    }
    const wing = (piece & 7) === KING ? castlingWing(this.board, from, to) : -1;
    return this.#single({
      fits: (m) => {
        if (moveFrom(m) !== from || movePromotion(m) !== role) return false;
        if (moveTo(m) === to) return true;
        // The standard form of castling, the king's two-square step.
        return (m & CASTLE) !== 0 && (piece & 7) === KING &&
          isStandardCastle(m) && kingDestination(m) === to;
      },
      ...(wing < 0 ? { to } : { why: () => castlingRefusal(this.board, wing) }),
    });
  }

  /** The one legal move that fits, or a MoveError naming the problem. */
  #single(candidates: Candidates): number {
    const { fits, why } = candidates;
    const found: number[] = [];
    for (let i = 0; i < this.length; i++) {
      if (fits(this.moves[i])) found.push(this.moves[i]);
    }
    if (found.length === 1) return found[0];
    if (found.length === 0) {
      const b = this.board;
      const over = !b.plain && VARIANT_MOVES[b.variant].ended(b)
        ? "its goal is reached"
        : inCheck(b)
        ? "checkmate"
        : "stalemate";
      throw this.#fail(
        "illegal",
        this.length === 0
          ? `the game is over (${over})`
          : this.#refusal(candidates, why),
      );
    }
    const names = found.map((m) => this.san(m)).sort();
    const list = names.slice(0, -1).join(", ") + " or " + names.at(-1);
    throw this.#fail("ambiguous", `ambiguous, ${list}`);
  }

  /** "illegal", and why: a variant's rule, else what the text's shape says. */
  #refusal(named: Named, why: (() => string) | undefined): string {
    const reason = variantRefusal(this.board, this, named) ?? why?.();
    return reason === undefined ? "illegal" : `illegal: ${reason}`;
  }

  #fail(code: MoveErrorCode, reason: string): MoveError {
    const { text: move, index } = this.#source;
    return new MoveError({ move, index, code, reason });
  }
}

/**
 * The wing (0 the a-file's, 1 the h-file's) a king's move from `from` to
 * `to` castles to in UCI (the king's two-square step from the e-file, or
 * the king onto its own rook), or -1 when it is no castling.
 */
function castlingWing(b: ChessBoard, from: number, to: number): number {
  if (from >> 3 !== to >> 3) return -1;
  const step = (from & 7) === 4 && Math.abs(to - from) === 2;
  const ownRook = b.sq[to] === (b.sq[from] & 8 | ROOK);
  return step || ownRook ? (to > from ? 1 : 0) : -1;
}

/**
 * Whether castling `m` is standard chess's: king on the e-file, rook in a
 * corner. Only then can UCI write it as the king's two-square step.
 */
function isStandardCastle(m: number): boolean {
  const from = moveFrom(m), to = moveTo(m);
  return (from & 7) === 4 && ((to & 7) === 0 || (to & 7) === 7);
}

// The one door from the PGN reader to the move machinery: a board that
// plays the moves of a game, takes them back for variations, matches move
// text against the legal moves, and writes the canonical FEN straight from
// its squares. Every use of the move library's internal modules is here, so
// that moving that library moves one import block.

import { FEN_BYTES_MAX, type RecordView, writeFenBytes } from "../fen/bytes.ts";
import { attacksSquare, isAttacked } from "../chess/attacks.ts";
import { ChessBoard } from "../chess/board.ts";
import { makeMove, unmakeMove } from "../chess/make.ts";
import {
  castleRook,
  kingDestination,
  kingTarget,
  rookTarget,
} from "../chess/move.ts";
import { toPosition } from "../chess/rules.ts";
import { playableBoard } from "../moves/_playable.ts";
import {
  type EnPassantMode,
  enPassantOf,
  generateMoves,
  hasLegalMove,
  MAX_MOVES,
} from "../moves/_generate.ts";
import { CASTLE, DOUBLE_PUSH, EN_PASSANT } from "../chess/move.ts";
import {
  BISHOP,
  DIRECTION,
  LETTER_OF_CODE,
  PAWN,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
} from "../chess/geometry.ts";
import { type MoveSource, Notation } from "../moves/_notation.ts";
import { MoveError } from "../moves/errors.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import { lenientForm } from "./_lenient.ts";
import type { Position, Side, Square } from "../types.ts";

export type { EnPassantMode };

/** FEN letter char codes by piece code, 0 for an empty square. */
const CHAR_OF_CODE: readonly number[] = /* @__PURE__ */ (() => {
  const table: number[] = new Array(16).fill(0);
  LETTER_OF_CODE.forEach((letter, code) => {
    if (letter) table[code] = letter.charCodeAt(0);
  });
  return table;
})();

/** Castling slots in canonical FEN order: White h-side, a-side, then Black. */
const CASTLING_ORDER = [1, 0, 3, 2] as const;

const CHECK_MARK = /[+#]$/;

/**
 * A board playing one game at a time: see the comment at the top of the
 * file. One per reader, reloaded for each game; moves are made without
 * being committed so that variations can take them back.
 */
export class Replay implements RecordView {
  #notation: Notation;
  /** Whether the legal-move list is out of date (moves made or taken back). */
  #stale = false;
  #source: MoveSource = { text: "", index: 0 };
  #castleKey = -1;
  #castling: Square[] = [];
  chess960 = false;
  /** RecordView fields, filled by {@linkcode Replay.view}. */
  readonly cells: number[] = new Array(64).fill(0);
  turn: Side = "w";
  enPassant: Square | null = null;
  halfmoveClock = 0;
  fullmoveNumber = 1;
  get castling(): readonly Square[] {
    return this.#castling;
  }

  constructor() {
    this.#notation = new Notation(new ChessBoard());
  }

  /** Loads a start position; throws UnplayablePositionError as Board does. */
  load(position: Position, chess960: boolean): void {
    playableBoard(position, this.#notation.board);
    this.chess960 = chess960;
    this.#stale = true;
    this.check = -1;
    this.#played.length = 0;
    this.#allDirty = true;
  }

  /** The codes of the moves on the board, to know what a take-back touches. */
  readonly #played: number[] = [];
  /** Squares whose `cells` may be out of date, unless all are. */
  readonly #dirty: number[] = [];
  #allDirty = true;

  /** Marks the squares a move (made or taken back) changes. */
  #touch(code: number): void {
    if (this.#allDirty) return;
    const dirty = this.#dirty;
    if (dirty.length > 24) {
      this.#allDirty = true;
      return;
    }
    const from = code & 63, to = (code >> 6) & 63;
    dirty.push(from, to);
    if (code & CASTLE) dirty.push(kingTarget(from, to), rookTarget(from, to));
    else if (code & EN_PASSANT) dirty.push((from & 56) | (to & 7));
  }

  /** Half-moves made since the start position (variations included). */
  get depth(): number {
    return this.#notation.board.ply;
  }

  /** 0 when White is to move, 1 for Black. */
  get side(): number {
    return this.#notation.board.turn;
  }

  get fullmove(): number {
    return this.#notation.board.fullmove;
  }

  #fresh(): Notation {
    const n = this.#notation;
    if (this.#stale) {
      n.length = generateMoves(n.board, n.moves, 0);
      this.#stale = false;
    }
    return n;
  }

  /**
   * The legal move `text` names, or a MoveError (`index` is the ply), and
   * its SAN without check mark in {@linkcode Replay.body}. Plain SAN is
   * matched by {@linkcode quickMatch}; anything else (castling, UCI, the
   * lenient spellings, and every error, so that errors are worded by
   * Notation alone) by Notation against the generated legal moves.
   */
  parse(text: string, index: number, strict: boolean): number {
    const quick = quickMatch(this.#notation.board, text, this);
    if (quick >= 0) return quick;
    const n = this.#fresh();
    const source = this.#source;
    source.text = text;
    source.index = index;
    let code: number;
    try {
      code = n.parse(source);
    } catch (error) {
      const other = strict || !(error instanceof MoveError) ||
          error.code !== "malformed"
        ? null
        : lenientForm(text);
      if (other === null) throw error;
      source.text = other;
      code = n.parse(source);
    }
    if (this.wantSan) this.body = n.san(code).replace(CHECK_MARK, "");
    return code;
  }

  /**
   * Whether {@linkcode Replay.parse} and {@linkcode Replay.playParsed} make
   * the move's SAN: a reader that keeps no moves (a walker) needs none.
   */
  wantSan = true;
  /** The SAN without check mark of the move {@linkcode Replay.parse} returned last. */
  body = "";
  /** Whether the side to move is in check: 1 or 0, or -1 when not known. */
  check = -1;

  /**
   * Plays the move {@linkcode Replay.parse} returned last and gives its
   * SAN, check or mate mark included ("" without `wantSan`).
   */
  playParsed(code: number): string {
    const b = this.#notation.board;
    makeMove(b, code);
    this.#played.push(code);
    this.#touch(code);
    this.#stale = true;
    const check = givesCheck(b, code);
    this.check = check ? 1 : 0;
    if (!this.wantSan) return "";
    if (!check) return this.body;
    return this.body + (hasLegalMove(b, replyScratch) ? "+" : "#");
  }

  /** The SAN, with `+` or `#`, of a legal move in the current position. */
  san(code: number): string {
    return this.#fresh().san(code);
  }

  /** The UCI of a move (castling as king takes rook in Chess960). */
  uci(code: number): string {
    return this.#notation.uci(code, this.chess960);
  }

  /** The square a move's piece leaves. */
  from(code: number): Square {
    return SQUARE_NAMES[code & 63];
  }

  /** The square a move's piece reaches (the king's, castling). */
  to(code: number): Square {
    return SQUARE_NAMES[kingDestination(code)];
  }

  /** Whether a move is castling. */
  isCastle(code: number): boolean {
    return (code & CASTLE) !== 0;
  }

  /** Plays a legal move; {@linkcode Replay.back} takes it back. */
  play(code: number): void {
    makeMove(this.#notation.board, code);
    this.#played.push(code);
    this.#touch(code);
    this.#stale = true;
    this.check = -1;
  }

  /** Takes back the last move played. */
  back(): void {
    unmakeMove(this.#notation.board);
    this.#touch(this.#played.pop()!);
    this.#stale = true;
    this.check = -1;
  }

  /** Fills the RecordView fields from the board. */
  #view(mode: EnPassantMode): void {
    const b = this.#notation.board;
    const sq = b.sq, cells = this.cells, dirty = this.#dirty;
    if (this.#allDirty) {
      for (let s = 0; s < 64; s++) cells[s] = CHAR_OF_CODE[sq[s]];
      this.#allDirty = false;
    } else {
      for (let k = 0; k < dirty.length; k++) {
        cells[dirty[k]] = CHAR_OF_CODE[sq[dirty[k]]];
      }
    }
    dirty.length = 0;
    this.turn = b.turn === 0 ? "w" : "b";
    if (b.castle !== this.#castleKey) {
      const squares: Square[] = [];
      for (const slot of CASTLING_ORDER) {
        const rook = castleRook(b.castle, slot);
        if (rook >= 0) squares.push(SQUARE_NAMES[rook]);
      }
      this.#castling = squares;
      this.#castleKey = b.castle;
    }
    this.enPassant = b.ep < 0
      ? null
      : mode === "always"
      ? SQUARE_NAMES[b.ep]
      : enPassantOf(b, mode);
    this.halfmoveClock = b.halfmove;
    this.fullmoveNumber = b.fullmove;
  }

  /** Fills the RecordView fields for the current position and gives them. */
  view(mode: EnPassantMode): RecordView {
    this.#view(mode);
    return this;
  }

  /** Writes the current position's FEN at `at`; returns where it ends. */
  writeFen(buffer: Uint8Array, at: number, mode: EnPassantMode): number {
    this.#view(mode);
    return writeFenBytes(this, buffer, at);
  }

  /** The current position's FEN, as `stringifyFen` writes it. */
  fen(mode: EnPassantMode): string {
    const end = this.writeFen(fenBytes, 0, mode);
    // Through an array of char codes: faster than a string built a
    // character at a time, or decoded from the bytes.
    const codes = fenCodes;
    codes.length = end;
    for (let i = 0; i < end; i++) codes[i] = fenBytes[i];
    return String.fromCharCode.apply(null, codes);
  }

  /** The current position as plain data. */
  position(mode: EnPassantMode): Position {
    this.#view(mode);
    return toPosition(this.#notation.board, this.enPassant);
  }
}

// Scratch for Replay.fen, unexported: filled and read within one call.
const fenBytes = new Uint8Array(FEN_BYTES_MAX);
const fenCodes: number[] = [];

/**
 * The key of a read move's code for the board, kept on the move objects the
 * reader makes so that walking a game plays moves without matching text.
 */
export const CODE: unique symbol = Symbol("move code");

/** A move as the reader makes it: the public fields and its board code. */
export interface CodedMove {
  [CODE]?: number;
}

// Scratch for Replay.playParsed, unexported: the mate test's moves, filled
// and read within one call.
const replyScratch = new Int32Array(MAX_MOVES);
// Scratch for quickMatch, unexported: the candidate origins of one call.
const candidates = new Int32Array(16);

/** Roles by the char code of a SAN piece letter (N B R Q K), 0 for others. */
const ROLE_OF_LETTER: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  " PNBRQK".split("").forEach((letter, role) => {
    if (role > 1) table[letter.charCodeAt(0)] = role;
  });
  return table;
})();
const SAN_LETTERS = " PNBRQK";

/** Whether `c` is a file letter, a to h. */
function isFile(c: number): boolean {
  return c >= 97 && c <= 104;
}

/** Whether `c` is a rank digit, 1 to 8. */
function isRank(c: number): boolean {
  return c >= 49 && c <= 56;
}

/**
 * The legal move that plain SAN names (`Nf3`, `Rad1`, `exd5`, `e8=Q`, with
 * any check mark or annotation), found from the pieces that can reach the
 * square rather than from every legal move; its SAN goes to `out.body`.
 * Returns -1 for anything else and for no move or several, which Notation
 * then reads, so that this path only ever agrees with it.
 */
/** Where quickMatch writes the SAN, and reads (or caches) whether the side is in check. */
interface QuickOut {
  wantSan: boolean;
  body: string;
  check: number;
}

function inCheck(b: ChessBoard, out: QuickOut): boolean {
  if (out.check < 0) {
    out.check = isAttacked(b, b.king[b.turn], b.turn ^ 1) ? 1 : 0;
  }
  return out.check === 1;
}

function quickMatch(b: ChessBoard, text: string, out: QuickOut): number {
  let end = text.length;
  for (
    let c = text.charCodeAt(end - 1);
    c === 43 || c === 35 || c === 33 || c === 63;
  ) {
    c = text.charCodeAt(--end - 1);
  }
  if (end < 2) return -1;
  const role = ROLE_OF_LETTER[text.charCodeAt(0)] ?? 0;
  return role === 0
    ? quickPawn(b, text, end, out)
    : quickPiece(b, text, end, role, out);
}

function quickPiece(
  b: ChessBoard,
  text: string,
  end: number,
  role: number,
  out: QuickOut,
): number {
  const f = text.charCodeAt(end - 2), r = text.charCodeAt(end - 1);
  if (!isFile(f) || !isRank(r)) return -1;
  let i = 1, file = -1, rank = -1;
  let c = text.charCodeAt(i);
  if (i < end - 2 && isFile(c)) (file = c - 97, c = text.charCodeAt(++i));
  if (i < end - 2 && isRank(c)) (rank = 56 - c, c = text.charCodeAt(++i));
  if (i < end - 2 && c === 120 /* x */) i++;
  if (i !== end - 2) return -1;
  const to = (56 - r) * 8 + (f - 97);
  const sq = b.sq, us = b.turn, piece = us << 3 | role;
  if (sq[to] !== 0 && sq[to] >> 3 === us) return -1;
  const check = inCheck(b, out);
  let found = 0, chosen = -1, matches = 0;
  for (let k = us * 64, last = k + b.count[us]; k < last; k++) {
    const s = b.list[k];
    if (
      sq[s] !== piece || !attacksSquare(b, s, to) ||
      !legal(b, s | to << 6, check)
    ) {
      continue;
    }
    if (found < 16) candidates[found++] = s;
    if ((file < 0 || (s & 7) === file) && (rank < 0 || s >> 3 === rank)) {
      chosen = s;
      matches++;
    }
  }
  if (matches !== 1) return -1;
  if (out.wantSan) out.body = pieceSan(b, { role, chosen, to, found });
  return chosen | to << 6;
}

/** The SAN of a piece move quickPiece found, as Notation writes it. */
function pieceSan(
  b: ChessBoard,
  { role, chosen, to, found }: {
    role: number;
    chosen: number;
    to: number;
    found: number;
  },
): string {
  let sameFile = false, sameRank = false;
  for (let k = 0; k < found; k++) {
    const s = candidates[k];
    if (s === chosen) continue;
    if ((s & 7) === (chosen & 7)) sameFile = true;
    if (s >> 3 === chosen >> 3) sameRank = true;
  }
  // As Notation writes it: the file if it tells the pieces apart, else the rank, else both.
  const name = SQUARE_NAMES[chosen];
  const origin = found < 2
    ? ""
    : !sameFile
    ? name[0]
    : !sameRank
    ? name[1]
    : name;
  return SAN_LETTERS[role] + origin + (b.sq[to] !== 0 ? "x" : "") +
    SQUARE_NAMES[to];
}

function quickPawn(
  b: ChessBoard,
  text: string,
  end: number,
  out: QuickOut,
): number {
  const c0 = text.charCodeAt(0);
  if (!isFile(c0)) return -1;
  const fromFile = c0 - 97;
  let i = 0, capture = false;
  if (text.charCodeAt(1) === 120 /* x */) (capture = true, i = 2);
  const f = text.charCodeAt(i), r = text.charCodeAt(i + 1);
  if (!isFile(f) || !isRank(r)) return -1;
  if (!capture && f !== c0) return -1;
  i += 2;
  let promotion = 0;
  if (i < end && text.charCodeAt(i) === 61 /* = */) i++;
  if (i < end) {
    promotion = ROLE_OF_LETTER[text.charCodeAt(i) & ~32] ?? 0;
    if (promotion < 2 || promotion > 5 || ++i !== end) return -1;
  }
  if (i !== end) return -1;
  const sq = b.sq, us = b.turn;
  const to = (56 - r) * 8 + (f - 97);
  const forward = us === 0 ? -8 : 8, pawn = us << 3 | PAWN;
  if ((to >> 3 === (us === 0 ? 0 : 7)) !== (promotion !== 0)) return -1;
  let code: number;
  if (capture) {
    const from = to - forward + (fromFile - (f - 97));
    if (Math.abs(fromFile - (f - 97)) !== 1 || sq[from] !== pawn) return -1;
    if (sq[to] !== 0) {
      if (sq[to] >> 3 === us) return -1;
      code = from | to << 6;
    } else if (to === b.ep) code = from | to << 6 | EN_PASSANT;
    else return -1;
  } else {
    if (sq[to] !== 0) return -1;
    const one = to - forward;
    if (sq[one] === pawn) code = one | to << 6;
    else if (
      sq[one] === 0 && sq[one - forward] === pawn &&
      one - forward >> 3 === (us === 0 ? 6 : 1)
    ) code = (one - forward) | to << 6 | DOUBLE_PUSH;
    else return -1;
  }
  code |= promotion << 12;
  if (!legal(b, code, inCheck(b, out))) return -1;
  if (!out.wantSan) return code;
  out.body = (capture ? text[0] + "x" : "") + SQUARE_NAMES[to] +
    (promotion ? "=" + SAN_LETTERS[promotion] : "");
  return code;
}

/**
 * Whether the move just made checks the side now to move: the moved piece
 * attacks the king, or, when the square it left is on a line from the king
 * (or the move is castling, en passant or a promotion), the full test.
 */
function givesCheck(b: ChessBoard, code: number): boolean {
  const king = b.king[b.turn], from = code & 63, to = (code >> 6) & 63;
  if (
    (code & (CASTLE | EN_PASSANT | (7 << 12))) !== 0 ||
    DIRECTION[king * 64 + from] >= 0
  ) {
    return isAttacked(b, b.king[b.turn], b.turn ^ 1);
  }
  return attacksSquare(b, to, king);
}

/**
 * Whether a move leaves its own king safe. Out of check, a piece other than
 * the king can only expose it along the line from the king through its
 * square, to an enemy slider behind it, unless it stays on that line: one
 * look along the ray. Otherwise the move is made, tested and taken back.
 */
function legal(b: ChessBoard, code: number, check: boolean): boolean {
  const us = b.turn, from = code & 63, king = b.king[us];
  if (!check && from !== king && !(code & EN_PASSANT)) {
    const d = DIRECTION[king * 64 + from];
    if (d < 0 || DIRECTION[king * 64 + ((code >> 6) & 63)] === d) return true;
    return !pinned(b, king, from, d);
  }
  makeMove(b, code);
  const safe = !isAttacked(b, b.king[us], us ^ 1);
  unmakeMove(b);
  return safe;
}

/** Whether the piece on `from` stands between its king and an enemy slider in direction `d`. */
function pinned(b: ChessBoard, king: number, from: number, d: number): boolean {
  const sq = b.sq, them = (b.turn ^ 1) << 3;
  let passed = false;
  for (
    let j = RAY_START[king * 8 + d], e = RAY_START[king * 8 + d + 1];
    j < e;
    j++
  ) {
    const s = RAY_SQUARES[j], p = sq[s];
    if (p === 0) continue;
    if (!passed) {
      if (s !== from) return false;
      passed = true;
      continue;
    }
    return p === (them | QUEEN) || p === (them | (d < 4 ? ROOK : BISHOP));
  }
  return false;
}

// The one door from the PGN reader to the move machinery: a board that
// plays the moves of a game, takes them back for variations, matches move
// text against the legal moves, and writes the canonical FEN straight from
// its squares. Every use of the move library's internal modules is here, so
// that moving that library moves one import block.

import {
  FEN_BYTES_MAX,
  type RecordView,
  writeFenBytes,
} from "../_fen_bytes.ts";
import { Board, castleRook } from "../moves/_board.ts";
import {
  type EnPassantMode,
  enPassantOf,
  generateMoves,
} from "../moves/_generate.ts";
import { CASTLE, LETTER_OF_CODE } from "../moves/_geometry.ts";
import { type MoveSource, Notation } from "../moves/_notation.ts";
import { MoveError } from "../moves/errors.ts";
import { SQUARE_NAMES } from "../_tables.ts";
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

/** Long algebraic and other spellings people write, as groups to rebuild. */
const LONG_FORM =
  /^([NBRQK]?)([a-h][1-8])[-x:]?([a-h][1-8])(?:=?\(?([QRBNqrbn])\)?)?([+#]?[!?]*)$/;
/** A pawn capture without its `x` (`ed5`), or with `:` for it. */
const BARE_CAPTURE = /^([a-h]):?([a-h][1-8].*)$/;
/** A piece capture with `:` for `x` (`N:e5`, `Nf3:e5`). */
const COLON_CAPTURE = /^([NBRQK][a-h]?[1-8]?):([a-h][1-8].*)$/;
/** A promotion in parentheses or after a slash: `e8(Q)`, `e8/Q`. */
const ODD_PROMOTION = /^([a-h]x?[a-h]?[18])[(/]([QRBNqrbn])\)?([+#]?[!?]*)$/;
/** Annotation marks at the end of a move, which are not part of its SAN. */
const ANNOTATION = /[!?]+$/;

/** The text as Notation reads it, for the lenient spellings; or null. */
function lenientForm(text: string): string | null {
  const t = text.charCodeAt(0) === 80 /* P */ ? text.slice(1) : text;
  let m = LONG_FORM.exec(t);
  if (m) {
    const [, piece, from, to, promotion = ""] = m;
    return piece === ""
      ? from + to + promotion.toLowerCase()
      : piece + from + to;
  }
  m = ODD_PROMOTION.exec(t);
  if (m) return `${m[1]}=${m[2].toUpperCase()}`;
  m = COLON_CAPTURE.exec(t) ?? BARE_CAPTURE.exec(t);
  if (m) return `${m[1]}x${m[2]}`;
  return t === text ? null : t;
}

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
    this.#notation = new Notation(new Board());
  }

  /** Loads a start position; throws UnplayablePositionError as Board does. */
  load(position: Position, chess960: boolean): void {
    Board.from(position, this.#notation.board);
    this.chess960 = chess960;
    this.#stale = true;
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
   * The legal move `text` names, or a MoveError (`index` is the ply). Lenient
   * spellings are tried when the text is not SAN or UCI; `strict` accepts
   * only the move's SAN exactly, check mark included.
   */
  parse(text: string, index: number, strict: boolean): number {
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
    if (strict && n.san(code) !== text.replace(ANNOTATION, "")) {
      throw new MoveError({
        move: text,
        index,
        code: "malformed",
        reason: `not the move's SAN, ${n.san(code)}`,
      });
    }
    return code;
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
    return SQUARE_NAMES[this.#notation.kingDestination(code)];
  }

  /** Whether a move is castling. */
  isCastle(code: number): boolean {
    return (code & CASTLE) !== 0;
  }

  /** Plays a legal move; {@linkcode Replay.back} takes it back. */
  play(code: number): void {
    this.#notation.board.make(code);
    this.#stale = true;
  }

  /** Takes back the last move played. */
  back(): void {
    this.#notation.board.unmake();
    this.#stale = true;
  }

  /** Fills the RecordView fields from the board. */
  #view(mode: EnPassantMode): void {
    const b = this.#notation.board;
    const sq = b.sq, cells = this.cells;
    for (let s = 0; s < 64; s++) cells[s] = CHAR_OF_CODE[sq[s]];
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

  /** Writes the current position's FEN at `at`; returns where it ends. */
  writeFen(buffer: Uint8Array, at: number, mode: EnPassantMode): number {
    this.#view(mode);
    return writeFenBytes(this, buffer, at);
  }

  /** The current position's FEN, as `stringifyFen` writes it. */
  fen(mode: EnPassantMode): string {
    const buffer = fenScratch;
    const end = this.writeFen(buffer, 0, mode);
    let out = "";
    for (let i = 0; i < end; i++) out += String.fromCharCode(buffer[i]);
    return out;
  }

  /** The current position as plain data. */
  position(mode: EnPassantMode): Position {
    this.#view(mode);
    return this.#notation.board.toPosition(this.enPassant);
  }
}

// Scratch for Replay.fen, unexported: filled and read within one call.
const fenScratch = new Uint8Array(FEN_BYTES_MAX);

/**
 * The key of a read move's code for the board, kept on the move objects the
 * reader makes so that walking a game plays moves without matching text.
 */
export const CODE: unique symbol = Symbol("move code");

/** A move as the reader makes it: the public fields and its board code. */
export interface CodedMove {
  [CODE]?: number;
}

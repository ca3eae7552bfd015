// A board that plays the moves of a game, takes them back for variations,
// matches move text against the legal moves, and writes the canonical FEN
// straight from its squares: the PGN reader's view of the chess core.

import { FEN_BYTES_MAX, writeFenBytes } from "../fen/bytes.ts";
import type { RecordView } from "../record_view.ts";
import { ChessBoard } from "../chess/board.ts";
import {
  makeMove,
  makeNullMove,
  unmakeMove,
  unmakeNullMove,
} from "../chess/make.ts";
import {
  kingDestination,
  kingTarget,
  movePromotion,
  moveTo,
  packedMove,
  rookTarget,
} from "../chess/move.ts";
import {
  castlingOf,
  CHAR_OF_CODE,
  toPosition,
  writeCells,
} from "../chess/convert.ts";
import { playableBoard } from "../chess/playable.ts";
import { isAttacked } from "../chess/attacks.ts";
import { inCheck } from "../chess/notation.ts";
import { VARIANT_MOVES } from "../chess/variant.ts";
import { variantCheckMark } from "../chess/variant_end.ts";
import {
  type EnPassantMode,
  enPassantOf,
  generateMoves,
  hasLegalMove,
  MAX_MOVES,
} from "../chess/generate.ts";
import { CASTLE, DROP, dropRole, EN_PASSANT } from "../chess/move.ts";
import { type MoveSource, Notation } from "../chess/notation.ts";
import type { VariantState } from "../record_view.ts";
import { MoveError } from "../chess/errors.ts";
import { SQUARE_NAMES } from "../_tables.ts";
import { lenientForm } from "./_lenient.ts";
import { quickMatch } from "./_quick_match.ts";
import { givesCheck } from "../chess/pins.ts";
import {
  type Position,
  type Rules,
  rulesOf,
  type RulesOptions,
  type Side,
  type Square,
} from "../types.ts";

export type { EnPassantMode };

/**
 * Promotion letters by role (chess/geometry's: knight 2 ... queen 5, and
 * antichess's king 6).
 */
const PROMOTION_LETTERS: readonly ("n" | "b" | "r" | "q" | "k" | null)[] = [
  null,
  null,
  "n",
  "b",
  "r",
  "q",
  "k",
  null,
];

/** The letters of the roles a drop puts on the board (pawn 1 ... queen 5). */
const DROP_LETTERS = [null, "p", "n", "b", "r", "q", null, null] as const;

/**
 * By VARIANT_MOVES row: whether a variant's moves on the board are standard
 * chess's, judged by the same king safety (crazyhouse adds drops, three-check
 * and king of the hill only new ends), so that the fast path may match them.
 */
const STANDARD_MOVES: readonly boolean[] = VARIANT_MOVES.map((v) =>
  v.royal && v.kings === "each" && !v.forcedCapture && !v.kingPromotion &&
  !v.explosions && !v.noCheckGiving
);

/** The most squares remembered as changed before all are rewritten. */
const DIRTY_MAX = 28;

const CHECK_MARK = /[+#]$/;

/**
 * The code of a null move (`--`, `Z0`: the side to move passes), which no
 * move has: from a1 to a1.
 */
export const NULL_MOVE = 0;

/** Whether a move's text is a null move, annotations aside. */
function isNullMove(text: string): boolean {
  const body = text.replace(/[!?]+$/, "");
  return body === "--" || body === "Z0";
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
  /** The rules of the game loaded: how UCI writes castling. */
  rules: Rules = "chess";
  /** Crazyhouse's pockets, three-check's counters: `null` under the others. */
  variant: VariantState | null = null;
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
  load(position: Position, options: RulesOptions): void {
    const rules = rulesOf(options);
    playableBoard(position, this.#notation.board, rules);
    this.rules = rules;
    this.variant = null;
    this.#stale = true;
    this.check = -1;
    this.#playedCount = 0;
    this.#allDirty = true;
  }

  /**
   * The codes of the moves on the board, to know what a take-back touches:
   * the first `#playedCount` (a count, as emptying an array frees it, and
   * each game grew it again: 1.4 KB of garbage a game).
   */
  readonly #played: number[] = [];
  #playedCount = 0;
  /** Squares whose `cells` may be out of date, unless all are. */
  readonly #dirty = new Uint8Array(DIRTY_MAX);
  /** How many of `#dirty` are set: a count, as emptying an array frees it. */
  #dirtyCount = 0;
  #allDirty = true;

  /** Marks the squares a move (made or taken back) changes. */
  #touch(code: number): void {
    if (this.#allDirty || code === NULL_MOVE) return;
    // A variant's move may change more (explosions, promotions to a king):
    // all rewritten, but where moves are standard chess's (and drops).
    const b = this.#notation.board;
    if (!b.plain && !STANDARD_MOVES[b.variant]) {
      this.#allDirty = true;
      return;
    }
    const dirty = this.#dirty;
    let n = this.#dirtyCount;
    if (n > DIRTY_MAX - 4) {
      this.#allDirty = true;
      return;
    }
    const from = code & 63, to = (code >> 6) & 63;
    dirty[n++] = from;
    dirty[n++] = to;
    if (code & CASTLE) {
      dirty[n++] = kingTarget(from, to);
      dirty[n++] = rookTarget(from, to);
    } else if (code & EN_PASSANT) dirty[n++] = (from & 56) | (to & 7);
    this.#dirtyCount = n;
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
    // The fast path knows standard chess's moves only: those of the
    // variants that keep them, until their goal ends the game.
    const b = this.#notation.board;
    const quick = b.plain ||
        (STANDARD_MOVES[b.variant] && !VARIANT_MOVES[b.variant].ended(b))
      ? quickMatch(b, text, this)
      : -1;
    if (quick >= 0) return quick;
    if (isNullMove(text)) return this.#nullMove(text, index);
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

  /** A null move, unless the side to move is in check (it could not pass). */
  #nullMove(text: string, index: number): number {
    const b = this.#notation.board;
    if (this.check === -1) {
      this.check = !b.plain
        ? (inCheck(b) ? 1 : 0)
        : b.king[b.turn] >= 0 && isAttacked(b, b.king[b.turn], b.turn ^ 1)
        ? 1
        : 0;
    }
    if (this.check === 1) {
      throw new MoveError({
        move: text,
        index,
        code: "illegal",
        reason: "illegal: the side in check cannot pass",
      });
    }
    this.body = "--";
    return NULL_MOVE;
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
    if (code === NULL_MOVE) {
      this.play(code);
      this.check = 0;
      return this.wantSan ? "--" : "";
    }
    const b = this.#notation.board;
    makeMove(b, code);
    this.#played[this.#playedCount++] = code;
    this.#touch(code);
    this.#stale = true;
    if (!b.plain) return this.#variantMark(b);
    const check = givesCheck(b, code);
    this.check = check ? 1 : 0;
    if (!this.wantSan) return "";
    if (!check) return this.body;
    return this.body + (hasLegalMove(b, replyScratch) ? "+" : "#");
  }

  /**
   * playParsed's check mark under a variant's rules, as python-chess
   * writes it: `#` for checkmate and for a game the variant's goal ended
   * (a king exploded or on the hill, a third check, a side out of pieces,
   * a king home in racing kings, a side without a move in antichess) but
   * a drawn one, `+` for another check.
   */
  #variantMark(b: ChessBoard): string {
    this.check = inCheck(b) ? 1 : 0;
    if (!this.wantSan) return "";
    return this.body + variantCheckMark(b, replyScratch);
  }

  /** The SAN, with `+` or `#`, of a legal move in the current position. */
  san(code: number): string {
    return code === NULL_MOVE ? "--" : this.#fresh().san(code);
  }

  /** The UCI of a move (castling as king takes rook in Chess960). */
  uci(code: number): string {
    return code === NULL_MOVE ? "0000" : this.#notation.uci(code, this.rules);
  }

  /** The square a move's piece leaves. */
  from(code: number): Square {
    return SQUARE_NAMES[code & 63];
  }

  /** The square a move's piece reaches (the king's, castling). */
  to(code: number): Square {
    return SQUARE_NAMES[kingDestination(code)];
  }

  /** The letter of the piece a move promotes to, or null. */
  promotion(code: number): "n" | "b" | "r" | "q" | "k" | null {
    return code & DROP ? null : PROMOTION_LETTERS[movePromotion(code)];
  }

  /** The letter of the piece a crazyhouse drop puts on the board, or null. */
  drop(code: number): "p" | "n" | "b" | "r" | "q" | null {
    return code & DROP ? DROP_LETTERS[dropRole(code)] : null;
  }

  /** The chess core's board the game is played on. */
  get board(): ChessBoard {
    return this.#notation.board;
  }

  /** A move as `packedMove` packs it (0 for a null move). */
  packed(code: number): number {
    return code === NULL_MOVE ? 0 : packedMove(code, this.rules);
  }

  /** The cell of square `s` (a8 = 0) as {@linkcode Replay.view} fills it. */
  pieceAt(s: number): number {
    return CHAR_OF_CODE[this.#notation.board.sq[s]];
  }

  /** Each side's squares as bit sets, as `PgnPosition.occupancy` gives them. */
  occupancy(out: Int32Array): Int32Array {
    return this.#notation.board.sides(out);
  }

  /** The castling rook's square (before the move), or null. */
  castlingRook(code: number): Square | null {
    return code & CASTLE ? SQUARE_NAMES[moveTo(code)] : null;
  }

  /** Whether a move is castling. */
  isCastle(code: number): boolean {
    return (code & CASTLE) !== 0;
  }

  /** Plays a legal move; {@linkcode Replay.back} takes it back. */
  play(code: number): void {
    if (code === NULL_MOVE) makeNullMove(this.#notation.board);
    else makeMove(this.#notation.board, code);
    this.#played[this.#playedCount++] = code;
    this.#touch(code);
    this.#stale = true;
    this.check = -1;
  }

  /** Takes back the last move played. */
  back(): void {
    const code = this.#played[--this.#playedCount];
    if (code === NULL_MOVE) unmakeNullMove(this.#notation.board);
    else unmakeMove(this.#notation.board);
    this.#touch(code);
    this.#stale = true;
    this.check = -1;
  }

  /** Fills the RecordView fields from the board. */
  #view(mode: EnPassantMode): void {
    const b = this.#notation.board;
    writeCells(
      b,
      this.cells,
      this.#dirty,
      this.#allDirty ? -1 : this.#dirtyCount,
    );
    this.#allDirty = false;
    this.#dirtyCount = 0;
    this.turn = b.turn === 0 ? "w" : "b";
    if (b.castle !== this.#castleKey) {
      this.#castling = castlingOf(b, []);
      this.#castleKey = b.castle;
    }
    this.enPassant = b.ep < 0
      ? null
      : mode === "always"
      ? SQUARE_NAMES[b.ep]
      : enPassantOf(b, mode);
    this.halfmoveClock = b.halfmove;
    this.fullmoveNumber = b.fullmove;
    if (!b.plain) this.variant = variantStateOf(b);
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
    // character at a time, or decoded from the bytes. One array for each
    // length, as setting an array's length trims its storage, and the next
    // longer FEN grows it again.
    const codes = fenCodes[end] ??= new Array<number>(end).fill(0);
    for (let i = 0; i < end; i++) codes[i] = fenBytes[i];
    return String.fromCharCode.apply(null, codes);
  }

  /** The current position as plain data. */
  position(mode: EnPassantMode): Position {
    this.#view(mode);
    return toPosition(this.#notation.board, this.enPassant);
  }
}

/** The variant state of `b` (pockets, promoted pieces, counters), or null. */
function variantStateOf(b: ChessBoard): VariantState | null {
  const v = VARIANT_MOVES[b.variant];
  if (!v.drops && !v.countChecks) return null;
  const position = toPosition(b, null);
  return {
    pockets: position.pockets ?? null,
    promoted: position.promoted ?? [],
    remainingChecks: position.remainingChecks ?? null,
  };
}

// Scratch for Replay.fen, unexported: filled and read within one call
// (the code arrays by length, made when first needed).
const fenBytes = new Uint8Array(FEN_BYTES_MAX);
const fenCodes: number[][] = [];

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

// The record being written: one object per run, refilled for every record,
// with where it came from and its text as given, so every format and report
// reads the same view whether the record was read or moved.

import type { RecordView } from "../fen/bytes.ts";
import {
  recordViewOf,
  type RecordViewTarget,
  type VariantState,
} from "../record_view.ts";
import { stringifyFen } from "../fen/mod.ts";
import type { FenReader } from "../fen/reader.ts";
import type { PgnGame, PgnPosition } from "../pgn/mod.ts";
import type { EpdOperation, Position, Side, Square } from "../types.ts";
import type { Output } from "./io.ts";
import type { Where } from "./where.ts";

/**
 * The record being written, refilled for every record of a run: the cells
 * and fields come straight from what was read (the FEN reader, or a game's
 * board at a ply), or from the position it was rewritten to (`--moves`,
 * `--repair`, `--en-passant`), so every writer has one path whatever the
 * record's origin.
 */
export class Current implements RecordView {
  /** The placement to write: 64 char codes, 0 for empty. */
  cells: readonly number[];
  /**
   * The position the record was rewritten to (by `--moves`, `--repair`,
   * `--en-passant`), or `null` while it is as it was read.
   */
  rewritten: Position | null = null;
  /** What a rewritten record's fields are read from (one per run). */
  /** The view of a rewritten position, refilled by each rewrite. */
  readonly #rewrittenView: RecordViewTarget;
  /** The last move as set, or `undefined` for the ply's (made when asked). */
  #lastMove: string | null | undefined = undefined;
  /** The last move played (`e2e4`), for the diagram. */
  get lastMove(): string | null {
    if (this.#lastMove !== undefined) return this.#lastMove;
    const ply = this.ply;
    // Only diagrams ask: no string is made for the records that do not.
    return ply === null || ply.from === null ? null : `${ply.from}${ply.to}`;
  }
  set lastMove(move: string | null) {
    this.#lastMove = move;
  }
  /**
   * The record's legal moves (UCI, or SAN with `--san`), listed by the
   * transform of `--format moves` before the writer; empty otherwise.
   */
  legalMoves: readonly string[] = NO_MOVES;
  /** The moves `--moves` played, for JSON, or `null`. */
  played: readonly { uci: string; san: string }[] | null = null;
  /**
   * The game the record is a position of (a PGN game, or the one `--moves`
   * made for formats that write games), or `null`.
   */
  game: PgnGame | null = null;
  /** The record's place in `game` (PGN input), or `null`. */
  ply: PgnPosition | null = null;
  /** Where the record came from (a stream's line, an operand, a game). */
  where: Where = NOWHERE;
  /** The record as given (the caller's object, refilled per record). */
  span: RecordSpan = { input: "", start: 0, end: 0 };
  readonly #reader: FenReader;
  /** What was read: the reader, or a game's position (fields given, EPD). */
  #read: RecordView;
  /** What the fields are read from: what was read, or the rewritten view. */
  #view: RecordView;
  readonly #position: Position;
  #filled = false;

  constructor(reader: FenReader) {
    this.#reader = reader;
    this.#read = reader;
    this.#view = reader;
    this.cells = reader.cells;
    this.#position = reader.toPosition();
    this.#rewrittenView = recordViewOf(this.#position);
  }

  /** How many of the six fields the record gave (a game's are all six). */
  get fieldsGiven(): number {
    return this.#read === this.#reader ? this.#reader.fieldsGiven : 6;
  }

  /**
   * Whether the record has a real side to move: it gave more than its
   * placement, or was rewritten into a position (a placement alone reads
   * as White to move, which no mark or text should claim).
   */
  get hasTurn(): boolean {
    return this.fieldsGiven > 1 || this.rewritten !== null;
  }

  /** The record's EPD operations (as `--uci`/`--san` rewrote them), or `null`. */
  get operations(): readonly EpdOperation[] | null {
    if (this.#operations !== null) return this.#operations;
    return this.#read === this.#reader ? this.#reader.operations : null;
  }
  #operations: readonly EpdOperation[] | null = null; // rewritten ones

  /** Replaces the record's operations (moves rewritten in another notation). */
  setOperations(operations: readonly EpdOperation[]): void {
    this.#operations = operations;
  }

  /** The side to move. */
  get turn(): Side {
    return this.#view.turn;
  }
  /** The castling rook squares, in canonical order. */
  get castling(): readonly Square[] {
    return this.#view.castling;
  }
  /** The en-passant square. */
  get enPassant(): Square | null {
    return this.#view.enPassant;
  }
  /** The halfmove clock. */
  get halfmoveClock(): number {
    return this.#view.halfmoveClock;
  }
  /** Crazyhouse's pockets or three-check's counters, or `null`. */
  get variant(): VariantState | null {
    return this.#view.variant ?? null;
  }
  /** The fullmove number. */
  get fullmoveNumber(): number {
    return this.#view.fullmoveNumber;
  }

  /**
   * Starts on the record the reader has just read from `span`, which came
   * from `where`.
   */
  next(where: Where, span: RecordSpan): void {
    this.#start(this.#reader, where);
    this.span = span;
  }

  /** Starts on a game's position at a ply (PGN input). */
  nextPly(ply: PgnPosition, where: Where): void {
    this.#start(ply.view(), where);
    this.game = ply.game;
    this.ply = ply;
    this.span = NO_SPAN;
  }

  #start(view: RecordView, where: Where): void {
    this.#read = view;
    this.#view = view;
    this.cells = view.cells;
    this.rewritten = null;
    this.#lastMove = undefined;
    this.played = null;
    this.legalMoves = NO_MOVES;
    this.game = null;
    this.ply = null;
    this.where = where;
    this.#filled = false;
    this.#operations = null;
  }

  /** Replaces the record's position (what was read stays its origin). */
  rewrite(position: Position): void {
    this.rewritten = position;
    const view = recordViewOf(position, this.#rewrittenView);
    this.#view = view;
    this.cells = view.cells;
  }

  /** The canonical FEN of the record (a string: for reports, not streams). */
  fen(): string {
    return stringifyFen(this.position());
  }

  /** The record's position (one reused object, refilled once per record). */
  position(): Position {
    if (this.rewritten !== null) return this.rewritten;
    if (this.ply !== null) return this.ply.toPosition();
    if (!this.#filled) {
      this.#reader.toPosition(this.#position);
      this.#filled = true;
    }
    return this.#position;
  }
}

const NO_MOVES: readonly string[] = Object.freeze([]);

const NO_SPAN: RecordSpan = Object.freeze({ input: "", start: 0, end: 0 });

/** A record's text within a longer one. */
export interface RecordSpan {
  input: string;
  start: number;
  end: number;
}

const NOWHERE: Where = { number: 0, prefix: "", stream: false, file: "" };

const encoder = new TextEncoder();
const LINE_MEMBER = encoder.encode('{"line":');
const RECORD_MEMBER = encoder.encode('{"record":');

/**
 * Where a record came from, as the members a JSON object starts with:
 * `"line"` for a stream (and `"file"` for an `--input` file), `"record"`
 * for an operand, `"game"`, `"ply"` and `"line"` for a game's position.
 */
export function writeJsonPlace(out: Output, where: Where): void {
  if (where.ply !== undefined) {
    // A game's position: the game, the ply, the line the game starts on.
    out.write('{"game":');
    out.writeNatural(where.number);
    out.write(',"ply":');
    out.writeNatural(where.ply);
    out.write(',"line":');
    out.writeNatural(where.line ?? 0);
  } else {
    out.append(where.stream ? LINE_MEMBER : RECORD_MEMBER);
    out.writeNatural(where.number);
  }
  if (where.file !== "") {
    out.write(',"file":');
    out.write(where.fileJson ?? JSON.stringify(where.file));
  }
}

/** `text.slice(start, end)` as a JSON string, without a string if ASCII. */
export function writeJsonString(out: Output, span: RecordSpan): void {
  const { input, start, end } = span;
  out.reserve(end - start + 2);
  const buffer = out.buffer;
  let o = out.length;
  buffer[o++] = 34;
  for (let i = start; i < end; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 34 || c === 92) {
      // Escapes and UTF-8 are JSON.stringify's job: rare in a record.
      out.write(JSON.stringify(input.slice(start, end)));
      return;
    }
    buffer[o++] = c;
  }
  buffer[o++] = 34;
  out.length = o;
}

/**
 * A reader of FEN records that owns its buffers: make one per stream of
 * records and read each record in place, without slicing the line out of
 * its chunk and without allocating (the fast path behind the `fen`
 * command's batch mode, open to library users).
 *
 * @module
 */

import { castlingSquares } from "./_castling.ts";
import {
  emptyFields,
  type RecordContext,
  type RecordFields,
} from "./_fields.ts";
import { contentStart, readOrThrow, recordContext } from "./_record.ts";
import { PIECE_OF_CODE } from "./_placement.ts";
import {
  pocketsOf,
  promotedOf,
  type VariantFields,
  variantFields,
} from "./_variant.ts";
import type { VariantState } from "../record_view.ts";
import type {
  EpdOperation,
  ParseFenOptions,
  Piece,
  Position,
  Side,
  Square,
} from "../types.ts";
import { rulesOf } from "../types.ts";

/**
 * Reads FEN (and EPD) records into buffers it owns. After a successful
 * {@linkcode FenReader.read}, {@linkcode FenReader.cells} and the field
 * getters describe that record until the next `read`.
 *
 * @example Reading lines of a text in place
 * ```ts
 * import { FenReader, FenSyntaxError } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const text = "8/8/8/8/8/8/8/K6k b - - 0 40\nx 8/8/8/8/8/8/8/8\n";
 * const reader = new FenReader();
 * reader.read(text, 0, 28);
 * assert.equal(reader.turn, "b");
 * assert.equal(reader.cells[56], "K".charCodeAt(0)); // a1
 * assert.throws(() => reader.read(text, 29, 46), (error: unknown) =>
 *   error instanceof FenSyntaxError && error.offset === 0 && // from the line start
 *   error.field === "placement");
 * ```
 */
export class FenReader {
  /**
   * The last placement read: 64 char codes from a8 to h1 (`"K"` is 75), 0
   * for an empty square. Reused by every read.
   */
  readonly cells: number[] = new Array(64).fill(0);
  readonly #fields: RecordFields;
  readonly #context: RecordContext;
  // The castling squares last asked for, and the rights they were made of.
  readonly #castling: Square[] = [];
  #castlingRights = 0;

  /**
   * Makes a reader.
   *
   * @param options Strictness and Chess960 castling, for every record.
   */
  constructor(options: ParseFenOptions = {}) {
    this.#fields = emptyFields(
      variantFields(rulesOf(options)),
    );
    this.#context = recordContext(options, this.#fields, {
      out: this.cells,
      mark: 0,
      gap: 0,
    });
  }

  /**
   * Reads the record in `text` from `start` to `end` (a line inside a larger
   * chunk is read where it is).
   *
   * @param text The text holding the record.
   * @param start Where the record starts; error offsets count from here.
   * @param end Where it ends (exclusive).
   * @throws {FenSyntaxError} If the record is malformed.
   */
  read(text: string, start = 0, end: number = text.length): void {
    readOrThrow(text, start, end, this.#context);
  }

  /**
   * Whether a stream of records skips the line in `text` from `start` to
   * `end`: a blank line (nothing but spaces, tabs, no-break spaces and byte
   * order marks), or, unless the reader is strict, a `#` comment line. The
   * `fen` command skips by this one definition.
   *
   * @example Blank and comment lines
   * ```ts
   * import { FenReader } from "@fen/fen";
   * import assert from "node:assert/strict";
   *
   * const reader = new FenReader();
   * assert.equal(reader.isSkippedLine(" \t\u00a0\ufeff"), true);
   * assert.equal(reader.isSkippedLine("  # from a game"), true);
   * assert.equal(reader.isSkippedLine("8/8/8/8/8/8/8/8"), false);
   * assert.equal(new FenReader({ strict: true }).isSkippedLine("# x"), false);
   * ```
   *
   * @param text The text holding the line.
   * @param start Where the line starts.
   * @param end Where it ends (exclusive), without its line break.
   * @returns `true` if the line holds no record to read.
   */
  isSkippedLine(text: string, start = 0, end: number = text.length): boolean {
    const i = contentStart(text, start, end);
    return i === end ||
      (text.charCodeAt(i) === 35 /* # */ && !this.#context.strict);
  }

  /** The side to move of the last record. */
  get turn(): Side {
    return this.#fields.turn;
  }
  /** Its castling rook squares, in canonical order (a reused array). */
  get castling(): readonly Square[] {
    const rights = this.#fields.castling;
    if (rights !== this.#castlingRights) {
      this.#castlingRights = rights;
      castlingSquares(rights, this.#castling);
    }
    return this.#castling;
  }
  /** Its en-passant square. */
  get enPassant(): Square | null {
    return this.#fields.enPassant;
  }
  /** Its halfmove clock. */
  get halfmoveClock(): number {
    return this.#fields.halfmoveClock;
  }
  /** Its fullmove number. */
  get fullmoveNumber(): number {
    return this.#fields.fullmoveNumber;
  }
  /** How many of the six FEN fields it gave: 1 for a placement alone. */
  get fieldsGiven(): number {
    return this.#fields.given;
  }
  /** Its EPD operations, or `null` when it had none. */
  get operations(): readonly EpdOperation[] | null {
    return this.#fields.operations;
  }
  /**
   * Its crazyhouse pockets and promoted pieces, or three-check counters
   * (a new object per call), or `null` under the other rules.
   */
  get variant(): VariantState | null {
    const v = this.#fields.variant;
    return v === null ? null : variantStateOf(v);
  }

  /**
   * The last record as a {@linkcode Position}: a new one, or `into`
   * overwritten (a batch reuses one, so a record costs no board).
   *
   * @param into A position to fill instead of making one.
   * @returns The position.
   */
  toPosition(into?: Position): Position {
    const fields = this.#fields;
    if (into !== undefined) {
      readBoard(this.cells, into.board);
      into.turn = fields.turn;
      into.castling = castlingSquares(fields.castling, []);
      into.enPassant = fields.enPassant;
      into.halfmoveClock = fields.halfmoveClock;
      into.fullmoveNumber = fields.fullmoveNumber;
      if (fields.variant !== null) addVariant(into, fields.variant);
      return into;
    }
    // one literal: every position gets the same shape at once
    const position: Position = {
      board: readBoard(this.cells, new Array(64)),
      turn: fields.turn,
      castling: castlingSquares(fields.castling, []),
      enPassant: fields.enPassant,
      halfmoveClock: fields.halfmoveClock,
      fullmoveNumber: fields.fullmoveNumber,
    };
    if (fields.variant !== null) addVariant(position, fields.variant);
    return position;
  }
}

/** A variant's fields as a record view has them. */
function variantStateOf(v: VariantFields): VariantState {
  return {
    pockets: v.crazyhouse ? pocketsOf(v) : null,
    promoted: v.crazyhouse ? promotedOf(v) : [],
    remainingChecks: v.threecheck
      ? { w: v.remainingWhite, b: v.remainingBlack }
      : null,
  };
}

/** Sets a variant's fields on a position. */
function addVariant(position: Position, v: VariantFields): void {
  if (v.crazyhouse) {
    position.pockets = pocketsOf(v);
    position.promoted = promotedOf(v);
  }
  if (v.threecheck) {
    position.remainingChecks = { w: v.remainingWhite, b: v.remainingBlack };
  }
}

/** Char codes to pieces: `board` filled from `cells` and returned. */
function readBoard(
  cells: readonly number[],
  board: (Piece | null)[],
): (Piece | null)[] {
  for (let k = 0; k < 64; k++) board[k] = PIECE_OF_CODE[cells[k]];
  return board;
}

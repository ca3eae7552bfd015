// The levels at which two records are "the same position", and the key of
// a record at a level: the FEN text of the fields the level keeps, written
// by the codec's byte writers, so a key reads as a record does and the
// board-only key is the placement `--format placement` prints.

import { fitsTurn } from "../../_tables.ts";
import { writeFenBytes, writeFourFieldBytes } from "../../fen/bytes.ts";
import { hashesEnPassant } from "../polyglot/mod.ts";
import type { RecordView } from "../../record_view.ts";
import { POSITION_KEY_LEVELS } from "./names.ts";

export { POSITION_KEY_LEVELS };

/**
 * A dedupe level; see {@linkcode POSITION_KEY_LEVELS}.
 *
 * @example A level by name
 * ```ts
 * import type { PositionKeyLevel } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const level: PositionKeyLevel = "board";
 * assert.equal(level, "board");
 * ```
 */
export type PositionKeyLevel = typeof POSITION_KEY_LEVELS[number];

/**
 * Writes the key of a record at one level into its own buffer: the FEN
 * text of the fields the level keeps (see {@linkcode POSITION_KEY_LEVELS}),
 * with no allocation per record.
 *
 * @example The same position at some levels, not at others
 * ```ts
 * import { FenReader } from "@fen/fen";
 * import { PositionKeyWriter } from "@fen/fen/unique";
 * import assert from "node:assert/strict";
 *
 * const reader = new FenReader();
 * const key = (fen: string, writer: PositionKeyWriter) => {
 *   reader.read(fen);
 *   return new TextDecoder().decode(writer.buffer.subarray(0, writer.write(reader)));
 * };
 * const record = new PositionKeyWriter("record");
 * const position = new PositionKeyWriter("position");
 * // after 1. e4: no black pawn can take on e3
 * const a = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
 * const b = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
 * assert.notEqual(key(a, record), key(b, record));
 * assert.equal(key(a, position), key(b, position));
 * assert.equal(key(a, position), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
 * assert.equal(
 *   key(a, new PositionKeyWriter("board")),
 *   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
 * );
 * ```
 */
export class PositionKeyWriter {
  /** Bytes a key takes at most: a whole record. */
  static readonly BYTES_MAX = 128;

  /** The level this writer keys at. */
  readonly level: PositionKeyLevel;
  /** Holds the last key, from index 0; reused by every call. */
  readonly buffer: Uint8Array = new Uint8Array(PositionKeyWriter.BYTES_MAX);

  /**
   * A writer for one level.
   *
   * @param level The level.
   * @throws {TypeError} If `level` is not one of {@linkcode POSITION_KEY_LEVELS}.
   */
  constructor(level: PositionKeyLevel) {
    if (!POSITION_KEY_LEVELS.includes(level)) {
      throw new TypeError(`Cannot key positions: no level "${level}"`);
    }
    this.level = level;
  }

  /**
   * Writes the key of `record` into {@linkcode PositionKeyWriter.buffer}.
   *
   * @param record The record (a `FenReader` after `read`).
   * @returns The key's length in bytes.
   */
  write(record: RecordView): number {
    const buffer = this.buffer;
    const level = this.level;
    if (level === "record") return writeFenBytes(record, buffer, 0);
    let end = writeFourFieldBytes(record, buffer, 0);
    if (level === "epd") return end;
    // the later levels cut fields off the end of the four
    const square = record.enPassant;
    const written = square !== null && fitsTurn(square, record.turn);
    if (level === "position") {
      if (written && !hashesEnPassant(record)) {
        end -= 2;
        buffer[end++] = 45; // -
      }
      return end;
    }
    end -= written ? 3 : 2; // " e3" or " -"
    if (level === "castling") return end;
    end -= Math.max(record.castling.length, 1) + 1; // " KQkq" or " -"
    if (level === "side") return end;
    return end - 2; // " w"
  }
}

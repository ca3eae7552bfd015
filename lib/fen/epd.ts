/**
 * EPD (Extended Position Description, the PGN standard's section 16.2):
 * the first four FEN fields followed by operations such as
 * `bm Qg6; id "WAC.001";`, the format of chess test suites.
 *
 * @module
 */

import { FenReader } from "./reader.ts";
import { keepRules } from "./_variant.ts";
import { writeOperations } from "./_operations.ts";
import { writeFields } from "./_write.ts";
import type { EpdOperation, ParseFenOptions, Position } from "../types.ts";

/** What {@linkcode parseEpd} returns. */
export interface EpdRecord {
  /** The position; `hmvc` and `fmvn` operations set its counters. */
  position: Position;
  /** The operations in their order, unquoted. */
  operations: EpdOperation[];
}

/**
 * Parses an EPD record (or a FEN record, which has no operations). The
 * reading is the lenient one of `parseFen`; `hmvc` and `fmvn` set the
 * counters.
 *
 * @example A test-suite line
 * ```ts
 * import { parseEpd } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const { position, operations } = parseEpd(
 *   '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";',
 * );
 * assert.equal(position.turn, "w");
 * assert.deepEqual(operations, [
 *   { opcode: "bm", operands: ["Qg6"] },
 *   { opcode: "id", operands: ["WAC.001"] },
 * ]);
 * ```
 *
 * @param text The record.
 * @param options `chess960` for X-FEN castling (`strict` refuses operations,
 * since the PGN standard's FEN has none).
 * @returns The position and its operations.
 * @throws {FenSyntaxError} If the record is malformed.
 */
export function parseEpd(
  text: string,
  options: ParseFenOptions = {},
): EpdRecord {
  const reader = new FenReader(options);
  reader.read(text);
  return {
    position: keepRules(reader.toPosition(), options),
    operations: reader.operations?.map((operation) => ({
      opcode: operation.opcode,
      operands: [...operation.operands],
    })) ?? [],
  };
}

/**
 * Writes a position and operations as an EPD record: four fields, then the
 * operations. The counters are not written unless an operation gives them
 * (`hmvc`, `fmvn`), as EPD has no counter fields.
 *
 * @example Round trip
 * ```ts
 * import { parseEpd, stringifyEpd } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const line = '8/8/8/8/8/8/8/K6k w - - bm Ka2; id "test 1";';
 * const { position, operations } = parseEpd(line);
 * assert.equal(stringifyEpd(position, operations), line);
 * ```
 *
 * @param position The position.
 * @param operations The operations, in order.
 * @returns The EPD record.
 * @throws {TypeError} If the position is not one, or an opcode or operand
 * cannot be written.
 */
export function stringifyEpd(
  position: Position,
  operations: readonly EpdOperation[] = [],
): string {
  const fields = writeFields(position, {}, {
    epd: true,
    action: "stringify EPD",
  });
  const ops = writeOperations(operations);
  return ops === "" ? fields : `${fields} ${ops}`;
}

/**
 * Writes EPD operations as they follow the four fields of a record:
 * `bm Qg6; id "WAC.001";`. An operand is quoted when its opcode takes
 * strings (`id`, `c0`...) or it is empty or holds a blank, `;` or `"`; in
 * quotes, `"` and `\` are escaped as in PGN strings. With
 * `writeFourFieldBytes`, it writes an EPD record without a `Position`.
 *
 * @example Escapes, read back as they were
 * ```ts
 * import { parseEpd, stringifyEpdOperations } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const operations = [
 *   { opcode: "bm", operands: ["Qg6"] },
 *   { opcode: "c0", operands: ['say "hi"'] },
 * ];
 * const text = stringifyEpdOperations(operations);
 * assert.equal(text, 'bm Qg6; c0 "say \\"hi\\"";');
 * assert.deepEqual(parseEpd(`8/8/8/8/8/8/8/K6k w - - ${text}`).operations, operations);
 * ```
 *
 * @param operations The operations, in order.
 * @returns Them as EPD text, `""` for none.
 * @throws {TypeError} If an opcode is not a letter followed by letters,
 * digits or `_`.
 */
export function stringifyEpdOperations(
  operations: readonly EpdOperation[],
): string {
  return writeOperations(operations);
}

// EPD operations (`bm Qg6; id "WAC.001";`), read and written. They follow
// the first four FEN fields in EPD, and are accepted after six too, since
// test-suite files mix both.

import { fail } from "./_fail.ts";
import { endsField, type RecordFields } from "./_fields.ts";
import { quoteCharAt, quoteToken } from "./_quote.ts";
import type { EpdOperation } from "./types.ts";

function isLetter(c: number): boolean {
  const lower = c | 32;
  return lower >= 97 && lower <= 122;
}

function isOpcodeChar(c: number): boolean {
  return isLetter(c) || (c >= 48 && c <= 57) || c === 95;
}

/** Whether a field starting with `code` is an operation, not a counter. */
export function startsOperation(code: number): boolean {
  return isLetter(code);
}

/**
 * Reads operations from `start` to `limit` into `fields.operations`
 * (`hmvc` and `fmvn` also set the counters) and returns `limit`.
 */
export function readOperations(
  text: string,
  start: number,
  limit: number,
  fields: RecordFields,
): number {
  const operations: EpdOperation[] = fields.operations ?? [];
  fields.operations = operations;
  let i = start;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (endsField(c, false)) {
      i++;
      continue;
    }
    const opStart = i;
    if (!isLetter(c)) {
      fail(
        "operations",
        `${quoteCharAt(text, i)} cannot start an EPD opcode`,
        i,
      );
    }
    while (i < limit && isOpcodeChar(text.charCodeAt(i))) i++;
    const operation: EpdOperation = {
      opcode: text.slice(opStart, i),
      operands: [],
    };
    i = readOperands(text, i, limit, operation);
    operations.push(operation);
    setCounter(operation, fields, opStart);
  }
  return i;
}

/** Reads operands up to and past the `;` (optional at the very end). */
function readOperands(
  text: string,
  start: number,
  limit: number,
  operation: EpdOperation,
): number {
  let i = start;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 59 /* ; */) return i + 1;
    if (endsField(c, false)) {
      i++;
      continue;
    }
    const from = i;
    if (c === 34 /* " */) {
      const close = text.indexOf('"', i + 1);
      if (close < 0 || close >= limit) {
        fail(
          "operations",
          `the string operand of ${operation.opcode} has no closing quote`,
          from,
        );
      }
      operation.operands.push(text.slice(i + 1, close));
      i = close + 1;
      continue;
    }
    while (i < limit) {
      const d = text.charCodeAt(i);
      if (d === 59 || endsField(d, false)) break;
      i++;
    }
    operation.operands.push(text.slice(from, i));
  }
  return i;
}

function setCounter(
  operation: EpdOperation,
  fields: RecordFields,
  at: number,
): void {
  const { opcode, operands } = operation;
  if (opcode !== "hmvc" && opcode !== "fmvn") return;
  const value = operands.length === 1 && /^\d{1,15}$/.test(operands[0])
    ? Number(operands[0])
    : -1;
  if (value < 0 || (opcode === "fmvn" && value === 0)) {
    fail(
      "operations",
      `${opcode} takes one ${
        opcode === "hmvc" ? "nonnegative" : "positive"
      } integer, found ${
        operands.length === 0
          ? "nothing"
          : quoteToken(operands.join(" "), 0, operands.join(" ").length)
      }`,
      at,
    );
  }
  if (opcode === "hmvc") fields.halfmoveClock = value;
  else fields.fullmoveNumber = value;
}

/** Opcodes whose operands the EPD standard defines as strings. */
const STRING_OPCODE = /^(?:id|ecoc|nic|[cv][0-9])$/;

/**
 * Writes operations as EPD: `bm Qg6; id "WAC.001";`. An operand is quoted
 * when its opcode takes strings (`id`, `c0`...) or it is empty or holds a
 * blank or `;`.
 */
export function writeOperations(operations: readonly EpdOperation[]): string {
  let out = "";
  for (const { opcode, operands } of operations) {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(opcode)) {
      throw new TypeError(`Cannot stringify EPD: bad opcode "${opcode}"`);
    }
    if (out !== "") out += " ";
    out += opcode;
    for (const operand of operands) {
      if (operand.includes('"')) {
        throw new TypeError(
          `Cannot stringify EPD: an operand of ${opcode} holds a double quote`,
        );
      }
      out += STRING_OPCODE.test(opcode) || operand === "" ||
          /[\s;]/.test(operand)
        ? ` "${operand}"`
        : ` ${operand}`;
    }
    out += ";";
  }
  return out;
}

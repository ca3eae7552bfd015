// EPD operations (`bm Qg6; id "WAC.001";`), read and written. They follow
// the first four FEN fields in EPD, and are accepted after six too, since
// test-suite files mix both.

import { fail } from "./_fail.ts";
import { endsField, type RecordFields } from "./_fields.ts";
import { quoteCharAt, quoteToken } from "../_quote.ts";
import type { EpdOperation } from "../types.ts";

const QUOTE = 34;
const SEMICOLON = 59;
const BACKSLASH = 92;

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
    if (c === SEMICOLON) return i + 1;
    if (endsField(c, false)) {
      i++;
      continue;
    }
    const from = i;
    i = operandEnd(text, i, limit);
    if (i < 0) {
      fail(
        "operations",
        `the string operand of ${operation.opcode} has no closing quote`,
        from,
      );
    }
    operation.operands.push(
      c === QUOTE ? unescape(text, from + 1, i - 1) : text.slice(from, i),
    );
  }
  return i;
}

/**
 * Where the operand at `i` ends: past the closing quote of a string (whose
 * `\"` and `\\` are escapes, as in PGN), before the blank or `;` ending a
 * word (where a `"` is just a character), or -1 for a string left open.
 */
function operandEnd(text: string, i: number, limit: number): number {
  if (text.charCodeAt(i) === QUOTE) {
    for (let k = i + 1; k < limit; k++) {
      const c = text.charCodeAt(k);
      if (c === QUOTE) return k + 1;
      if (c === BACKSLASH && isEscaped(text.charCodeAt(k + 1))) k++;
    }
    return -1;
  }
  let k = i;
  while (k < limit) {
    const c = text.charCodeAt(k);
    if (c === SEMICOLON || endsField(c, false)) break;
    k++;
  }
  return k;
}

/** Whether a backslash before `code` escapes it: only `"` and `\` are. */
function isEscaped(code: number): boolean {
  return code === QUOTE || code === BACKSLASH;
}

/** A string operand's text from `start` to `end`, its escapes undone. */
function unescape(text: string, start: number, end: number): string {
  const raw = text.slice(start, end);
  // a backslash before anything else is kept, as written
  return raw.includes("\\") ? raw.replace(/\\(["\\])/g, "$1") : raw;
}

/**
 * Whether the operation starting at `i` ends with a `;` (before `limit`,
 * or as the record's last character, which unwrapping took off before
 * `end`): so a word where a counter belongs is an operation only when it
 * is a whole one. A string left open counts as ended, for readOperations
 * to report.
 */
export function operationEnds(
  text: string,
  i: number,
  limit: number,
  end: number,
): boolean {
  while (i < limit && isOpcodeChar(text.charCodeAt(i))) i++;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === SEMICOLON) return true;
    if (endsField(c, false)) i++;
    else if ((i = operandEnd(text, i, limit)) < 0) return true;
  }
  for (let k = limit; k < end; k++) {
    if (text.charCodeAt(k) === SEMICOLON) return true;
  }
  return false;
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
 * blank, `;` or `"`; in quotes, `"` and `\` are escaped as in PGN strings.
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
      out += STRING_OPCODE.test(opcode) || operand === "" ||
          /[\s;"]/.test(operand)
        ? ` "${operand.replace(/["\\]/g, "\\$&")}"`
        : ` ${operand}`;
    }
    out += ";";
  }
  return out;
}

// One FEN (or EPD) record read from text[start, end) into the context's
// placement target and fields: the loop over the fields and the lenient
// unwrapping of pasted records. It allocates nothing on success unless the
// record has EPD operations or needs unwrapping. Hot path: positional
// arguments, no object literals per record.

import { isChecksField, readChecks } from "./_variant.ts";
import { FenSyntaxError } from "../errors.ts";
import { fail, ReadFailure } from "./_fail.ts";
import {
  endsField,
  fieldEnd,
  readCounter,
  readEnPassant,
  readTurn,
  type RecordContext,
  type RecordFields,
} from "./_fields.ts";
import { readCastling } from "./_castling.ts";
import {
  operationEnds,
  readOperations,
  startsOperation,
} from "./_operations.ts";
import { type PlacementTarget, scanPlacement } from "./_placement.ts";
import { quoteToken } from "../_quote.ts";
import { type ParseFenOptions, rulesOf } from "../types.ts";

const BOM = 0xfeff;
const QUOTE = 34;
const SEMICOLON = 59;
const HASH = 35;
const BRACKET = 91;
const DASH = 45;

/** A reader's context: made once per reader, used for every record. */
export function recordContext(
  options: ParseFenOptions,
  fields: RecordFields,
  board: PlacementTarget,
): RecordContext {
  // the variant's fields are read with the placement (pockets) and after
  board.variant = fields.variant;
  return {
    strict: options.strict === true,
    rules: rulesOf(options),
    fields,
    board,
  };
}

/**
 * {@linkcode readRecord}, with a failure turned into the public
 * FenSyntaxError whose offset counts from `start`.
 */
export function readOrThrow(
  text: string,
  start: number,
  end: number,
  context: RecordContext,
): void {
  try {
    readRecord(text, start, end, context);
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    throw new FenSyntaxError(error.detail, {
      field: error.field,
      offset: error.at - start,
      ...(error.rules === undefined ? {} : { rules: error.rules }),
    });
  }
}

/**
 * Reads the record in `text` from `start` to `end`; see parseFen for what
 * is accepted. Throws a ReadFailure with an index into `text`.
 */
export function readRecord(
  text: string,
  start: number,
  end: number,
  context: RecordContext,
): void {
  const strict = context.strict;
  let limit = end;
  if (strict) {
    if (limit > start && endsField(text.charCodeAt(start), false)) {
      fail("record", "leading whitespace", start);
    }
  } else if (
    limit > start && (wraps(text.charCodeAt(start)) ||
      wraps(text.charCodeAt(limit - 1)))
  ) {
    const inner = unwrap(text, start, limit);
    start = inner.start;
    limit = inner.end;
  }
  let i = scanPlacement(text, start, limit, context.board, strict);
  const fields = context.fields;
  resetFields(fields);
  let field = 1;
  while (i < limit) {
    const separator = i++;
    let c = 0; // the field's first character, read once here
    if (strict) {
      checkSeparator(text, separator, limit);
      c = text.charCodeAt(i);
    } else {
      for (; i < limit; i++) {
        c = text.charCodeAt(i);
        if (!endsField(c, false)) break;
      }
      if (i === limit) break;
    }
    if (!strict && c === HASH) break; // a trailing comment
    if (
      !strict && field >= 4 && (startsOperation(c) || c === DASH) &&
      startsEpdTail(text, i, limit, end, field)
    ) {
      // the ERET suite writes a "-" where the halfmove clock would be
      if (c === DASH) i = operationAfterDash(text, i + 1, limit);
      i = readOperations(text, i, limit, fields);
      break;
    }
    switch (field++) {
      case 1:
        i = readTurn(text, i, limit, fields);
        break;
      case 2:
        i = readCastling(text, i, limit, context);
        break;
      case 3:
        i = readEnPassant(text, i, limit, context);
        break;
      case 4:
        if (fields.variant?.threecheck && isChecksField(text, i, limit)) {
          i = readChecks(text, i, limit, fields.variant);
          field--; // the clocks follow
          break;
        }
        i = readCounter(text, i, limit, context, "halfmoveClock");
        break;
      case 5:
        i = readCounter(text, i, limit, context, "fullmoveNumber");
        break;
      default:
        if (fields.variant?.threecheck && isChecksField(text, i, limit)) {
          i = readChecks(text, i, limit, fields.variant);
          field--;
          break;
        }
        seventhField(text, i, limit);
    }
  }
  fields.given = field;
  if (strict && field < 6) {
    fail("record", `expected 6 fields, found ${field}`, limit);
  }
}

/**
 * Whether the operations start at `i`, field `field` (the fifth or
 * later): a whole EPD operation (one ending in `;`; a word alone is a wrong
 * counter, not a guess), or in the fifth field a lone `-` followed by one.
 */
function startsEpdTail(
  text: string,
  i: number,
  limit: number,
  end: number,
  field: number,
): boolean {
  const c = text.charCodeAt(i);
  if (c === DASH && field === 4) {
    const next = operationAfterDash(text, i + 1, limit);
    return next > 0 && operationEnds(text, next, limit, end);
  }
  return startsOperation(c) && operationEnds(text, i, limit, end);
}

/**
 * Where the operation after a lone `-` starts (past its blanks), or -1
 * when the `-` is not alone or no operation follows it.
 */
function operationAfterDash(text: string, i: number, limit: number): number {
  if (i === limit || !endsField(text.charCodeAt(i), false)) return -1;
  while (i < limit && endsField(text.charCodeAt(i), false)) i++;
  return i < limit && startsOperation(text.charCodeAt(i)) ? i : -1;
}

function resetFields(fields: RecordFields): void {
  fields.turn = "w";
  fields.castling = 0;
  fields.enPassant = null;
  fields.halfmoveClock = 0;
  fields.fullmoveNumber = 1;
  fields.operations = null;
}

function checkSeparator(text: string, separator: number, limit: number): void {
  if (separator + 1 === limit) fail("record", "trailing whitespace", separator);
  if (
    text.charCodeAt(separator) !== 32 ||
    endsField(text.charCodeAt(separator + 1), false)
  ) {
    fail("record", "fields must be separated by a single space", separator);
  }
}

function seventhField(text: string, i: number, limit: number): never {
  const counters = text.charCodeAt(i) === 43; // "+"
  fail(
    "record",
    `unexpected seventh field ${
      quoteToken(text, i, fieldEnd(text, i, limit))
    } (a FEN record has six fields${
      counters ? "; three-check's counters are read under its rules" : ""
    })`,
    i,
    counters ? "threecheck" : undefined,
  );
}

/**
 * Where the content of the line `text[start, end)` begins: past blanks,
 * no-break spaces and byte order marks, the characters lenient reading
 * unwraps from around a record. A line of nothing else is blank: the one
 * definition of a blank line that a stream of records skips by.
 */
export function contentStart(text: string, start: number, end: number): number {
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (!endsField(c, false) && c !== BOM) break;
    i++;
  }
  return i;
}

/** Whether a record starting or ending with `code` may need unwrapping. */
function wraps(code: number): boolean {
  return code === BOM || code === BRACKET || code === QUOTE ||
    code === SEMICOLON || endsField(code, false);
}

/**
 * The record inside what lenient input allows around it: blanks, a byte
 * order mark, a PGN tag `[FEN "..."]`, double quotes, a final `;`.
 */
function unwrap(
  text: string,
  from: number,
  to: number,
): { start: number; end: number } {
  const range = trim(text, from, to);
  if (range.start < range.end && text.charCodeAt(range.start) === BOM) {
    trimInto(text, range, range.start + 1, range.end);
  }
  const { start, end } = range;
  if (text.startsWith('[FEN "', start) && text.endsWith('"]', end)) {
    trimInto(text, range, start + 6, end - 2);
  } else if (
    end - start >= 2 && text.charCodeAt(start) === QUOTE &&
    text.charCodeAt(end - 1) === QUOTE
  ) {
    trimInto(text, range, start + 1, end - 1);
  }
  if (range.end > range.start && text.charCodeAt(range.end - 1) === SEMICOLON) {
    trimInto(text, range, range.start, range.end - 1);
  }
  return range;
}

function trim(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } {
  const range = { start, end };
  trimInto(text, range, start, end);
  return range;
}

function trimInto(
  text: string,
  range: { start: number; end: number },
  start: number,
  end: number,
): void {
  while (start < end && endsField(text.charCodeAt(start), false)) start++;
  while (end > start && endsField(text.charCodeAt(end - 1), false)) end--;
  range.start = start;
  range.end = end;
}

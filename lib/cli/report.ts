// What the command says about records: why one is invalid (a line, or with
// --verbose the input and a caret under the problem) and what makes a
// position illegal (text lines, or one JSON object a record). Every echoed
// input is escaped and shortened (lib/_quote.ts).

import type { VariantEnd } from "../chess/variant_end.ts";
import type { EpdMoveIssue } from "../data/epd_moves.ts";
import type { FenSyntaxError } from "../errors.ts";
import type { Problem } from "../legality/mod.ts";
import type { PositionStatus, Termination } from "../moves/mod.ts";
import type { Side } from "../types.ts";
import { codePointName, escapeText, isHidden } from "../_quote.ts";
import {
  type CheckJsonOut,
  writeCheckMembers,
} from "../program/check_report.ts";
import type { Output } from "./io.ts";
import type { Where } from "./where.ts";
import { type RecordSpan, writeJsonPlace } from "./record.ts";

/** Columns of the echoed input around the problem, at most. */
const ECHO_WIDTH = 72;

/** How wide a code point is on a terminal: 2 for East Asian and emoji. */
function width(cp: number): number {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) ||
      (cp >= 0x20000 && cp <= 0x3fffd)
    ? 2
    : 1;
}

/**
 * The input as a terminal should show it, and the column under `offset`:
 * tabs as spaces, hidden characters as `<U+XXXX>`, wide ones counted
 * twice, and a window of the text around `offset` when it is long.
 */
export function echo(
  text: string,
  offset: number,
): { line: string; caret: number } {
  let start = 0;
  if (text.length > ECHO_WIDTH && offset > ECHO_WIDTH / 2) {
    start = Math.min(offset - ECHO_WIDTH / 2, text.length - ECHO_WIDTH);
  }
  let line = start > 0 ? "..." : "";
  let column = line.length;
  let caret = -1;
  let i = start;
  for (; i < text.length && column < ECHO_WIDTH + 3; i++) {
    if (i === offset) caret = column;
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    const shown = cp === 9
      ? " "
      : isHidden(cp)
      ? `<${codePointName(cp)}>`
      : String.fromCodePoint(cp);
    line += shown;
    column += isHidden(cp) && cp !== 9 ? shown.length : width(cp);
  }
  if (i < text.length) line += "...";
  if (caret < 0) caret = column;
  return { line, caret };
}

/** What `fen:` says about an invalid record. */
export function invalidFen(
  error: FenSyntaxError,
  input: string,
  { where, verbose }: { where: string; verbose: boolean },
): string {
  if (!verbose) return `fen: ${where}invalid FEN-string\n`;
  const reason = reasonOf(error);
  const { line, caret } = echo(input, error.offset);
  return `fen: ${where}invalid FEN-string: ${reason}\n  ${line}\n  ${
    " ".repeat(caret)
  }^\n`;
}

/** What to do about an operand that names a file instead of being a record. */
export function fileHint(path: string): string {
  const name = escapeText(path, 0, path.length, 80);
  const quoted = /^[\w./@+-]+$/.test(path) ? name : `'${name}'`;
  return `fen: ${name} is a file: read its records with --input ${quoted} or < ${quoted}\n`;
}

/** The reason alone, for a stream's `line N:` message. */
export function reasonOf(error: FenSyntaxError): string {
  return `${
    error.hinted((rules) => `--variant ${rules}`)
  } at column ${error.column}`;
}

/** The `error` member of a stream's JSON object for an invalid line. */
export function invalidJson(error: FenSyntaxError): Record<string, unknown> {
  return { field: error.field, offset: error.offset, message: reasonOf(error) };
}

/** What `--check` adds about a legal position: the game's state. */
export interface StatusNote {
  /** The position's status. */
  status: PositionStatus;
  /** The side to move. */
  turn: Side;
}

const NO_LINES: readonly [string, string][] = Object.freeze([]);

/** The code of an end's `info` line: the termination, or the variant's end. */
const END_CODES: Readonly<Record<Termination, string>> = {
  "checkmate": "checkmate",
  "stalemate": "stalemate",
  "insufficient-material": "insufficient-material",
  "seventy-five-moves": "seventy-five-moves",
  "variant-win": "variant-end",
  "variant-loss": "variant-end",
  "variant-draw": "variant-end",
};

/** How an end's line names its result. */
function resultOf(winner: Side | null): string {
  return winner === null
    ? "a draw"
    : `${winner === "w" ? "White" : "Black"} wins`;
}

/**
 * The status as `info` lines, code and words: a check, then the game's one
 * end with its result, or else a draw that may be claimed.
 */
function statusLines(
  { status, turn }: StatusNote,
): readonly [string, string][] {
  // Nearly every position has nothing to note: then no array, no string.
  const { end } = status;
  if (!status.check && end === null && !status.fiftyMoves) return NO_LINES;
  const side = turn === "w" ? "White" : "Black";
  const lines: [string, string][] = [];
  if (status.check && !status.checkmate) {
    lines.push([
      "check",
      `${side} is in check from ${status.checkers.join(", ")}`,
    ]);
  }
  if (end !== null) {
    lines.push([
      END_CODES[end.termination],
      `${end.reason}: ${resultOf(end.winner)}`,
    ]);
  } else if (status.fiftyMoves) {
    lines.push([
      "fifty-moves",
      "50 moves without a capture or pawn move: a draw may be claimed",
    ]);
  }
  return lines;
}

/** How {@linkcode writeProblems} reports a record. */
export interface ProblemReport {
  /**
   * One JSON object instead of text lines (the service's `/check` object
   * after the record's place): where its members are written, or `null`.
   */
  json: CheckJsonOut | null;
  /** Where the record came from. */
  where: Where;
  /** The record as the input gave it (JSON only). */
  span: RecordSpan;
  /** The canonical FEN of the position (JSON only). */
  fen: string;
  /** The status of a legal position, or `null`. */
  status: StatusNote | null;
  /** What is wrong with the moves its EPD operations name (`bm`, `c9`...). */
  moveIssues: readonly EpdMoveIssue[];
  /** `--quiet`: the problems alone, no verdict or status lines. */
  quiet: boolean;
  /**
   * How the variant's own rule ended the game (a legal position), or
   * `null`: JSON's `variantEnd` member (text says it as the status's end).
   */
  variantEnd: VariantEnd | null;
}

/**
 * Writes a position's problems (and, if legal, its status): text lines, the
 * verdict first (`legal`, then any warnings), or one JSON object.
 */
export function writeProblems(
  out: Output,
  problems: readonly Problem[],
  report: ProblemReport,
): void {
  const { json, where, status } = report;
  if (json !== null) {
    writeJsonPlace(out, where);
    out.writeByte(44);
    writeCheckMembers(json, {
      fen: report.fen,
      input: report.span,
      problems,
      status: status === null ? null : status.status,
      variantEnd: report.variantEnd,
      moveIssues: report.moveIssues,
    });
    out.writeByte(10);
    return;
  }
  let legal = true;
  for (let i = 0; i < problems.length; i++) {
    if (problems[i].severity === "error") legal = false;
  }
  // The usual record, legal with nothing to note, builds no string.
  if (legal && !report.quiet) {
    writeLinePrefix(out, where);
    out.write("legal\n");
  }
  // Indexed loops: for-of made an iterator per record, even over nothing.
  for (let i = 0; i < problems.length; i++) {
    const { severity, code, message } = problems[i];
    writeLinePrefix(out, where);
    out.write(`${severity} ${code}: ${message}\n`);
  }
  const issues = report.moveIssues;
  for (let i = 0; i < issues.length; i++) {
    writeLinePrefix(out, where);
    out.write(`error epd-move: ${issues[i].message}\n`);
  }
  if (status === null || report.quiet) return;
  const lines = statusLines(status);
  for (let i = 0; i < lines.length; i++) {
    writeLinePrefix(out, where);
    out.write(`info ${lines[i][0]}: ${lines[i][1]}\n`);
  }
}

/**
 * `line 7: ` (stdin, built without a string) or `games.fen:7: ` before a
 * report line of a stream, `record 2: ` for one of several operands.
 */
function writeLinePrefix(out: Output, where: Where): void {
  if (!where.stream || where.file !== "" || where.ply !== undefined) {
    out.write(where.prefix);
    return;
  }
  out.write("line ");
  out.writeNatural(where.number);
  out.write(": ");
}

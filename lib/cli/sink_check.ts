// The sink of `--check`: each record's problems, and its status when it is
// legal, as text lines or one JSON object a record; with `--quiet`, the
// problems alone and a summary at the end.

import type { EpdMoveIssue } from "../data/epd_moves.ts";
import type { Problem } from "../legality/mod.ts";
import type { Rules } from "../types.ts";
import type { PositionChecker } from "../legality/mod.ts";
import {
  type PositionStatus,
  type PositionStatusOptions,
  variantEndIn,
} from "../chess/status.ts";
import { UnplayablePositionError } from "../chess/errors.ts";
import type { Diagnostics } from "./diagnostics.ts";
import type { Output } from "./io.ts";
import { type Current, writeJsonString } from "./record.ts";
import { EXIT } from "../program/exit.ts";
import type { RecordSink } from "./pipeline.ts";
import {
  type ProblemReport,
  type StatusNote,
  writeProblems,
} from "./report.ts";

// positionStatus's options for JSON (which shows the count) and text.
const COUNT: PositionStatusOptions = Object.freeze({ countMoves: true });
const NO_COUNT: PositionStatusOptions = Object.freeze({ countMoves: false });

/** What a {@linkcode CheckSink} checks with. */
export interface CheckParts {
  /** `--quiet`: problems only, and a summary line at the end. */
  quiet: boolean;
  /** Checks the moves an EPD record names, or `null` (loaded for EPD). */
  epdMoves: ((text: string) => EpdMoveIssue[]) | null;
  /** Checks a record and gives its status from the same board load. */
  checker: PositionChecker;
  /** One JSON object a record instead of text lines. */
  json: boolean;
  /** The run's rules, which `checker` judges by. */
  rules: Rules;
  /** A checker for a game's own rules (its Variant tag), when they differ. */
  checkerFor: (rules: Rules) => PositionChecker;
  diagnostics: Diagnostics;
}

/** `--check`: each record's problems, and its status when it is legal. */
export class CheckSink implements RecordSink {
  readonly #out: Output;
  readonly #parts: CheckParts;
  // One report and one note, refilled: nothing is made for a legal record
  // but its status (and the canonical FEN, which only JSON shows).
  readonly #report: ProblemReport;
  #note: StatusNote | null = null; // made at the first legal record
  #legal = 0; // records checked legal, for --quiet's summary
  #illegal = 0;
  #badMoves = 0; // records with EPD move issues
  /** Checkers for the rules of games other than the run's, by rules. */
  readonly #checkers = new Map<Rules, PositionChecker>();

  constructor(out: Output, parts: CheckParts) {
    this.#out = out;
    this.#parts = parts;
    this.#report = {
      json: parts.json
        ? {
          write: (text) => out.write(text),
          writeJsonString: (span) => writeJsonString(out, span),
        }
        : null,
      where: { number: 0, prefix: "", stream: false, file: "" },
      span: { input: "", start: 0, end: 0 },
      fen: "",
      status: null,
      moveIssues: NO_ISSUES,
      quiet: parts.quiet,
      variantEnd: null,
    };
  }

  /** The checker of a record: its game's rules (a Variant tag), else the run's. */
  #checkerOf(record: Current): PositionChecker {
    const rules = record.game?.rules;
    const parts = this.#parts;
    if (rules === undefined || rules === parts.rules) return parts.checker;
    let checker = this.#checkers.get(rules);
    if (checker === undefined) {
      checker = parts.checkerFor(rules);
      this.#checkers.set(rules, checker);
    }
    return checker;
  }

  write(record: Current): void {
    const { json, diagnostics } = this.#parts;
    const checker = this.#checkerOf(record);
    // The record's char codes: one board load for the report and the status.
    const problems = checker.checkCodes(record.cells, record);
    const illegal = hasError(problems);
    const report = this.#report;
    report.where = record.where;
    report.span = record.span;
    report.fen = json ? record.fen() : "";
    report.status = null;
    report.moveIssues = NO_ISSUES;
    if (illegal) this.#illegal++;
    else this.#legal++;
    report.variantEnd = null;
    if (!illegal) {
      // Text names no move count: whether there is a move will do.
      const found = this.#statusOf(checker, record);
      if (found === null) return;
      report.variantEnd = variantEndIn(found);
      const note = this.#note ??= { status: found, turn: record.turn };
      note.status = found;
      note.turn = record.turn;
      report.status = note;
    }
    if (!illegal) report.moveIssues = this.#moveIssues(record);
    if (report.moveIssues.length > 0) {
      this.#badMoves++;
      diagnostics.fail(EXIT.illegalMove);
    }
    if (illegal) diagnostics.fail(EXIT.illegalPosition);
    const clean = problems.length === 0 && report.moveIssues.length === 0;
    if (this.#parts.quiet && clean) return;
    writeProblems(this.#out, problems, report);
  }

  /**
   * The status of the legal record just checked, or `null` when the moves
   * cannot be played from it, which its report promises never happens:
   * said as an internal error of this record alone, and the stream goes on.
   */
  #statusOf(
    checker: PositionChecker,
    record: Current,
  ): PositionStatus | null {
    const json = this.#parts.json;
    try {
      return checker.status(json ? COUNT : NO_COUNT);
    } catch (error) {
      if (!(error instanceof UnplayablePositionError)) throw error;
      this.#parts.diagnostics.refused(record, {
        field: "status",
        message:
          `internal error: the position was judged legal, but cannot be played from: ${error.reason} (please report it)`,
        code: EXIT.internal,
      });
      return null;
    }
  }

  /** The issues of the moves a record's EPD operations name. */
  #moveIssues(record: Current): readonly EpdMoveIssue[] {
    const check = this.#parts.epdMoves;
    const operations = record.operations;
    // after --moves, the operations speak of another position
    if (
      check === null || operations === null || operations.length === 0 ||
      record.played !== null || record.rewritten !== null
    ) return NO_ISSUES;
    const { input, start, end } = record.span;
    return check(input.slice(start, end));
  }

  finish(): void {
    if (!this.#parts.quiet) return;
    const { diagnostics } = this.#parts;
    const invalid = diagnostics.invalidRecords;
    const records = this.#legal + this.#illegal + invalid;
    diagnostics.say(
      `fen: ${records} records checked: ${this.#legal} legal, ${this.#illegal} illegal, ${invalid} invalid${
        this.#badMoves === 0 ? "" : `, ${this.#badMoves} with EPD move issues`
      }\n`,
    );
  }
}

const NO_ISSUES: readonly EpdMoveIssue[] = Object.freeze([]);

/** Whether a problem is an error (a loop: no closure per record). */
function hasError(problems: readonly Problem[]): boolean {
  for (let i = 0; i < problems.length; i++) {
    if (problems[i].severity === "error") return true;
  }
  return false;
}

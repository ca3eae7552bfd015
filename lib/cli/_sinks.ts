// Where records go: a format to stdout, diagram files in --out-dir, a lone
// diagram held for the end of a stream, or the --check report. A run has one
// sink, chosen before its first record; each sink keeps its own counters.

import type { EpdMoveIssue } from "../data/epd_moves.ts";
import type { Problem } from "../legality/mod.ts";
import type { PositionChecker } from "../legality/mod.ts";
import type { PositionStatusOptions } from "../moves/mod.ts";
import type { Diagnostics } from "./_diagnostics.ts";
import { Output } from "./_io.ts";
import type { Current } from "./_record.ts";
import { EXIT } from "./exit.ts";
import type { Format, RunOptions } from "./formats.ts";
import { fileName, MemorySink, NamesWritten, writeOutFile } from "./out_dir.ts";
import type { CliIo } from "./_io.ts";
import {
  type ProblemReport,
  type StatusNote,
  writeProblems,
} from "./report.ts";

/** Explains `--format fen`'s changes; loaded only when asked for. */
export type Explainer = (text: string, start: number, end: number) => string[];

/** Where a run's records go. */
export interface RecordSink {
  /** Writes one record. */
  write(record: Current): void;
  /** After the last record: what was held, and what the end means. */
  finish(): void;
}

/** A format to stdout; boards are separated by a blank line. */
export class StdoutSink implements RecordSink {
  readonly #out: Output;
  readonly #format: Format;
  readonly #run: RunOptions;
  readonly #explain: Explainer | null;
  readonly #diagnostics: Diagnostics;
  #boards = 0; // boards written, for the blank line between them

  constructor(
    out: Output,
    parts: {
      format: Format;
      run: RunOptions;
      explain: Explainer | null;
      diagnostics: Diagnostics;
    },
  ) {
    this.#out = out;
    this.#format = parts.format;
    this.#run = parts.run;
    this.#explain = parts.explain;
    this.#diagnostics = parts.diagnostics;
  }

  write(record: Current): void {
    if (this.#format.draws && this.#boards++ > 0) this.#out.writeByte(10);
    this.#format.write(this.#out, record, this.#run);
    if (this.#explain === null) return;
    const { input, start, end } = record.span;
    for (const note of this.#explain(input, start, end)) {
      this.#diagnostics.say(`fen: ${record.where.prefix}${note}\n`);
    }
  }

  finish(): void {}
}

/** Writes a format into memory: one buffer for the run, not one a record. */
class Rendering {
  readonly #memory = new MemorySink();
  readonly #buffer = new Output(this.#memory);

  bytes(format: Format, record: Current, run: RunOptions): Uint8Array {
    format.write(this.#buffer, record, run);
    this.#buffer.flush();
    return this.#memory.take();
  }
}

/** What an {@linkcode OutDirSink} writes, and where. */
export interface OutDirParts {
  dir: string;
  /** The `--name` pattern. */
  pattern: string;
  format: Format & { readonly file: string };
  run: RunOptions;
  diagnostics: Diagnostics;
}

/** One diagram file a record in `--out-dir`, never overwriting its own. */
export class OutDirSink implements RecordSink {
  readonly #io: CliIo;
  readonly #parts: OutDirParts;
  readonly #rendering = new Rendering();
  readonly #names = new NamesWritten();
  #files = 0;

  constructor(io: CliIo, parts: OutDirParts) {
    this.#io = io;
    this.#parts = parts;
  }

  write(record: Current): void {
    const { dir, pattern, format, run, diagnostics } = this.#parts;
    const bytes = this.#rendering.bytes(format, record, run);
    const id = record.operations?.find((op) => op.opcode === "id")
      ?.operands[0] ?? null;
    const where = record.where;
    const ply = record.ply;
    const wanted = fileName(pattern, {
      line: where.number,
      n: ++this.#files,
      id,
      ...(ply === null
        ? {}
        : { game: where.number, ply: ply.ply, tags: ply.game.tags }),
    });
    const name = this.#names.claim(wanted);
    const ext = format.file;
    if (name !== wanted) {
      diagnostics.say(
        `fen: ${where.prefix}${wanted}.${ext} was already written by this run: writing ${name}.${ext}\n`,
      );
    }
    if (!writeOutFile(this.#io, `${dir}/${name}.${ext}`, bytes)) {
      diagnostics.stop(EXIT.ioError);
    }
  }

  finish(): void {}
}

/** What a {@linkcode DiagramSink} draws. */
export interface DiagramParts {
  format: Format;
  run: RunOptions;
  diagnostics: Diagnostics;
}

/**
 * Diagrams to stdout: an operand's at once, a stream's only record held to
 * the end (one diagram is one file; more need `--out-dir`), and none at all
 * is an error rather than an empty file.
 */
export class DiagramSink implements RecordSink {
  readonly #out: Output;
  readonly #direct: StdoutSink;
  readonly #parts: DiagramParts;
  readonly #rendering = new Rendering();
  #held: Uint8Array | null = null;
  #streamed = 0; // a stream's records drawn

  constructor(out: Output, parts: DiagramParts) {
    this.#out = out;
    this.#parts = parts;
    this.#direct = new StdoutSink(out, { ...parts, explain: null });
  }

  write(record: Current): void {
    if (!record.where.stream) return this.#direct.write(record);
    const { format, run, diagnostics } = this.#parts;
    if (++this.#streamed > 1) {
      diagnostics.say(
        "fen: the input holds more than one record: diagrams need --out-dir <dir> (or choose --format board, fen, json, ...)\n",
      );
      this.#held = null;
      return diagnostics.stop(EXIT.usage);
    }
    this.#held = this.#rendering.bytes(format, record, run);
  }

  finish(): void {
    const { diagnostics } = this.#parts;
    if (this.#held !== null) this.#out.writeBytes(this.#held);
    this.#held = null;
    if (diagnostics.status === EXIT.ok && !diagnostics.anyValid) {
      // An empty diagram file with exit 0 would pass for a drawing.
      diagnostics.say("fen: the input holds no record: no diagram written\n");
      diagnostics.fail(EXIT.invalidFen);
    }
  }
}

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

  constructor(out: Output, parts: CheckParts) {
    this.#out = out;
    this.#parts = parts;
    this.#report = {
      json: parts.json,
      where: { number: 0, prefix: "", stream: false, file: "" },
      span: { input: "", start: 0, end: 0 },
      fen: "",
      status: null,
      moveIssues: NO_ISSUES,
    };
  }

  write(record: Current): void {
    const { checker, json, diagnostics } = this.#parts;
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
    if (!illegal) {
      // Text names no move count: whether there is a move will do.
      const found = checker.status(json ? COUNT : NO_COUNT);
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

  /** The issues of the moves a record's EPD operations name. */
  #moveIssues(record: Current): readonly EpdMoveIssue[] {
    const check = this.#parts.epdMoves;
    const operations = record.operations;
    // after --moves, the operations speak of another position
    if (
      check === null || operations === null || operations.length === 0 ||
      record.played !== null || record.moved !== null
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

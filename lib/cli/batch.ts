// One run of the command over its records: operands, stdin and files, one
// record at a time through one reader, one reused Position and one output
// buffer. The line loop flushes whenever it is about to wait for input, so
// nothing converted is held back from a slow pipe, a terminal or a signal.

import type { BoardTextReader } from "../board_text.ts";
import { FenSyntaxError, GridSyntaxError } from "../errors.ts";
import { stringifyFen } from "../fen/mod.ts";
import type { FenReader } from "../fen/reader.ts";
import type { PositionChecker, Problem } from "../legality/mod.ts";
import type { PositionStatus, PositionStatusOptions } from "../moves/mod.ts";
import type { Position } from "../types.ts";
import { escapeText } from "../_quote.ts";
import {
  type CliIo,
  LineReader,
  Output,
  type Sink,
  type Source,
  writeText,
} from "./_io.ts";
import { EXIT, type ExitCode, worse } from "./exit.ts";
import { Signals } from "./_signals.ts";
import { linePrefix, StreamPlace, type Where } from "./_where.ts";
import { type Current, FORMATS, type RunOptions } from "./formats.ts";
import { fileName, MemorySink, writeOutFile } from "./out_dir.ts";
import {
  invalidFen,
  invalidJson,
  type ProblemReport,
  reasonOf,
  type StatusNote,
  writeProblems,
} from "./report.ts";
import type { Settings } from "./settings.ts";

/** Plays `--moves` on a record; loaded only when asked for. */
export type Mover = (current: Current) => string | null;

/** Explains `--format fen`'s changes; loaded only when asked for. */
export type Explainer = (text: string, start: number, end: number) => string[];

/** What a job is given. */
export interface JobParts {
  settings: Settings;
  io: CliIo;
  out: Output;
  current: Current;
  run: RunOptions;
  checker: PositionChecker | null;
  mover: Mover | null;
  explainer: Explainer | null;
  /** The game's status of a legal position, for `--check`. */
  status:
    | ((position: Position, options?: PositionStatusOptions) => PositionStatus)
    | null;
  /** Makes a reader of text boards, for `--from grid`. */
  boards: (() => BoardTextReader) | null;
  verbose: boolean;
}

/** One run over all records; `status` is its exit code so far. */
export class Job {
  status: ExitCode = EXIT.ok;
  readonly #parts: JobParts;
  readonly #reader: FenReader;
  #written = 0; // boards written, for the blank line between them
  #files = 0; // --out-dir files written
  #held: Uint8Array | null = null; // a stream's lone diagram, until the end
  #diagrams = 0;
  #stop = false; // a file could not be written: stop converting
  readonly #report: ProblemReport = {
    json: false,
    line: 0,
    fen: "",
    status: null,
  };
  #note: StatusNote | null = null; // made at the first legal record
  readonly #interactive: boolean;
  // A diagram bound for a file (or held for the end) is written here: one
  // buffer for the run, not one per record.
  readonly #fileSink = new MemorySink();
  readonly #file = new Output(this.#fileSink);

  constructor(parts: JobParts) {
    this.#parts = parts;
    this.#reader = parts.current.reader;
    const { io } = parts;
    this.#interactive = io.stdout.isTerminal?.() === true ||
      io.stdin.isTerminal?.() === true;
  }

  /** Converts one record of `text`; messages say where it came from. */
  record(text: string, start: number, end: number, where: Where): void {
    if (this.#stop) return;
    const { current, out } = this.#parts;
    try {
      this.#reader.read(text, start, end);
    } catch (error) {
      if (!(error instanceof FenSyntaxError)) throw error;
      this.#invalid(error, text.slice(start, end), where);
      return;
    }
    current.next();
    if (this.#parts.mover !== null && !this.#move(where)) return;
    if (this.#parts.checker !== null) {
      this.#check(text, start, end, where);
    } else {
      this.#write(where);
      if (this.#parts.explainer !== null) {
        for (const note of this.#parts.explainer(text, start, end)) {
          this.#say(`fen: ${where.prefix}${note}\n`);
        }
      }
    }
    if (this.#interactive) out.flush();
  }

  /** `--check`: the record's problems, and its status when it is legal. */
  #check(text: string, start: number, end: number, where: Where): void {
    const { settings, current, checker, status } = this.#parts;
    const position = current.position();
    const problems = checker!.check(position);
    const illegal = hasError(problems);
    // One report and one note, refilled: nothing is made for a legal record
    // but its status (and the record's text, which only JSON shows).
    const report = this.#report;
    report.json = settings.format === "json";
    report.line = where.stream ? where.number : 0;
    report.fen = !report.json
      ? ""
      : current.moved === null
      ? text.slice(start, end)
      : stringifyFen(current.moved);
    report.status = null;
    if (!illegal && status !== null) {
      // Text names no move count: whether there is a move will do.
      const found = status(position, report.json ? COUNT : NO_COUNT);
      const note = this.#note ??= { status: found, turn: position.turn };
      note.status = found;
      note.turn = position.turn;
      report.status = note;
    }
    writeProblems(this.#parts.out, problems, report);
    if (illegal) this.status = worse(this.status, EXIT.illegalPosition);
  }

  #move(where: Where): boolean {
    try {
      const last = this.#parts.mover!(this.#parts.current);
      this.#parts.current.lastMove = last;
      return true;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      const message = lowerFirst(error.message);
      this.#say(`fen: ${where.prefix}${escapeText(message)}\n`);
      this.#jsonError(where, { field: "moves", message });
      this.status = worse(this.status, EXIT.illegalMove);
      return false;
    }
  }

  #write(where: Where): void {
    const { settings, out, current, run } = this.#parts;
    const format = FORMATS[settings.format];
    if (settings.outDir !== null) {
      format.write(this.#file, current, run);
      this.#file.flush();
      this.#writeFile(this.#fileSink.take(), where);
      return;
    }
    if ("file" in format && where.stream) {
      // A diagram of a stream's only record goes to stdout at the end.
      if (++this.#diagrams > 1) return this.#tooManyDiagrams();
      format.write(this.#file, current, run);
      this.#file.flush();
      this.#held = this.#fileSink.take();
      return;
    }
    if (format.draws && this.#written++ > 0) out.writeByte(10);
    format.write(out, current, run);
  }

  #writeFile(bytes: Uint8Array, where: Where): void {
    const { settings, io } = this.#parts;
    const ext = (FORMATS[settings.format] as { file: string }).file;
    const id = this.#reader.operations?.find((op) => op.opcode === "id")
      ?.operands[0] ?? null;
    const name = fileName(settings.name, {
      line: where.number,
      n: ++this.#files,
      id,
    });
    if (!writeOutFile(io, `${settings.outDir}/${name}.${ext}`, bytes)) {
      this.status = worse(this.status, EXIT.ioError);
      this.#stop = true;
    }
  }

  #tooManyDiagrams(): void {
    if (this.#diagrams === 2) {
      this.#say(
        "fen: the input holds more than one record: diagrams need --out-dir <dir> (or choose --format board, fen, json, ...)\n",
      );
    }
    this.#held = null;
    this.status = worse(this.status, EXIT.usage as ExitCode);
    this.#stop = true;
  }

  #invalid(error: FenSyntaxError, input: string, where: Where): void {
    const { out } = this.#parts;
    if (where.stream) {
      out.flush(); // keep stdout and stderr in step on a terminal
      this.#say(`fen: ${where.prefix}invalid FEN-string: ${reasonOf(error)}\n`);
      this.#jsonError(where, invalidJson(error));
    } else {
      this.#say(invalidFen(error, input, {
        where: where.prefix,
        verbose: this.#parts.verbose,
      }));
    }
    this.status = worse(this.status, EXIT.invalidFen);
  }

  /**
   * In a stream with `--format json`, the object that stands for a line that
   * gave no result, so a reader of stdout keeps its place.
   */
  #jsonError(where: Where, error: Record<string, unknown>): void {
    if (!where.stream || this.#parts.settings.format !== "json") return;
    this.#parts.out.write(JSON.stringify({ line: where.number, error }));
    this.#parts.out.writeByte(10);
  }

  #say(text: string): void {
    writeText(this.#parts.io.stderr, text);
  }

  /** Reads every line of `source` (stdin or a file) as a record. */
  async stream(source: Source, label: string): Promise<void> {
    const lines = new LineReader();
    const prefixOf = (n: number): string => linePrefix(label, n);
    const where = new StreamPlace(label);
    const boards = this.#parts.boards?.() ?? null;
    const handler = {
      line: (text: string, start: number, end: number, n: number) => {
        if (boards !== null) {
          this.#boardLine(boards, { text, start, end, n }, prefixOf);
        } else if (!this.#reader.isSkippedLine(text, start, end)) {
          where.number = n;
          this.record(text, start, end, where);
        }
      },
      tooLong: (n: number, bytes: number) => {
        if (this.#stop) return;
        this.#parts.out.flush();
        this.#say(
          `fen: ${
            prefixOf(n)
          }too long (${bytes} bytes; a record has at most 4096)\n`,
        );
        this.#jsonError({ number: n, prefix: "", stream: true }, {
          field: "record",
          message: `too long (${bytes} bytes)`,
        });
        this.status = worse(this.status, EXIT.invalidFen);
      },
    };
    const signals = new Signals(this.#parts.io);
    try {
      for (;;) {
        this.#parts.out.flush(); // nothing held back while input waits
        const more = await signals.race(lines.next(source, handler));
        if (signals.code !== null) {
          this.status = signals.code;
          this.#stop = true;
          return;
        }
        if (!more || this.#stop) break;
      }
    } finally {
      signals.close();
    }
    if (boards !== null) this.#endBoards(boards, prefixOf);
    if (lines.utf16) {
      this.#say(
        `fen: ${
          label || "stdin"
        } is UTF-16 text: convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)\n`,
      );
      this.status = worse(this.status, EXIT.invalidFen);
    }
  }

  /** One line of `--from grid` input: a record when it completes a board. */
  #boardLine(
    boards: BoardTextReader,
    line: { text: string; start: number; end: number; n: number },
    prefixOf: (n: number) => string,
  ): void {
    let placement: string | null;
    try {
      placement = boards.push(line.text, {
        start: line.start,
        end: line.end,
        line: line.n,
      });
    } catch (error) {
      if (!(error instanceof GridSyntaxError)) throw error;
      return this.#invalidBoard(error, {
        number: error.line,
        prefix: prefixOf(error.line),
        stream: true,
      });
    }
    if (placement !== null) {
      const n = boards.boardLine;
      this.record(placement, 0, placement.length, {
        number: n,
        prefix: prefixOf(n),
        stream: true,
      });
    }
  }

  #endBoards(boards: BoardTextReader, prefixOf: (n: number) => string): void {
    try {
      boards.finish();
    } catch (error) {
      if (!(error instanceof GridSyntaxError)) throw error;
      this.#invalidBoard(error, {
        number: error.line,
        prefix: prefixOf(error.line),
        stream: true,
      });
    }
  }

  #invalidBoard(error: GridSyntaxError, where: Where): void {
    const message = error.message.replace(/^Cannot parse grid: /, "");
    this.#parts.out.flush();
    this.#say(`fen: ${where.prefix}invalid board: ${escapeText(message)}\n`);
    this.#jsonError(where, { field: "board", offset: error.offset, message });
    this.status = worse(this.status, EXIT.invalidFen);
  }

  /** Converts one operand that holds a whole board (`--from grid`). */
  board(text: string, where: Where): Promise<void> {
    const boards = this.#parts.boards!();
    const span = { start: 0, end: 0, line: 0 };
    let placement: string | null = null;
    try {
      while (span.start <= text.length) {
        const newline = text.indexOf("\n", span.start);
        span.end = newline < 0 ? text.length : newline;
        span.line++;
        placement = boards.push(text, span) ?? placement;
        span.start = span.end + 1;
      }
      boards.finish();
    } catch (error) {
      if (!(error instanceof GridSyntaxError)) throw error;
      this.#invalidBoard(error, where);
      return Promise.resolve();
    }
    if (placement === null) {
      this.#say(
        `fen: ${where.prefix}invalid board: no board of 8 ranks found\n`,
      );
      this.status = worse(this.status, EXIT.invalidFen);
    } else {
      this.record(placement, 0, placement.length, where);
    }
    return Promise.resolve();
  }

  /** Writes what was held for the end (a stream's lone diagram). */
  finish(): void {
    if (this.#held !== null) this.#parts.out.writeBytes(this.#held);
    this.#held = null;
  }
}

// positionStatus's options for JSON (which shows the count) and text.
const COUNT: PositionStatusOptions = Object.freeze({ countMoves: true });
const NO_COUNT: PositionStatusOptions = Object.freeze({ countMoves: false });

/** Whether a problem is an error (a loop: no closure per record). */
function hasError(problems: readonly Problem[]): boolean {
  for (let i = 0; i < problems.length; i++) {
    if (problems[i].severity === "error") return true;
  }
  return false;
}

export type { Sink, Where };

/** "Cannot play ..." as a `fen:` message says it: "cannot play ...". */
function lowerFirst(message: string): string {
  return message.replace(/^Cannot /, "cannot ");
}

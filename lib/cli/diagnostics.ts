// What a run says about its records, and the exit code it has come to: one
// object per run, which every stage of the pipeline reports to, so that a
// problem is worded, counted and (with --format json) given its place on
// stdout in one way wherever it happens.

import type { FenSyntaxError, GridSyntaxError } from "../errors.ts";
import type { PgnMoveError, PgnSyntaxError } from "../pgn/mod.ts";
import { escapeText } from "../_quote.ts";
import { type CliIo, isFile, writeText } from "../program/io.ts";
import type { Output } from "./io.ts";
import type { GamePlace, Where } from "./where.ts";
import { EXIT, type ExitCode, worse } from "../program/exit.ts";
import {
  type Current,
  type RecordSpan,
  writeJsonPlace,
  writeJsonString,
} from "./record.ts";
import { fileHint, invalidFen, invalidJson, reasonOf } from "./report.ts";
// Invalid lines in a row, with no valid record before them, after which a
// stream is taken for something else: every program's bad-input stop.
import { INVALID_RUN } from "../program/bad_input.ts";

/** How a run's diagnostics are given. */
export interface DiagnosticsOptions {
  /** Invalid records also get a JSON object on stdout. */
  json: boolean;
  /** An invalid operand is shown with its reason and a caret. */
  verbose: boolean;
  /** Someone is watching: each message is flushed at once. */
  interactive: boolean;
  /**
   * `--shard I/N --shard-by key`: a record with no key (an invalid line, a
   * game that cannot be read) belongs to the part its line or game number
   * gives, as under `--shard-by record`, so that every part but one passes
   * it over: said, counted and written once across the parts.
   */
  keyShard?: { index: number; count: number } | null;
}

/** A run's diagnostics and its exit code so far. */
export class Diagnostics {
  /** The exit code so far (the worst of what happened). */
  status: ExitCode = EXIT.ok;
  /** Whether the run must convert no further record. */
  stopped = false;
  readonly #io: CliIo;
  readonly #out: Output;
  readonly #options: DiagnosticsOptions;
  /** Records that could not be read (not FEN, too long, a bad board). */
  invalidRecords = 0;
  #anyValid = false; // a valid record was read
  #invalidRun = 0; // invalid lines in a row

  constructor(io: CliIo, out: Output, options: DiagnosticsOptions) {
    this.#io = io;
    this.#out = out;
    this.#options = options;
  }

  /** Whether any record was read without a problem. */
  get anyValid(): boolean {
    return this.#anyValid;
  }

  /**
   * What decides whether a stream is taken for something else (a part of a
   * stream under `--jobs` starts from its predecessor's).
   */
  get run(): { anyValid: boolean; invalidRun: number } {
    return { anyValid: this.#anyValid, invalidRun: this.#invalidRun };
  }

  set run(state: { anyValid: boolean; invalidRun: number }) {
    this.#anyValid = state.anyValid;
    this.#invalidRun = state.invalidRun;
  }

  /** Writes a message to stderr, after what stdout holds. */
  say(text: string): void {
    this.#out.flush(); // keep stdout and stderr in step on a terminal
    writeText(this.#io.stderr, text);
  }

  /** Raises the exit code to `code` if that is worse. */
  fail(code: ExitCode): void {
    this.status = worse(this.status, code);
  }

  /** Ends the run with `code` after what was converted so far. */
  stop(code: ExitCode): void {
    this.fail(code);
    this.stopped = true;
  }

  /**
   * A signal ended the run: its conventional code (130, 143) replaces
   * whatever the records came to, as a shell expects of an interrupted run.
   */
  interrupted(code: ExitCode): void {
    this.status = code;
    this.stopped = true;
  }

  /** A record was read: the run of invalid lines is over. */
  valid(): void {
    this.#anyValid = true;
    this.#invalidRun = 0;
  }

  /**
   * Whether a record with no key is this run's to report: always, but for
   * a part of a `--shard-by key` split (see {@linkcode DiagnosticsOptions}).
   */
  owns(where: Where): boolean {
    const shard = this.#options.keyShard;
    return shard == null ||
      (where.number - 1) % shard.count === shard.index - 1;
  }

  /** A record that is not a FEN-string. */
  invalid(error: FenSyntaxError, where: Where, span: RecordSpan): void {
    // Another part's record still counts towards "no record in this input",
    // so every part stops at the same line.
    if (!this.owns(where)) return void this.#notRecords(where);
    this.invalidRecords++;
    if (this.#notRecords(where)) return;
    this.jsonError(where, invalidJson(error), span);
    if (where.stream) {
      this.say(`fen: ${where.prefix}invalid FEN-string: ${reasonOf(error)}\n`);
    } else {
      const input = span.input.slice(span.start, span.end);
      const verbose = this.#options.verbose;
      this.say(
        invalidFen(error, input, { where: where.prefix, verbose }) +
          // Piped, the classic script's bytes; someone reading is told more.
          (verbose && isFile(this.#io, input) ? fileHint(input) : ""),
      );
    }
    this.fail(EXIT.invalidFen);
  }

  /** A move of `--moves` that cannot be played (its error's own words). */
  refusedMove(message: string, where: Where, span: RecordSpan): void {
    this.say(`fen: ${where.prefix}${escapeText(message)}\n`);
    this.jsonError(where, { field: "moves", message }, span);
    this.fail(EXIT.illegalMove);
  }

  /**
   * A record a stage refused with a reason: the message on stderr (and the
   * JSON object that stands for it), and the exit code.
   */
  refused(
    record: Current,
    problem: { field: string; message: string; code: ExitCode },
  ): void {
    this.say(`fen: ${record.where.prefix}${problem.message}\n`);
    this.jsonError(
      record.where,
      { field: problem.field, message: problem.message },
      record.ply === null ? record.span : null,
    );
    this.fail(problem.code);
  }

  /** A line over the length limit, skipped. */
  tooLong(where: Where, bytes: number): void {
    if (!this.owns(where)) return void this.#notRecords(where);
    this.invalidRecords++;
    if (this.#notRecords(where)) return;
    this.say(
      `fen: ${where.prefix}too long (${bytes} bytes; a record has at most 4096)\n`,
    );
    this.jsonError(where, {
      field: "record",
      message: `too long (${bytes} bytes)`,
    }, null);
    this.fail(EXIT.invalidFen);
  }

  /**
   * Counts a stream's bad line; at the {@linkcode INVALID_RUN}th in a row
   * with no record before, stops the run with one message instead.
   */
  #notRecords(where: Where): boolean {
    if (!where.stream || ++this.#invalidRun < INVALID_RUN || this.#anyValid) {
      return false;
    }
    this.say(
      `fen: ${where.prefix}${INVALID_RUN} invalid lines and no record: this input does not hold FEN records; stopping\n`,
    );
    this.stop(EXIT.invalidFen);
    return true;
  }

  /**
   * What a game's reader read as if written right (a tag without its
   * `]`): said, and the game read whole; the exit code is not changed.
   */
  gameWarning(warning: PgnSyntaxError, place: GamePlace): void {
    if (!this.owns(place)) return;
    this.say(
      `fen: ${place.errorPrefix(warning.line, warning.column)}, warning: ${
        escapeText(warning.detail)
      }\n`,
    );
  }

  /**
   * A game that cannot be read to its end: its positions before the error
   * were written; the stream goes on with the next game.
   */
  badGame(error: PgnSyntaxError | PgnMoveError, place: GamePlace): void {
    if (!this.owns(place)) return;
    this.say(
      `fen: ${place.errorPrefix(error.line, error.column)}, ${
        escapeText(error.detail)
      }\n`,
    );
    if (this.#options.json) {
      const out = this.#out;
      out.write('{"game":');
      out.writeNatural(place.number);
      out.write(',"line":');
      out.writeNatural(error.line + place.lineOffset);
      if (place.file !== "") {
        out.write(',"file":');
        out.write(place.fileJson ?? JSON.stringify(place.file));
      }
      out.write(',"error":');
      out.write(JSON.stringify({
        field: "pgn",
        line: error.line + place.lineOffset,
        column: error.column,
        message: error.detail,
      }));
      out.write("}\n");
    }
    this.fail(EXIT.invalidFen);
  }

  /** A text board that cannot be read (`--from grid`). */
  invalidBoard(error: GridSyntaxError, where: Where): void {
    if (!this.owns(where)) return;
    this.invalidRecords++;
    const message =
      `${error.detail} at line ${error.line}, column ${error.column}`;
    this.say(`fen: ${where.prefix}invalid board: ${escapeText(message)}\n`);
    this.jsonError(
      where,
      { field: "board", offset: error.offset, message },
      null,
    );
    this.fail(EXIT.invalidFen);
  }

  /**
   * With `--format json`, the object that stands for a record that gave no
   * result, so a reader of stdout keeps its place: where it came from, the
   * input (when it is short enough to echo) and the error.
   */
  jsonError(
    where: Where,
    error: Record<string, unknown>,
    span: RecordSpan | null,
  ): void {
    if (!this.#options.json) return;
    const out = this.#out;
    writeJsonPlace(out, where);
    if (span !== null) {
      out.write(',"input":');
      writeJsonString(out, span);
    }
    out.write(',"error":');
    out.write(JSON.stringify(error));
    out.write("}\n");
    if (this.#options.interactive) out.flush();
  }
}

export { lowered } from "../program/messages.ts";

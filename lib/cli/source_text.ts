// Where text records come from: operands, stdin and `--input` files (PGN
// games: source_pgn.ts). A source hands each record to the pipeline with
// its place; a stream is read in chunks, flushing whenever it waits, and
// stops cleanly on a signal, on input that is not text records, or when the
// run stops.

import type { RecordSource, RecordTarget } from "./pipeline.ts";
import type { BoardTextReader } from "../text/board_text.ts";
import { GridSyntaxError } from "../errors.ts";
import type { Diagnostics } from "./diagnostics.ts";
import { escapeText } from "../_quote.ts";
import { granted } from "./sink_out_dir.ts";
import { osReason } from "../program/messages.ts";
import {
  type NotText,
  notTextMessage,
  SniffedSource,
} from "../program/sniff.ts";
import type { CliIo, Source } from "../program/io.ts";
import { LineReader, type Output } from "./io.ts";
import { InputError } from "../program/io.ts";
import { Signals } from "../program/signals.ts";
import { StreamPlace, type Where } from "./where.ts";
import { EXIT } from "../program/exit.ts";
import type { StreamMeter } from "../program/progress.ts";

/** How records are read: FEN lines, or text boards (`--from grid`). */
export interface Reading {
  /** A reader of text boards for `--from grid`, or `null` for FEN lines. */
  boards: (() => BoardTextReader) | null;
  /**
   * Whether a line is no record: blank (spaces, tabs, no-break spaces, a
   * byte order mark) or, lenient, a `#` comment; the reader's own rule.
   */
  skipped(text: string, start: number, end: number): boolean;
}

/** One record given as operands (or a whole board, with `--from grid`). */
export class OperandSource implements RecordSource {
  constructor(
    readonly text: string,
    readonly parts: { where: Where; reading: Reading },
  ) {}

  feed(target: RecordTarget): Promise<void> {
    const { where, reading } = this.parts;
    if (reading.boards === null) {
      target.record(this.text, 0, this.text.length, where);
    } else {
      readBoard(this.text, reading.boards(), { target, where });
    }
    return Promise.resolve();
  }
}

/** Reads a whole board from one operand. */
function readBoard(
  text: string,
  boards: BoardTextReader,
  { target, where }: { target: RecordTarget; where: Where },
): void {
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
    return target.diagnostics.invalidBoard(error, where);
  }
  if (placement === null) {
    target.diagnostics.say(
      `fen: ${where.prefix}invalid board: no board of 8 ranks found\n`,
    );
    target.diagnostics.fail(EXIT.invalidFen);
  } else {
    target.record(placement, 0, placement.length, where);
  }
}

/** How a stream is read, and what it is called. */
export interface StreamParts {
  /** Its name in messages (escaped), "" for stdin. */
  label: string;
  /** The file as given to `--input`, "" for stdin. */
  file: string;
  reading: Reading;
  /** The streams: signals are listened to on it. */
  io: CliIo;
  /** The output, flushed whenever the stream waits for input. */
  out: Output;
  /** Part of a stream (`--jobs`): the line before it, and whether it continues one. */
  part?: { lines: number; continued: boolean };
  /** `--shard I/N` by record: the lines kept are those whose number is I modulo N. */
  shard?: { index: number; count: number } | null;
  /** The progress line's counts: told where this stream's line count is. */
  meter?: StreamMeter | null;
  /** Filled at the end: the line of the last record read (0: none). */
  report?: { lines: number };
}

/** What a {@linkcode FileSource} needs: the streams, and its reader. */
export interface FileParts {
  io: CliIo;
  /** The progress line's counts: the file's bytes are counted as read. */
  meter?: StreamMeter | null;
  /** The source that reads the opened file, by its names in messages. */
  open(file: Source, names: { label: string; file: string }): RecordSource;
}

/** An `--input` file, opened when its turn comes, read by `open`'s source. */
export class FileSource implements RecordSource {
  readonly #path: string;
  readonly #parts: FileParts;

  constructor(path: string, parts: FileParts) {
    this.#path = path;
    this.#parts = parts;
  }

  async feed(target: RecordTarget): Promise<void> {
    const path = this.#path;
    const { io } = this.#parts;
    const diagnostics = target.diagnostics;
    const label = escapeText(path, 0, path.length, 80);
    if (!granted(io, "read", path)) {
      diagnostics.say(
        `fen: cannot read ${label}: no permission (run deno with --allow-read=${label})\n`,
      );
      return diagnostics.stop(EXIT.ioError);
    }
    let file;
    try {
      file = await io.open(path, { read: true });
    } catch (error) {
      // Whatever opening throws is this file's problem (Deno's own classes,
      // or a plain Error for an OS error it has no class for).
      diagnostics.say(`fen: cannot read ${label}: ${osReason(error)}\n`);
      return diagnostics.stop(EXIT.ioError);
    }
    try {
      const counted = this.#parts.meter?.counted(file) ?? file;
      await this.#parts.open(counted, { label, file: path }).feed(target);
    } catch (error) {
      // A read that fails (a directory, a device) names the file it read.
      if (error instanceof InputError && error.source === "") {
        throw new InputError(error.cause, label);
      }
      throw error;
    } finally {
      file.close();
    }
  }
}

/** A stream of records, one a line: stdin or an opened file. */
export class StreamSource implements RecordSource {
  readonly #source: Source;
  readonly #parts: StreamParts;
  /** The stream's line reader, kept while the source is (see run.ts's partConverter). */
  #lines: LineReader | null = null;

  /**
   * @param source The bytes.
   * @param parts Its name in messages (`label`, "" for stdin) and as given
   * (`file`), how to read it, and the streams to flush and listen on.
   */
  constructor(source: Source, parts: StreamParts) {
    this.#source = source;
    this.#parts = parts;
  }

  async feed(target: RecordTarget): Promise<void> {
    const { label, file, reading, io, out, shard } = this.#parts;
    const diagnostics = target.diagnostics;
    const lines = this.#lines = new LineReader(this.#parts.part ?? null);
    const count = shard?.count ?? 1, kept = (shard?.index ?? 1) - 1;
    const where = new StreamPlace(label, file);
    const boards = reading.boards?.() ?? null;
    const handler = {
      line: (text: string, start: number, end: number, n: number) => {
        if (count > 1 && (n - 1) % count !== kept) return;
        if (boards !== null) {
          return boardLine(boards, { text, start, end, n }, {
            target,
            place: where,
          });
        }
        if (reading.skipped(text, start, end)) return;
        where.number = n;
        target.record(text, start, end, where);
      },
      tooLong: (n: number, bytes: number) => {
        if (count > 1 && (n - 1) % count !== kept) return;
        if (!diagnostics.stopped) diagnostics.tooLong(where.at(n), bytes);
      },
    };
    // A part of a stream (`--jobs`) after the first is its middle: nothing to sniff.
    const input = new SniffedSource(this.#source, {
      continued: this.#parts.part?.continued === true,
    });
    const signals = new Signals(io);
    this.#parts.meter?.begin(() => where.number);
    let ended = false;
    try {
      out.flush(); // nothing held back while input waits
      let refused: NotText | null = null;
      await signals.race(
        input.open().then((why) => {
          refused = why;
          return true;
        }),
      );
      if (signals.code !== null) return diagnostics.interrupted(signals.code);
      if (refused !== null) {
        return notText(refused, { name: label || "stdin", diagnostics });
      }
      for (;;) {
        out.flush(); // nothing held back while input waits
        const more = await signals.race(lines.next(input, handler));
        if (signals.code !== null) return diagnostics.interrupted(signals.code);
        ended = !more;
        if (!more || diagnostics.stopped) break;
      }
    } finally {
      signals.close();
      this.#parts.meter?.end();
      if (this.#parts.report) this.#parts.report.lines = where.number;
    }
    if (boards !== null) endBoards(boards, { target, place: where });
    const binary = input.binary;
    if (ended && binary !== null) {
      notText(binary, { name: label || "stdin", diagnostics });
    }
  }
}

/**
 * Says why a stream is not read, or not read to its end (FEN and PGN input
 * alike), with its exit code.
 */
export function notText(
  why: NotText,
  { name, diagnostics }: { name: string; diagnostics: Diagnostics },
): void {
  const { message, code } = notTextMessage(why, name);
  diagnostics.say(message);
  diagnostics.fail(EXIT[code]);
}

/** One line of `--from grid` input: a record when it completes a board. */
function boardLine(
  boards: BoardTextReader,
  line: { text: string; start: number; end: number; n: number },
  { target, place }: { target: RecordTarget; place: StreamPlace },
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
    return target.diagnostics.invalidBoard(error, place.at(error.line));
  }
  if (placement !== null) {
    target.record(placement, 0, placement.length, place.at(boards.boardLine));
  }
}

/** The end of a `--from grid` stream: a board cut short is reported. */
function endBoards(
  boards: BoardTextReader,
  { target, place }: { target: RecordTarget; place: StreamPlace },
): void {
  try {
    boards.finish();
  } catch (error) {
    if (!(error instanceof GridSyntaxError)) throw error;
    target.diagnostics.invalidBoard(error, place.at(error.line));
  }
}

// A run of the command as a pipeline: sources hand records to one reader,
// the transforms change them, one sink writes them. Every part is chosen
// before the first record, so the per-record path decides nothing. The
// stages' interfaces are here; each stage's kinds are in source_*.ts,
// transform_*.ts and sink_*.ts, the formats a sink writes in format_*.ts.

import { FenSyntaxError } from "../errors.ts";
import type { FenReader } from "../fen/reader.ts";
import type { PgnPosition } from "../pgn/mod.ts";
import type { Diagnostics } from "./diagnostics.ts";
import type { Output } from "./io.ts";
import type { Current, RecordSpan } from "./record.ts";
import type { Where } from "./where.ts";
import type { ExitCode } from "../program/exit.ts";

/** What a source hands its records to. */
export interface RecordTarget {
  /** Converts the record `text.slice(start, end)`, which came from `where`. */
  record(text: string, start: number, end: number, where: Where): void;
  /** Converts a game's position at a ply (PGN input). */
  ply(position: PgnPosition, where: Where): void;
  /** The run's diagnostics (whether it has stopped, what went wrong). */
  readonly diagnostics: Diagnostics;
}

/** Where records come from. */
export interface RecordSource {
  /** Hands every record to `target`, in order. */
  feed(target: RecordTarget): Promise<void>;
}

/** One stage between reading a record and writing it. */
export interface Transform {
  /** Changes `record` in place; `false` when it was refused (and said why). */
  apply(record: Current): boolean;
  /** After the last record and the sink: what the end means (counts, warnings). */
  finish?(): void;
}

/** Where a run's records go. */
export interface RecordSink {
  /** Writes one record. */
  write(record: Current): void;
  /** After the last record: what was held, and what the end means. */
  finish(): void;
}

/** The parts of a pipeline, all made before the first record. */
export interface PipelineParts {
  reader: FenReader;
  record: Current;
  transforms: readonly Transform[];
  sink: RecordSink;
  diagnostics: Diagnostics;
  out: Output;
  /** Someone is watching: flush after every record. */
  interactive: boolean;
  /** `--only invalid`: write each invalid record as it was given. */
  passInvalid?: boolean;
}

/** Sources → reader → transforms → sink, for one run. */
export class Pipeline implements RecordTarget {
  readonly diagnostics: Diagnostics;
  readonly #parts: PipelineParts;
  readonly #span: RecordSpan = { input: "", start: 0, end: 0 }; // refilled

  constructor(parts: PipelineParts) {
    this.#parts = parts;
    this.diagnostics = parts.diagnostics;
  }

  /** Converts one record of `text`; messages say where it came from. */
  record(text: string, start: number, end: number, where: Where): void {
    const { reader, record, diagnostics } = this.#parts;
    if (diagnostics.stopped) return;
    const span = this.#span;
    span.input = text;
    span.start = start;
    span.end = end;
    try {
      reader.read(text, start, end);
    } catch (error) {
      if (!(error instanceof FenSyntaxError)) throw error;
      diagnostics.invalid(error, where, span);
      if (
        this.#parts.passInvalid === true && !diagnostics.stopped &&
        diagnostics.owns(where)
      ) {
        this.#parts.out.write(text.slice(start, end));
        this.#parts.out.writeByte(10);
        if (this.#parts.interactive) this.#parts.out.flush();
      }
      return;
    }
    diagnostics.valid();
    record.next(where, span);
    this.#convert();
  }

  /** Converts a game's position at a ply: the board is the record. */
  ply(position: PgnPosition, where: Where): void {
    if (this.diagnostics.stopped) return;
    this.diagnostics.valid();
    this.#parts.record.nextPly(position, where);
    this.#convert();
  }

  /** The record through the transforms to the sink. */
  #convert(): void {
    const { record, transforms, sink } = this.#parts;
    // Indexed: for-of made an iterator per record, even over nothing.
    for (let i = 0; i < transforms.length; i++) {
      if (!transforms[i].apply(record)) return;
    }
    sink.write(record);
    if (this.#parts.interactive) this.#parts.out.flush();
  }

  /** Feeds every source in order, then finishes the sink: the exit code. */
  async run(sources: readonly RecordSource[]): Promise<ExitCode> {
    for (const source of sources) {
      await source.feed(this);
      if (this.diagnostics.stopped) break;
    }
    this.#parts.sink.finish();
    const { transforms } = this.#parts;
    for (let i = 0; i < transforms.length; i++) transforms[i].finish?.();
    return this.diagnostics.status;
  }
}

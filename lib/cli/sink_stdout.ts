// Where a format's records go: stdout, diagram files in --out-dir, or a lone
// diagram held for the end of a stream. A run has one sink, chosen before
// its first record (the others: sink_check.ts, sink_perft.ts); each sink
// keeps its own counters.

import type { RecordSink } from "./pipeline.ts";
import type { Diagnostics } from "./diagnostics.ts";
import { Output } from "./io.ts";
import type { Current } from "./record.ts";
import { EXIT } from "../program/exit.ts";
import type { Format, RunOptions } from "./format_registry.ts";
import {
  fileName,
  MemorySink,
  NamesWritten,
  writeOutFile,
} from "./sink_out_dir.ts";
import type { CliIo } from "../program/io.ts";

/** Explains `--format fen`'s changes; loaded only when asked for. */
export type Explainer = (text: string, start: number, end: number) => string[];

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

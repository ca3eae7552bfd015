// Where a format's records go: stdout, diagram files in --out-dir, or a lone
// diagram held for the end of a stream. A run has one sink, chosen before
// its first record (the others: sink_check.ts, sink_perft.ts); each sink
// keeps its own counters.

import type { RecordSink } from "./pipeline.ts";
import type { Diagnostics } from "./diagnostics.ts";
import { Output } from "./io.ts";
import type { Current } from "./record.ts";
import { EXIT } from "../program/exit.ts";
import type { FormatWriter } from "./format_registry.ts";
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
  readonly #writer: FormatWriter;
  readonly #explain: Explainer | null;
  readonly #diagnostics: Diagnostics;
  #boards = 0; // boards written, for the blank line between them

  constructor(
    out: Output,
    parts: {
      writer: FormatWriter;
      explain: Explainer | null;
      diagnostics: Diagnostics;
    },
  ) {
    this.#out = out;
    this.#writer = parts.writer;
    this.#explain = parts.explain;
    this.#diagnostics = parts.diagnostics;
  }

  write(record: Current): void {
    const writer = this.#writer;
    if (writer.format.draws && this.#boards++ > 0) this.#out.writeByte(10);
    writer.write(this.#out, record);
    if (this.#explain === null) return;
    const { input, start, end } = record.span;
    // A game's positions are made from its moves, not read from a record:
    // no text of theirs was changed.
    if (start === end) return;
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

  bytes(writer: FormatWriter, record: Current): Uint8Array {
    writer.write(this.#buffer, record);
    this.#buffer.flush();
    return this.#memory.take();
  }
}

/** What an {@linkcode OutDirSink} writes, and where. */
export interface OutDirParts {
  dir: string;
  /** The `--name` pattern. */
  pattern: string;
  writer: FormatWriter;
  /** The files' extension: the format's. */
  file: string;
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
    const { dir, pattern, writer, diagnostics } = this.#parts;
    const bytes = this.#rendering.bytes(writer, record);
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
    const ext = this.#parts.file;
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
  writer: FormatWriter;
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
    const { writer, diagnostics } = this.#parts;
    if (++this.#streamed > 1) {
      diagnostics.say(
        "fen: the input holds more than one record: diagrams need --out-dir <dir> (or choose --format board, fen, json, ...)\n",
      );
      this.#held = null;
      return diagnostics.stop(EXIT.usage);
    }
    this.#held = this.#rendering.bytes(writer, record);
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

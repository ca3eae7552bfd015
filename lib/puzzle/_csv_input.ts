// `fen puzzles --from puzzles`: lichess's puzzle CSV (`.csv`, `.csv.zst`
// through the frame) read line by line, each line's cells tested against
// the filter before the row is read whole, the rows kept written in the
// format asked, in writes of about 64 KiB.

import type { CliIo } from "../program/io.ts";
import { writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { frameOf, ProgramError } from "../program/frame.ts";
import { escapeText } from "../_quote.ts";
import { lowered } from "../program/messages.ts";
import { BadRun, notInputMessage } from "../program/bad_input.ts";
import { keepsCells, keepsLine } from "./filter.ts";
import {
  csvCells,
  PuzzleRowError,
  rowOf,
  RowsOut,
  type RowWriter,
} from "./rows.ts";
import type { PuzzlesSettings } from "./settings.ts";

/** The rows of the inputs that pass the filter, written; the exit code. */
export async function readPuzzleCsv(
  settings: PuzzlesSettings,
  io: CliIo,
  write: RowWriter,
): Promise<number> {
  const reader = new CsvRows(settings, io, write);
  await frameOf(io, "puzzles").read(
    settings.inputs,
    (bytes) => reader.push(bytes),
  );
  await reader.end();
  reader.out.end(true);
  return reader.failed ? EXIT.invalidFen : EXIT.ok;
}

/**
 * The line splitter, the filter and the buffered writer of one run. A
 * sheet's sections come as promises (their pictures drawn): they are
 * awaited, in order, before the next bytes are read.
 */
class CsvRows {
  failed = false;
  readonly #settings: PuzzlesSettings;
  readonly #io: CliIo;
  readonly #decoder = new TextDecoder();
  readonly #bad = new BadRun();
  readonly out: RowsOut;
  readonly #write: RowWriter;
  #pending: Promise<string>[] = [];
  readonly #commas = new Int32Array(9);
  #rest = "";
  #line = 0;
  #out = "";

  constructor(settings: PuzzlesSettings, io: CliIo, write: RowWriter) {
    this.#settings = settings;
    this.#io = io;
    this.#write = write;
    this.out = new RowsOut(
      (text) => writeText(io.stdout, text),
      settings.format,
    );
  }

  push(bytes: Uint8Array): void | Promise<void> {
    const text = this.#rest + this.#decoder.decode(bytes, { stream: true });
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      this.#rest = text;
      return;
    }
    this.#lines(text, end);
    this.#rest = text.slice(end + 1);
    return this.#settle(false);
  }

  end(): void | Promise<void> {
    const text = this.#rest + this.#decoder.decode() + "\n";
    this.#rest = "";
    this.#lines(text, text.length - 1);
    return this.#settle(true);
  }

  /** The text kept written (a sheet's sections awaited first). */
  #settle(all: boolean): void | Promise<void> {
    if (this.#pending.length === 0) return this.#flush(all);
    const pending = this.#pending;
    this.#pending = [];
    return (async () => {
      for (const text of pending) this.#out += await text;
      this.#flush(all);
    })();
  }

  /** The lines of `text` up to `end` (a newline). */
  #lines(text: string, end: number): void {
    const filter = this.#settings.filter;
    const span = { start: 0, end: 0, commas: this.#commas };
    for (let start = 0; start <= end;) {
      let stop = text.indexOf("\n", start);
      if (stop < 0 || stop > end) stop = end;
      const last = stop > start && text.charCodeAt(stop - 1) === 13
        ? stop - 1
        : stop;
      span.start = start;
      span.end = last;
      start = stop + 1;
      this.#line++;
      if (last === span.start || text.startsWith("PuzzleId,", span.start)) {
        continue;
      }
      const kept = keepsLine(text, span, filter);
      if (kept === false) {
        this.#bad.good();
        continue;
      }
      // a quoted field, or not ten columns: read as CSV, then tested
      const cells = kept === true
        ? text.slice(span.start, last).split(",")
        : csvCells(text.slice(span.start, last));
      if (cells.length !== 10) {
        this.#refuse(`not a puzzle row: ${cells.length} columns, not 10`);
        continue;
      }
      if (kept === null && !keepsCells(cells, filter)) continue;
      this.#keep(cells);
    }
  }

  #keep(cells: string[]): void {
    try {
      const text = this.#write(rowOf(cells));
      if (typeof text === "string" && this.#pending.length === 0) {
        this.#out += text;
      } else this.#pending.push(Promise.resolve(text));
      this.#bad.good();
    } catch (error) {
      if (!(error instanceof PuzzleRowError)) throw error;
      this.#refuse(error.message);
    }
  }

  #refuse(why: string): void {
    this.failed = true;
    if (this.#bad.bad()) {
      this.#flush(true);
      throw new ProgramError(
        notInputMessage({
          items: "lines that are not puzzle rows",
          kind: "lichess's puzzle CSV",
        }),
        EXIT.invalidFen,
      );
    }
    writeText(
      this.#io.stderr,
      `fen: puzzles: line ${this.#line}: ${
        escapeText(lowered(why))
      }; left out\n`,
    );
  }

  #flush(all: boolean): void {
    if (this.#out.length >= 1 << 16 || (all && this.#out !== "")) {
      this.out.write(this.#out);
      this.#out = "";
    }
  }
}

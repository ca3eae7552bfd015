// The output formats as a registry: a format is one entry (its name, its
// help line, whether it draws a board, whether it can be a file, and how it
// writes the current record). Everything else (help, option checks, the
// stream loop) reads this table, so adding a format is one entry here.

import {
  FEN_BYTES_MAX,
  JSON_BYTES_MAX,
  type RecordView,
  UNICODE_BYTES_MAX,
  writeFenBytes,
  writeFourFieldBytes,
  writeJsonBytes,
  writeUnicodeBytes,
} from "../fen/bytes.ts";
import { stringifyEpdOperations } from "../fen/epd.ts";
import type { FenReader } from "../fen/reader.ts";
import type { PngRenderer } from "../png.ts";
import { renderSvg, type RenderSvgOptions } from "../svg/mod.ts";
import type { Position, Side, Square } from "../types.ts";
import type { Output } from "./_io.ts";

/**
 * The record being written, refilled for every record of a run: the cells
 * and fields come straight from the reader (no format builds a Position but
 * the diagrams), or from the position after `--moves`, so every writer has
 * one path either way.
 */
export class Current implements RecordView {
  /** The placement to write: 64 char codes, 0 for empty. */
  cells: readonly number[];
  /** The position after `--moves`, or `null` to read it from the reader. */
  moved: Position | null = null;
  readonly #movedCells: number[] = new Array(64).fill(0);
  /** The last move played (`e2e4`), for the diagram. */
  lastMove: string | null = null;
  readonly #reader: FenReader;
  readonly #position: Position;
  #filled = false;

  constructor(reader: FenReader) {
    this.#reader = reader;
    this.cells = reader.cells;
    this.#position = reader.toPosition();
  }

  /** The reader, for the fields a format needs (given, operations). */
  get reader(): FenReader {
    return this.#reader;
  }

  /** The side to move. */
  get turn(): Side {
    return this.moved === null ? this.#reader.turn : this.moved.turn;
  }
  /** The castling rook squares, in canonical order. */
  get castling(): readonly Square[] {
    return this.moved === null ? this.#reader.castling : this.moved.castling;
  }
  /** The en-passant square. */
  get enPassant(): Square | null {
    return this.moved === null ? this.#reader.enPassant : this.moved.enPassant;
  }
  /** The halfmove clock. */
  get halfmoveClock(): number {
    return this.moved === null
      ? this.#reader.halfmoveClock
      : this.moved.halfmoveClock;
  }
  /** The fullmove number. */
  get fullmoveNumber(): number {
    return this.moved === null
      ? this.#reader.fullmoveNumber
      : this.moved.fullmoveNumber;
  }

  /** Starts on the record the reader has just read. */
  next(): void {
    this.cells = this.#reader.cells;
    this.moved = null;
    this.lastMove = null;
    this.#filled = false;
  }

  /** Replaces the record by the position after `--moves`. */
  setMoved(position: Position): void {
    this.moved = position;
    const cells = this.#movedCells;
    for (let k = 0; k < 64; k++) {
      cells[k] = position.board[k]?.charCodeAt(0) ?? 0;
    }
    this.cells = cells;
  }

  /** The record's position (one reused object, refilled once per record). */
  position(): Position {
    if (this.moved !== null) return this.moved;
    if (!this.#filled) {
      this.#reader.toPosition(this.#position);
      this.#filled = true;
    }
    return this.#position;
  }
}

/** What a run settles once for every record. */
export interface RunOptions {
  /** Boards from Black's side. */
  flip: boolean;
  /** The empty-square mark of `grid`, as UTF-8. */
  mark: Uint8Array;
  /** The diagram options (checked before the first record). */
  svg: RenderSvgOptions;
  /** Mark the side to move on diagrams of records that give it. */
  sideToMove: boolean;
  /** The PNG renderer, loaded before the first record when PNG is asked for. */
  png: PngRenderer | null;
}

/** One output format. */
export interface Format {
  /** Its one help line. */
  readonly help: string;
  /** Whether it draws a board: `--flip` applies; a stream separates boards. */
  readonly draws: boolean;
  /** The file extension when it goes to `--out-dir` files (one per record). */
  readonly file?: "svg" | "png";
  /** Writes the current record. */
  write(out: Output, current: Current, run: RunOptions): void;
}

const DOT = new Uint8Array([46]);

function diagramOptions(current: Current, run: RunOptions): RenderSvgOptions {
  // A placement alone parses as White to move: mark only a real turn.
  const sideToMove = run.sideToMove &&
    (current.reader.fieldsGiven > 1 || current.moved !== null);
  if (current.lastMove === null && !sideToMove) return run.svg;
  return {
    ...run.svg,
    ...(current.lastMove !== null ? { lastMove: current.lastMove } : {}),
    ...(sideToMove ? { sideToMove } : {}),
  };
}

/** Every format, in the order `--help` lists them; `svg` is the default. */
export const FORMATS = {
  svg: {
    help: "the diagram (the default)",
    draws: true,
    file: "svg",
    write(out, current, run) {
      out.write(renderSvg(current.position(), diagramOptions(current, run)));
    },
  },
  png: {
    help: "the diagram as a PNG image (always the vector style)",
    draws: true,
    file: "png",
    write(out, current, run) {
      const { style: _, accessible: __, ...options } = diagramOptions(
        current,
        run,
      );
      out.writeBytes(run.png!.render(current.position(), options));
    },
  },
  board: {
    help: "8 lines of 8 characters, '.' for an empty square",
    draws: true,
    write(out, current, run) {
      out.writeGrid(current.cells, DOT, run.flip);
    },
  },
  grid: {
    help: "like board, with the --empty mark (default *)",
    draws: true,
    write(out, current, run) {
      out.writeGrid(current.cells, run.mark, run.flip);
    },
  },
  unicode: {
    help: "the board in chess symbols, for a terminal",
    draws: true,
    write(out, current, run) {
      out.reserve(UNICODE_BYTES_MAX);
      out.length = writeUnicodeBytes(
        current.cells,
        run.flip,
        out.buffer,
        out.length,
      );
    },
  },
  fen: {
    help: "the record in canonical form (missing fields filled in)",
    draws: false,
    write(out, current) {
      out.reserve(FEN_BYTES_MAX + 1);
      const end = writeFenBytes(current, out.buffer, out.length);
      out.buffer[end] = 10;
      out.length = end + 1;
    },
  },
  epd: {
    help: "the record as EPD: four fields and its operations",
    draws: false,
    write(out, current) {
      out.reserve(FEN_BYTES_MAX);
      out.length = writeFourFieldBytes(current, out.buffer, out.length);
      const operations = current.reader.operations;
      if (operations !== null && operations.length > 0) {
        out.writeByte(32);
        out.write(stringifyEpdOperations(operations));
      }
      out.writeByte(10);
    },
  },
  json: {
    help: "the parsed position as one line of JSON",
    draws: false,
    write(out, current) {
      out.reserve(JSON_BYTES_MAX + 1);
      const end = writeJsonBytes(current, out.buffer, out.length);
      out.buffer[end] = 10;
      out.length = end + 1;
    },
  },
} as const satisfies Record<string, Format>;

/** The name of a format. */
export type FormatName = keyof typeof FORMATS;

/** The format names, in help order. */
export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

/** Whether `name` names a format. */
export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATS, name);
}

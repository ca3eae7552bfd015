// The output formats as a registry: a format is its row in the formats
// table (format_table.ts: its name, help line and traits) and its entry
// here (the libraries it needs, and how it writes the current record).
// Everything else (help, option checks, the stream loop, what a run loads)
// reads these two, so adding a format is a row there and an entry here,
// plus a loader in libraries.ts if it needs a library no format has needed
// before.

import {
  FEN_BYTES_MAX,
  UNICODE_BYTES_MAX,
  writeFenBytes,
  writeFourFieldBytes,
  writeUnicodeBytes,
} from "../fen/bytes.ts";
import { stringifyEpdOperations } from "../fen/epd.ts";
import type { RenderSvgOptions } from "../svg/mod.ts";
import { shapeMarks } from "../svg/letters.ts";
import type { PgnGame, PgnShape } from "../pgn/mod.ts";
import type { Position, StringifyFenOptions } from "../types.ts";
import type { Output } from "./io.ts";
import { writeGif } from "./format_gif.ts";
import { variantLines } from "../text/variant_lines.ts";
import { writeJsonRecord } from "./format_json.ts";
import type { Current } from "./record.ts";
import type { JsonFields } from "./option_settings_data.ts";
import type { Libraries, LibraryName, PgnModule } from "./format_libraries.ts";
import {
  FORMAT_NAMES,
  FORMAT_TABLE,
  type FormatName,
  type FormatTraits,
} from "./format_table.ts";
import {
  writeKey,
  writeMoves,
  writeOpening,
  writePlacement,
} from "./format_data.ts";

export type { PgnModule } from "./format_libraries.ts";

/**
 * The game a record belongs to: a PGN game, the one `--moves` made, or a
 * game of no moves from the record's position.
 */
export function gameOf(current: Current, pgn: PgnModule): PgnGame {
  // A game of no moves is its start alone, playable or not (no king).
  return current.game ?? new pgn.PgnGame({ start: current.position() });
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
  /** The members `--json-fields` adds to `--format json`'s objects. */
  json: JsonFields;
  /** How `fen` and `epd` write castling (`--castling`). */
  fen: StringifyFenOptions;
}

/** One output format; `N` names the libraries it needs. */
export interface Format<N extends LibraryName = LibraryName>
  extends FormatTraits {
  /** The libraries it writes with, loaded before the first record. */
  readonly needs: readonly N[];
  /** Writes the current record with the libraries it declared. */
  write(
    out: Output,
    current: Current,
    run: RunOptions,
    libraries: Pick<Libraries, N>,
  ): void;
}

/** How a format writes: its registry entry, beside its row's traits. */
type Writer<N extends LibraryName> = Pick<Format<N>, "needs" | "write">;

/**
 * An entry of the registry: the format's row in the formats table and its
 * writer, its libraries typed from its `needs`.
 */
function format<N extends LibraryName = never>(
  name: FormatName,
  writer: Writer<N>,
): Format<N> {
  return { ...FORMAT_TABLE[name], ...writer };
}

/** Whether the format `name` writes with `library` (loaded for it). */
export function formatNeeds(name: FormatName, library: LibraryName): boolean {
  return (FORMATS[name].needs as readonly LibraryName[]).includes(library);
}

/** A format ready to write: its entry, and the libraries it needs loaded. */
export interface FormatWriter {
  readonly format: Format;
  /** Writes the current record. */
  write(out: Output, current: Current): void;
}

const DOT = new Uint8Array([46]);

/**
 * What a diagram draws: the position when the record gave more than its
 * placement, else the board alone, so that no text alternative or mark
 * claims a side to move the record did not give.
 */
function drawn(current: Current): Position | Position["board"] {
  const position = current.position();
  return current.hasTurn ? position : position.board;
}

function diagramOptions(current: Current, run: RunOptions): RenderSvgOptions {
  // A placement alone parses as White to move: mark only a real turn.
  const sideToMove = run.sideToMove &&
    current.hasTurn;
  // An explicit --last-move wins over the last of --moves.
  const lastMove = run.svg.lastMove === undefined ? current.lastMove : null;
  const shapes = current.ply?.move?.shapes ?? NO_SHAPES;
  if (lastMove === null && !sideToMove && shapes.length === 0) return run.svg;
  return {
    ...run.svg,
    ...(lastMove !== null ? { lastMove } : {}),
    ...(sideToMove ? { sideToMove } : {}),
    ...(shapes.length > 0 ? shapeMarks(shapes, run.svg) : {}),
  };
}

const NO_SHAPES: readonly PgnShape[] = Object.freeze([]);

/**
 * A text board's pocket or check lines (with their newlines), or `null`
 * for a record without them: figurines after an indent for `unicode`.
 */
function textLines(
  current: Current,
  run: RunOptions,
  indent: string,
): { top: string; bottom: string } | null {
  if (current.variant == null) return null; // standard chess: nothing made
  const lines = variantLines(current.variant, {
    flip: run.flip,
    figurines: indent !== "",
  });
  return lines === null ? null : {
    top: `${indent}${lines.top}\n`,
    bottom: `${indent}${lines.bottom}\n`,
  };
}

/**
 * The writer of a board of piece letters, each empty square written as
 * `mark` gives it (`board`'s dot, `grid`'s `--empty`).
 */
function letterBoard(
  mark: (run: RunOptions) => Uint8Array,
): Writer<never> {
  return {
    needs: [],
    write(out, current, run) {
      const lines = textLines(current, run, "");
      if (lines !== null) out.write(lines.top);
      out.writeGrid(current.cells, mark(run), run.flip);
      if (lines !== null) out.write(lines.bottom);
    },
  };
}

/** Every format, in the order `--help` lists them; `svg` is the default. */
export const FORMATS = {
  svg: format("svg", {
    needs: ["draw"],
    write(out, current, run, { draw }) {
      out.write(draw(drawn(current), diagramOptions(current, run)));
    },
  }),
  png: format("png", {
    needs: ["png"],
    write(out, current, run, { png }) {
      const { style: _, accessible: __, ...options } = diagramOptions(
        current,
        run,
      );
      out.writeBytes(png.render(drawn(current), options));
    },
  }),
  board: format("board", letterBoard(() => DOT)),
  grid: format("grid", letterBoard((run) => run.mark)),
  unicode: format("unicode", {
    needs: [],
    write(out, current, run) {
      const lines = textLines(current, run, "  ");
      if (lines !== null) out.write(lines.top);
      out.reserve(UNICODE_BYTES_MAX);
      out.length = writeUnicodeBytes(
        current.cells,
        run.flip,
        out.buffer,
        out.length,
      );
      if (lines !== null) out.write(lines.bottom);
    },
  }),
  fen: format("fen", {
    needs: [],
    write(out, current, run) {
      out.reserve(FEN_BYTES_MAX + 1);
      const end = writeFenBytes(current, out.buffer, out.length, run.fen);
      out.buffer[end] = 10;
      out.length = end + 1;
    },
  }),
  epd: format("epd", {
    needs: [],
    write(out, current, run) {
      out.reserve(FEN_BYTES_MAX);
      out.length = writeFourFieldBytes(
        current,
        out.buffer,
        out.length,
        run.fen,
      );
      const operations = current.operations;
      if (operations !== null && operations.length > 0) {
        out.writeByte(32);
        out.write(stringifyEpdOperations(operations));
      }
      out.writeByte(10);
    },
  }),
  json: format("json", {
    needs: ["keysIfAsked", "openingsIfAsked"],
    write(out, current, run, libraries) {
      writeJsonRecord(out, current, { fields: run.json, libraries });
    },
  }),
  pgn: format("pgn", {
    needs: ["pgn"],
    write(out, current, _run, { pgn }) {
      out.write(pgn.stringifyPgn(gameOf(current, pgn)));
      out.writeByte(10);
    },
  }),
  gif: format("gif", {
    needs: ["gif"],
    write(out, current, run, { gif }) {
      writeGif(out, current, { gif, svg: diagramOptions(current, run) });
    },
  }),
  // data and engine work (see docs/data.md)
  key: format("key", {
    needs: ["keys"],
    write(out, current, _run, { keys }) {
      writeKey(out, current, keys);
    },
  }),
  placement: format("placement", {
    needs: [],
    write(out, current) {
      writePlacement(out, current);
    },
  }),
  moves: format("moves", {
    needs: [],
    write(out, current) {
      writeMoves(out, current);
    },
  }),
  opening: format("opening", {
    needs: ["openings"],
    write(out, current, _run, { openings }) {
      writeOpening(out, current, openings);
    },
  }),
} as const satisfies Record<FormatName, Format>;

/**
 * The record in its own form, for filters and repairs given no `--format`:
 * EPD (four fields, or operations) stays EPD, anything else is written as
 * FEN, a game's positions included.
 */
export const OWN_FORM: Format<never> = {
  help: "the record in its own form: FEN as FEN, EPD as EPD",
  draws: false,
  moves: false,
  needs: [],
  write(out, current, run) {
    const operations = current.operations;
    const epd = current.fieldsGiven === 4 ||
      (operations !== null && operations.length > 0);
    (epd ? FORMATS.epd : FORMATS.fen).write(out, current, run, {});
  },
};

export type { FormatName };

export { FORMAT_NAMES };

// The output formats as a registry: a format is one entry (its name, its
// help line, whether it draws a board, whether it can be a file, the
// libraries it needs, and how it writes the current record). Everything
// else (help, option checks, the stream loop, what a run loads) reads this
// table, so adding a format is one entry here, plus a loader in
// libraries.ts if it needs a library no format has needed before.

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
import {
  INITIAL_FEN,
  type Position,
  type Rules,
  type StringifyFenOptions,
} from "../types.ts";
import { variantOf } from "../chess/variant_names.ts";
import type { Output } from "./io.ts";
import { writeGif } from "./format_gif.ts";
import { variantLines } from "../text/variant_lines.ts";
import { writeJsonRecord } from "./format_json.ts";
import type { Current } from "./record.ts";
import type { JsonFields } from "./option_settings_data.ts";
import type { Libraries, LibraryName, PgnModule } from "./format_libraries.ts";
import { FORMAT_NAMES, type FormatName } from "./option_table.ts";
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

/**
 * A game from a start position and moves in SAN, through the PGN reader;
 * a variant's (but Chess960's, which its FEN tells) named by its Variant tag.
 */
export function gameFrom(
  start: string,
  sans: readonly string[],
  { pgn, rules }: { pgn: PgnModule; rules: Rules },
): PgnGame {
  const variant = rules === "chess" || rules === "chess960"
    ? ""
    : `[Variant "${variantOf(rules).name}"]\n`;
  const setUp = start === INITIAL_FEN ? "" : `[SetUp "1"]\n[FEN "${start}"]\n`;
  const tags = variant + setUp === "" ? "" : `${variant}${setUp}\n`;
  const text = `${tags}${sans.join(" ")} *\n`;
  return pgn.parsePgn(text)[0];
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
export interface Format<N extends LibraryName = LibraryName> {
  /** Its one help line. */
  readonly help: string;
  /** Whether it draws a board: `--flip` applies; a stream separates boards. */
  readonly draws: boolean;
  /** The file extension when it goes to `--out-dir` files (one per record). */
  readonly file?: "svg" | "png" | "gif";
  /**
   * Whether it reads a game's moves (SAN, comments, drawn shapes, the whole
   * game): `--from pgn` keeps them only then, else it walks the positions
   * as it reads.
   */
  readonly moves: boolean;
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

/** An entry of the registry, its libraries typed from its `needs`. */
function format<N extends LibraryName = never>(entry: Format<N>): Format<N> {
  return entry;
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

/** Every format, in the order `--help` lists them; `svg` is the default. */
export const FORMATS = {
  svg: format({
    help: "the diagram (the default)",
    draws: true,
    moves: true,
    file: "svg",
    needs: ["draw"],
    write(out, current, run, { draw }) {
      out.write(draw(drawn(current), diagramOptions(current, run)));
    },
  }),
  png: format({
    help: "the diagram as a PNG image (always the vector style)",
    draws: true,
    moves: true,
    file: "png",
    needs: ["png"],
    write(out, current, run, { png }) {
      const { style: _, accessible: __, ...options } = diagramOptions(
        current,
        run,
      );
      out.writeBytes(png.render(drawn(current), options));
    },
  }),
  board: format({
    help: "8 lines of 8 characters, '.' for an empty square",
    draws: true,
    moves: false,
    needs: [],
    write(out, current, run) {
      const lines = textLines(current, run, "");
      if (lines !== null) out.write(lines.top);
      out.writeGrid(current.cells, DOT, run.flip);
      if (lines !== null) out.write(lines.bottom);
    },
  }),
  grid: format({
    help: "like board, with the --empty mark (default *)",
    draws: true,
    moves: false,
    needs: [],
    write(out, current, run) {
      const lines = textLines(current, run, "");
      if (lines !== null) out.write(lines.top);
      out.writeGrid(current.cells, run.mark, run.flip);
      if (lines !== null) out.write(lines.bottom);
    },
  }),
  unicode: format({
    help: "the board in chess symbols, for a terminal",
    draws: true,
    moves: false,
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
  fen: format({
    help: "the record in canonical form (missing fields filled in)",
    draws: false,
    moves: false,
    needs: [],
    write(out, current, run) {
      out.reserve(FEN_BYTES_MAX + 1);
      const end = writeFenBytes(current, out.buffer, out.length, run.fen);
      out.buffer[end] = 10;
      out.length = end + 1;
    },
  }),
  epd: format({
    help: "the record as EPD: four fields and its operations",
    draws: false,
    moves: false,
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
  json: format({
    help: "the record as one line of JSON (see Records)",
    draws: false,
    moves: true,
    needs: ["keysIfAsked", "openingsIfAsked"],
    write(out, current, run, libraries) {
      writeJsonRecord(out, current, { fields: run.json, libraries });
    },
  }),
  pgn: format({
    help: "the game as PGN (--from pgn, --moves; else a game of no moves)",
    draws: false,
    moves: true,
    needs: ["pgn"],
    write(out, current, _run, { pgn }) {
      out.write(pgn.stringifyPgn(gameOf(current, pgn)));
      out.writeByte(10);
    },
  }),
  gif: format({
    help: "the diagram as a GIF; a game (--from pgn, --moves) animated",
    draws: true,
    moves: true,
    file: "gif",
    needs: ["gif"],
    write(out, current, run, { gif }) {
      writeGif(out, current, { gif, svg: diagramOptions(current, run) });
    },
  }),
  // data and engine work (see docs/data.md)
  key: format({
    help: "the Polyglot key: 16 hex digits",
    draws: false,
    moves: false,
    needs: ["keys"],
    write(out, current, _run, { keys }) {
      writeKey(out, current, keys);
    },
  }),
  placement: format({
    help: "the placement alone (the first field)",
    draws: false,
    moves: false,
    needs: [],
    write(out, current) {
      writePlacement(out, current);
    },
  }),
  moves: format({
    help: "the legal moves on one line (UCI; --san for SAN)",
    draws: false,
    moves: false,
    needs: [],
    write(out, current) {
      writeMoves(out, current);
    },
  }),
  opening: format({
    help: "the opening's ECO code and name (- if none)",
    draws: false,
    moves: false,
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

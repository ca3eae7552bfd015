// The output formats as a registry: a format is one entry (its name, its
// help line, whether it draws a board, whether it can be a file, and how it
// writes the current record). Everything else (help, option checks, the
// stream loop) reads this table, so adding a format is one entry here.

import {
  FEN_BYTES_MAX,
  JSON_BYTES_MAX,
  UNICODE_BYTES_MAX,
  writeFenBytes,
  writeFourFieldBytes,
  writeJsonBytes,
  writeUnicodeBytes,
} from "../fen/bytes.ts";
import { stringifyEpdOperations } from "../fen/epd.ts";
import type { PngRenderer } from "../png.ts";
import type { renderSvg, RenderSvgOptions } from "../svg/mod.ts";
import type { PgnGame, PgnPosition, PgnShape } from "../pgn/mod.ts";
import { INITIAL_FEN, type Position } from "../types.ts";
import type { Output } from "./_io.ts";
import { type GifRun, writeGif } from "./_gif_format.ts";
import { type Current, writeJsonPlace, writeJsonString } from "./_record.ts";
import { FORMAT_NAMES, type FormatName } from "./options.ts";
import {
  type DataWriters,
  writeJsonData,
  writeKey,
  writeMoves,
  writeOpening,
  writePlacement,
} from "./_data_formats.ts";

/** What formats of games use of the PGN library. */
export type PgnModule = Pick<
  typeof import("../pgn/mod.ts"),
  "parsePgn" | "stringifyPgn" | "PgnGame"
>;

/**
 * The game a record belongs to: a PGN game, the one `--moves` made, or a
 * game of no moves from the record's position.
 */
export function gameOf(current: Current, pgn: PgnModule): PgnGame {
  // A game of no moves is its start alone, playable or not (no king).
  return current.game ?? new pgn.PgnGame({ start: current.position() });
}

/** A game from a start position and moves in SAN, through the PGN reader. */
export function gameFrom(
  start: string,
  sans: readonly string[],
  pgn: PgnModule,
): PgnGame {
  const tags = start === INITIAL_FEN ? "" : `[SetUp "1"]\n[FEN "${start}"]\n\n`;
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
  /** The SVG drawing, loaded before the first record for diagrams only. */
  draw: typeof renderSvg | null;
  /** Mark the side to move on diagrams of records that give it. */
  sideToMove: boolean;
  /** The PNG renderer, loaded before the first record when PNG is asked for. */
  png: PngRenderer | null;
  /** The PGN library, loaded before the first record for formats of games. */
  pgn: PgnModule | null;
  /** The GIF renderer and its settings, loaded when a GIF is asked for. */
  gif: GifRun | null;
  /** What the data formats (and JSON's key) write with, or `null`. */
  data: DataWriters | null;
}

/** One output format. */
export interface Format {
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
  /** Writes the current record. */
  write(out: Output, current: Current, run: RunOptions): void;
}

const DOT = new Uint8Array([46]);

/**
 * What a diagram draws: the position when the record gave more than its
 * placement, else the board alone, so that no text alternative or mark
 * claims a side to move the record did not give.
 */
function drawn(current: Current): Position | Position["board"] {
  const position = current.position();
  return current.fieldsGiven > 1 || current.moved !== null
    ? position
    : position.board;
}

function diagramOptions(current: Current, run: RunOptions): RenderSvgOptions {
  // A placement alone parses as White to move: mark only a real turn.
  const sideToMove = run.sideToMove &&
    (current.fieldsGiven > 1 || current.moved !== null);
  // An explicit --last-move wins over the last of --moves.
  const lastMove = run.svg.lastMove === undefined ? current.lastMove : null;
  const shapes = current.ply?.move?.shapes ?? NO_SHAPES;
  if (lastMove === null && !sideToMove && shapes.length === 0) return run.svg;
  return {
    ...run.svg,
    ...(lastMove !== null ? { lastMove } : {}),
    ...(sideToMove ? { sideToMove } : {}),
    ...(shapes.length > 0 ? drawnShapes(shapes, run.svg) : {}),
  };
}

const NO_SHAPES: readonly PgnShape[] = Object.freeze([]);

/** A move's `[%cal]` arrows and `[%csl]` squares, after the options' own. */
function drawnShapes(
  shapes: readonly PgnShape[],
  svg: RenderSvgOptions,
): Pick<RenderSvgOptions, "arrows" | "highlight"> {
  const letter = (shape: PgnShape) => shape.color[0].toUpperCase();
  return {
    arrows: [
      ...(svg.arrows ?? []),
      ...shapes.filter((s) => s.from !== s.to).map((s) =>
        `${letter(s)}${s.from}${s.to}`
      ),
    ],
    highlight: [
      ...(svg.highlight ?? []),
      ...shapes.filter((s) => s.from === s.to).map((s) =>
        `${letter(s)}${s.from}`
      ),
    ],
  };
}

/**
 * The JSON object of a record: where it came from, the position's members,
 * the canonical FEN, the input as given, its EPD operations and the moves
 * played, so every object can be matched back to its line.
 */
function writeJsonRecord(
  out: Output,
  current: Current,
  run: RunOptions,
): void {
  writeJsonPlace(out, current.where);
  out.reserve(JSON_BYTES_MAX);
  const start = out.length;
  const end = writeJsonBytes(current, out.buffer, start);
  out.buffer[start] = 44; // its "{" becomes a ","; its "}" comes at the end
  out.length = end - 1;
  out.write(',"fen":"');
  out.reserve(FEN_BYTES_MAX + 1);
  out.length = writeFenBytes(current, out.buffer, out.length);
  out.writeByte(34);
  writeJsonData(out, current, run.data!);
  if (current.ply !== null) {
    writeGameMembers(out, current.ply);
  } else {
    out.write(',"input":');
    writeJsonString(out, current.span);
  }
  const operations = current.operations;
  if (operations !== null && operations.length > 0 && current.played === null) {
    out.write(',"operations":');
    out.write(JSON.stringify(operations));
  }
  if (current.played !== null) {
    out.write(',"moves":');
    out.write(JSON.stringify(current.played));
  }
  out.write("}\n");
}

/**
 * What JSON adds for a game's position: the move that led to it (SAN and
 * UCI), the game's tags, and the move's comments, NAGs, clock, eval and
 * drawn shapes when it has them.
 */
function writeGameMembers(out: Output, ply: PgnPosition): void {
  const move = ply.move;
  out.write(',"move":');
  out.write(
    move === null ? "null" : JSON.stringify({ san: move.san, uci: move.uci }),
  );
  out.write(',"tags":');
  out.write(JSON.stringify(Object.fromEntries(ply.game.tags)));
  if (move === null) return;
  const extra: Record<string, unknown> = {};
  if (move.comments.length > 0) extra.comments = move.comments;
  if (move.nags.length > 0) extra.nags = move.nags;
  if (move.clock !== null) extra.clock = move.clock;
  if (move.eval !== null) extra.eval = move.eval;
  if (move.shapes.length > 0) extra.shapes = move.shapes;
  for (const key in extra) {
    out.write(`,"${key}":`);
    out.write(JSON.stringify(extra[key]));
  }
}

/** Every format, in the order `--help` lists them; `svg` is the default. */
export const FORMATS = {
  svg: {
    help: "the diagram (the default)",
    draws: true,
    moves: true,
    file: "svg",
    write(out, current, run) {
      out.write(run.draw!(drawn(current), diagramOptions(current, run)));
    },
  },
  png: {
    help: "the diagram as a PNG image (always the vector style)",
    draws: true,
    moves: true,
    file: "png",
    write(out, current, run) {
      const { style: _, accessible: __, ...options } = diagramOptions(
        current,
        run,
      );
      out.writeBytes(run.png!.render(drawn(current), options));
    },
  },
  board: {
    help: "8 lines of 8 characters, '.' for an empty square",
    draws: true,
    moves: false,
    write(out, current, run) {
      out.writeGrid(current.cells, DOT, run.flip);
    },
  },
  grid: {
    help: "like board, with the --empty mark (default *)",
    draws: true,
    moves: false,
    write(out, current, run) {
      out.writeGrid(current.cells, run.mark, run.flip);
    },
  },
  unicode: {
    help: "the board in chess symbols, for a terminal",
    draws: true,
    moves: false,
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
    moves: false,
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
    moves: false,
    write(out, current) {
      out.reserve(FEN_BYTES_MAX);
      out.length = writeFourFieldBytes(current, out.buffer, out.length);
      const operations = current.operations;
      if (operations !== null && operations.length > 0) {
        out.writeByte(32);
        out.write(stringifyEpdOperations(operations));
      }
      out.writeByte(10);
    },
  },
  json: {
    help: "the record as one line of JSON (see Records)",
    draws: false,
    moves: true,
    write(out, current, run) {
      writeJsonRecord(out, current, run);
    },
  },
  pgn: {
    help: "the game as PGN (--from pgn, --moves; else a game of no moves)",
    draws: false,
    moves: true,
    write(out, current, run) {
      const pgn = run.pgn!;
      out.write(pgn.stringifyPgn(gameOf(current, pgn)));
      out.writeByte(10);
    },
  },
  gif: {
    help: "the diagram as a GIF; a game (--from pgn, --moves) animated",
    draws: true,
    moves: true,
    file: "gif",
    write(out, current, run) {
      writeGif(out, current, {
        gif: run.gif!,
        svg: diagramOptions(current, run),
      });
    },
  },
  // data and engine work (see docs/data.md)
  key: {
    help: "the Polyglot key: 16 hex digits",
    draws: false,
    moves: false,
    write(out, current, run) {
      writeKey(out, current, run.data!);
    },
  },
  placement: {
    help: "the placement alone (the first field)",
    draws: false,
    moves: false,
    write(out, current) {
      writePlacement(out, current);
    },
  },
  moves: {
    help: "the legal moves on one line (UCI; --san for SAN)",
    draws: false,
    moves: false,
    write(out, _current, run) {
      writeMoves(out, run.data!);
    },
  },
  opening: {
    help: "the opening's ECO code and name (- if none)",
    draws: false,
    moves: false,
    write(out, current, run) {
      writeOpening(out, current, run.data!);
    },
  },
} as const satisfies Record<FormatName, Format>;

export type { FormatName };

export { FORMAT_NAMES };

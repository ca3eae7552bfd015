// `--format json`: one object a record, with where it came from, the
// position's fields and the canonical FEN (and, with --json-fields, the
// board, the Polyglot key and the input as given), and what games, EPD
// operations and --moves add.

import {
  FEN_BYTES_MAX,
  JSON_BYTES_MAX,
  writeFenBytes,
  writeJsonBytes,
  writeJsonFieldBytes,
} from "../fen/bytes.ts";
import type { PgnPosition } from "../pgn/mod.ts";
import type { Output } from "./io.ts";
import { writeJsonData } from "./format_data.ts";
import type { PolyglotHasher } from "../data/polyglot/mod.ts";
import type { GameOpening } from "./format_data.ts";
import type { JsonFields } from "./option_settings_data.ts";
import { type Current, writeJsonPlace, writeJsonString } from "./record.ts";

const FEN_MEMBER = new TextEncoder().encode(',"fen":"');

/** What a JSON object is written with, settled once for the run. */
export interface JsonRun {
  /** The members `--json-fields` adds. */
  fields: JsonFields;
  /** The key hasher (when `key` is asked) and the openings (`--opening`). */
  libraries: {
    keysIfAsked: PolyglotHasher | null;
    openingsIfAsked: GameOpening | null;
  };
}

/**
 * The JSON object of a record: where it came from, the position's fields,
 * the canonical FEN, its EPD operations and the moves played, so every
 * object can be matched back to its line; the board, the Polyglot key and
 * the input as given when `--json-fields` asks (each costs about what
 * reading the record costs). The members keep one order whichever are
 * written.
 */
export function writeJsonRecord(
  out: Output,
  current: Current,
  { fields, libraries }: JsonRun,
): void {
  writeJsonPlace(out, current.where);
  out.reserve(JSON_BYTES_MAX);
  if (fields.board) {
    const start = out.length;
    const end = writeJsonBytes(current, out.buffer, start);
    out.buffer[start] = 44; // its "{" becomes a ","; its "}" comes at the end
    out.length = end - 1;
  } else {
    out.buffer[out.length] = 44;
    out.length = writeJsonFieldBytes(current, out.buffer, out.length + 1);
  }
  out.append(FEN_MEMBER);
  out.reserve(FEN_BYTES_MAX + 1);
  out.length = writeFenBytes(current, out.buffer, out.length);
  out.writeByte(34);
  writeJsonData(out, current, libraries);
  if (current.ply !== null) {
    writeGameMembers(out, current.ply);
  } else if (fields.input) {
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
  out.writeByte(125); // }
  out.writeByte(10);
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

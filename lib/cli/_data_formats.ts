// The writers of the formats for data and engine work (key, placement,
// moves, opening) and the members they add to JSON. Loaded with the formats
// registry, so the libraries they use (Polyglot keys, the moves, the
// openings table) come in as types only: the run loads what it needs.

import { FEN_BYTES_MAX } from "../fen/bytes.ts";
import { writePlacementBytes } from "../fen/bytes.ts";
import type { Opening } from "../data/openings/mod.ts";
import type { PolyglotHasher } from "../data/polyglot/mod.ts";
import type { Position } from "../types.ts";
import type { Output } from "./_io.ts";
import type { Current } from "./_record.ts";
import type { DataSettings } from "./_data_settings.ts";
import type { FormatName } from "./options.ts";

/** What the data formats write with: one per run, loaded before the first record. */
export interface DataWriters {
  /** Polyglot keys: `--format key` and JSON's `"key"`. */
  key: PolyglotHasher | null;
  /** The opening of a position: `--format opening`, JSON with `--opening`. */
  opening: ((position: Position) => Opening | null) | null;
  /**
   * The record's legal moves for `--format moves`, refilled by the
   * transform that lists them (and refuses an unplayable record) before
   * the writer runs.
   */
  moves: string[];
}

/** `--format key`: the Polyglot key as 16 hex digits, written in place. */
export function writeKey(
  out: Output,
  current: Current,
  data: DataWriters,
): void {
  out.reserve(17);
  const end = data.key!.write(current, out.buffer, out.length);
  out.buffer[end] = 10;
  out.length = end + 1;
}

/** `--format placement`: the first field alone. */
export function writePlacement(out: Output, current: Current): void {
  out.reserve(FEN_BYTES_MAX);
  const end = writePlacementBytes(current.cells, out.buffer, out.length);
  out.buffer[end] = 10;
  out.length = end + 1;
}

/** `--format moves`: the legal moves, spaced, on one line. */
export function writeMoves(out: Output, data: DataWriters): void {
  out.write(data.moves.join(" "));
  out.writeByte(10);
}

/** `--format opening`: the ECO code, a tab and the name, or `-`. */
export function writeOpening(
  out: Output,
  current: Current,
  data: DataWriters,
): void {
  const opening = data.opening!(current.position());
  out.write(opening === null ? "-" : `${opening.eco}\t${opening.name}`);
  out.writeByte(10);
}

/**
 * What JSON adds for data work: `"key"` (always), and `"opening"` with
 * `--opening` (`{"eco", "name"}` or `null`).
 */
export function writeJsonData(
  out: Output,
  current: Current,
  data: DataWriters,
): void {
  out.write(',"key":"');
  out.reserve(17);
  out.length = data.key!.write(current, out.buffer, out.length);
  out.writeByte(34);
  if (data.opening === null) return;
  const opening = data.opening(current.position());
  out.write(',"opening":');
  out.write(
    opening === null
      ? "null"
      : JSON.stringify({ eco: opening.eco, name: opening.name }),
  );
}

/** What the data formats write with: the libraries they need, loaded. */
export async function loadDataWriters(
  settings: { format: FormatName; data: DataSettings },
): Promise<DataWriters | null> {
  const { format, data } = settings;
  const keys = format === "key" || format === "json";
  const openings = format === "opening" || data.opening;
  if (!keys && !openings && format !== "moves") return null;
  return {
    key: keys
      ? new (await import("../data/polyglot/mod.ts")).PolyglotHasher()
      : null,
    opening: openings
      ? (await import("../data/openings/mod.ts")).openingOf
      : null,
    moves: [],
  };
}

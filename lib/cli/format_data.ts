// The writers of the formats for data and engine work (key, placement,
// moves, opening) and the members they add to JSON, and a game's opening as
// its positions go by. Loaded with the formats registry, so the libraries
// they use (Polyglot keys, the openings table) come in as types only: the
// run loads what a format's `needs` name (libraries.ts, which imports this
// file, so its types are not named here).

import { FEN_BYTES_MAX } from "../fen/bytes.ts";
import { writePlacementBytes } from "../fen/bytes.ts";
import type { Opening } from "../data/openings/mod.ts";
import type { PgnPosition } from "../pgn/mod.ts";
import type { PolyglotHasher } from "../data/polyglot/mod.ts";
import type { Position } from "../types.ts";
import type { Output } from "./io.ts";
import type { Current } from "./record.ts";

/**
 * The deepest named position a game has reached, followed position by
 * position as a PGN source reads it: a game's opening as lichess shows it,
 * not only the last position's (which is rarely in any book).
 */
export class GameOpening {
  /** The deepest opening of the game's main line so far, or `null`. */
  deepest: Opening | null = null;
  readonly #openingOf: (position: Position) => Opening | null;

  constructor(openingOf: (position: Position) => Opening | null) {
    this.#openingOf = openingOf;
  }

  /** A position of the game, in the order of play (ply 0 starts a game). */
  see(position: PgnPosition): void {
    if (position.depth !== 0) return; // a variation is not the game's line
    if (position.ply === 0) this.deepest = null;
    this.deepest = this.#openingOf(position.toPosition()) ?? this.deepest;
  }

  /**
   * The opening of a record: for a game's main line, the deepest named
   * position up to it; otherwise the position's own.
   */
  of(current: Current): Opening | null {
    const ply = current.ply;
    return ply !== null && ply.depth === 0
      ? this.deepest
      : this.#openingOf(current.position());
  }
}

/** `--format key`: the Polyglot key as 16 hex digits, written in place. */
export function writeKey(
  out: Output,
  current: Current,
  keys: PolyglotHasher,
): void {
  out.reserve(17);
  const end = keys.write(current, out.buffer, out.length);
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

/** `--format moves`: the record's legal moves, spaced, on one line. */
export function writeMoves(out: Output, current: Current): void {
  out.write(current.legalMoves.join(" "));
  out.writeByte(10);
}

/** `--format opening`: the ECO code, a tab and the name, or `-`. */
export function writeOpening(
  out: Output,
  current: Current,
  openings: GameOpening,
): void {
  const opening = openings.of(current);
  out.write(opening === null ? "-" : `${opening.eco}\t${opening.name}`);
  out.writeByte(10);
}

/**
 * What JSON adds for data work: `"key"` with `--json-fields key`, and
 * `"opening"` with `--opening` (`{"eco", "name"}` or `null`).
 */
export function writeJsonData(
  out: Output,
  current: Current,
  libraries: {
    keysIfAsked: PolyglotHasher | null;
    openingsIfAsked: GameOpening | null;
  },
): void {
  const { keysIfAsked: keys, openingsIfAsked: openings } = libraries;
  if (keys !== null) {
    out.write(',"key":"');
    out.reserve(17);
    out.length = keys.write(current, out.buffer, out.length);
    out.writeByte(34);
  }
  if (openings === null) return;
  const opening = openings.of(current);
  out.write(',"opening":');
  out.write(
    opening === null
      ? "null"
      : JSON.stringify({ eco: opening.eco, name: opening.name }),
  );
}

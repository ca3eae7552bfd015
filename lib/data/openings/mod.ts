/**
 * Opening names: the ECO code and name of a position, from lichess's
 * chess-openings table (3,807 named lines, CC0 1.0: see NOTICE), matched by
 * the position the moves reach, so a position reached by another move
 * order (a transposition) is found too.
 *
 * The table is data in this module (about 420 kB): `@fen/fen` does not
 * load it; import `@fen/fen/openings` to use it.
 *
 * @module
 */

import { stringifyEpd } from "../../fen/epd.ts";
import {
  enPassantSquare,
  playMoves,
  UnplayablePositionError,
} from "../../moves/mod.ts";
import type { Position } from "../../types.ts";
import { OPENINGS_TSV } from "./_table.ts";

export * from "../../types.ts";

/**
 * A named opening.
 *
 * @example After 1. e4 e5
 * ```ts
 * import { type Opening, openingOf } from "@fen/fen/openings";
 * import { parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const opening: Opening | null = openingOf(
 *   parseFen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
 * );
 * assert.deepEqual(opening, {
 *   eco: "C20",
 *   name: "King's Pawn Game",
 *   epd: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
 * });
 * ```
 */
export interface Opening {
  /** The ECO code, `A00` to `E99`. */
  eco: string;
  /** The name, family first: `"Sicilian Defense: Najdorf Variation"`. */
  name: string;
  /** The position the opening's moves reach, as an EPD (four fields). */
  epd: string;
}

/** The table by EPD, built once at load and never changed. */
const OPENINGS_BY_EPD: ReadonlyMap<string, Opening> = /* @__PURE__ */ (() => {
  const table = new Map<string, Opening>();
  for (const line of OPENINGS_TSV.split("\n")) {
    const [eco, name, epd] = line.split("\t");
    table.set(epd, { eco, name, epd });
  }
  return table;
})();

/**
 * How many openings the table names.
 *
 * @example The size of the table
 * ```ts
 * import { OPENING_COUNT } from "@fen/fen/openings";
 * import assert from "node:assert/strict";
 *
 * assert.equal(OPENING_COUNT, 3807);
 * ```
 */
export const OPENING_COUNT: number = OPENINGS_BY_EPD.size;

/**
 * The opening whose moves reach `position`, or `null`: matched on the
 * placement, the side to move, the castling rights and an en-passant
 * square a capture can use, so the counters and an unusable en-passant
 * square do not matter, and other move orders reaching the same position
 * find the same name.
 *
 * @example The Sicilian Najdorf, and a transposition into it
 * ```ts
 * import { INITIAL_FEN, parseFen, playMoves } from "@fen/fen";
 * import { openingOf } from "@fen/fen/openings";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(INITIAL_FEN);
 * const najdorf = playMoves(start, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6").position;
 * assert.equal(openingOf(najdorf)?.name, "Sicilian Defense: Najdorf Variation");
 * const other = playMoves(start, "Nf3 c5 e4 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6").position;
 * assert.equal(openingOf(other)?.eco, "B90");
 * assert.equal(openingOf(start), null);
 * ```
 *
 * @param position The position.
 * @returns The opening, or `null` if the table names none there (or the
 * position cannot be played).
 */
export function openingOf(position: Position): Opening | null {
  let enPassant;
  try {
    enPassant = enPassantSquare(position, "legal");
  } catch (error) {
    if (error instanceof UnplayablePositionError) return null;
    throw error;
  }
  return OPENINGS_BY_EPD.get(stringifyEpd({ ...position, enPassant })) ?? null;
}

/**
 * The last named opening along a line of moves from `position`: what a
 * game's opening is called, the deepest named position it passed through.
 *
 * @example A game that leaves the book
 * ```ts
 * import { INITIAL_FEN, parseFen } from "@fen/fen";
 * import { openingOfLine } from "@fen/fen/openings";
 * import assert from "node:assert/strict";
 *
 * const line =
 *   "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 h6 d4 Re8 Nbd2";
 * const opening = openingOfLine(parseFen(INITIAL_FEN), line);
 * assert.equal(opening?.name, "Ruy Lopez: Closed, Smyslov Defense");
 * ```
 *
 * @param position The position the moves start from.
 * @param moves The moves, in SAN or UCI, as one string or one per element.
 * @returns The last opening reached, or `null` if none was.
 * @throws {MoveError} If a move is malformed, illegal or ambiguous.
 */
export function openingOfLine(
  position: Position,
  moves: string | readonly string[],
): Opening | null {
  const list = typeof moves === "string"
    ? moves.split(/\s+/).filter((move) => move !== "")
    : moves;
  let last = openingOf(position);
  let current = position;
  for (const move of list) {
    current = playMoves(current, [move]).position;
    last = openingOf(current) ?? last;
  }
  return last;
}

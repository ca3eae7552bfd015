// A game's start from its tags: the standard position, or the FEN tag's
// (with or without SetUp "1", as the peers read it), and whether castling is
// Chess960's from the Variant tag.

import { parseFen } from "../fen/mod.ts";
import type { Position } from "../types.ts";
import { FenSyntaxError } from "../errors.ts";

/** The standard start, read once; loading a board only reads it. */
export const START_POSITION: Readonly<Position> = Object.freeze(
  parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
);

/** `Variant` tag values read as standard chess, and as Chess960. */
const STANDARD = /^(?:standard|normal|chess|from position|)$/i;
const CHESS960 = /^(?:chess ?960|fischer ?random|fischerandom|960)$/i;

/** Where a game starts, whether castling is Chess960's, and what is wrong. */
export interface Start {
  /** The FEN tag's position, or the standard start (also when `problem`). */
  start: Position;
  chess960: boolean;
  /** Why the tags give no start this library can play from, or "". */
  problem: string;
}

/** The start the tags give. */
export function startOf(tags: Map<string, string>): Start {
  const variant = tags.get("Variant") ?? "";
  const chess960 = CHESS960.test(variant.trim());
  const start = START_POSITION as Position;
  if (!chess960 && !STANDARD.test(variant.trim())) {
    return {
      start,
      chess960,
      problem: `the variant "${variant}" is not supported`,
    };
  }
  const fen = tags.get("FEN");
  if (fen === undefined) return { start, chess960, problem: "" };
  try {
    return { start: parseFen(fen.trim(), { chess960 }), chess960, problem: "" };
  } catch (error) {
    if (!(error instanceof FenSyntaxError)) throw error;
    return {
      start,
      chess960,
      problem: `the FEN tag: ${error.detail} at column ${error.column}`,
    };
  }
}

// A position as FEN or EPD fields, from the fields' own writers: one place
// that knows the order, the variants' fields included (pockets after the
// placement, three-check's counters before or after the clocks).

import { writeCastling } from "./_castling.ts";
import { writeCounter, writeEnPassant, writeTurn } from "./_fields.ts";
import { writePlacement } from "./_placement.ts";
import { markPromotedPieces, writeChecks, writePockets } from "./_variant.ts";
import type { Position, StringifyFenOptions } from "../types.ts";

/**
 * The record's fields: six (`epd` false) or the four of EPD, with a
 * variant's pockets, promoted marks and counters where they go. EPD keeps
 * the counters as python-chess writes them (remaining, after the four).
 */
export function writeFields(
  position: Position,
  options: StringifyFenOptions,
  { epd, action }: { epd: boolean; action: string },
): string {
  const { board, turn } = position;
  if (!Array.isArray(board) || board.length !== 64) {
    throw new TypeError(`Cannot ${action}: board must have 64 squares`);
  }
  let placement = writePlacement(board, action);
  if (position.promoted !== undefined && position.promoted.length > 0) {
    placement = markPromotedPieces(placement, position.promoted);
  }
  if (position.pockets !== undefined) {
    placement += writePockets(position.pockets, options);
  }
  const four = `${placement} ${writeTurn(turn, action)} ${
    writeCastling(position.castling, board, options.castling === "shredder")
  } ${writeEnPassant(position.enPassant, turn)}`;
  const checks = position.remainingChecks;
  if (epd) {
    return checks === undefined
      ? four
      : `${four} ${writeChecks(checks, { checks: "remaining" })}`;
  }
  const clocks = `${writeCounter(position.halfmoveClock, "halfmoveClock")} ${
    writeCounter(position.fullmoveNumber, "fullmoveNumber")
  }`;
  if (checks === undefined) return `${four} ${clocks}`;
  const counters = writeChecks(checks, options);
  return options.checks === "remaining"
    ? `${four} ${counters} ${clocks}`
    : `${four} ${clocks} ${counters}`;
}

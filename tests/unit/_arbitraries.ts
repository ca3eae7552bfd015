// fast-check generators shared by the property tests.

import fc from "fast-check";
import { type Piece, PIECES, type Position, type Square } from "../../mod.ts";

/** Runs per property: tens of thousands over the suite, a few seconds. */
export const PROPERTY_RUNS = 10_000;

/** A square's content: empty about half the time, else any piece. */
export function arbitrarySquare(): fc.Arbitrary<Piece | null> {
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: 4 },
    { arbitrary: fc.constantFrom(...PIECES), weight: 3 },
  );
}

/** A board of 64 squares in FEN reading order. */
export function arbitraryBoard(): fc.Arbitrary<(Piece | null)[]> {
  return fc.array(arbitrarySquare(), { minLength: 64, maxLength: 64 });
}

/**
 * A syntactically valid position with standard castling rights: what a
 * canonical record describes, so it survives a strict round trip.
 */
export function arbitraryPosition(): fc.Arbitrary<Position> {
  return fc.record({
    board: arbitraryBoard(),
    turn: fc.constantFrom("w" as const, "b" as const),
    castling: fc.subarray(["h1", "a1", "h8", "a8"] as Square[]),
    enPassant: fc.option(fc.constantFrom(..."abcdefgh"), { nil: null }),
    halfmoveClock: fc.nat(500),
    fullmoveNumber: fc.integer({ min: 1, max: 1000 }),
  }).map(({ enPassant, ...rest }): Position => ({
    ...rest,
    // Strict mode wants the en-passant rank that fits the side to move.
    enPassant: enPassant === null
      ? null
      : `${enPassant}${rest.turn === "w" ? 6 : 3}` as Square,
  }));
}

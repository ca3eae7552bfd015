// fast-check generators shared by the property tests.

import fc from "fast-check";
import { type Piece, PIECES, type Position, type Square } from "../../mod.ts";

/**
 * Runs per property: 10,000 (tens of thousands over the suite, a few
 * seconds), or FEN_PROPERTY_RUNS where it is set and may be read:
 * `deno task test:unit`, the inner loop, samples 1,000; `deno task test`
 * and CI the full 10,000.
 */
export const PROPERTY_RUNS: number = propertyRuns();

function propertyRuns(): number {
  const variable = "FEN_PROPERTY_RUNS";
  const allowed =
    Deno.permissions.querySync({ name: "env", variable }).state === "granted";
  const runs = Number((allowed && Deno.env.get(variable)) || 10_000);
  if (!Number.isInteger(runs) || runs < 100) {
    throw new RangeError(`${variable} must be a whole number of at least 100`);
  }
  return runs;
}

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

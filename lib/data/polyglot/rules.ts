// The rules Polyglot keys are defined for, and the refusal for the others.
// The Polyglot book format hashes the board, castling, en passant and the
// side to move of standard chess (Chess960 uses the same table); no
// published scheme keys a crazyhouse pocket, a three-check counter or the
// other variants' positions (python-chess's `zobrist_hash` hashes a variant
// board as if it were standard chess, dropping pockets and counters), so a
// key, a book or a dedupe of their positions is refused rather than made
// by a scheme no other tool reads. (`fen db`'s explorer keys them as
// lichess's explorer does, for its index only: variant_key.ts.)

import type { Rules } from "../../types.ts";
import { variantOf } from "../../chess/variant_names.ts";

/** The rules Polyglot keys are defined for. */
export const POLYGLOT_RULES: readonly Rules[] = Object.freeze([
  "chess",
  "chess960",
]);

/** Why positions under `rules` have no Polyglot key, or `null` when they have. */
export function unkeyedReason(rules: Rules): string | null {
  if (POLYGLOT_RULES.includes(rules)) return null;
  return `Polyglot keys are defined for standard chess and Chess960 only, ` +
    `and no published scheme keys ${variantOf(rules).name} positions`;
}

/** A game whose positions a Polyglot key was asked for, under other rules. */
export class UnkeyedVariantError extends RangeError {
  /** The game's rules. */
  readonly rules: Rules;

  constructor(rules: Rules, where: string) {
    super(`${where}is ${variantOf(rules).name}: ${unkeyedReason(rules)}`);
    this.name = "UnkeyedVariantError";
    this.rules = rules;
  }
}

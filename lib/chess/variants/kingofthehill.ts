// King of the hill: a king that reaches the centre wins.

import { SQUARE_NAMES } from "../../_tables.ts";
import type { ChessBoard } from "../board.ts";
import { KING } from "../geometry.ts";
import {
  HILL,
  START,
  type VariantDescriptor,
  type VariantEnd,
} from "./descriptor.ts";
import { kingOf, NAMES, never, SIDES } from "./_shared.ts";

/** The hill as board words (word 0: squares 0-31, word 1: 32-63). */
const CENTRE = HILL.reduce(
  (words, k) => {
    words[k >> 5] |= 1 << (k & 31);
    return words;
  },
  [0, 0],
);
const CENTRE_LOW = CENTRE[0], CENTRE_HIGH = CENTRE[1];

/** A king stands on the hill. */
function ended(b: ChessBoard): boolean {
  const m = b.masks, white = KING * 2, black = (8 | KING) * 2;
  return ((m[white] | m[black]) & CENTRE_LOW) !== 0 ||
    ((m[white + 1] | m[black + 1]) & CENTRE_HIGH) !== 0;
}

function end(b: ChessBoard): VariantEnd | null {
  for (const color of [b.turn, b.turn ^ 1]) {
    const king = kingOf(b, color);
    if (king >= 0 && HILL.includes(king)) {
      return {
        winner: SIDES[color],
        reason: `${NAMES[color]}'s king reached the hill (${
          SQUARE_NAMES[king]
        })`,
      };
    }
  }
  return null;
}

/** King of the hill. */
export const KINGOFTHEHILL: VariantDescriptor = {
  rules: "kingofthehill",
  keySlot: 3,
  tag: "King of the Hill",
  aliases: ["koth", "kingofthehill"],
  start: START,
  ended,
  end,
  insufficient: never, // a king can walk to the hill
};

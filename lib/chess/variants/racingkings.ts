// Racing kings: no check may be given, and the first king to reach the
// eighth rank wins (a draw if Black's follows at once).

import { attackersTo } from "../attacks.ts";
import type { ChessBoard } from "../board.ts";
import { KING_REACH } from "../geometry.ts";
import type { VariantDescriptor, VariantEnd } from "./descriptor.ts";
import { kingOf, never } from "./_shared.ts";

/**
 * A king is on the eighth rank, unless White got there first and Black,
 * to move, can still reach it with a king step onto a square White does
 * not attack (python-chess's test, on the board as it stands).
 */
function ended(b: ChessBoard): boolean {
  const white = b.king[0], black = b.king[1];
  const whiteIn = white >= 0 && white < 8, blackIn = black >= 0 && black < 8;
  if (!whiteIn && !blackIn) return false;
  if (b.turn === 0 || blackIn || black < 0) return true;
  // Black's king is on rank 7 (it could step up): its targets on rank 8.
  const reach = KING_REACH[black * 2];
  for (let t = 0; t < 8; t++) {
    if ((reach & 1 << t) === 0) continue;
    const p = b.sq[t];
    if (p !== 0 && p >> 3 === 1) continue;
    if (attackersTo(b, t, 0, b.occupied, null) === 0) return false;
  }
  return true;
}

/**
 * Once over (`ended`: a king on rank 8, and Black, to move, unable to
 * follow White there at once): both kings there is a draw, else the one
 * there wins.
 */
function end(b: ChessBoard): VariantEnd | null {
  const white = kingOf(b, 0), black = kingOf(b, 1);
  const home = (k: number) => k >= 0 && k < 8;
  if (home(white) && home(black)) {
    return { winner: null, reason: "both kings reached rank 8" };
  }
  if (home(black)) {
    return { winner: "b", reason: "Black's king reached rank 8" };
  }
  return { winner: "w", reason: "White's king reached rank 8" };
}

/** Racing kings. */
export const RACINGKINGS: VariantDescriptor = {
  rules: "racingkings",
  keySlot: 6,
  tag: "Racing Kings",
  aliases: ["racing", "race", "racingkings"],
  start: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
  moves: { castling: false, noCheckGiving: true },
  ended,
  end,
  insufficient: never,
};

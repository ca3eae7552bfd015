// What a variant adds to a text board, as lichess shows it beside the
// board: a line above for the side drawn at the top and one below for the
// side at the bottom, holding crazyhouse's pocket in FEN's brackets (`[Qn]`
// with the side's letters, queens to pawns) or three-check's checks given
// (`+1`). The board readers skip such lines, so a text board still reads
// back to its placement; standard chess adds no line.

import { stringifyPockets } from "../fen/mod.ts";
import type { VariantState } from "../record_view.ts";
import { FIGURINES } from "../_tables.ts";
import type { Piece, Pocket, Side } from "../types.ts";

const NO_POCKET: Pocket = Object.freeze({ p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 });

/** One side's line: `[Qn]` (or figurines, `[♕ ♞]`), or `+1`, or `null`. */
function sideLine(
  state: VariantState,
  side: Side,
  figurines: boolean,
): string | null {
  const { pockets, remainingChecks } = state;
  if (pockets !== null) {
    const own = side === "w"
      ? { w: pockets.w, b: NO_POCKET }
      : { w: NO_POCKET, b: pockets.b };
    const text = stringifyPockets(own);
    if (!figurines) return text;
    const letters = [...text.slice(1, -1)];
    return `[${letters.map((c) => FIGURINES[c as Piece]).join(" ")}]`;
  }
  if (remainingChecks !== null) return `+${3 - remainingChecks[side]}`;
  return null;
}

/**
 * The lines a variant's state adds above and below a text board (the side
 * drawn at the top first: Black, or White when flipped), or `null` when it
 * adds none (standard chess and the variants without such state).
 *
 * @param state The record's pockets or check counters, or `null`.
 * @param options `flip`: White at the top; `figurines`: pieces as chess
 * symbols (the `unicode` board) rather than FEN letters.
 */
export function variantLines(
  state: VariantState | null | undefined,
  options: { flip: boolean; figurines: boolean },
): { top: string; bottom: string } | null {
  if (state == null) return null;
  const top = sideLine(state, options.flip ? "w" : "b", options.figurines);
  const bottom = sideLine(state, options.flip ? "b" : "w", options.figurines);
  return top === null || bottom === null ? null : { top, bottom };
}

/**
 * Whether a scanned line is one of {@linkcode variantLines}' lines, given
 * its cells (spaces left out): its first, second and last, and how many.
 * `[` ... `]`, or `+` and a digit.
 */
export function isVariantLine(
  cells: { first: number; second: number; last: number },
  count: number,
): boolean {
  const { first, second, last } = cells;
  if (count >= 2 && first === 0x5b) return last === 0x5d;
  return count === 2 && first === 0x2b && second >= 0x30 && second <= 0x39;
}

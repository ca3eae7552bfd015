/**
 * What the database keeps of a game's last position to answer `--match`
 * without replaying every game, as SCID does: its material (a count can
 * only fall as a game goes on, a promotion aside) and its pawns still on
 * their home squares (a pawn that left never comes back). Neither holds
 * where pieces are dropped (crazyhouse): such a game keeps the signature
 * every prefilter passes.
 *
 * @module
 */

import type { Rules } from "../types.ts";
import { VARIANT_MOVES, variantIndex } from "../chess/variant.ts";

/** The pieces counted, in their order in the signature. */
export const MATERIAL_PIECES = "QRBNP";

/** The signature's bit for "a pawn was promoted in the game". */
export const PROMOTED = 2 ** 40;

/**
 * The material signature: White's counts of Q R B N P (4 bits each, from
 * bit 0), Black's from bit 20, and {@linkcode PROMOTED}.
 *
 * @example
 * ```ts
 * import { materialCount, materialOf } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * const cells = new Array(64).fill(0);
 * cells[0] = "r".charCodeAt(0);
 * cells[60] = "K".charCodeAt(0);
 * cells[4] = "k".charCodeAt(0);
 * const signature = materialOf(cells, []);
 * assert.equal(materialCount(signature, { side: "b", piece: "R" }), 1);
 * assert.equal(materialCount(signature, { side: "w", piece: "R" }), 0);
 * ```
 *
 * @param cells The last position's cells (char codes, a8 first).
 * @param codes The game's packed moves (their promotions).
 * @returns The signature.
 */
export function materialOf(
  cells: readonly number[],
  codes: readonly number[],
): number {
  let signature = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === 0) continue;
    const scale = cell < 128 ? SCALES[cell] : scaleOf(cell);
    if (scale === 0) continue;
    if (Math.floor(signature / scale) % 16 < 15) signature += scale;
  }
  for (let i = 0; i < codes.length; i++) {
    if (codes[i] >> 12 !== 0) return signature + PROMOTED;
  }
  return signature;
}

/** The shift of a piece's count in the signature, -1 for one not counted. */
function shiftOf(cell: number): number {
  const letter = String.fromCharCode(cell);
  const k = MATERIAL_PIECES.indexOf(letter.toUpperCase());
  if (k < 0) return -1;
  return (letter === letter.toUpperCase() ? 0 : 20) + 4 * k;
}

/** A piece's unit in the signature (2 to its shift), 0 for one not counted. */
function scaleOf(cell: number): number {
  const shift = shiftOf(cell);
  return shift < 0 ? 0 : 2 ** shift;
}

/**
 * {@linkcode scaleOf} by char code (a position's 64 cells, every game: a
 * power computed a cell was a tenth of the import's signatures).
 */
const SCALES = Float64Array.from({ length: 128 }, (_, cell) => scaleOf(cell));

/**
 * A game's signature: its last position's material and home pawns, or,
 * under rules whose moves drop pieces (counts rise, pawns come home), no
 * counts, the promotion's bit and no home pawn, which every prefilter
 * passes.
 *
 * @param cells The last position's cells (char codes, a8 first).
 * @param game The game's packed moves and rules.
 * @returns The `material` and `home_pawns` columns.
 */
export function signatureOf(
  cells: readonly number[],
  { codes, rules }: { codes: readonly number[]; rules: Rules },
): { material: number; home_pawns: number } {
  if (VARIANT_MOVES[variantIndex(rules)].drops) {
    return { material: PROMOTED, home_pawns: 0 };
  }
  return { material: materialOf(cells, codes), home_pawns: homePawns(cells) };
}

/** One count of a material signature. */
export function materialCount(
  signature: number,
  { side, piece }: { side: "w" | "b"; piece: string },
): number {
  const shift = (side === "w" ? 0 : 20) + 4 * MATERIAL_PIECES.indexOf(piece);
  return Math.floor(signature / 2 ** shift) % 16;
}

/**
 * The pawns on their home squares: bit f for White's on the 2nd rank's
 * file f, bit 8 + f for Black's on the 7th.
 */
export function homePawns(cells: readonly number[]): number {
  let mask = 0;
  for (let f = 0; f < 8; f++) {
    if (cells[48 + f] === 80) mask |= 1 << f; // "P"
    if (cells[8 + f] === 112) mask |= 1 << (8 + f); // "p"
  }
  return mask;
}

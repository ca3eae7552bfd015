// The Polyglot format's Zobrist terms, shared by the key of a record
// (mod.ts) and the key that follows a board move by move (board_key.ts).

import { RANDOM64_HEX } from "./_random64.ts";

/**
 * The Random64 table as high and low 32-bit halves, built once at load:
 * signed, as XORs leave them (unsigned halves read as numbers above 2^31
 * cost the keys' loops a conversion each; a key is made unsigned at the
 * end).
 */
export const RANDOM_HI: Int32Array = /* @__PURE__ */ halves(0);
export const RANDOM_LO: Int32Array = /* @__PURE__ */ halves(8);

function halves(from: number): Int32Array {
  const out = new Int32Array(RANDOM64_HEX.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = parseInt(RANDOM64_HEX[i].slice(from, from + 8), 16);
  }
  return out;
}

export const CASTLING_BASE = 768;
export const EN_PASSANT_BASE = 772;
export const WHITE_TO_MOVE = 780;

/**
 * Char code of a piece letter to 64 times its Polyglot kind (black pawn 0,
 * white pawn 1, black knight 2, ... white king 11); -1 for anything else.
 */
export const KIND_OFFSET: Int16Array = /* @__PURE__ */ (() => {
  const table = new Int16Array(128).fill(-1);
  const order = "pPnNbBrRqQkK";
  for (let kind = 0; kind < 12; kind++) {
    table[order.charCodeAt(kind)] = kind * 64;
  }
  return table;
})();

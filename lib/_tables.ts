// The character and square tables every reader, writer and rule shares:
// built once at load, never written afterwards, so a look-up on a hot path
// costs one indexed read and no validation.

import {
  FILES,
  type Piece,
  PIECES,
  RANKS,
  type Side,
  type Square,
  squareOf,
} from "./types.ts";

/** Square names by board index (0 = a8, 63 = h1). */
export const SQUARE_NAMES: readonly Square[] = /* @__PURE__ */ (() => {
  const names: Square[] = [];
  for (let k = 0; k < 64; k++) {
    names.push(`${FILES[k & 7]}${RANKS[7 - (k >> 3)]}`);
  }
  return names;
})();

/** Char code (below 128) to 1 for the twelve piece letters, 0 otherwise. */
export const IS_PIECE: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const piece of PIECES) table[piece.charCodeAt(0)] = 1;
  return table;
})();

/** Whether `value` is a square name such as `"e4"`. */
export function isSquare(value: unknown): value is Square {
  return squareOf(value) >= 0;
}

/** Whether an en-passant square is on the rank the side to move can take on. */
export function fitsTurn(square: Square, turn: Side): boolean {
  return square[1] === (turn === "w" ? "6" : "3");
}

/** The Unicode chess symbols by piece letter: U+2654 (♔) to U+265F (♟). */
export const FIGURINES: Readonly<Record<Piece, string>> = {
  K: "♔",
  Q: "♕",
  R: "♖",
  B: "♗",
  N: "♘",
  P: "♙",
  k: "♚",
  q: "♛",
  r: "♜",
  b: "♝",
  n: "♞",
  p: "♟",
};

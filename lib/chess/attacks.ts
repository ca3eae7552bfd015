// The one attack query of the chess core. Every question about attacks,
// "what is" and "what if", goes through attackersTo with an occupancy: the
// board's own for the position as it stands, a changed copy for a position
// one move away (en passant, a king stepping off a line, castling through
// attacked squares, the board before a double push), as chessops'
// attacksTo and shakmaty's attacks_to take one. Square sets make the
// common answer, no attacker, a few word operations.

import type { ChessBoard } from "./board.ts";
import {
  BETWEEN,
  BISHOP,
  BISHOP_REACH,
  DIRECTION,
  KING,
  KING_REACH,
  KNIGHT,
  KNIGHT_REACH,
  KNIGHT_START,
  KNIGHT_TARGETS,
  PAWN,
  PAWN_REACH,
  PAWN_START,
  PAWN_TARGETS,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
  ROOK_REACH,
} from "./geometry.ts";
import { CASTLE, EN_PASSANT, moveFrom, moveTo } from "./move.ts";

/**
 * The pieces of `side` (0 White, 1 Black) that attack square `t` when the
 * squares of `occupied` (two words, as {@linkcode ChessBoard.occupied}) are
 * the occupied ones: a piece counts only if its square is in `occupied`,
 * and any square of `occupied` blocks a line, whatever stands there on the
 * board. Writes their squares into `out` (in {@linkcode listAttackers}'
 * order) and returns how many; with `out` null, returns 1 if there is an
 * attacker and 0 if there is none, at less cost.
 */
export function attackersTo(
  b: ChessBoard,
  t: number,
  side: number,
  occupied: Int32Array,
  out: number[] | null,
): number {
  const m = b.masks, own = side << 3, i = t * 2;
  const occupied0 = occupied[0], occupied1 = occupied[1];
  const knights = (own | KNIGHT) * 2, kings = (own | KING) * 2;
  const pawns = (own | PAWN) * 2, reach = (side * 64 + t) * 2;
  // Knights, kings and pawns attack whatever stands between.
  let low = occupied0 & ((KNIGHT_REACH[i] & m[knights]) |
    (KING_REACH[i] & m[kings]) | (PAWN_REACH[reach] & m[pawns]));
  let high = occupied1 & ((KNIGHT_REACH[i + 1] & m[knights + 1]) |
    (KING_REACH[i + 1] & m[kings + 1]) |
    (PAWN_REACH[reach + 1] & m[pawns + 1]));
  if (out === null && (low | high) !== 0) return 1;
  const queens = (own | QUEEN) * 2, rooks = (own | ROOK) * 2;
  const bishops = (own | BISHOP) * 2;
  for (let word = 0; word < 2; word++) {
    const straight = m[queens + word] | m[rooks + word];
    const diagonal = m[queens + word] | m[bishops + word];
    let sliders = (word === 0 ? occupied0 : occupied1) &
      ((ROOK_REACH[i + word] & straight) | (BISHOP_REACH[i + word] & diagonal));
    while (sliders !== 0) {
      const bit = sliders & -sliders;
      sliders ^= bit;
      // A slider on a line to the target attacks it if nothing stands between.
      const j = (t * 64 + word * 32 + 31 - Math.clz32(bit)) * 2;
      if (((BETWEEN[j] & occupied0) | (BETWEEN[j + 1] & occupied1)) !== 0) {
        continue;
      }
      if (out === null) return 1;
      if (word === 0) low |= bit;
      else high |= bit;
    }
  }
  if (out === null || (low | high) === 0) return 0;
  return listAttackers(b, t, low, high, out);
}

/**
 * Writes the attackers of `t` in the set `low`/`high` into `out` and
 * returns how many, ordered as a scan from `t` meets them: along the rook
 * lines then the bishop lines (up, down, right, left, then up-right,
 * up-left, down-right, down-left), then the knights, then the pawns from
 * the a-side. The legality check's messages list squares in this order.
 */
function listAttackers(
  b: ChessBoard,
  t: number,
  low: number,
  high: number,
  out: number[],
): number {
  let n = 0;
  for (let word = 0; word < 2; word++) {
    let bits = word === 0 ? low : high;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const x = word * 32 + 31 - Math.clz32(bit);
      const key = scanOrder(b, t, x);
      let at = n++;
      for (; at > 0 && scanOrder(b, t, out[at - 1]) > key; at--) {
        out[at] = out[at - 1];
      }
      out[at] = x;
    }
  }
  return n;
}

/** Where the attacker on `x` comes in the scan from `t` (see listAttackers). */
function scanOrder(b: ChessBoard, t: number, x: number): number {
  const role = b.sq[x] & 7;
  if (role === PAWN) return 16 + ((x & 7) < (t & 7) ? 0 : 1);
  if (role !== KNIGHT) return DIRECTION[t * 64 + x];
  let j = KNIGHT_START[t];
  while (KNIGHT_TARGETS[j] !== x) j++;
  return 8 + j - KNIGHT_START[t];
}

/**
 * Whether any piece of `side` attacks square `t` on the board as it
 * stands.
 */
export function isAttacked(b: ChessBoard, t: number, side: number): boolean {
  return attackersTo(b, t, side, b.occupied, null) !== 0;
}

/**
 * Whether the move `code` just made on `b` (a board with kings) checks
 * the side to move now: from the piece that moved, or along the line from
 * the king through the square it left, the only lines a move opens (a few
 * table reads, where {@linkcode isAttacked} asks every kind of piece).
 * Castling and en passant, which move or take a second piece, are asked
 * of {@linkcode isAttacked}.
 */
export function checksAfter(b: ChessBoard, code: number): boolean {
  const king = b.king[b.turn];
  if ((code & (CASTLE | EN_PASSANT)) !== 0) {
    return isAttacked(b, king, b.turn ^ 1);
  }
  const from = moveFrom(code), to = moveTo(code);
  if (attacksSquare(b, to, king)) return true;
  const d = DIRECTION[king * 64 + from];
  if (d < 0 || !clearLine(b, king, from)) return false;
  // the first piece beyond the square left, on the line from the king
  const ray = from * 8 + d;
  for (let j = RAY_START[ray]; j < RAY_START[ray + 1]; j++) {
    const piece = b.sq[RAY_SQUARES[j]];
    if (piece === 0) continue;
    const role = piece & 7;
    return piece >> 3 !== b.turn &&
      (role === QUEEN || role === (d < 4 ? ROOK : BISHOP));
  }
  return false;
}

/** Whether a pawn of `side` on `s` attacks `t` (wherever it stands now). */
export function pawnAttacks(side: number, s: number, t: number): boolean {
  const i = side * 64 + s;
  for (let j = PAWN_START[i]; j < PAWN_START[i + 1]; j++) {
    if (PAWN_TARGETS[j] === t) return true;
  }
  return false;
}

/** Whether piece code `code` moves along lines (bishop, rook, queen). */
export function isSlider(code: number): boolean {
  const role = code & 7;
  return role === BISHOP || role === ROOK || role === QUEEN;
}

/**
 * Whether the piece on `s` attacks `t` on the board as it stands (a
 * slider's line must be clear): for matching a move's text to the piece
 * that can make it.
 */
export function attacksSquare(b: ChessBoard, s: number, t: number): boolean {
  const code = b.sq[s];
  const word = s >> 5, bit = 1 << (s & 31), at = t * 2 + word;
  switch (code & 7) {
    case PAWN:
      return (PAWN_REACH[((code >> 3) * 64 + t) * 2 + word] & bit) !== 0;
    case KNIGHT:
      return (KNIGHT_REACH[at] & bit) !== 0;
    case KING:
      return (KING_REACH[at] & bit) !== 0;
    case BISHOP:
      return (BISHOP_REACH[at] & bit) !== 0 && clearLine(b, s, t);
    case ROOK:
      return (ROOK_REACH[at] & bit) !== 0 && clearLine(b, s, t);
    case QUEEN:
      return ((ROOK_REACH[at] | BISHOP_REACH[at]) & bit) !== 0 &&
        clearLine(b, s, t);
  }
  return false;
}

/** Whether no piece stands between `s` and `t`. */
function clearLine(b: ChessBoard, s: number, t: number): boolean {
  const i = (s * 64 + t) * 2;
  return (BETWEEN[i] & b.occupied[0]) === 0 &&
    (BETWEEN[i + 1] & b.occupied[1]) === 0;
}

/**
 * Whether a pawn of the side to move `side` (0 White, 1 Black) stands where
 * it could take en passant on `ep` (a8 = 0), pins and checks aside: the
 * pseudo-legal test the Polyglot key and FEN's pseudo-legal en passant
 * make. `squares` are piece codes by square in any code (the board's, or a
 * record's char codes), `pawn` that code's for the side's pawn.
 */
export function pawnTakesEnPassant(
  squares: ArrayLike<number>,
  ep: number,
  side: number,
  pawn: number,
): boolean {
  // Read with the other colour, a pawn's capture squares are where a pawn
  // of `side` attacks it from.
  const from = (side ^ 1) * 64 + ep;
  for (let j = PAWN_START[from]; j < PAWN_START[from + 1]; j++) {
    if (squares[PAWN_TARGETS[j]] === pawn) return true;
  }
  return false;
}

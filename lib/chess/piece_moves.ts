// The standard pieces' legal moves on the core board: checks and pins are
// found first, from the enemy pieces' lines to the king, so that every move
// written is legal without making it (the king's steps, en passant and
// castling are asked of attackersTo with the occupancy after them).
// generate.ts chooses these or a variant's (variant_moves.ts builds on them).

import { attackersTo } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import {
  BETWEEN,
  BISHOP,
  BISHOP_REACH,
  DIRECTION,
  KING,
  KING_START,
  KING_TARGETS,
  KNIGHT,
  KNIGHT_REACH,
  KNIGHT_START,
  KNIGHT_TARGETS,
  OPPOSITE,
  PAWN,
  PAWN_REACH,
  PAWN_START,
  PAWN_TARGETS,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
  ROOK_REACH,
  zeros,
} from "./geometry.ts";
import {
  CASTLE,
  castleRook,
  DOUBLE_PUSH,
  EN_PASSANT,
  encodeMove,
  kingTarget,
  promotionBits,
  rookTarget,
} from "./move.ts";
import { enPassantIsLegal } from "./rules.ts";
import { royalAttacked, VARIANT_MOVES } from "./variant.ts";

/** The next pin-and-check stamp of `b`; stamps restart before they overflow. */
export function nextStamp(b: ChessBoard): number {
  if (b.stamp === 0x3fffffff) {
    b.pinStamp.fill(0);
    b.blockStamp.fill(0);
    b.stamp = 0;
  }
  return ++b.stamp;
}

/**
 * The legal moves when the side to move has one royal king, as standard
 * chess has them; variant_moves.ts adds and filters.
 */
export function royalMoves(
  b: ChessBoard,
  out: Int32Array,
  start: number,
): number {
  const checks = findChecksAndPins(b);
  let n = kingMoves(b, out, start);
  if (checks >= 2) return n;
  n = pieceMoves(b, out, n, checks === 1);
  if (b.ep >= 0) n = enPassant(b, out, n);
  if (checks === 0 && b.castle !== 0) n = castling(b, out, n);
  return n;
}

/**
 * Counts the checkers of the side to move's king into `b.checks` and
 * returns it, marks pinned pieces with their direction from the king, and
 * marks the squares that end a single check (between king and checker, and
 * the checker), all on `b`'s stamps.
 */
export function findChecksAndPins(b: ChessBoard): number {
  const sq = b.sq, us = b.turn, them = us ^ 1, k = b.king[us];
  const stamp = nextStamp(b);
  const pinStamp = b.pinStamp, pinDir = b.pinDir, blockStamp = b.blockStamp;
  // Only pieces on the squares that reach the king are looked at, from the
  // sets, not every piece in the list (a horde has 36 pawns).
  const m = b.masks, occupied0 = b.occupied[0], occupied1 = b.occupied[1];
  const own = them << 3, pawns = (own | PAWN) * 2, knights = (own | KNIGHT) * 2;
  const queens = (own | QUEEN) * 2, rooks = (own | ROOK) * 2;
  const bishops = (own | BISHOP) * 2, pawnAt = (them * 64 + k) * 2;
  let checks = 0;
  for (let word = 0; word < 2; word++) {
    let hits = (KNIGHT_REACH[k * 2 + word] & m[knights + word]) |
      (PAWN_REACH[pawnAt + word] & m[pawns + word]);
    while (hits !== 0) {
      const bit = hits & -hits;
      hits ^= bit;
      checks++;
      blockStamp[word * 32 + 31 - Math.clz32(bit)] = stamp;
    }
    const queen = m[queens + word];
    let sliders = (ROOK_REACH[k * 2 + word] & (m[rooks + word] | queen)) |
      (BISHOP_REACH[k * 2 + word] & (m[bishops + word] | queen));
    while (sliders !== 0) {
      const bit = sliders & -sliders;
      sliders ^= bit;
      const s = word * 32 + 31 - Math.clz32(bit), j = (k * 64 + s) * 2;
      const low = BETWEEN[j] & occupied0, high = BETWEEN[j + 1] & occupied1;
      if ((low | high) === 0) {
        checks++;
        const d = DIRECTION[k * 64 + s];
        for (let r = RAY_START[k * 8 + d];; r++) {
          const t = RAY_SQUARES[r];
          blockStamp[t] = stamp;
          if (t === s) break;
        }
      } else if (
        low === 0
          ? (high & (high - 1)) === 0
          : high === 0 && (low & (low - 1)) === 0
      ) {
        // One piece between: pinned if it is ours.
        const blocker = low !== 0
          ? 31 - Math.clz32(low)
          : 63 - Math.clz32(high);
        if (sq[blocker] >> 3 === us) {
          pinStamp[blocker] = stamp;
          pinDir[blocker] = DIRECTION[k * 64 + s];
        }
      }
    }
  }
  b.checks = checks;
  return checks;
}

function kingMoves(b: ChessBoard, out: Int32Array, n: number): number {
  const sq = b.sq, us = b.turn, k = b.king[us];
  // The occupancy without the king, so that a slider checking along a line
  // also attacks the square behind it.
  const occupied = b.whatIf;
  occupied[0] = b.occupied[0];
  occupied[1] = b.occupied[1];
  occupied[k >> 5] &= ~(1 << k);
  for (let j = KING_START[k]; j < KING_START[k + 1]; j++) {
    const t = KING_TARGETS[j];
    const p = sq[t];
    if (p !== 0 && p >> 3 === us) continue;
    if (attackersTo(b, t, us ^ 1, occupied, null) === 0) {
      out[n++] = encodeMove(k, t);
    }
  }
  return n;
}

// The generator's inner loop: one function for all non-king pieces, longer
// than the house limit, because it runs for every piece of every node in
// perft and per-role helper calls cost measurably there.
export function pieceMoves(
  b: ChessBoard,
  out: Int32Array,
  n: number,
  check: boolean,
  enough = 0x7fffffff, // stop after the piece that brings n to this
): number {
  const sq = b.sq, us = b.turn, k = b.king[us];
  const block = b.blockStamp, pinStamp = b.pinStamp, pinDir = b.pinDir;
  const stamp = b.stamp;
  const forward = us === 0 ? -8 : 8;
  const startRow = us === 0 ? 6 : 1;
  // A pawn on its first rank (horde's) steps two squares too, as in
  // python-chess and chessops, but leaves no en-passant square.
  const firstRow = us === 0 ? 7 : 0;
  const lastRow = us === 0 ? 0 : 7;
  const king = !b.plain && VARIANT_MOVES[b.variant].kingPromotion;
  const sets = pawnSets(b, us);
  const push0 = sets[0], push1 = sets[1], take0 = sets[2], take1 = sets[3];
  // More pawns than a side starts with (a horde's 36): the squares to visit
  // come from the sets, the pieces and the pawns with a move, in square
  // order; otherwise from the list, in its order.
  let squares = b.list, i = us * 64, end = i + b.count[us];
  if (b.counts[us << 3 | PAWN] > 8) {
    squares = fewSquares;
    i = 0;
    end = movers(b, us, sets);
  }
  for (; i < end && n < enough; i++) {
    const s = squares[i];
    const role = sq[s] & 7;
    if (role === KING) continue;
    if (role === PAWN) {
      // Most pawns have no move (all but a few of a horde's): one bit each
      // says so before any square is read.
      const bit = 1 << s, high = s >= 32;
      const push = ((high ? push1 : push0) & bit) !== 0;
      const take = ((high ? take1 : take0) & bit) !== 0;
      if (!push && !take) continue;
      const pinned = pinStamp[s] === stamp;
      const pin = pinDir[s];
      const t = s + forward;
      if (push && (!pinned || pin < 2)) {
        if (!check || block[t] === stamp) {
          n = t >> 3 === lastRow
            ? promotions(out, n, encodeMove(s, t), king)
            : (out[n] = encodeMove(s, t), n + 1);
        }
        const t2 = t + forward, row = s >> 3;
        if (
          (row === startRow || row === firstRow) && sq[t2] === 0 &&
          (!check || block[t2] === stamp)
        ) {
          out[n++] = encodeMove(s, t2, row === startRow ? DOUBLE_PUSH : 0);
        }
      }
      for (
        let j = PAWN_START[us * 64 + s];
        take && j < PAWN_START[us * 64 + s + 1];
        j++
      ) {
        const t = PAWN_TARGETS[j];
        const p = sq[t];
        if (p === 0 || p >> 3 === us) continue;
        if (pinned && DIRECTION[k * 64 + t] !== pin) continue;
        if (check && block[t] !== stamp) continue;
        n = t >> 3 === lastRow
          ? promotions(out, n, encodeMove(s, t), king)
          : (out[n] = encodeMove(s, t), n + 1);
      }
      continue;
    }
    const pinned = pinStamp[s] === stamp;
    const pin = pinDir[s];
    if (role === KNIGHT) {
      if (pinned) continue;
      for (let j = KNIGHT_START[s]; j < KNIGHT_START[s + 1]; j++) {
        const t = KNIGHT_TARGETS[j];
        const p = sq[t];
        if (p !== 0 && p >> 3 === us) continue;
        if (check && block[t] !== stamp) continue;
        out[n++] = encodeMove(s, t);
      }
    } else {
      const first = role === BISHOP ? 4 : 0;
      const last = role === ROOK ? 4 : 8;
      for (let d = first; d < last; d++) {
        if (pinned && d !== pin && d !== OPPOSITE[pin]) continue;
        for (
          let j = RAY_START[s * 8 + d], e = RAY_START[s * 8 + d + 1];
          j < e;
          j++
        ) {
          const t = RAY_SQUARES[j];
          const p = sq[t];
          if (p !== 0 && p >> 3 === us) break;
          if (!check || block[t] === stamp) out[n++] = encodeMove(s, t);
          if (p !== 0) break;
        }
      }
    }
  }
  return n;
}

// movers' answer, filled and read within one pieceMoves call.
const fewSquares: number[] = zeros(64);

/**
 * Writes into fewSquares the squares of the pieces of `us` but its king
 * and of its pawns with a move (`sets`, pawnSets' answer), in square
 * order, and returns how many.
 */
function movers(b: ChessBoard, us: number, sets: Int32Array): number {
  const m = b.masks, own = us << 3, out = fewSquares;
  let n = 0;
  for (let word = 0; word < 2; word++) {
    let bits = sets[word] | sets[2 + word];
    for (let code = own | KNIGHT; code <= (own | QUEEN); code++) {
      bits |= m[code * 2 + word];
    }
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      out[n++] = word * 32 + 31 - Math.clz32(bit);
    }
  }
  return n;
}

// pawnSets' answer, filled and read within one pieceMoves call.
const pawnScratch = new Int32Array(4);

/** Files but a's and but h's, in each word of a square set. */
const NOT_A = ~0x01010101, NOT_H = 0x7f7f7f7f;

/**
 * The pawns of `us` (0 White, 1 Black) with a square ahead empty (words 0,
 * 1) and with an enemy piece to take (2, 3), en passant aside: the target
 * sets shifted back onto the pawns' squares, a word pair as one 64-bit set.
 */
function pawnSets(b: ChessBoard, us: number): Int32Array {
  const m = b.masks, them = (us ^ 1) << 3, pawns = (us << 3 | PAWN) * 2;
  let t0 = 0, t1 = 0;
  for (let code = them | PAWN; code <= (them | KING); code++) {
    t0 |= m[code * 2];
    t1 |= m[code * 2 + 1];
  }
  const e0 = ~b.occupied[0], e1 = ~b.occupied[1];
  const p0 = m[pawns], p1 = m[pawns + 1], out = pawnScratch;
  if (us === 0) {
    // A White pawn on s steps to s - 8 and takes on s - 9 and s - 7.
    out[0] = p0 & e0 << 8;
    out[1] = p1 & (e1 << 8 | e0 >>> 24);
    out[2] = p0 & (t0 << 9 & NOT_A | t0 << 7 & NOT_H);
    out[3] = p1 &
      ((t1 << 9 | t0 >>> 23) & NOT_A | (t1 << 7 | t0 >>> 25) & NOT_H);
  } else {
    // A Black pawn on s steps to s + 8 and takes on s + 7 and s + 9.
    out[0] = p0 & (e0 >>> 8 | e1 << 24);
    out[1] = p1 & e1 >>> 8;
    out[2] = p0 &
      ((t0 >>> 7 | t1 << 25) & NOT_A | (t0 >>> 9 | t1 << 23) & NOT_H);
    out[3] = p1 & (t1 >>> 7 & NOT_A | t1 >>> 9 & NOT_H);
  }
  return out;
}

/**
 * The promotions of a pawn move, queen first, then the king's where the
 * variant has it (antichess).
 */
function promotions(
  out: Int32Array,
  n: number,
  move: number,
  king: boolean,
): number {
  out[n] = move | promotionBits(QUEEN);
  out[n + 1] = move | promotionBits(ROOK);
  out[n + 2] = move | promotionBits(BISHOP);
  out[n + 3] = move | promotionBits(KNIGHT);
  if (!king) return n + 4;
  out[n + 4] = move | promotionBits(KING);
  return n + 5;
}

/**
 * En-passant captures, each as rules.ts's enPassantIsLegal allows it, or
 * every one with `pseudo` (no royal king, or legality tested after).
 */
export function enPassant(
  b: ChessBoard,
  out: Int32Array,
  n: number,
  pseudo = false,
): number {
  const sq = b.sq, us = b.turn, ep = b.ep;
  const pawn = us << 3 | PAWN;
  const from = (us ^ 1) * 64 + ep;
  for (let j = PAWN_START[from]; j < PAWN_START[from + 1]; j++) {
    const s = PAWN_TARGETS[j];
    if (sq[s] === pawn && (pseudo || enPassantIsLegal(b, s, ep))) {
      out[n++] = encodeMove(s, ep, EN_PASSANT);
    }
  }
  return n;
}

/**
 * Castling as chessops, python-chess and shakmaty rule it, in Chess960 as
 * in standard chess: not in check; every square the king and the rook cross
 * or land on empty but for the two of them; no square the king crosses
 * attacked; and the king's destination not attacked once both have moved.
 * The side to move must not be in check (the generator asks first).
 */
export function castling(
  b: ChessBoard,
  out: Int32Array,
  n: number,
): number {
  const us = b.turn, k = b.king[us];
  const occupied = b.whatIf;
  for (let side = 0; side < 2; side++) {
    const rook = castleRook(b.castle, us * 2 + side);
    if (rook < 0 || !pathClear(b.sq, k, rook)) continue;
    const kingTo = kingTarget(k, rook), rookTo = rookTarget(k, rook);
    occupied[0] = b.occupied[0];
    occupied[1] = b.occupied[1];
    occupied[k >> 5] &= ~(1 << k);
    let safe = true;
    const step = kingTo > k ? 1 : -1;
    for (let t = k + step; t !== kingTo && safe && kingTo !== k; t += step) {
      safe = !attacked(b, t, us, occupied);
    }
    if (safe) {
      occupied[rook >> 5] &= ~(1 << rook);
      occupied[rookTo >> 5] |= 1 << rookTo;
      occupied[kingTo >> 5] |= 1 << kingTo;
      safe = !attacked(b, kingTo, us, occupied);
    }
    if (safe) out[n++] = encodeMove(k, rook, CASTLE);
  }
  return n;
}

/**
 * Whether the king of `side` would be attacked on `t` with `occupied`: by
 * the variant's meaning of check (variant.ts royalAttacked) off standard
 * rules.
 */
function attacked(
  b: ChessBoard,
  t: number,
  side: number,
  occupied: Int32Array,
): boolean {
  return b.plain
    ? attackersTo(b, t, side ^ 1, occupied, null) !== 0
    : royalAttacked(b, t, side, occupied);
}

/** Whether castling has nothing in its way but its king and rook. */
function pathClear(sq: Int8Array, king: number, rook: number): boolean {
  const kingTo = kingTarget(king, rook), rookTo = rookTarget(king, rook);
  const low = Math.min(king, kingTo, rook, rookTo);
  const high = Math.max(king, kingTo, rook, rookTo);
  // Everything between the outermost of the four squares must be empty,
  // except king and rook: the two spans overlap or touch in every case.
  for (let t = low; t <= high; t++) {
    if (t !== king && t !== rook && sq[t] !== 0) return false;
  }
  return true;
}

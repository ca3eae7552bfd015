// The rules of chess that judge a position rather than generate moves,
// written once over the core board: whether it can be played from (kings,
// pawns on a back rank, the side not to move in check), which en-passant
// square a pawn can have just passed, and which castling rights have their
// king and rook. The legality check reports them with reasons; the move
// functions refuse or drop what they do not allow.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import { attackersTo } from "./attacks.ts";
import type { ChessBoard, PositionFields } from "./board.ts";
import { KING, PAWN, ROOK, squareOf } from "./geometry.ts";
import { castleRook, withCastleRook } from "./move.ts";
import { royalAttacked, VARIANT_MOVES, type VariantRules } from "./variant.ts";

/**
 * Sets the castling rooks and the en-passant square of `b`, loaded from
 * `position`, to those the rules allow: {@linkcode castlingRooks}, and the
 * square if {@linkcode enPassantFault} finds nothing wrong.
 */
export function loadRights(
  b: ChessBoard,
  position: PositionFields,
): void {
  const castling: unknown = position.castling;
  b.castle = Array.isArray(castling) ? castlingRooks(b, castling) : 0;
  const ep = squareOf(position.enPassant);
  b.ep = ep >= 0 && enPassantFault(b, ep) === EN_PASSANT_OK ? ep : -1;
}

/**
 * Why no move can be played from a position (the codes are those of
 * `checkPosition` for the same facts).
 *
 * @example Telling the codes apart
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import {
 *   legalMoves,
 *   type UnplayableCode,
 *   UnplayablePositionError,
 * } from "@fen/fen/moves";
 * import assert from "node:assert/strict";
 *
 * function why(fen: string): UnplayableCode | null {
 *   try {
 *     legalMoves(parseFen(fen));
 *     return null;
 *   } catch (error) {
 *     if (error instanceof UnplayablePositionError) return error.code;
 *     throw error;
 *   }
 * }
 * assert.equal(why("4k3/8/8/8/8/8/8/4K2R b - - 0 1"), null);
 * assert.equal(why("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), "opposite-check");
 * ```
 */
export type UnplayableCode =
  | "no-king"
  | "too-many-kings"
  | "pawn-on-back-rank"
  | "opposite-check"
  | "variant";

/** What keeps a position from being played, and its subject. */
export interface Unplayable {
  /** What is wrong. */
  code: UnplayableCode;
  /**
   * The side (`"w"`, `"b"`), for a pawn its square, for `"variant"` the
   * variant's rule in words.
   */
  subject: string;
}

/**
 * The first thing that keeps `b` from being played, or `null`: a pawn on a
 * back rank (the first in board order), then White's kings, then Black's
 * (not exactly one), then the side not to move in check.
 */
export function unplayable(b: ChessBoard): Unplayable | null {
  if (!b.plain) return variantUnplayable(b, VARIANT_MOVES[b.variant]);
  const pawn = backRankPawn(b);
  if (pawn >= 0) {
    return { code: "pawn-on-back-rank", subject: SQUARE_NAMES[pawn] };
  }
  for (let color = 0; color < 2; color++) {
    const kings = b.counts[color << 3 | KING];
    if (kings !== 1) {
      const code = kings === 0 ? "no-king" : "too-many-kings";
      return { code, subject: color === 0 ? "w" : "b" };
    }
  }
  const theirs = b.king[b.turn ^ 1];
  if (attackersTo(b, theirs, b.turn, b.occupied, null) !== 0) {
    return { code: "opposite-check", subject: b.turn === 0 ? "w" : "b" };
  }
  return null;
}

/**
 * {@linkcode unplayable} under a variant's rules, as chessops' setups
 * validate them: its kings (`VariantRules.kings`), pawns on a back rank
 * (a horde's on its own first rank allowed), the side not to move in
 * check by the variant's meaning (allowed in atomic, as python-chess
 * allows it), and racing kings' no check and no pawns.
 */
function variantUnplayable(b: ChessBoard, v: VariantRules): Unplayable | null {
  const counts = b.counts, us = b.turn;
  const white = counts[KING], black = counts[8 | KING];
  const pawn = v.kings === "horde" ? misplacedHordePawn(b) : backRankPawn(b);
  if (pawn >= 0) {
    return { code: "pawn-on-back-rank", subject: SQUARE_NAMES[pawn] };
  }
  if (v.kings === "horde" && white > 0 && black > 0) {
    return {
      code: "variant",
      subject: "White has a king: in horde White has none",
    };
  }
  for (let color = 0; color < 2; color++) {
    const kings = color === 0 ? white : black;
    const wanted = v.kings === "each"
      ? 1
      : v.kings === "atomic"
      ? (color === us ? kings : 1) // the side to move's may have exploded
      : v.kings === "horde"
      ? (white + black === 1 ? kings : color === 0 ? 0 : 1)
      : kings;
    if (kings !== wanted) {
      const code = kings < wanted ? "no-king" : "too-many-kings";
      return { code, subject: color === 0 ? "w" : "b" };
    }
  }
  // In atomic the side to move may attack the other king: it explodes it
  // (python-chess plays on, and the legality check allows it).
  const theirs = b.king[us ^ 1];
  if (!v.explosions && royalAttacked(b, theirs, us ^ 1, b.occupied)) {
    return { code: "opposite-check", subject: us === 0 ? "w" : "b" };
  }
  if (v.noCheckGiving) {
    if (counts[PAWN] + counts[8 | PAWN] > 0) {
      return {
        code: "variant",
        subject: "racing kings is played without pawns",
      };
    }
    if (royalAttacked(b, b.king[us], us, b.occupied)) {
      return {
        code: "variant",
        subject: "no king may be in check in racing kings",
      };
    }
  }
  return null;
}

/**
 * Horde: the first pawn on a back rank but on its own first rank with no
 * king on its side (the horde's), or -1.
 */
function misplacedHordePawn(b: ChessBoard): number {
  for (let s = 0; s < 64; s = s === 7 ? 56 : s + 1) {
    const p = b.sq[s];
    if ((p & 7) !== PAWN) continue;
    const color = p >> 3, own = color === 0 ? s >= 56 : s < 8;
    if (!own || !pawnsOnFirstRank(b, color)) return s;
  }
  return -1;
}

/**
 * Whether pawns of `color` may stand on their own first rank (and step
 * from it, one square or two): a horde's, the side without a king.
 */
export function pawnsOnFirstRank(b: ChessBoard, color: number): boolean {
  return VARIANT_MOVES[b.variant].kings === "horde" &&
    b.counts[color << 3 | KING] === 0;
}

/** Ranks 8 (word 0, squares 0-7) and 1 (word 1, squares 56-63). */
const BACK_RANKS: readonly [number, number] = [0xff, 0xff << 24];

/** The first square of ranks 8 then 1 holding a pawn, or -1. */
export function backRankPawn(b: ChessBoard): number {
  const m = b.masks, white = PAWN * 2, black = (8 | PAWN) * 2;
  const low = (m[white] | m[black]) & BACK_RANKS[0];
  if (low !== 0) return 31 - Math.clz32(low & -low);
  const high = (m[white + 1] | m[black + 1]) & BACK_RANKS[1];
  return high !== 0 ? 63 - Math.clz32(high & -high) : -1;
}

/** An en-passant square a pawn can have just passed. */
export const EN_PASSANT_OK = 0;
/** Not on the rank behind a pawn of the side not to move (6 or 3). */
export const EN_PASSANT_RANK = 1;
/** No pawn of the side not to move stands in front of it. */
export const EN_PASSANT_NO_PAWN = 2;
/** The square or the one the pawn came from is occupied. */
export const EN_PASSANT_BLOCKED = 3;

/**
 * Whether a pawn of the side not to move can have just advanced two
 * squares over `ep`: {@linkcode EN_PASSANT_OK} or what is wrong.
 */
export function enPassantFault(b: ChessBoard, ep: number): number {
  const white = b.turn === 0;
  if (ep >> 3 !== (white ? 2 : 5)) return EN_PASSANT_RANK;
  const pushedTo = white ? ep + 8 : ep - 8;
  if (b.sq[pushedTo] !== ((b.turn ^ 1) << 3 | PAWN)) return EN_PASSANT_NO_PAWN;
  const pushedFrom = white ? ep - 8 : ep + 8;
  if (b.sq[ep] !== 0 || b.sq[pushedFrom] !== 0) return EN_PASSANT_BLOCKED;
  return EN_PASSANT_OK;
}

/**
 * Whether the pawn of the side to move on `from` may take en passant on
 * `ep`: no enemy piece attacks its king once it has moved and the pawn it
 * takes is gone (true when the side has no single king). What the move
 * generator and the legality check both ask of a capture.
 */
export function enPassantIsLegal(
  b: ChessBoard,
  from: number,
  ep: number,
): boolean {
  const us = b.turn, king = b.king[us];
  if (king < 0) return true;
  const captured = us === 0 ? ep + 8 : ep - 8;
  const occupied = b.whatIf;
  occupied[0] = b.occupied[0];
  occupied[1] = b.occupied[1];
  occupied[from >> 5] &= ~(1 << from);
  occupied[captured >> 5] &= ~(1 << captured);
  occupied[ep >> 5] |= 1 << ep;
  return attackersTo(b, king, us ^ 1, occupied, null) === 0;
}

/**
 * The castling slot of a right naming `rook` (`color * 2`, plus 1 on the
 * h-side of the king), or -1: the slot exists if a rook of the color whose
 * back rank `rook` is on stands there, and that color's single king stands
 * on the same rank.
 */
export function castlingSlot(b: ChessBoard, rook: number): number {
  const color = rook >= 56 ? 0 : rook < 8 ? 1 : -1;
  if (color < 0) return -1;
  const king = b.king[color];
  if (king < 0 || king >> 3 !== rook >> 3) return -1;
  // From the piece sets: a position without problems reads no square.
  const rooks = b.masks[(color << 3 | ROOK) * 2 + (rook >> 5)];
  if ((rooks & 1 << rook) === 0) return -1;
  return color * 2 + (rook < king ? 0 : 1);
}

/**
 * The castling rights the generator can use, packed as castleRook reads
 * them: for each slot, the outermost rook of {@linkcode castlingSlot}
 * among the rights. Rights without such a rook are dropped, as chessops
 * and python-chess drop them.
 */
function castlingRooks(
  b: ChessBoard,
  castling: readonly Square[],
): number {
  let castle = 0;
  for (let i = 0; i < castling.length; i++) { // no iterator per position
    const s = squareOf(castling[i]);
    const slot = s < 0 ? -1 : castlingSlot(b, s);
    if (slot < 0) continue;
    const held = castleRook(castle, slot);
    if (held < 0 || ((slot & 1) === 0 ? s < held : s > held)) {
      castle = withCastleRook(castle, slot, s);
    }
  }
  return castle;
}

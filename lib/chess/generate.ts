// Legal move generation on the core board: checks and pins are found first,
// from the enemy pieces' lines to the king, so that every move written is
// legal without making it (the king's steps, en passant and castling are
// asked of attackersTo with the occupancy after them). A move is an
// integer (lib/chess/move.ts). The functions run for every node of a
// perft, so they take positional arguments and write into a caller's
// buffer rather than allocate options objects or arrays.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Square } from "../types.ts";
import { attackersTo, pawnTakesEnPassant } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import {
  BISHOP,
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
import { variantMoves } from "./variant_moves.ts";

/**
 * When a position written after moves names an en-passant square, the
 * choice python-chess (`"fen"`, `"xfen"`, `"legal"`) and shakmaty
 * (`EnPassantMode`) offer:
 *
 * | mode             | the square is written                                        |
 * | ---------------- | ------------------------------------------------------------ |
 * | `"always"`       | after every two-square pawn advance (the FEN standard), and as given when no move is played |
 * | `"pseudo-legal"` | only if a pawn of the side to move stands beside the pawn to capture (X-FEN) |
 * | `"legal"`        | only if such a capture is legal (it may expose the king)     |
 *
 * @example The three modes after a double push
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { type EnPassantMode, playMoves } from "@fen/fen/moves";
 * import assert from "node:assert/strict";
 *
 * // After d4, Black's pawn on e4 stands beside it but is pinned by the rook.
 * const position = parseFen("8/8/8/8/k3p2R/8/3P4/4K3 w - - 0 1");
 * const modes: EnPassantMode[] = ["always", "pseudo-legal", "legal"];
 * assert.deepEqual(
 *   modes.map((mode) => playMoves(position, "d4", { enPassant: mode }).position.enPassant),
 *   ["d3", "d3", null],
 * );
 * ```
 */
export type EnPassantMode = "always" | "pseudo-legal" | "legal";

/**
 * Most legal moves in a standard position is 218; a crazyhouse position
 * adds at most five roles dropped on 64 squares. Room for a margin.
 */
export const MAX_MOVES = 640;

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
 * Writes the legal moves of the side to move into `out` from index `start`
 * and returns the index after the last; `b.checks` is then the number of
 * pieces giving check.
 */
export function generateMoves(
  b: ChessBoard,
  out: Int32Array,
  start: number,
): number {
  if (!b.plain) return variantMoves(b, out, start);
  return royalMoves(b, out, start);
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
 * Whether the side to move has a legal move; `b.checks` is then the number
 * of pieces giving check. The other pieces' moves come first: they need no
 * attack scan, and in nearly every position the first piece that can move
 * settles it, so the king's targets are tested only when none can. `out`
 * is scratch, as for {@linkcode generateMoves}.
 */
export function hasLegalMove(b: ChessBoard, out: Int32Array): boolean {
  if (!b.plain) return variantMoves(b, out, 0) > 0;
  const checks = findChecksAndPins(b);
  if (checks < 2 && pieceMoves(b, out, 0, checks === 1, 1) > 0) return true;
  return generateMoves(b, out, 0) > 0;
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
  let checks = 0;
  for (let i = them * 64, end = i + b.count[them]; i < end; i++) {
    const s = b.list[i];
    const role = sq[s] & 7;
    if (role === KNIGHT || role === PAWN) {
      // The squares from which such a piece attacks the king hold it.
      const reach = role === KNIGHT ? KNIGHT_REACH : PAWN_REACH;
      const at = role === KNIGHT ? k * 2 : (them * 64 + k) * 2;
      if ((reach[at + (s >> 5)] & 1 << s) !== 0) {
        checks++;
        blockStamp[s] = stamp;
      }
      continue;
    }
    if (role < BISHOP || role > QUEEN) continue;
    const d = DIRECTION[k * 64 + s];
    if (d < 0 || (role !== QUEEN && role !== (d < 4 ? ROOK : BISHOP))) {
      continue;
    }
    let blocker = -1;
    for (let j = RAY_START[k * 8 + d];; j++) {
      const t = RAY_SQUARES[j];
      if (t === s) break;
      if (sq[t] !== 0) {
        if (blocker >= 0) {
          blocker = -2;
          break;
        }
        blocker = t;
      }
    }
    if (blocker === -1) {
      checks++;
      for (let j = RAY_START[k * 8 + d];; j++) {
        const t = RAY_SQUARES[j];
        blockStamp[t] = stamp;
        if (t === s) break;
      }
    } else if (blocker >= 0 && sq[blocker] >> 3 === us) {
      pinStamp[blocker] = stamp;
      pinDir[blocker] = d;
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
  for (let i = us * 64, end = i + b.count[us]; i < end && n < enough; i++) {
    const s = b.list[i];
    const role = sq[s] & 7;
    if (role === KING) continue;
    const pinned = pinStamp[s] === stamp;
    const pin = pinDir[s];
    if (role === PAWN) {
      const t = s + forward;
      if (sq[t] === 0 && (!pinned || pin < 2)) {
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
        j < PAWN_START[us * 64 + s + 1];
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
    } else if (role === KNIGHT) {
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

/**
 * The en-passant square to write for `b` in `mode`: the board's for
 * `"always"`; for the other modes, the board's only if a pawn of the side
 * to move can capture there, pseudo-legally or legally.
 */
export function enPassantOf(
  b: ChessBoard,
  mode: EnPassantMode,
): Square | null {
  if (mode !== "always" && mode !== "pseudo-legal" && mode !== "legal") {
    throw new TypeError(`Cannot write en passant: no mode "${mode}"`);
  }
  if (b.ep < 0) return null;
  if (mode === "always") return SQUARE_NAMES[b.ep];
  if (!pawnTakesEnPassant(b.sq, b.ep, b.turn, b.turn << 3 | PAWN)) {
    return null;
  }
  if (mode === "pseudo-legal") return SQUARE_NAMES[b.ep];
  const moves = new Int32Array(MAX_MOVES);
  const end = generateMoves(b, moves, 0);
  for (let i = 0; i < end; i++) {
    if (moves[i] & EN_PASSANT) return SQUARE_NAMES[b.ep];
  }
  return null;
}

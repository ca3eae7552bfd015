// Legal move generation on a Board: checks and pins are found first, from
// the enemy pieces' lines to the king, so that every move written is legal
// without making it (en passant and castling are the exceptions, tested by
// placing the pieces). A move is an integer: from | to << 6 | promotion role
// << 12 | flags (see _geometry.ts). The functions run for every node of a
// perft, so they take positional arguments and write into a caller's
// buffer rather than allocate options objects or arrays.

import type { Square } from "../types.ts";
import {
  type Board,
  castleRook,
  kingTarget,
  nameOf,
  rookTarget,
} from "./_board.ts";
import {
  BISHOP,
  CASTLE,
  DIRECTION,
  DOUBLE_PUSH,
  EN_PASSANT,
  KING,
  KING_SQUARES,
  KING_START,
  KNIGHT,
  KNIGHT_SQUARES,
  KNIGHT_START,
  OPPOSITE,
  PAWN,
  PAWN_SQUARES,
  PAWN_START,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
} from "./_geometry.ts";

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
 * @example Naming a mode
 * ```ts
 * import type { EnPassantMode } from "@fen/fen/moves";
 * import assert from "node:assert/strict";
 *
 * const mode: EnPassantMode = "legal";
 * assert.equal(mode, "legal");
 * ```
 */
export type EnPassantMode = "always" | "pseudo-legal" | "legal";

/** Most legal moves in any position is 218; room for a wide margin. */
export const MAX_MOVES = 256;

// Generation scratch, unexported: findChecksAndPins fills it and pieceMoves
// reads it within one generateMoves call. A square is pinned (in direction
// pinDir[s] from the king) or ends a single check only if its stamp equals
// the call's, which spares clearing; stamps restart before they overflow.
const pinStamp = new Int32Array(64);
const pinDir = new Int8Array(64);
const blockStamp = new Int32Array(64);
let stamp = 0;

function nextStamp(): number {
  if (stamp === 0x3fffffff) {
    pinStamp.fill(0);
    blockStamp.fill(0);
    stamp = 0;
  }
  return ++stamp;
}

/**
 * Writes the legal moves of the side to move into `out` from index `start`
 * and returns the index after the last. Uses the board's pin and block
 * scratch, so a caller finishes reading one generation's scratch-dependent
 * state before generating again (the moves in `out` stay valid).
 */
export function generateMoves(
  b: Board,
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
 * How many pieces give check to the side to move (a look along the lines
 * the enemy pieces stand on, cheaper than scanning every line from the
 * king). Uses the pin scratch, as {@linkcode generateMoves} does.
 */
export function checkCount(b: Board): number {
  return findChecksAndPins(b);
}

/**
 * Whether the side to move has a legal move; `checks` is what
 * {@linkcode checkCount} has just returned for `b` (its pin scratch is read
 * here). The other pieces' moves come first: they need no attack scan, and
 * in nearly every position the first piece that can move settles it, so
 * the king's targets are tested only when none can. `out` is scratch, as
 * for {@linkcode generateMoves}.
 */
export function hasLegalMove(
  b: Board,
  out: Int32Array,
  checks: number,
): boolean {
  if (checks < 2 && pieceMoves(b, out, 0, checks === 1, 1) > 0) return true;
  return generateMoves(b, out, 0) > 0;
}

/**
 * Counts the checkers of the side to move's king, marks pinned pieces with
 * their direction from the king, and marks the squares that end a single
 * check (between king and checker, and the checker).
 */
function findChecksAndPins(b: Board): number {
  const sq = b.sq, us = b.turn, them = us ^ 1, k = b.king[us];
  const stamp = nextStamp();
  let checks = 0;
  for (let i = them * 64, end = i + b.count[them]; i < end; i++) {
    const s = b.list[i];
    const role = sq[s] & 7;
    if (role === KNIGHT || role === PAWN) {
      if (attacksFrom(role, them, s, k)) {
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
  return checks;
}

/** Whether a knight or a pawn of `color` on `s` attacks `t`. */
function attacksFrom(
  role: number,
  color: number,
  s: number,
  t: number,
): boolean {
  const squares = role === KNIGHT ? KNIGHT_SQUARES : PAWN_SQUARES;
  const index = role === KNIGHT ? s : color * 64 + s;
  const start = role === KNIGHT ? KNIGHT_START : PAWN_START;
  for (let j = start[index]; j < start[index + 1]; j++) {
    if (squares[j] === t) return true;
  }
  return false;
}

function kingMoves(b: Board, out: Int32Array, n: number): number {
  const sq = b.sq, us = b.turn, k = b.king[us];
  const king = sq[k];
  // Off the board while its targets are tested, so that a slider checking
  // along a line also attacks the square behind the king.
  sq[k] = 0;
  for (let j = KING_START[k]; j < KING_START[k + 1]; j++) {
    const t = KING_SQUARES[j];
    const p = sq[t];
    if (p !== 0 && p >> 3 === us) continue;
    if (!b.attacked(t, us ^ 1)) out[n++] = k | t << 6;
  }
  sq[k] = king;
  return n;
}

// The generator's inner loop: one function for all non-king pieces, longer
// than the house limit, because it runs for every piece of every node in
// perft and per-role helper calls cost measurably there.
function pieceMoves(
  b: Board,
  out: Int32Array,
  n: number,
  check: boolean,
  enough = 0x7fffffff, // stop after the piece that brings n to this
): number {
  const sq = b.sq, us = b.turn, k = b.king[us];
  const block = blockStamp;
  const forward = us === 0 ? -8 : 8;
  const startRow = us === 0 ? 6 : 1;
  const lastRow = us === 0 ? 0 : 7;
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
            ? promotions(out, n, s | t << 6)
            : (out[n] = s | t << 6, n + 1);
        }
        const t2 = t + forward;
        if (
          s >> 3 === startRow && sq[t2] === 0 && (!check || block[t2] === stamp)
        ) {
          out[n++] = s | t2 << 6 | DOUBLE_PUSH;
        }
      }
      for (
        let j = PAWN_START[us * 64 + s];
        j < PAWN_START[us * 64 + s + 1];
        j++
      ) {
        const t = PAWN_SQUARES[j];
        const p = sq[t];
        if (p === 0 || p >> 3 === us) continue;
        if (pinned && DIRECTION[k * 64 + t] !== pin) continue;
        if (check && block[t] !== stamp) continue;
        n = t >> 3 === lastRow
          ? promotions(out, n, s | t << 6)
          : (out[n] = s | t << 6, n + 1);
      }
    } else if (role === KNIGHT) {
      if (pinned) continue;
      for (let j = KNIGHT_START[s]; j < KNIGHT_START[s + 1]; j++) {
        const t = KNIGHT_SQUARES[j];
        const p = sq[t];
        if (p !== 0 && p >> 3 === us) continue;
        if (check && block[t] !== stamp) continue;
        out[n++] = s | t << 6;
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
          if (!check || block[t] === stamp) out[n++] = s | t << 6;
          if (p !== 0) break;
        }
      }
    }
  }
  return n;
}

/** The four promotions of a pawn move, queen first. */
function promotions(out: Int32Array, n: number, move: number): number {
  out[n] = move | QUEEN << 12;
  out[n + 1] = move | ROOK << 12;
  out[n + 2] = move | BISHOP << 12;
  out[n + 3] = move | KNIGHT << 12;
  return n + 4;
}

/** En-passant captures, each tested by placing the pawns as after it. */
function enPassant(b: Board, out: Int32Array, n: number): number {
  const sq = b.sq, us = b.turn, ep = b.ep;
  const pawn = us << 3 | PAWN;
  const captured = ep + (us === 0 ? 8 : -8);
  const from = (us ^ 1) * 64 + ep;
  for (let j = PAWN_START[from]; j < PAWN_START[from + 1]; j++) {
    const s = PAWN_SQUARES[j];
    if (sq[s] !== pawn) continue;
    const enemy = sq[captured];
    sq[s] = 0;
    sq[captured] = 0;
    sq[ep] = pawn;
    const legal = !b.attacked(b.king[us], us ^ 1);
    sq[ep] = 0;
    sq[captured] = enemy;
    sq[s] = pawn;
    if (legal) out[n++] = s | ep << 6 | EN_PASSANT;
  }
  return n;
}

/**
 * Castling as chessops, python-chess and shakmaty rule it, in Chess960 as
 * in standard chess: not in check; every square the king and the rook cross
 * or land on empty but for the two of them; no square the king crosses
 * attacked; and the king's destination not attacked once both have moved.
 */
function castling(b: Board, out: Int32Array, n: number): number {
  const sq = b.sq, us = b.turn, k = b.king[us];
  for (let side = 0; side < 2; side++) {
    const rook = castleRook(b.castle, us * 2 + side);
    if (rook < 0) continue;
    if (!pathClear(sq, k | rook << 6)) continue;
    const kingTo = kingTarget(k, rook), rookTo = rookTarget(k, rook);
    let safe = true;
    const step = kingTo > k ? 1 : -1;
    sq[k] = 0;
    for (let t = k + step; t !== kingTo && safe && kingTo !== k; t += step) {
      safe = !b.attacked(t, us ^ 1);
    }
    if (safe) {
      sq[rook] = 0;
      sq[rookTo] = us << 3 | ROOK;
      safe = !b.attacked(kingTo, us ^ 1);
      sq[rookTo] = 0;
      sq[rook] = us << 3 | ROOK;
    }
    sq[k] = us << 3 | KING;
    if (safe) out[n++] = k | rook << 6 | CASTLE;
  }
  return n;
}

/** Whether castling `m` has nothing in its way but its king and rook. */
function pathClear(sq: Int8Array, m: number): boolean {
  const king = m & 63, rook = (m >> 6) & 63;
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
export function enPassantOf(b: Board, mode: EnPassantMode): Square | null {
  if (mode !== "always" && mode !== "pseudo-legal" && mode !== "legal") {
    throw new TypeError(`Cannot write en passant: no mode "${mode}"`);
  }
  if (b.ep < 0) return null;
  if (mode === "always") return nameOf(b.ep);
  const pawn = b.turn << 3 | PAWN;
  const from = (b.turn ^ 1) * 64 + b.ep;
  let pseudo = false;
  for (let j = PAWN_START[from]; j < PAWN_START[from + 1]; j++) {
    if (b.sq[PAWN_SQUARES[j]] === pawn) pseudo = true;
  }
  if (!pseudo) return null;
  if (mode === "pseudo-legal") return nameOf(b.ep);
  const moves = new Int32Array(MAX_MOVES);
  const end = generateMoves(b, moves, 0);
  for (let i = 0; i < end; i++) {
    if (moves[i] & EN_PASSANT) return nameOf(b.ep);
  }
  return null;
}

// The legal moves under a variant's rules: standard chess's generator
// (generate.ts) with what variant.ts's row for the rules adds (drops) and
// takes away (a goal already reached, captures forced, explosions that
// leave the king, checks given in racing kings). Where a king is not royal
// or not there (antichess, a horde without one) every pseudo-legal move is
// legal; atomic's captures are kept if the king survives them unchecked,
// as both peers decide it, since an explosion breaks the pin and check
// reasoning the standard generator rests on (its quiet moves keep it).

import { attackersTo } from "./attacks.ts";
import type { ChessBoard } from "./board.ts";
import {
  castling,
  enPassant,
  findChecksAndPins,
  nextStamp,
  pieceMoves,
  royalMoves,
} from "./piece_moves.ts";
import {
  BISHOP,
  DIRECTION,
  KING,
  KING_REACH,
  KING_START,
  KING_TARGETS,
  KNIGHT,
  KNIGHT_REACH,
  PAWN,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
} from "./geometry.ts";
import {
  EN_PASSANT,
  encodeDrop,
  encodeMove,
  moveFrom,
  moveTo,
} from "./move.ts";
import { royalAttacked, VARIANT_MOVES, type VariantRules } from "./variant.ts";

/**
 * generate.ts's generateMoves for a board whose rules are a variant's:
 * writes the legal moves into `out` from `start` and returns the end;
 * `b.checks` is then 1 if the side to move is in check (by the variant's
 * meaning), else 0, or the number of checkers under royal rules.
 */
export function variantMoves(
  b: ChessBoard,
  out: Int32Array,
  start: number,
): number {
  const v = VARIANT_MOVES[b.variant];
  if (v.ended(b)) {
    b.checks = royalAttacked(b, b.king[b.turn], b.turn, b.occupied) ? 1 : 0;
    return start;
  }
  let n: number;
  if (v.royal && !v.explosions && b.king[b.turn] >= 0) {
    n = royalMoves(b, out, start);
    if (v.drops) n = drops(b, out, n);
  } else {
    n = pseudoMoves(b, out, start, v);
  }
  if (v.forcedCapture) n = capturesIfAny(b, out, start, n);
  if (v.explosions) n = atomicLegal(b, out, start, n);
  if (v.noCheckGiving) n = checkless(b, out, start, n);
  return n;
}

/**
 * Every pseudo-legal move: each piece's (every king's among them where
 * kings are not royal, since a king may then have company), en passant,
 * and castling as the variant's check allows it (atomic). No pins, no
 * checks: `b.checks` is 0 (atomicLegal sets atomic's).
 */
function pseudoMoves(
  b: ChessBoard,
  out: Int32Array,
  n: number,
  v: VariantRules,
): number {
  nextStamp(b);
  b.checks = 0;
  const us = b.turn, sq = b.sq, k = b.king[us];
  if (v.royal) {
    if (k >= 0) n = kingSteps(sq, us, k, out, n);
  } else {
    for (let i = us * 64, end = i + b.count[us]; i < end; i++) {
      const s = b.list[i];
      if ((sq[s] & 7) === KING) n = kingSteps(sq, us, s, out, n);
    }
  }
  n = pieceMoves(b, out, n, false);
  if (b.ep >= 0) n = enPassant(b, out, n, true);
  // Atomic castles after its check test (atomicLegal).
  if (
    v.castling && !v.explosions && k >= 0 && b.castle !== 0 &&
    !royalAttacked(b, k, us, b.occupied)
  ) {
    n = castling(b, out, n);
  }
  return n;
}

/** The steps of the king of `us` on `s` to squares its side does not hold. */
function kingSteps(
  sq: Int8Array,
  us: number,
  s: number,
  out: Int32Array,
  n: number,
): number {
  for (let j = KING_START[s]; j < KING_START[s + 1]; j++) {
    const t = KING_TARGETS[j];
    if (sq[t] === 0 || sq[t] >> 3 !== us) out[n++] = encodeMove(s, t);
  }
  return n;
}

/** Crazyhouse drops: on empty squares, blocking a single check if any. */
function drops(b: ChessBoard, out: Int32Array, n: number): number {
  if (b.checks >= 2) return n;
  const sq = b.sq, own = b.turn << 3, pockets = b.pockets;
  let roles = 0; // bit per role in hand
  for (let role = PAWN; role <= QUEEN; role++) {
    if (pockets[own | role] > 0) roles |= 1 << role;
  }
  if (roles === 0) return n;
  const check = b.checks === 1, block = b.blockStamp, stamp = b.stamp;
  for (let t = 0; t < 64; t++) {
    if (sq[t] !== 0 || (check && block[t] !== stamp)) continue;
    // No pawn on the first or last rank.
    const first = t < 8 || t >= 56 ? PAWN + 1 : PAWN;
    for (let role = first; role <= QUEEN; role++) {
      if (roles & 1 << role) out[n++] = encodeDrop(role, t);
    }
  }
  return n;
}

/**
 * Keeps only the captures among `out[start..n)` when there is one (en
 * passant included), as antichess obliges; returns the new end.
 */
function capturesIfAny(
  b: ChessBoard,
  out: Int32Array,
  start: number,
  n: number,
): number {
  const sq = b.sq;
  let kept = start;
  for (let i = start; i < n; i++) {
    const m = out[i];
    if ((m & EN_PASSANT) !== 0 || sq[moveTo(m)] !== 0) out[kept++] = m;
  }
  return kept === start ? n : kept;
}

/**
 * Atomic: keeps the pseudo-legal moves of `out[start..n)` that leave the
 * mover's king on the board and out of check. A capture is judged on the
 * occupancy after its explosion (captureSafe); a quiet move as in standard
 * chess, by pins and checks along the lines to the king, while the kings
 * stand apart, and always safe while they touch (no check then), a quiet
 * king step being safe beside the other king or off every attacked square.
 * Castling is added here, once the check is known. Both kings are on the
 * board (or the game has ended).
 */
function atomicLegal(
  b: ChessBoard,
  out: Int32Array,
  start: number,
  n: number,
): number {
  const sq = b.sq, us = b.turn, k = b.king[us], enemy = b.king[us ^ 1];
  const touching = (KING_REACH[k * 2 + (enemy >> 5)] & 1 << enemy) !== 0;
  const checks = touching ? 0 : findChecksAndPins(b);
  b.checks = checks > 0 ? 1 : 0;
  const stamp = b.stamp, pinStamp = b.pinStamp, pinDir = b.pinDir;
  const block = b.blockStamp;
  const withoutKing = b.whatIf;
  let kept = start;
  // Out of check (touching kings give none), a quiet move by a piece that
  // is neither the king nor pinned is legal: the common case, tested first
  // and alone (this loop is most of atomic's cost over standard chess's).
  const quiet = checks === 0;
  for (let i = start; i < n; i++) {
    const m = out[i], from = moveFrom(m), to = moveTo(m);
    if (
      quiet && sq[to] === 0 && (m & EN_PASSANT) === 0 && from !== k &&
      pinStamp[from] !== stamp
    ) {
      out[kept++] = m;
      continue;
    }
    let legal: boolean;
    if (sq[to] !== 0 || (m & EN_PASSANT) !== 0) {
      legal = from !== k && captureSafe(b, m, k, touching);
    } else if (from === k) {
      withoutKing[0] = b.occupied[0];
      withoutKing[1] = b.occupied[1];
      withoutKing[k >> 5] &= ~(1 << k);
      legal = (KING_REACH[to * 2 + (enemy >> 5)] & 1 << enemy) !== 0 ||
        attackersTo(b, to, us ^ 1, withoutKing, null) === 0;
    } else {
      legal = touching ||
        (checks < 2 && (checks === 0 || block[to] === stamp) &&
          (pinStamp[from] !== stamp ||
            DIRECTION[k * 64 + to] === pinDir[from]));
    }
    if (legal) out[kept++] = m;
  }
  // Castling out of check, its squares judged by atomic's check (generate.ts
  // castling): nothing explodes, so what it finds is final.
  if (b.castle !== 0 && checks === 0) kept = castling(b, out, kept);
  return kept;
}

/**
 * Atomic: whether the capture `m` by a piece other than the king `k`
 * leaves that king on the board and out of check, told from the occupancy
 * after the explosion without making the move: the king must not stand in
 * the blast; the other king in it wins; touching kings give no check;
 * otherwise no piece left standing may attack the king.
 */
function captureSafe(
  b: ChessBoard,
  m: number,
  k: number,
  touching: boolean,
): boolean {
  const from = moveFrom(m), to = moveTo(m), masks = b.masks;
  const us = b.turn, enemy = b.king[us ^ 1];
  const occupied0 = b.occupied[0], occupied1 = b.occupied[1];
  const white = PAWN * 2, black = (8 | PAWN) * 2;
  // The capturer on `to` and every piece but pawns next to it.
  let blast0 = KING_REACH[to * 2] & occupied0 & ~(masks[white] | masks[black]);
  let blast1 = KING_REACH[to * 2 + 1] & occupied1 &
    ~(masks[white + 1] | masks[black + 1]);
  if (to < 32) blast0 |= 1 << to;
  else blast1 |= 1 << to;
  if (((k < 32 ? blast0 : blast1) & 1 << k) !== 0) return false;
  if (((enemy < 32 ? blast0 : blast1) & 1 << enemy) !== 0) return true;
  if (touching) return true;
  const after = b.whatIf;
  after[0] = occupied0 & ~blast0;
  after[1] = occupied1 & ~blast1;
  after[from >> 5] &= ~(1 << from);
  if ((m & EN_PASSANT) !== 0) {
    const taken = to + (us === 0 ? 8 : -8);
    after[taken >> 5] &= ~(1 << taken);
  }
  return attackersTo(b, k, us ^ 1, after, null) === 0;
}

/**
 * Racing kings: keeps the moves of `out[start..n)` that give no check,
 * told without making them. The squares from which each kind of piece
 * would attack the other king are found once (its lines up to the first
 * piece, its knight squares), and the pieces of the side to move that
 * alone stand between it and a slider of theirs: a move gives check if it
 * lands on such a square for its kind, or moves such a piece off its line.
 * (A slider leaving a line through the king for a square further along it
 * would have been checking already.) No pawns, castling or en passant in
 * this variant.
 */
function checkless(
  b: ChessBoard,
  out: Int32Array,
  start: number,
  n: number,
): number {
  const sq = b.sq, us = b.turn, k = b.king[us ^ 1];
  if (k < 0) return n;
  const lines = linesFrom(b, k, us);
  let kept = start;
  for (let i = start; i < n; i++) {
    const m = out[i], from = moveFrom(m), to = moveTo(m);
    const role = sq[from] & 7, word = to >> 5, bit = 1 << to;
    const attacks = role === KNIGHT
      ? KNIGHT_REACH[k * 2 + word]
      : role === ROOK
      ? lines[word]
      : role === BISHOP
      ? lines[2 + word]
      : role === QUEEN
      ? lines[word] | lines[2 + word]
      : 0;
    const check = (attacks & bit) !== 0 ||
      ((lines[4 + (from >> 5)] & 1 << from) !== 0 &&
        DIRECTION[k * 64 + to] !== DIRECTION[k * 64 + from]);
    if (!check) out[kept++] = m;
  }
  return kept;
}

// The masks of linesFrom, filled and read within one checkless call.
const lineMasks = new Int32Array(6);

/**
 * From the king on `k`: the squares of its rook lines (words 0, 1) and of
 * its bishop lines (2, 3) up to and including the first piece, and the
 * pieces of `us` that alone stand between it and a slider of `us` (4, 5).
 */
function linesFrom(b: ChessBoard, k: number, us: number): Int32Array {
  const sq = b.sq, masks = lineMasks;
  masks.fill(0);
  for (let d = 0; d < 8; d++) {
    const at = d < 4 ? 0 : 2;
    let blocker = -1;
    for (let j = RAY_START[k * 8 + d]; j < RAY_START[k * 8 + d + 1]; j++) {
      const s = RAY_SQUARES[j], p = sq[s];
      if (blocker < 0) masks[at + (s >> 5)] |= 1 << s;
      if (p === 0) continue;
      if (blocker >= 0) {
        const r = p & 7;
        if (p >> 3 === us && (r === QUEEN || r === (d < 4 ? ROOK : BISHOP))) {
          masks[4 + (blocker >> 5)] |= 1 << blocker;
        }
        break;
      }
      if (p >> 3 !== us) break;
      blocker = s;
    }
  }
  return masks;
}

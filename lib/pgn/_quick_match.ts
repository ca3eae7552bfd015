// The fast path for the SAN of a game: plain SAN (`Nf3`, `Rad1`, `exd5`,
// `e8=Q`) matched against the pieces that can reach the square instead of
// against every legal move, with the legality and check tests it needs.
// Anything it does not know returns -1, for the Notation path to read, so
// that it only ever agrees with that path.

import { attacksSquare, isAttacked } from "../chess/attacks.ts";
import type { ChessBoard } from "../chess/board.ts";
import { makeMove, unmakeMove } from "../chess/make.ts";
import { CASTLE, DOUBLE_PUSH, EN_PASSANT } from "../chess/move.ts";
import {
  BISHOP,
  DIRECTION,
  PAWN,
  QUEEN,
  RAY_SQUARES,
  RAY_START,
  ROOK,
} from "../chess/geometry.ts";
import { SQUARE_NAMES } from "../_tables.ts";

// Scratch for quickMatch, unexported: the candidate origins of one call.
const candidates = new Int32Array(16);

/** Roles by the char code of a SAN piece letter (N B R Q K), 0 for others. */
const ROLE_OF_LETTER: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  " PNBRQK".split("").forEach((letter, role) => {
    if (role > 1) table[letter.charCodeAt(0)] = role;
  });
  return table;
})();
const SAN_LETTERS = " PNBRQK";

/** Whether `c` is a file letter, a to h. */
function isFile(c: number): boolean {
  return c >= 97 && c <= 104;
}

/** Whether `c` is a rank digit, 1 to 8. */
function isRank(c: number): boolean {
  return c >= 49 && c <= 56;
}

/** Where quickMatch writes the SAN, and reads (or caches) whether the side is in check. */
export interface QuickOut {
  /** Whether to write `body` (a walker needs no SAN). */
  wantSan: boolean;
  body: string;
  check: number;
}

function inCheck(b: ChessBoard, out: QuickOut): boolean {
  if (out.check < 0) {
    out.check = isAttacked(b, b.king[b.turn], b.turn ^ 1) ? 1 : 0;
  }
  return out.check === 1;
}

/**
 * The legal move that plain SAN names (`Nf3`, `Rad1`, `exd5`, `e8=Q`, with
 * any check mark or annotation), found from the pieces that can reach the
 * square rather than from every legal move; its SAN goes to `out.body`.
 * Returns -1 for anything else and for no move or several, which Notation
 * then reads, so that this path only ever agrees with it.
 */
export function quickMatch(b: ChessBoard, text: string, out: QuickOut): number {
  let end = text.length;
  for (
    let c = text.charCodeAt(end - 1);
    c === 43 || c === 35 || c === 33 || c === 63;
  ) {
    c = text.charCodeAt(--end - 1);
  }
  if (end < 2) return -1;
  const role = ROLE_OF_LETTER[text.charCodeAt(0)] ?? 0;
  return role === 0
    ? quickPawn(b, text, end, out)
    : quickPiece(b, text, end, role, out);
}

function quickPiece(
  b: ChessBoard,
  text: string,
  end: number,
  role: number,
  out: QuickOut,
): number {
  const f = text.charCodeAt(end - 2), r = text.charCodeAt(end - 1);
  if (!isFile(f) || !isRank(r)) return -1;
  let i = 1, file = -1, rank = -1;
  let c = text.charCodeAt(i);
  if (i < end - 2 && isFile(c)) (file = c - 97, c = text.charCodeAt(++i));
  if (i < end - 2 && isRank(c)) (rank = 56 - c, c = text.charCodeAt(++i));
  if (i < end - 2 && c === 120 /* x */) i++;
  if (i !== end - 2) return -1;
  const to = (56 - r) * 8 + (f - 97);
  const sq = b.sq, us = b.turn, piece = us << 3 | role;
  if (sq[to] !== 0 && sq[to] >> 3 === us) return -1;
  const check = inCheck(b, out);
  let found = 0, chosen = -1, matches = 0;
  for (let k = us * 64, last = k + b.count[us]; k < last; k++) {
    const s = b.list[k];
    if (
      sq[s] !== piece || !attacksSquare(b, s, to) ||
      !legal(b, s | to << 6, check)
    ) {
      continue;
    }
    if (found < 16) candidates[found++] = s;
    if ((file < 0 || (s & 7) === file) && (rank < 0 || s >> 3 === rank)) {
      chosen = s;
      matches++;
    }
  }
  if (matches !== 1) return -1;
  if (out.wantSan) out.body = pieceSan(b, { role, chosen, to, found });
  return chosen | to << 6;
}

/** The SAN of a piece move quickPiece found, as Notation writes it. */
function pieceSan(
  b: ChessBoard,
  { role, chosen, to, found }: {
    role: number;
    chosen: number;
    to: number;
    found: number;
  },
): string {
  let sameFile = false, sameRank = false;
  for (let k = 0; k < found; k++) {
    const s = candidates[k];
    if (s === chosen) continue;
    if ((s & 7) === (chosen & 7)) sameFile = true;
    if (s >> 3 === chosen >> 3) sameRank = true;
  }
  // As Notation writes it: the file if it tells the pieces apart, else the rank, else both.
  const name = SQUARE_NAMES[chosen];
  const origin = found < 2
    ? ""
    : !sameFile
    ? name[0]
    : !sameRank
    ? name[1]
    : name;
  return SAN_LETTERS[role] + origin + (b.sq[to] !== 0 ? "x" : "") +
    SQUARE_NAMES[to];
}

function quickPawn(
  b: ChessBoard,
  text: string,
  end: number,
  out: QuickOut,
): number {
  const c0 = text.charCodeAt(0);
  if (!isFile(c0)) return -1;
  const fromFile = c0 - 97;
  let i = 0, capture = false;
  if (text.charCodeAt(1) === 120 /* x */) (capture = true, i = 2);
  const f = text.charCodeAt(i), r = text.charCodeAt(i + 1);
  if (!isFile(f) || !isRank(r)) return -1;
  if (!capture && f !== c0) return -1;
  i += 2;
  let promotion = 0;
  if (i < end && text.charCodeAt(i) === 61 /* = */) i++;
  if (i < end) {
    promotion = ROLE_OF_LETTER[text.charCodeAt(i) & ~32] ?? 0;
    if (promotion < 2 || promotion > 5 || ++i !== end) return -1;
  }
  if (i !== end) return -1;
  const sq = b.sq, us = b.turn;
  const to = (56 - r) * 8 + (f - 97);
  const forward = us === 0 ? -8 : 8, pawn = us << 3 | PAWN;
  if ((to >> 3 === (us === 0 ? 0 : 7)) !== (promotion !== 0)) return -1;
  let code: number;
  if (capture) {
    const from = to - forward + (fromFile - (f - 97));
    if (Math.abs(fromFile - (f - 97)) !== 1 || sq[from] !== pawn) return -1;
    if (sq[to] !== 0) {
      if (sq[to] >> 3 === us) return -1;
      code = from | to << 6;
    } else if (to === b.ep) code = from | to << 6 | EN_PASSANT;
    else return -1;
  } else {
    if (sq[to] !== 0) return -1;
    const one = to - forward;
    if (sq[one] === pawn) code = one | to << 6;
    else if (
      sq[one] === 0 && sq[one - forward] === pawn &&
      one - forward >> 3 === (us === 0 ? 6 : 1)
    ) code = (one - forward) | to << 6 | DOUBLE_PUSH;
    else return -1;
  }
  code |= promotion << 12;
  if (!legal(b, code, inCheck(b, out))) return -1;
  if (!out.wantSan) return code;
  out.body = (capture ? text[0] + "x" : "") + SQUARE_NAMES[to] +
    (promotion ? "=" + SAN_LETTERS[promotion] : "");
  return code;
}

/**
 * Whether the move just made checks the side now to move: the moved piece
 * attacks the king, or, when the square it left is on a line from the king
 * (or the move is castling, en passant or a promotion), the full test.
 */
export function givesCheck(b: ChessBoard, code: number): boolean {
  const king = b.king[b.turn], from = code & 63, to = (code >> 6) & 63;
  if (
    (code & (CASTLE | EN_PASSANT | (7 << 12))) !== 0 ||
    DIRECTION[king * 64 + from] >= 0
  ) {
    return isAttacked(b, b.king[b.turn], b.turn ^ 1);
  }
  return attacksSquare(b, to, king);
}

/**
 * Whether a move leaves its own king safe. Out of check, a piece other than
 * the king can only expose it along the line from the king through its
 * square, to an enemy slider behind it, unless it stays on that line: one
 * look along the ray. Otherwise the move is made, tested and taken back.
 */
function legal(b: ChessBoard, code: number, check: boolean): boolean {
  const us = b.turn, from = code & 63, king = b.king[us];
  if (!check && from !== king && !(code & EN_PASSANT)) {
    const d = DIRECTION[king * 64 + from];
    if (d < 0 || DIRECTION[king * 64 + ((code >> 6) & 63)] === d) return true;
    return !pinned(b, king, from, d);
  }
  makeMove(b, code);
  const safe = !isAttacked(b, b.king[us], us ^ 1);
  unmakeMove(b);
  return safe;
}

/** Whether the piece on `from` stands between its king and an enemy slider in direction `d`. */
function pinned(b: ChessBoard, king: number, from: number, d: number): boolean {
  const sq = b.sq, them = (b.turn ^ 1) << 3;
  let passed = false;
  for (
    let j = RAY_START[king * 8 + d], e = RAY_START[king * 8 + d + 1];
    j < e;
    j++
  ) {
    const s = RAY_SQUARES[j], p = sq[s];
    if (p === 0) continue;
    if (!passed) {
      if (s !== from) return false;
      passed = true;
      continue;
    }
    return p === (them | QUEEN) || p === (them | (d < 4 ? ROOK : BISHOP));
  }
  return false;
}

// The fast path for the SAN of a game: plain SAN (`Nf3`, `Rad1`, `exd5`,
// `e8=Q`) matched against the pieces that can reach the square instead of
// against every legal move. The pin test and the SAN it writes are the
// core's (chess/pins.ts, chess/notation.ts). Anything it does not know
// returns -1, for the Notation path to read, so that it only ever agrees
// with that path.

import { attacksSquare, isAttacked } from "../chess/attacks.ts";
import type { ChessBoard } from "../chess/board.ts";
import {
  CASTLE,
  DOUBLE_PUSH,
  EN_PASSANT,
  moveFrom,
  moveTo,
} from "../chess/move.ts";
import { castling } from "../chess/piece_moves.ts";
import { PAWN } from "../chess/geometry.ts";
import { leavesKingSafe } from "../chess/pins.ts";
import {
  type Rivals,
  ROLE_LETTERS,
  sanWithoutCheck,
} from "../chess/notation.ts";

// Scratch for quickMatch, unexported: the candidate origins of one call,
// filled and read (by the SAN writer) within it.
const rivals: Rivals = { squares: new Int32Array(16), count: 0 };
const NO_RIVALS: Rivals = { squares: new Int32Array(0), count: 0 };
// Scratch for quickCastle, unexported: the castling moves of one call.
const castles = new Int32Array(2);

/** Roles by the char code of a SAN piece letter (N B R Q K), 0 for others. */
const ROLE_OF_LETTER: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  ROLE_LETTERS.split("").forEach((letter, role) => {
    if (role > 1) table[letter.charCodeAt(0)] = role;
  });
  return table;
})();

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
  const n = text.length;
  if (n >= token.length) return -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return -1;
    token[i] = c;
  }
  return quickMatchAt(b, token, 0, n, out);
}

// Scratch for quickMatch, unexported: a token's bytes, filled and read
// within one call (SAN is ASCII and short).
const token = new Uint8Array(32);

/**
 * {@linkcode quickMatch} for the token of `text` from `from` to `to`, the
 * bytes of a stream of games: no string is made of it (a byte read past
 * `to` never makes a match: a move must end at `to`). Positional numbers
 * here and below, not options objects: this runs for every move of every
 * game read.
 */
export function quickMatchAt(
  b: ChessBoard,
  text: Uint8Array,
  from: number,
  to: number,
  out: QuickOut,
): number {
  let end = to;
  for (
    let c = text[end - 1];
    end > from && (c === 43 || c === 35 || c === 33 || c === 63);
  ) {
    c = text[--end - 1];
  }
  if (end - from < 2) return -1;
  const first = text[from];
  if (first === 79 /* O */) return quickCastle(b, text, from, end, out);
  const role = ROLE_OF_LETTER[first] ?? 0;
  return role === 0
    ? quickPawn(b, text, from, end, out)
    : quickPiece(b, text, from, end, role, out);
}

/** Whether the token from `from` is `O-O` (3 bytes) or `O-O-O` (5). */
function isCastle(text: Uint8Array, from: number, length: number): boolean {
  for (let i = 0; i < length; i++) {
    if (text[from + i] !== (i % 2 === 0 ? 79 /* O */ : 45 /* - */)) {
      return false;
    }
  }
  return true;
}

/** `O-O` and `O-O-O` out of check, by the core's castling rule. */
function quickCastle(
  b: ChessBoard,
  text: Uint8Array,
  from: number,
  end: number,
  out: QuickOut,
): number {
  const long = end - from === 5 && isCastle(text, from, 5);
  if (!long && !(end - from === 3 && isCastle(text, from, 3))) return -1;
  if (b.castle === 0 || inCheck(b, out)) return -1;
  for (let k = castling(b, castles, 0); k-- > 0;) {
    const code = castles[k];
    if ((code & CASTLE) !== 0 && moveTo(code) < moveFrom(code) === long) {
      if (out.wantSan) out.body = sanWithoutCheck(b, code, NO_RIVALS);
      return code;
    }
  }
  return -1;
}

function quickPiece(
  b: ChessBoard,
  text: Uint8Array,
  from: number,
  end: number,
  role: number,
  out: QuickOut,
): number {
  const f = text[end - 2], r = text[end - 1];
  if (!isFile(f) || !isRank(r)) return -1;
  let i = from + 1, file = -1, rank = -1;
  let c = text[i];
  if (i < end - 2 && isFile(c)) (file = c - 97, c = text[++i]);
  if (i < end - 2 && isRank(c)) (rank = 56 - c, c = text[++i]);
  if (i < end - 2 && c === 120 /* x */) i++;
  if (i !== end - 2) return -1;
  const to = (56 - r) * 8 + (f - 97);
  const sq = b.sq, us = b.turn, piece = us << 3 | role;
  if (sq[to] !== 0 && sq[to] >> 3 === us) return -1;
  const check = inCheck(b, out);
  let found = 0, chosen = -1, matches = 0;
  // the pieces of the kind only, from the board's square sets
  for (let word = 0; word < 2; word++) {
    for (let bits = b.masks[piece * 2 + word]; bits !== 0; bits &= bits - 1) {
      const s = word * 32 + 31 - Math.clz32(bits & -bits);
      if (
        !attacksSquare(b, s, to) || !leavesKingSafe(b, s | to << 6, check)
      ) {
        continue;
      }
      if (found < 16) rivals.squares[found++] = s;
      if ((file < 0 || (s & 7) === file) && (rank < 0 || s >> 3 === rank)) {
        chosen = s;
        matches++;
      }
    }
  }
  if (matches !== 1) return -1;
  const code = chosen | to << 6;
  if (out.wantSan) {
    rivals.count = found;
    out.body = sanWithoutCheck(b, code, rivals);
  }
  return code;
}

function quickPawn(
  b: ChessBoard,
  text: Uint8Array,
  from: number,
  end: number,
  out: QuickOut,
): number {
  const c0 = text[from];
  if (!isFile(c0)) return -1;
  const fromFile = c0 - 97;
  let i = from, capture = false;
  if (text[from + 1] === 120 /* x */) (capture = true, i = from + 2);
  const f = text[i], r = text[i + 1];
  if (!isFile(f) || !isRank(r)) return -1;
  if (!capture && f !== c0) return -1;
  i += 2;
  let promotion = 0;
  if (i < end && text[i] === 61 /* = */) i++;
  if (i < end) {
    promotion = ROLE_OF_LETTER[text[i] & ~32] ?? 0;
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
  if (!leavesKingSafe(b, code, inCheck(b, out))) return -1;
  if (out.wantSan) out.body = sanWithoutCheck(b, code, NO_RIVALS);
  return code;
}

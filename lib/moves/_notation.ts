// Moves as text: UCI and SAN out, and either in, matched against the legal
// moves of a Board. Matching against the generated list (rather than
// interpreting the text and then testing legality) is what makes every
// accepted move legal and every ambiguity visible.

import { SQUARE_NAMES } from "../_tables.ts";
import { type Board, indexOf, kingTarget } from "./_board.ts";
import { generateMoves, MAX_MOVES } from "./_generate.ts";
import { CASTLE, EN_PASSANT, KING, PAWN } from "./_geometry.ts";
import { MoveError, type MoveErrorCode } from "./errors.ts";

/** Role letters by role number, for SAN and UCI promotions. */
const ROLE_LETTERS = " PNBRQK";

/** The legal moves of a Board's current position, in one reusable buffer. */
export interface MoveList {
  moves: Int32Array;
  length: number;
}

/** Generates the legal moves of `b` into `list`. */
export function fillMoves(b: Board, list: MoveList): MoveList {
  list.length = generateMoves(b, list.moves, 0);
  return list;
}

/** An empty list with room for any position's moves. */
export function newMoveList(): MoveList {
  return { moves: new Int32Array(MAX_MOVES), length: 0 };
}

/** Where the king lands: the rook's square for castling is not it. */
export function kingDestination(b: Board, m: number): number {
  const from = m & 63, to = (m >> 6) & 63;
  return m & CASTLE ? kingTarget(from, to, b.turn) : to;
}

/**
 * Whether castling `m` is standard chess's: king on the e-file, rook in a
 * corner. Only then can UCI write it as the king's two-square step.
 */
function isStandardCastle(m: number): boolean {
  const from = m & 63, to = (m >> 6) & 63;
  return (from & 7) === 4 && ((to & 7) === 0 || (to & 7) === 7);
}

/** UCI: king to its destination when standard, king takes rook otherwise. */
export function toUci(b: Board, m: number, chess960: boolean): string {
  const from = m & 63;
  const to = m & CASTLE && !chess960 && isStandardCastle(m)
    ? kingDestination(b, m)
    : (m >> 6) & 63;
  const promotion = (m >> 12) & 7;
  return SQUARE_NAMES[from] + SQUARE_NAMES[to] +
    (promotion ? ROLE_LETTERS[promotion].toLowerCase() : "");
}

/** SAN with `+` or `#`, given the legal moves of `b` (which include `m`). */
export function sanOf(b: Board, m: number, legal: MoveList): string {
  const san = sanWithoutCheck(b, m, legal);
  b.make(m);
  let suffix = "";
  if (b.inCheck()) {
    const replies = newMoveList();
    suffix = fillMoves(b, replies).length === 0 ? "#" : "+";
  }
  b.unmake();
  return san + suffix;
}

function sanWithoutCheck(b: Board, m: number, legal: MoveList): string {
  const from = m & 63, to = (m >> 6) & 63;
  if (m & CASTLE) return to < from ? "O-O-O" : "O-O";
  const role = b.sq[from] & 7;
  const capture = b.sq[to] !== 0 || (m & EN_PASSANT) !== 0;
  const promotion = (m >> 12) & 7;
  if (role === PAWN) {
    return (capture ? "abcdefgh"[from & 7] + "x" : "") + SQUARE_NAMES[to] +
      (promotion ? "=" + ROLE_LETTERS[promotion] : "");
  }
  let sameFile = false, sameRank = false, others = false;
  for (let i = 0; i < legal.length; i++) {
    const other = legal.moves[i];
    const s = other & 63;
    if (
      s === from || ((other >> 6) & 63) !== to || other & CASTLE ||
      (b.sq[s] & 7) !== role
    ) continue;
    others = true;
    if ((s & 7) === (from & 7)) sameFile = true;
    if (s >> 3 === from >> 3) sameRank = true;
  }
  let origin = "";
  if (others) {
    if (!sameFile) origin = SQUARE_NAMES[from][0];
    else if (!sameRank) origin = SQUARE_NAMES[from][1];
    else origin = SQUARE_NAMES[from];
  }
  return ROLE_LETTERS[role] + origin + (capture ? "x" : "") + SQUARE_NAMES[to];
}

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbnQRBN]?)$/;
const CASTLING = /^([O0])-\1(-\1)?$/;
const PIECE_MOVE = /^([NBRQK])([a-h]?)([1-8]?)x?([a-h][1-8])$/;
const PAWN_MOVE = /^(?:([a-h])x)?([a-h][1-8])(?:=?([NBRQnbrq]))?$/;
/** Check marks, and annotations such as `!?`, `??` or `!!`, at the end. */
const SUFFIX = /[+#]?[!?]*$/;
/** Move-shaped text with letters and numbers where squares go: `e9`, `Ni3`. */
const MOVE_SHAPED =
  /^(?:[KQRBN]?[a-z]?\d*x?[a-z]\d+(?:=?[A-Za-z])?|[a-z]\d+[a-z]\d+[a-z]?)$/;
const SQUARE_LIKE = /[a-z]\d+/g;

/** Where a move stands in the list, for the error it may cause. */
export interface MoveSource {
  text: string;
  index: number;
}

/** The legal move that `text` (SAN or UCI) names, or throws a MoveError. */
export function parseMove(
  b: Board,
  source: MoveSource,
  legal: MoveList,
): number {
  const text = source.text.replace(SUFFIX, "");
  const uci = UCI.exec(text);
  if (uci) return matchUci(b, source, legal, uci);
  const castle = CASTLING.exec(text);
  if (castle) {
    const long = castle[2] !== undefined;
    return single(
      b,
      source,
      legal,
      (m) => (m & CASTLE) !== 0 && ((m >> 6) & 63) < (m & 63) === long,
      "",
    );
  }
  const piece = PIECE_MOVE.exec(text);
  if (piece) {
    const role = ROLE_LETTERS.indexOf(piece[1]);
    const to = indexOf(piece[4]);
    return single(b, source, legal, (m) => {
      const from = m & 63;
      return ((m >> 6) & 63) === to && (m & CASTLE) === 0 &&
        (b.sq[from] & 7) === role &&
        (piece[2] === "" || SQUARE_NAMES[from][0] === piece[2]) &&
        (piece[3] === "" || SQUARE_NAMES[from][1] === piece[3]);
    }, `no ${ROLE_NAMES[role]} can move to ${piece[4]}`);
  }
  const pawn = PAWN_MOVE.exec(text);
  if (pawn) return matchPawn(b, source, legal, pawn);
  const squares = MOVE_SHAPED.test(text) ? text.matchAll(SQUARE_LIKE) : [];
  for (const [square] of squares) {
    if (!/^[a-h][1-8]$/.test(square)) {
      const reason = square === text
        ? "no such square"
        : `no such square ${square}`;
      throw moveError(source, "no-such-square", reason);
    }
  }
  throw moveError(source, "malformed", "not a move in SAN or UCI");
}

const ROLE_NAMES = ["", "pawn", "knight", "bishop", "rook", "queen", "king"];

function matchPawn(
  b: Board,
  source: MoveSource,
  legal: MoveList,
  [, file, square, promotion]: RegExpExecArray,
): number {
  const to = indexOf(square);
  const role = promotion ? ROLE_LETTERS.indexOf(promotion.toUpperCase()) : 0;
  const last = b.turn === 0 ? 0 : 7;
  if (role === 0 && to >> 3 === last) {
    throw moveError(
      source,
      "illegal",
      "a pawn reaching the last rank must promote",
    );
  }
  return single(b, source, legal, (m) => {
    const from = m & 63;
    return ((m >> 6) & 63) === to && (b.sq[from] & 7) === PAWN &&
      ((m >> 12) & 7) === role &&
      (file === undefined
        ? (from & 7) === (to & 7)
        : SQUARE_NAMES[from][0] === file);
  }, `no pawn can move to ${square}`);
}

function matchUci(
  b: Board,
  source: MoveSource,
  legal: MoveList,
  [, fromName, toName, promotion]: RegExpExecArray,
): number {
  const from = indexOf(fromName);
  const to = indexOf(toName);
  const role = promotion ? ROLE_LETTERS.indexOf(promotion.toUpperCase()) : 0;
  const piece = b.sq[from];
  if (piece === 0) {
    throw moveError(source, "illegal", `no piece on ${fromName}`);
  }
  if (piece >> 3 !== b.turn) {
    const side = b.turn === 0 ? "White" : "Black";
    throw moveError(
      source,
      "illegal",
      `the piece on ${fromName} is not ${side}'s`,
    );
  }
  return single(b, source, legal, (m) => {
    if ((m & 63) !== from || ((m >> 12) & 7) !== role) return false;
    const target = (m >> 6) & 63;
    if (target === to) return true;
    // The standard form of castling, the king's two-square step.
    return (m & CASTLE) !== 0 && isStandardCastle(m) &&
      kingDestination(b, m) === to && (piece & 7) === KING;
  }, "");
}

/** The one legal move `fits` accepts, or a MoveError naming the problem. */
function single(
  b: Board,
  source: MoveSource,
  legal: MoveList,
  fits: (m: number) => boolean,
  illegal: string,
): number {
  let found = -1, count = 0;
  for (let i = 0; i < legal.length; i++) {
    if (fits(legal.moves[i])) {
      if (count++ === 0) found = legal.moves[i];
    }
  }
  if (count === 1) return found;
  if (count === 0) {
    const reason = legal.length === 0
      ? `the game is over (${b.inCheck() ? "checkmate" : "stalemate"})`
      : "illegal" + (illegal ? `: ${illegal}` : "");
    throw moveError(source, "illegal", reason);
  }
  const names: string[] = [];
  for (let i = 0; i < legal.length; i++) {
    if (fits(legal.moves[i])) names.push(sanOf(b, legal.moves[i], legal));
  }
  names.sort();
  const list = names.slice(0, -1).join(", ") + " or " + names[names.length - 1];
  throw moveError(source, "ambiguous", `ambiguous, ${list}`);
}

function moveError(
  source: MoveSource,
  code: MoveErrorCode,
  reason: string,
): MoveError {
  return new MoveError({
    move: source.text,
    index: source.index,
    code,
    reason,
  });
}

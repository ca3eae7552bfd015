/**
 * Whether a well-formed position could occur in a game: every problem at
 * once, each with a stable code, a severity and the squares involved.
 * {@linkcode parseFen} answers the syntax question; this module answers the
 * chess one.
 *
 * @module
 */

import {
  attackersOf,
  between,
  BLACK,
  collinear,
  isSlider,
  KNIGHT,
  NAMES,
  RAYS,
  WHITE,
} from "./_attacks.ts";
import { isSquare } from "./_tables.ts";
import type { Piece, Position, Square } from "./types.ts";

/**
 * Every code {@linkcode checkPosition} reports, in the order it reports
 * them: errors first, then warnings.
 *
 * @example
 * ```ts
 * import { PROBLEM_CODES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(PROBLEM_CODES[0], "empty-board");
 * assert.ok(PROBLEM_CODES.includes("bad-castling-rights"));
 * ```
 */
export const PROBLEM_CODES = [
  "empty-board",
  "no-king",
  "too-many-kings",
  "pawn-on-back-rank",
  "too-many-pawns",
  "too-many-pieces",
  "too-many-promotions",
  "bad-castling-rights",
  "bad-en-passant",
  "opposite-check",
  "too-many-checkers",
  "impossible-check",
  "en-passant-clock",
  "pointless-en-passant",
  "halfmove-clock-too-large",
] as const;

/**
 * A stable identifier for a kind of problem, such as `"no-king"`; see
 * {@linkcode PROBLEM_SEVERITY} for what each one means.
 *
 * @example
 * ```ts
 * import type { ProblemCode } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const code: ProblemCode = "opposite-check";
 * assert.equal(code, "opposite-check");
 * ```
 */
export type ProblemCode = typeof PROBLEM_CODES[number];

/**
 * How bad a problem is: an `"error"` means the position cannot occur in a
 * game from the initial position; a `"warning"` means it is odd but
 * possible, or only its bookkeeping (counters, en passant) is inconsistent.
 *
 * @example
 * ```ts
 * import { PROBLEM_SEVERITY, type Severity } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const severity: Severity = PROBLEM_SEVERITY["pointless-en-passant"];
 * assert.equal(severity, "warning");
 * ```
 */
export type Severity = "error" | "warning";

/**
 * The severity of each code:
 *
 * | code                       | severity | meaning                                                                  |
 * | -------------------------- | -------- | ------------------------------------------------------------------------ |
 * | `empty-board`              | error    | no piece at all                                                          |
 * | `no-king`                  | error    | a side has no king                                                       |
 * | `too-many-kings`           | error    | a side has more than one king                                            |
 * | `pawn-on-back-rank`        | error    | a pawn on rank 1 or 8                                                    |
 * | `too-many-pawns`           | error    | more than 8 pawns on a side                                              |
 * | `too-many-pieces`          | error    | more than 16 pieces on a side                                            |
 * | `too-many-promotions`      | error    | more extra queens, rooks, bishops, knights than missing pawns            |
 * | `bad-castling-rights`      | error    | a right without its king and rook on their home squares                  |
 * | `bad-en-passant`           | error    | no pawn that just advanced two squares past the en-passant square       |
 * | `opposite-check`           | error    | the side not to move is in check                                         |
 * | `too-many-checkers`        | error    | more than two pieces give check                                          |
 * | `impossible-check`         | error    | a check that no last move could have given                               |
 * | `en-passant-clock`         | warning  | an en-passant square with a halfmove clock above 0                       |
 * | `pointless-en-passant`     | warning  | an en-passant square where no capture is legal                           |
 * | `halfmove-clock-too-large` | warning  | more halfmoves since a capture or pawn move than the game has had        |
 *
 * @example
 * ```ts
 * import { PROBLEM_SEVERITY } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(PROBLEM_SEVERITY["no-king"], "error");
 * assert.equal(PROBLEM_SEVERITY["en-passant-clock"], "warning");
 * ```
 */
export const PROBLEM_SEVERITY: Readonly<Record<ProblemCode, Severity>> = {
  "empty-board": "error",
  "no-king": "error",
  "too-many-kings": "error",
  "pawn-on-back-rank": "error",
  "too-many-pawns": "error",
  "too-many-pieces": "error",
  "too-many-promotions": "error",
  "bad-castling-rights": "error",
  "bad-en-passant": "error",
  "opposite-check": "error",
  "too-many-checkers": "error",
  "impossible-check": "error",
  "en-passant-clock": "warning",
  "pointless-en-passant": "warning",
  "halfmove-clock-too-large": "warning",
};

/**
 * One thing wrong with a position.
 *
 * @example
 * ```ts
 * import { checkPosition, parseFen, type Problem } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const [problem]: Problem[] = checkPosition(parseFen("8/8/8/8/8/8/8/P3K2k"));
 * assert.equal(problem.code, "pawn-on-back-rank");
 * assert.equal(problem.severity, "error");
 * assert.deepEqual(problem.squares, ["a1"]);
 * ```
 */
export interface Problem {
  /** What kind of problem it is. */
  code: ProblemCode;
  /** Whether the position cannot occur (`"error"`) or is merely odd. */
  severity: Severity;
  /** The squares involved, possibly none (a missing king has no square). */
  squares: Square[];
  /** The problem in plain words, for people. */
  message: string;
}

/**
 * Options for {@linkcode checkPosition} and {@linkcode isLegalPosition}.
 *
 * @example
 * ```ts
 * import { type CheckPositionOptions, isLegalPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const options: CheckPositionOptions = { ignore: ["no-king"] };
 * assert.equal(isLegalPosition(parseFen("8/8/8/8/8/8/8/4K3"), options), true);
 * ```
 */
export interface CheckPositionOptions {
  /** Codes not to report (and, for isLegalPosition, not to count). */
  ignore?: readonly ProblemCode[];
  /**
   * Judge castling rights by Chess960 rules: the king on any file b to g of
   * its back rank, each right's rook on the back rank, at most one right on
   * each side of the king. `false` forces standard rules: king on e1/e8,
   * rooks on the a- and h-files. Unset, a right on a file b to g (which only
   * Chess960 notation can give) selects Chess960, and standard rules apply
   * otherwise.
   */
  chess960?: boolean;
}

// Scratch buffers for the rare paths: the analysis runs once per record in
// batch work, so it reuses them instead of allocating.
const CHECKERS: number[] = new Array(16).fill(0);
const OTHERS: number[] = new Array(16).fill(0);
const LINE: number[] = new Array(8).fill(0);
const ORIGINS: number[] = new Array(32).fill(0);
const SCRATCH: (Piece | null)[] = new Array(64).fill(null);
const NONE: readonly ProblemCode[] = [];
const SIDES = [WHITE, BLACK] as const;

/** Returned by originsOf when castling, which moves two pieces, may explain it. */
const CASTLED = -1;

/**
 * Finds every problem that makes `position` impossible in a game of chess
 * (`"error"`) or merely odd (`"warning"`): all of them, never only the
 * first, in the order of {@linkcode PROBLEM_CODES}. An empty array means
 * the position is fine.
 *
 * Checks are judged from the last move: the side not to move made it, so
 * every check must be one that move could give (directly, by uncovering a
 * line, or both); an en-passant square says that move was a double pawn
 * push. Castling rights follow standard or Chess960 rules as
 * {@linkcode CheckPositionOptions.chess960} says.
 *
 * @example Finding every problem
 * ```ts
 * import { checkPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const problems = checkPosition(parseFen("4k3/8/8/8/8/8/8/4K2P b K - 0 1"));
 * assert.deepEqual(problems.map((p) => p.code), [
 *   "pawn-on-back-rank",
 *   "bad-castling-rights",
 * ]);
 * assert.deepEqual(problems[1].squares, ["h1", "e1"]);
 * ```
 *
 * @example Warnings, and ignoring codes
 * ```ts
 * import { checkPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/4P3/8/8/4K3 b - e3 1 1");
 * assert.deepEqual(checkPosition(position).map((p) => p.code), [
 *   "en-passant-clock",
 *   "pointless-en-passant",
 * ]);
 * assert.deepEqual(
 *   checkPosition(position, {
 *     ignore: ["en-passant-clock", "pointless-en-passant"],
 *   }),
 *   [],
 * );
 * ```
 *
 * @example Chess960 castling
 * ```ts
 * import { checkPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const fen = "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1";
 * const position = parseFen(fen, { chess960: true });
 * assert.deepEqual(checkPosition(position, { chess960: true }), []);
 * // Under standard rules the king has left e1 and the rooks a1 and h1.
 * assert.equal(checkPosition(position, { chess960: false }).length, 4);
 * ```
 *
 * @param position The position to check.
 * @param options Codes to ignore, and the castling rules.
 * @returns The problems found, errors first.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function checkPosition(
  position: Position,
  options: CheckPositionOptions = {},
): Problem[] {
  const { board, turn } = position;
  if (!Array.isArray(board) || board.length !== 64) {
    throw new TypeError("Cannot check position: board must have 64 squares");
  }
  const ignore = options.ignore ?? NONE;
  const out: Problem[] = [];
  const white = turn !== "b";

  // One pass over the board for everything that is only counting.
  let pieces = 0;
  let whiteKing = -1, blackKing = -1, whiteKings = 0, blackKings = 0;
  let whitePieces = 0, blackPieces = 0, whitePawns = 0, blackPawns = 0;
  let backRankPawns = 0;
  for (let k = 0; k < 64; k++) {
    const piece = board[k];
    if (piece === null || piece === undefined) continue;
    pieces++;
    if (piece.charCodeAt(0) < 97) whitePieces++;
    else blackPieces++;
    if (piece === "K") {
      whiteKing = k;
      whiteKings++;
    } else if (piece === "k") {
      blackKing = k;
      blackKings++;
    } else if (piece === "P" || piece === "p") {
      if (piece === "P") whitePawns++;
      else blackPawns++;
      if (k < 8 || k >= 56) backRankPawns++;
    }
  }

  if (pieces === 0) {
    add(out, ignore, "empty-board", [], "the board is empty");
  }
  if (whiteKings === 0) {
    add(out, ignore, "no-king", [], "White has no king");
  }
  if (blackKings === 0) {
    add(out, ignore, "no-king", [], "Black has no king");
  }
  if (whiteKings > 1) {
    add(
      out,
      ignore,
      "too-many-kings",
      squaresOf(board, "K"),
      `White has ${whiteKings} kings`,
    );
  }
  if (blackKings > 1) {
    add(
      out,
      ignore,
      "too-many-kings",
      squaresOf(board, "k"),
      `Black has ${blackKings} kings`,
    );
  }
  if (backRankPawns > 0) {
    const squares: Square[] = [];
    for (let k = 0; k < 64; k++) {
      const piece = board[k];
      if ((piece === "P" || piece === "p") && (k < 8 || k >= 56)) {
        squares.push(NAMES[k]);
      }
    }
    add(
      out,
      ignore,
      "pawn-on-back-rank",
      squares,
      `${
        squares.length === 1 ? "a pawn stands" : "pawns stand"
      } on rank 1 or 8 (${
        squares.join(", ")
      }), where no pawn can be: it starts on rank 2 or 7 and promotes on reaching the far end`,
    );
  }
  for (const side of SIDES) {
    const name = side === WHITE ? "White" : "Black";
    const pawns = side === WHITE ? whitePawns : blackPawns;
    const count = side === WHITE ? whitePieces : blackPieces;
    if (pawns > 8) {
      add(
        out,
        ignore,
        "too-many-pawns",
        squaresOf(board, side.pawn),
        `${name} has ${pawns} pawns; a side starts with 8 and never gains one`,
      );
    }
    if (count > 16) {
      add(
        out,
        ignore,
        "too-many-pieces",
        [],
        `${name} has ${count} pieces; a side starts with 16 and never gains one`,
      );
    }
  }
  checkPromotions(board, out, ignore, whitePawns, blackPawns);

  const chess960 = options.chess960 ?? impliesChess960(position.castling);
  checkCastling(
    position,
    whiteKings === 1 ? whiteKing : -1,
    blackKings === 1 ? blackKing : -1,
    chess960,
    out,
    ignore,
  );

  // En passant: the side not to move has just pushed a pawn two squares,
  // from `pushedFrom` over `ep` to `pushedTo`.
  const enPassant = position.enPassant;
  let ep = -1, pushedTo = -1, pushedFrom = -1;
  if (enPassant !== null) {
    ep = checkEnPassant(board, enPassant, white, out, ignore);
    if (ep >= 0) {
      pushedTo = white ? ep + 8 : ep - 8;
      pushedFrom = white ? ep - 8 : ep + 8;
    }
  }

  const ours = white ? whiteKing : blackKing;
  const theirs = white ? blackKing : whiteKing;
  const oursSingle = (white ? whiteKings : blackKings) === 1;
  if ((white ? blackKings : whiteKings) === 1) {
    const n = attackersOf(board, theirs, white, OTHERS);
    if (n > 0) {
      const squares = [NAMES[theirs]];
      for (let i = 0; i < n; i++) squares.push(NAMES[OTHERS[i]]);
      add(
        out,
        ignore,
        "opposite-check",
        squares,
        `${white ? "Black" : "White"} is in check (king on ${
          NAMES[theirs]
        }) with ${white ? "White" : "Black"} to move: ${
          white ? "Black" : "White"
        } cannot have made the last move`,
      );
    }
  }
  if (oursSingle) {
    checkChecks(board, ours, white, ep, pushedTo, pushedFrom, out, ignore);
  }

  if (enPassant !== null && position.halfmoveClock > 0) {
    add(
      out,
      ignore,
      "en-passant-clock",
      isSquare(enPassant) ? [enPassant] : [],
      `the en-passant square ${enPassant} says a pawn has just moved, but the halfmove clock is ${position.halfmoveClock}, not 0`,
    );
  }
  if (
    ep >= 0 &&
    !canCaptureEnPassant(board, ep, pushedTo, white, oursSingle ? ours : -1)
  ) {
    add(
      out,
      ignore,
      "pointless-en-passant",
      [NAMES[ep]],
      `no ${
        white ? "white" : "black"
      } pawn can capture en passant on ${enPassant} (allowed by the PGN standard, omitted by most programs)`,
    );
  }
  const plies = 2 * Math.max(position.fullmoveNumber - 1, 0) +
    (white ? 0 : 1);
  if (position.halfmoveClock > plies) {
    add(
      out,
      ignore,
      "halfmove-clock-too-large",
      [],
      `the halfmove clock is ${position.halfmoveClock}, but only ${plies} halfmove${
        plies === 1 ? " has" : "s have"
      } been played by fullmove ${position.fullmoveNumber} with ${
        white ? "White" : "Black"
      } to move`,
    );
  }
  return out;
}

/**
 * Whether `position` could occur in a game: no problem of severity
 * `"error"` outside `options.ignore`. Warnings do not count.
 *
 * @example
 * ```ts
 * import { isLegalPosition, parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
 * assert.equal(isLegalPosition(parseFen(start)), true);
 * // Black is in check with White to move.
 * assert.equal(isLegalPosition(parseFen("4k3/8/8/8/8/8/8/4KR1R w - - 0 1")), true);
 * assert.equal(isLegalPosition(parseFen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")), false);
 * // An en-passant square with nothing to capture is only a warning.
 * assert.equal(
 *   isLegalPosition(parseFen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")),
 *   true,
 * );
 * ```
 *
 * @param position The position to check.
 * @param options As for {@linkcode checkPosition}.
 * @returns `true` if no error remains.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function isLegalPosition(
  position: Position,
  options?: CheckPositionOptions,
): boolean {
  const problems = checkPosition(position, options);
  for (let i = 0; i < problems.length; i++) {
    if (problems[i].severity === "error") return false;
  }
  return true;
}

function add(
  out: Problem[],
  ignore: readonly ProblemCode[],
  code: ProblemCode,
  squares: Square[],
  message: string,
): void {
  if (ignore.length > 0 && ignore.includes(code)) return;
  out.push({ code, severity: PROBLEM_SEVERITY[code], squares, message });
}

function squaresOf(board: readonly (Piece | null)[], piece: Piece): Square[] {
  const squares: Square[] = [];
  for (let k = 0; k < 64; k++) if (board[k] === piece) squares.push(NAMES[k]);
  return squares;
}

// A light square has an even file + row sum here (a8 is light).
function isLight(k: number): boolean {
  return (((k & 7) + (k >> 3)) & 1) === 0;
}

/**
 * Promoted pieces are those beyond the initial set (one queen, two rooks,
 * two knights, one bishop per square colour); each one costs a pawn.
 */
function checkPromotions(
  board: readonly (Piece | null)[],
  out: Problem[],
  ignore: readonly ProblemCode[],
  whitePawns: number,
  blackPawns: number,
): void {
  for (const side of SIDES) {
    let queens = 0, rooks = 0, knights = 0, light = 0, dark = 0;
    for (let k = 0; k < 64; k++) {
      const piece = board[k];
      if (piece === side.queen) queens++;
      else if (piece === side.rook) rooks++;
      else if (piece === side.knight) knights++;
      else if (piece === side.bishop) {
        if (isLight(k)) light++;
        else dark++;
      }
    }
    const promoted = Math.max(queens - 1, 0) + Math.max(rooks - 2, 0) +
      Math.max(knights - 2, 0) + Math.max(light - 1, 0) +
      Math.max(dark - 1, 0);
    const pawns = side === WHITE ? whitePawns : blackPawns;
    const missing = Math.max(8 - pawns, 0);
    if (promoted <= missing) continue;
    const squares: Square[] = [];
    for (let k = 0; k < 64; k++) {
      const piece = board[k];
      if (
        (piece === side.queen && queens > 1) ||
        (piece === side.rook && rooks > 2) ||
        (piece === side.knight && knights > 2) ||
        (piece === side.bishop && (isLight(k) ? light : dark) > 1)
      ) {
        squares.push(NAMES[k]);
      }
    }
    const name = side === WHITE ? "White" : "Black";
    add(
      out,
      ignore,
      "too-many-promotions",
      squares,
      `${name} has ${promoted} piece${
        promoted === 1 ? "" : "s"
      } beyond the initial set, so promoted, but only ${missing} pawn${
        missing === 1 ? " is" : "s are"
      } missing to have promoted`,
    );
  }
}

/** Whether a castling right names a rook that only Chess960 can castle. */
function impliesChess960(castling: readonly Square[]): boolean {
  for (let i = 0; i < castling.length; i++) {
    const file = castling[i].charCodeAt(0);
    if (file !== 97 && file !== 104) return true;
  }
  return false;
}

function checkCastling(
  position: Position,
  whiteKing: number,
  blackKing: number,
  chess960: boolean,
  out: Problem[],
  ignore: readonly ProblemCode[],
): void {
  const { castling, board } = position;
  // Rights already found on each side of each king: [white a-side, white
  // h-side, black a-side, black h-side], to catch two rooks on one side.
  let sides = 0;
  let doubled = 0;
  for (let i = 0; i < castling.length; i++) {
    const right = castling[i];
    if (!isSquare(right) || (right[1] !== "1" && right[1] !== "8")) {
      add(
        out,
        ignore,
        "bad-castling-rights",
        isSquare(right) ? [right] : [],
        `castling right ${
          String(right)
        }: a castling rook must stand on rank 1 or 8`,
      );
      continue;
    }
    const whiteRight = right[1] === "1";
    const name = whiteRight ? "White" : "Black";
    const king = whiteRight ? whiteKing : blackKing;
    const home = whiteRight ? 56 : 0;
    const rookSquare = home + right.charCodeAt(0) - 97;
    const rook = whiteRight ? "R" : "r";
    const kingFile = king - home;
    let reason = "";
    if (king < 0) {
      reason = `${name} has no single king to castle with`;
    } else if (kingFile < 0 || kingFile > 7) {
      reason = `the ${name.toLowerCase()} king on ${
        NAMES[king]
      } has left its back rank, losing every castling right`;
    } else if (!chess960 && kingFile !== 4) {
      reason =
        `in standard chess the ${name.toLowerCase()} king castles only from ${
          whiteRight ? "e1" : "e8"
        }, not ${NAMES[king]}`;
    } else if (chess960 && (kingFile === 0 || kingFile === 7)) {
      reason =
        `in Chess960 the ${name.toLowerCase()} king starts between two rooks, on a file b to g, not on ${
          NAMES[king]
        }`;
    } else if (!chess960 && rookSquare !== home && rookSquare !== home + 7) {
      reason =
        `in standard chess only the rooks of the a- and h-files castle, not one on ${right}`;
    } else if (board[rookSquare] !== rook) {
      reason = `no ${name.toLowerCase()} rook stands on ${right}`;
    }
    if (reason !== "") {
      add(
        out,
        ignore,
        "bad-castling-rights",
        king >= 0 && king !== rookSquare ? [right, NAMES[king]] : [right],
        `castling right for the rook on ${right}: ${reason}`,
      );
      continue;
    }
    const bit = 1 << ((whiteRight ? 0 : 2) + (rookSquare > king ? 1 : 0));
    if (sides & bit) doubled |= bit;
    sides |= bit;
  }
  for (let b = 0; b < 4; b++) {
    if ((doubled & (1 << b)) === 0) continue;
    const whiteSide = b < 2;
    const king = whiteSide ? whiteKing : blackKing;
    const squares: Square[] = [];
    for (let i = 0; i < castling.length; i++) {
      const right = castling[i];
      if (!isSquare(right) || right[1] !== (whiteSide ? "1" : "8")) continue;
      const file = right.charCodeAt(0) - 97;
      if ((file > (king & 7)) === ((b & 1) === 1)) squares.push(right);
    }
    squares.push(NAMES[king]);
    add(
      out,
      ignore,
      "bad-castling-rights",
      squares,
      `castling rights for the rooks on ${
        squares.slice(0, -1).join(" and ")
      }: a king castles with only one rook on each side (the ${
        (b & 1) === 1 ? "h" : "a"
      }-side of ${NAMES[king]})`,
    );
  }
}

/** Returns the index of `enPassant` if it is consistent, -1 otherwise. */
function checkEnPassant(
  board: readonly (Piece | null)[],
  enPassant: Square,
  white: boolean,
  out: Problem[],
  ignore: readonly ProblemCode[],
): number {
  if (!isSquare(enPassant)) {
    add(
      out,
      ignore,
      "bad-en-passant",
      [],
      `the en-passant square ${String(enPassant)} is not a square`,
    );
    return -1;
  }
  const ep = (56 - enPassant.charCodeAt(1)) * 8 + enPassant.charCodeAt(0) - 97;
  const rank = white ? "6" : "3";
  let reason = "";
  const squares: Square[] = [enPassant];
  if (enPassant[1] !== rank) {
    reason = `with ${
      white ? "White" : "Black"
    } to move it must be on rank ${rank}, behind a ${
      white ? "black" : "white"
    } pawn that has just advanced two squares`;
  } else {
    const to = white ? ep + 8 : ep - 8;
    const from = white ? ep - 8 : ep + 8;
    if (board[to] !== (white ? "p" : "P")) {
      reason = `no ${white ? "black" : "white"} pawn stands on ${
        NAMES[to]
      } to have just advanced two squares`;
      squares.push(NAMES[to]);
    } else if (board[ep] !== null || board[from] !== null) {
      const blocked = board[ep] !== null ? ep : from;
      reason = `the pawn on ${NAMES[to]} cannot have just passed over ${
        NAMES[blocked]
      }, which is occupied`;
      squares.push(NAMES[blocked]);
    }
  }
  if (reason === "") return ep;
  add(
    out,
    ignore,
    "bad-en-passant",
    squares,
    `en-passant square ${enPassant}: ${reason}`,
  );
  return -1;
}

/**
 * Whether the checks on the king of the side to move are ones the last move
 * could have given. Each checker either made that move or had its line
 * uncovered by it, and one move uncovers one line (two for en passant).
 */
function checkChecks(
  board: readonly (Piece | null)[],
  king: number,
  white: boolean,
  ep: number,
  pushedTo: number,
  pushedFrom: number,
  out: Problem[],
  ignore: readonly ProblemCode[],
): void {
  const attacker = !white;
  const n = attackersOf(board, king, attacker, CHECKERS);
  const us = white ? "white" : "black";
  const them = white ? "Black" : "White";
  const theirKing = white ? "k" : "K";
  for (let i = 0; i < n; i++) {
    // Kings side by side are already an opposite check, whoever is to move.
    if (board[CHECKERS[i]] === theirKing) return;
  }
  const involved: Square[] = [NAMES[king]];
  for (let i = 0; i < n; i++) involved.push(NAMES[CHECKERS[i]]);
  if (n > 2) {
    add(
      out,
      ignore,
      "too-many-checkers",
      involved,
      `the ${us} king on ${NAMES[king]} is in check from ${n} pieces (${
        involved.slice(1).join(", ")
      }); one move can give at most two checks`,
    );
    return;
  }
  let reason = "";
  let whole = false; // reason is the whole message
  if (ep >= 0) {
    // Before the double push the pawn stood on pushedFrom, and our king
    // cannot have been in check with the other side to move.
    for (let k = 0; k < 64; k++) SCRATCH[k] = board[k];
    SCRATCH[pushedFrom] = SCRATCH[pushedTo];
    SCRATCH[pushedTo] = null;
    if (n === 2) {
      reason = `a double pawn push (en-passant square ${
        NAMES[ep]
      }) cannot give two checks`;
    } else if (attackersOf(SCRATCH, king, attacker, OTHERS) > 0) {
      whole = true;
      reason = `the ${us} king on ${
        NAMES[king]
      } was already in check before the double push to ${
        NAMES[pushedTo]
      } (en-passant square ${NAMES[ep]}), with ${them} to move`;
    }
    if (reason !== "") involved.push(NAMES[ep]);
  } else if (n === 2) {
    const a = CHECKERS[0], b = CHECKERS[1];
    if (collinear(a, b, king)) {
      reason = `the checkers on ${NAMES[a]} and ${
        NAMES[b]
      } stand on one line through the king, and no move opens two opposite lines`;
    } else if (!isSlider(board[a]) && !isSlider(board[b])) {
      reason = `neither checker (${NAMES[a]}, ${
        NAMES[b]
      }) moves along lines, so only one of them can have given check by the last move`;
    } else if (
      !uncovers(board, a, b, king, attacker) &&
      !uncovers(board, b, a, king, attacker) &&
      !enPassantUncovers(board, a, b, king, attacker)
    ) {
      reason = `no single move can have given check from both ${NAMES[a]} and ${
        NAMES[b]
      }`;
    }
  } else if (n === 1) {
    const c = CHECKERS[0];
    if (
      !(isSlider(board[c]) && between(c, king, LINE) > 0) &&
      originsOf(board, c, attacker, ORIGINS) === 0
    ) {
      reason = `the ${
        isSlider(board[c])
          ? "piece"
          : board[c] === "P" || board[c] === "p"
          ? "pawn"
          : "knight"
      } on ${
        NAMES[c]
      } cannot have just moved there, and no other move can have uncovered its check`;
    }
  }
  if (reason !== "") {
    add(
      out,
      ignore,
      "impossible-check",
      involved,
      whole
        ? reason
        : `the ${us} king on ${NAMES[king]} is in check, but ${reason}`,
    );
  }
}

/**
 * Whether the piece on `mover` can have just moved there from a square
 * between `line` and the king, uncovering the check from `line`.
 */
function uncovers(
  board: readonly (Piece | null)[],
  mover: number,
  line: number,
  king: number,
  white: boolean,
): boolean {
  if (!isSlider(board[line])) return false;
  const m = between(line, king, LINE);
  const n = originsOf(board, mover, white, ORIGINS);
  if (n === CASTLED) return true;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) if (ORIGINS[i] === LINE[j]) return true;
  }
  return false;
}

/**
 * Whether an en-passant capture by `white` can explain checks from `a` and
 * `b`: it empties two squares, the capturer's and the captured pawn's, so
 * it can uncover two lines besides the capturer's own check.
 */
function enPassantUncovers(
  board: readonly (Piece | null)[],
  a: number,
  b: number,
  king: number,
  white: boolean,
): boolean {
  const pawn = white ? "P" : "p";
  const row = white ? 2 : 5; // where the capturer lands
  for (let to = row * 8; to < row * 8 + 8; to++) {
    if (board[to] !== pawn) continue;
    const captured = white ? to + 8 : to - 8;
    if (board[captured] !== null) continue;
    const left = (to & 7) > 0 && board[captured - 1] === null
      ? captured - 1
      : -1;
    const right = (to & 7) < 7 && board[captured + 1] === null
      ? captured + 1
      : -1;
    if (left < 0 && right < 0) continue;
    if (
      explainsByEnPassant(board, a, king, to, captured, left, right) &&
      explainsByEnPassant(board, b, king, to, captured, left, right)
    ) {
      return true;
    }
  }
  return false;
}

function explainsByEnPassant(
  board: readonly (Piece | null)[],
  checker: number,
  king: number,
  capturer: number,
  captured: number,
  left: number,
  right: number,
): boolean {
  if (checker === capturer) return true;
  if (!isSlider(board[checker])) return false;
  const m = between(checker, king, LINE);
  for (let j = 0; j < m; j++) {
    const k = LINE[j];
    if (k === captured || k === left || k === right) return true;
  }
  return false;
}

/**
 * Writes into `out` the empty squares from which the `white` piece on
 * `square` can have made the last move, and returns how many, or
 * {@linkcode CASTLED} for a rook that castling may have put there.
 */
function originsOf(
  board: readonly (Piece | null)[],
  square: number,
  white: boolean,
  out: number[],
): number {
  const side = white ? WHITE : BLACK;
  const piece = board[square];
  const back = white ? 8 : -8; // one row towards the side's first rank
  const file = square & 7;
  const row = square >> 3;
  let n = 0;
  if (piece === side.pawn) {
    const from = square + back;
    // Pawns never stand on their own first rank.
    if (from < 8 || from >= 56) return 0;
    if (board[from] === null) {
      out[n++] = from;
      if (row === (white ? 4 : 3) && board[from + back] === null) {
        out[n++] = from + back;
      }
    }
    if (file > 0 && board[from - 1] === null) out[n++] = from - 1;
    if (file < 7 && board[from + 1] === null) out[n++] = from + 1;
    return n;
  }
  if (piece === side.knight) {
    for (const k of KNIGHT[square]) if (board[k] === null) out[n++] = k;
  } else if (isSlider(piece)) {
    if (piece === side.rook) {
      // After either castling the rook is on the f- or d-file next to the
      // king on g or c, whatever their files before (Chess960 too).
      const home = white ? 56 : 0;
      if (
        (square === home + 5 && board[home + 6] === side.king) ||
        (square === home + 3 && board[home + 2] === side.king)
      ) {
        return CASTLED;
      }
    }
    const first = piece === side.bishop ? 4 : 0;
    const last = piece === side.rook ? 4 : 8;
    for (let d = first; d < last; d++) {
      const ray = RAYS[square * 8 + d];
      for (let i = 0; i < ray.length && board[ray[i]] === null; i++) {
        out[n++] = ray[i];
      }
    }
  }
  if (row === (white ? 0 : 7)) {
    // A promotion: the pawn came from the row behind, straight or capturing.
    const from = square + back;
    if (board[from] === null) out[n++] = from;
    if (file > 0 && board[from - 1] === null) out[n++] = from - 1;
    if (file < 7 && board[from + 1] === null) out[n++] = from + 1;
  }
  return n;
}

/** Whether a pawn of the side to move can legally capture on `ep`. */
function canCaptureEnPassant(
  board: readonly (Piece | null)[],
  ep: number,
  pushedTo: number,
  white: boolean,
  king: number,
): boolean {
  const pawn = white ? "P" : "p";
  const file = pushedTo & 7;
  for (let side = -1; side <= 1; side += 2) {
    if ((side < 0 && file === 0) || (side > 0 && file === 7)) continue;
    const from = pushedTo + side;
    if (board[from] !== pawn) continue;
    if (king < 0 || board[king] !== (white ? "K" : "k")) return true;
    for (let k = 0; k < 64; k++) SCRATCH[k] = board[k];
    SCRATCH[from] = null;
    SCRATCH[pushedTo] = null;
    SCRATCH[ep] = pawn;
    if (attackersOf(SCRATCH, king, !white, OTHERS) === 0) return true;
  }
  return false;
}

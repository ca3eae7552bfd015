/**
 * What a position means for the game: {@linkcode positionStatus} (check,
 * checkmate, stalemate, draws) and {@linkcode enPassantSquare}.
 *
 * @module
 */

import { SQUARE_NAMES } from "../_tables.ts";
import {
  type Position,
  rulesFor,
  type RulesOptions,
  type Side,
  type Square,
} from "../types.ts";
import { attackersTo } from "./attacks.ts";
import { ChessBoard } from "./board.ts";
import { insufficientMaterial } from "./material.ts";
import { VARIANT_MOVES } from "./variant.ts";
import { type VariantEnd, variantEndOf } from "./variant_end.ts";
import {
  enPassantOf,
  generateMoves,
  hasLegalMove,
  MAX_MOVES,
} from "./generate.ts";
import { playableBoard } from "./playable.ts";

export type { EnPassantMode } from "./generate.ts";
import type { EnPassantMode } from "./generate.ts";

/**
 * The en-passant square `position` has in `mode`: the record's own for
 * `"always"`; for the other modes, the record's square if a capture there
 * is pseudo-legal or legal, and `null` otherwise (also for a square no pawn
 * can have just passed).
 *
 * @example A square no pawn can use
 * ```ts
 * import { enPassantSquare } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
 * );
 * assert.equal(enPassantSquare(position, "always"), "e3");
 * assert.equal(enPassantSquare(position, "pseudo-legal"), null);
 * assert.equal(enPassantSquare(position, "legal"), null);
 * ```
 *
 * @example Pseudo-legal but not legal: the capture would expose the king
 * ```ts
 * import { enPassantSquare } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
 * assert.equal(enPassantSquare(position, "pseudo-legal"), "c6");
 * assert.equal(enPassantSquare(position, "legal"), null);
 * ```
 *
 * @param position The position.
 * @param mode When to keep the square.
 * @param options The rules the capture is judged by (standard chess's
 * unless given).
 * @returns The square to write, or `null`.
 * @throws {UnplayablePositionError} For the modes other than `"always"`,
 * as `legalMoves` does.
 */
export function enPassantSquare(
  position: Position,
  mode: EnPassantMode,
  options?: RulesOptions,
): Square | null {
  if (mode === "always") return position.enPassant;
  const rules = rulesFor(position, options);
  return enPassantOf(playableBoard(position, undefined, rules), mode);
}

/**
 * The state of the game in a position, as plain data. The fifty- and
 * seventy-five-move flags follow the FIDE Laws: after 100 halfmoves without
 * a capture or pawn move either player may claim a draw, after 150 the game
 * is drawn; but checkmate and stalemate end the game first (Laws 5.1, 5.2
 * and 9.3), so neither flag is set in a position without a legal move.
 *
 * @example Where to draw the check marker
 * ```ts
 * import { positionStatus, type PositionStatus } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const status: PositionStatus = positionStatus(
 *   parseFen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"),
 * );
 * assert.deepEqual([status.check, status.king], [true, "e1"]);
 * ```
 */
export interface PositionStatus {
  /**
   * The square of the side to move's king (for a check marker), or `null`
   * when it has not exactly one (horde's White, antichess, an exploded
   * king in atomic).
   */
  king: Square | null;
  /** Whether the side to move is in check. */
  check: boolean;
  /** The squares of the pieces giving check. */
  checkers: Square[];
  /** How many legal moves the side to move has. */
  legalMoveCount: number;
  /** In check with no legal move. */
  checkmate: boolean;
  /**
   * Not in check, with no legal move, and the variant's own goal not
   * reached (python-chess's `is_stalemate`). A draw, but in antichess a
   * win for the side to move: see `end`.
   */
  stalemate: boolean;
  /**
   * Neither side can win by any play. Standard chess and Chess960 use the
   * rule chessops and lichess use: a side has mating material if it has a
   * pawn, rook or queen; a knight when the opponent has more than a king
   * and queens or the side more than one knight; a bishop when bishops
   * stand on both square colors or there is a knight or a pawn on the
   * board. The variants use python-chess's rules (never in king of the
   * hill, racing kings and horde; only kings left in three-check).
   */
  insufficientMaterial: boolean;
  /**
   * The halfmove clock is at least 100 and the side to move has a legal
   * move: a draw may be claimed.
   */
  fiftyMoves: boolean;
  /**
   * The halfmove clock is at least 150 and the side to move has a legal
   * move: a draw.
   */
  seventyFiveMoves: boolean;
  /**
   * How the game has ended, or `null` while it goes on: the one result of
   * the position, judged as python-chess's `outcome()` judges it, in its
   * order (the variant's own end, checkmate, insufficient material, no
   * legal move, seventy-five moves).
   */
  end: GameEnd | null;
}

/**
 * Why a game has ended, as python-chess's `Termination` names it:
 * `"variant-win"`, `"variant-loss"` and `"variant-draw"` are the variant's
 * own end from the side to move's view (a king on the hill, three checks,
 * an exploded king, no pieces or no move left in antichess, a side out of
 * pieces in horde, the race won).
 */
export type Termination =
  | "checkmate"
  | "stalemate"
  | "insufficient-material"
  | "seventy-five-moves"
  | "variant-win"
  | "variant-loss"
  | "variant-draw";

/**
 * A game's end: who won (or a draw), how, and why in words.
 *
 * @example Stalemate in antichess wins
 * ```ts
 * import { positionStatus } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("8/8/8/8/8/1p6/1P6/8 w - - 0 1");
 * const { stalemate, end } = positionStatus(position, { rules: "antichess" });
 * assert.equal(stalemate, true);
 * assert.deepEqual(end, {
 *   winner: "w",
 *   termination: "variant-win",
 *   reason: "White has no legal move",
 * });
 * ```
 */
export interface GameEnd extends VariantEnd {
  /** How the game ended. */
  termination: Termination;
}

/** Options for {@linkcode positionStatus}. */
export interface PositionStatusOptions extends RulesOptions {
  /**
   * Whether to count every legal move (the default). With `false`,
   * `legalMoveCount` is 1 when there is a legal move and 0 otherwise, found
   * without generating the king's moves when another piece can move: what
   * a caller needs that only asks about checkmate and stalemate.
   */
  countMoves?: boolean;
}

/**
 * Check, checkmate, stalemate, insufficient material and the move-count
 * draws of a position, with the king's square and the checkers for
 * diagrams.
 *
 * @example Fool's mate
 * ```ts
 * import { positionStatus } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const status = positionStatus(parseFen(
 *   "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
 * ));
 * assert.equal(status.checkmate, true);
 * assert.equal(status.king, "e1");
 * assert.deepEqual(status.checkers, ["h4"]);
 * assert.equal(status.legalMoveCount, 0);
 * ```
 *
 * @example Kings only
 * ```ts
 * import { positionStatus } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const status = positionStatus(parseFen("8/8/4k3/8/8/4K3/8/8 b - - 151 120"));
 * assert.equal(status.insufficientMaterial, true);
 * assert.equal(status.fiftyMoves && status.seventyFiveMoves, true);
 * assert.equal(status.check || status.checkmate || status.stalemate, false);
 * ```
 *
 * @example Whether there is a move, without counting them
 * ```ts
 * import { positionStatus } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * assert.equal(positionStatus(start).legalMoveCount, 20);
 * assert.equal(positionStatus(start, { countMoves: false }).legalMoveCount, 1);
 * ```
 *
 * @param position The position.
 * @param options Whether to count the legal moves.
 * @returns Its status.
 * @throws {UnplayablePositionError} As `legalMoves` does.
 */
export function positionStatus(
  position: Position,
  options?: PositionStatusOptions,
): PositionStatus {
  const rules = rulesFor(position, options);
  return statusOf(playableBoard(position, scratchBoard, rules), options);
}

// positionStatus's board, unexported: loaded, read and done with within
// one call (a board per call cost a third of `fen --check`).
const scratchBoard = new ChessBoard();
// The move list of statusOf, filled and read within one call.
const scratchMoves = new Int32Array(MAX_MOVES);

/**
 * The status of the position loaded into `b`, which must be playable (as
 * `assertPlayable` in playable.ts says): {@linkcode positionStatus}
 * without loading, for a caller that has loaded the board already (the
 * legality check of `fen --check`). Leaves `b` as it found it.
 */
export function statusOf(
  b: ChessBoard,
  options?: PositionStatusOptions,
): PositionStatus {
  const count = options?.countMoves === false
    ? (hasLegalMove(b, scratchMoves) ? 1 : 0)
    : generateMoves(b, scratchMoves, 0);
  const king = b.king[b.turn];
  const checkers: Square[] = [];
  // The attackers are listed only when the king is in check (the
  // generator's b.checks, by the variant's meaning of check).
  if (b.checks > 0 && king >= 0) {
    const found = attackersTo(b, king, b.turn ^ 1, b.occupied, scratchSquares);
    for (let i = 0; i < found; i++) {
      checkers.push(SQUARE_NAMES[scratchSquares[i]]);
    }
    if (checkers.length > 1) checkers.sort();
  }
  const check = checkers.length > 0;
  const over = count === 0; // a game without a move has ended first
  const rules = VARIANT_MOVES[b.variant].name;
  const variantEnd = b.plain ? null : variantEndOf(b, rules);
  const status: PositionStatus = {
    king: king >= 0 ? SQUARE_NAMES[king] : null,
    check,
    checkers,
    legalMoveCount: count,
    checkmate: check && over,
    stalemate: !check && over && variantEnd === null,
    insufficientMaterial: insufficientMaterial(b, rules),
    fiftyMoves: b.halfmove >= 100 && !over,
    seventyFiveMoves: b.halfmove >= 150 && !over,
    end: null,
  };
  status.end = gameEnd(b, status, variantEnd);
  return status;
}

/**
 * The variant's own end in `status` (its `end` when the variant's rule
 * ended the game, as `PositionChecker.variantEnd` gives it), or `null`.
 *
 * @example King of the hill
 * ```ts
 * import { positionStatus, variantEndIn } from "./status.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/4K3/8/8/8/8 b - - 0 40");
 * const status = positionStatus(position, { rules: "kingofthehill" });
 * assert.deepEqual(variantEndIn(status), {
 *   winner: "w",
 *   reason: "White's king reached the hill (e5)",
 * });
 * ```
 *
 * @param status A status.
 * @returns The variant's end, or `null`.
 */
export function variantEndIn(status: PositionStatus): VariantEnd | null {
  const end = status.end;
  if (end === null || !end.termination.startsWith("variant-")) return null;
  return { winner: end.winner, reason: end.reason };
}

const NAMES = ["White", "Black"];
const SIDES: readonly Side[] = ["w", "b"];

/** The one end of a game in `status`, in python-chess's `outcome()` order. */
function gameEnd(
  b: ChessBoard,
  status: PositionStatus,
  variantEnd: VariantEnd | null,
): GameEnd | null {
  const us = SIDES[b.turn], them = SIDES[b.turn ^ 1], side = NAMES[b.turn];
  if (variantEnd !== null) {
    const { winner, reason } = variantEnd;
    const termination = winner === null
      ? "variant-draw"
      : winner === us
      ? "variant-win"
      : "variant-loss";
    return { winner, termination, reason };
  }
  if (status.checkmate) {
    return {
      winner: them,
      termination: "checkmate",
      reason: `${side} is checkmated`,
    };
  }
  if (status.insufficientMaterial) {
    return {
      winner: null,
      termination: "insufficient-material",
      reason: "neither side has mating material",
    };
  }
  if (status.legalMoveCount === 0) {
    const reason = `${side} has no legal move`;
    // Without royal kings (antichess) the side that cannot move wins.
    return VARIANT_MOVES[b.variant].royal
      ? { winner: null, termination: "stalemate", reason }
      : { winner: us, termination: "variant-win", reason };
  }
  if (status.seventyFiveMoves) {
    return {
      winner: null,
      termination: "seventy-five-moves",
      reason: "75 moves without a capture or pawn move",
    };
  }
  return null;
}

// The checkers' squares of statusOf, filled and read within one call.
const scratchSquares: number[] = [];

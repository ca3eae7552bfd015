/**
 * Legal moves and playing them: {@linkcode legalMoves}, {@linkcode playMoves}
 * and {@linkcode toSan}.
 *
 * @module
 */

import { SQUARE_NAMES } from "../_tables.ts";
import {
  type Position,
  rulesFor,
  type RulesOptions,
  type Square,
} from "../types.ts";
import { ChessBoard } from "../chess/board.ts";
import { kingDestination, moveFrom } from "../chess/move.ts";
import { toPosition } from "../chess/convert.ts";
import { enPassantOf } from "../chess/generate.ts";
import { Notation } from "../chess/notation.ts";
import { playableBoard } from "../chess/playable.ts";
import type { EnPassantMode } from "../chess/generate.ts";

// The board of legalMoves, playMoves and toSan, unexported: loaded, played
// on and done with within one call (a board per call cost a quarter of
// listing the moves of a record).
const scratchBoard = new ChessBoard();

/**
 * Options for {@linkcode legalMoves}.
 *
 * @example SAN instead of UCI
 * ```ts
 * import { legalMoves, type LegalMovesOptions } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const options: LegalMovesOptions = { notation: "san" };
 * const position = parseFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
 * assert.ok(legalMoves(position, options).includes("O-O"));
 * ```
 */
export interface LegalMovesOptions extends RulesOptions {
  /** `"uci"` (the default), or `"san"` for SAN with `+` and `#`. */
  notation?: "uci" | "san";
}

/**
 * Every legal move of the side to move, in UCI (`e2e4`, `e7e8q`) or SAN.
 * Castling follows the position's castling rights, which name the rooks, so
 * Chess960 positions need no option to be played correctly; `rules:
 * "chess960"` only changes how castling is written: as UCI_Chess960 does,
 * the king taking its own rook (`e1h1`), instead of the king's two-square
 * step (`e1g1`). Castling that standard chess cannot have (king off the
 * e-file, rook off the corners) is always written king-takes-rook. Promotions come queen, rook,
 * bishop, knight (and king, in antichess).
 *
 * The other rules values play their variant, as python-chess and chessops
 * do: atomic's explosions, antichess's forced captures, crazyhouse's drops
 * (`N@f3` in SAN, `N@f3` and `P@e4` in UCI, a pawn's drop `@e4` in SAN),
 * racing kings' moves that give no check, horde's first-rank double
 * steps; a game a variant has ended (a king on the hill, a third check, an
 * exploded king, a side without pieces, a king home in racing kings) has
 * no legal move.
 *
 * @example Crazyhouse drops, and a forced capture in antichess
 * ```ts
 * import { legalMoves } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
 * position.pockets = {
 *   w: { p: 0, n: 1, b: 0, r: 0, q: 0, k: 0 },
 *   b: { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 },
 * };
 * const moves = legalMoves(position, { rules: "crazyhouse", notation: "san" });
 * assert.ok(moves.includes("N@f3") && moves.includes("N@d6+"));
 *
 * const antichess = parseFen("8/8/8/3p4/4P3/8/8/8 w - - 0 1");
 * assert.deepEqual(legalMoves(antichess, { rules: "antichess" }), ["e4d5"]);
 * ```
 *
 * @example The first moves
 * ```ts
 * import { legalMoves } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * const moves = legalMoves(start);
 * assert.equal(moves.length, 20);
 * assert.ok(moves.includes("e2e4") && moves.includes("g1f3"));
 * assert.ok(legalMoves(start, { notation: "san" }).includes("Nf3"));
 * ```
 *
 * @example Castling, standard and Chess960 notation
 * ```ts
 * import { legalMoves } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
 * assert.ok(legalMoves(position).includes("e1g1"));
 * assert.ok(legalMoves(position, { chess960: true }).includes("e1h1"));
 * ```
 *
 * @param position The position.
 * @param options The notation, the rules, and how castling is written.
 * @returns The moves, in no particular order.
 * @throws {UnplayablePositionError} If a side has no king or several, a
 * pawn is on a back rank, or the side not to move is in check.
 * @throws {TypeError} If `notation` is neither `"uci"` nor `"san"`.
 */
export function legalMoves(
  position: Position,
  options: LegalMovesOptions = {},
): string[] {
  const rules = rulesFor(position, options) ?? "chess";
  const notation = new Notation(playableBoard(position, scratchBoard, rules));
  const san = options.notation === "san";
  if (!san && options.notation !== undefined && options.notation !== "uci") {
    throw new TypeError(`Cannot list moves: no notation "${options.notation}"`);
  }
  const out: string[] = [];
  for (let i = 0; i < notation.length; i++) {
    const m = notation.moves[i];
    out.push(san ? notation.san(m) : notation.uci(m, rules));
  }
  return out;
}

/**
 * Options for {@linkcode playMoves}.
 *
 * @example Castling in UCI_Chess960, en passant only when legal
 * ```ts
 * import { playMoves, type PlayMovesOptions } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const options: PlayMovesOptions = { chess960: true, enPassant: "legal" };
 * const position = parseFen("4k3/8/8/8/8/8/P7/4K2R w K - 0 1");
 * const { moves, position: after } = playMoves(position, "O-O Kd7 a4", options);
 * assert.equal(moves[0].uci, "e1h1");
 * assert.equal(after.enPassant, null);
 * ```
 */
export interface PlayMovesOptions extends RulesOptions {
  /**
   * When the resulting position names an en-passant square (see
   * {@linkcode EnPassantMode}). Defaults to `"always"`.
   */
  enPassant?: EnPassantMode;
}

/**
 * One move played, in both notations and as squares for a diagram.
 *
 * @example Castling: the king's squares
 * ```ts
 * import { type PlayedMove, playMoves } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
 * const [castle]: PlayedMove[] = playMoves(position, "O-O").moves;
 * assert.deepEqual(castle, { uci: "e1g1", san: "O-O", from: "e1", to: "g1" });
 * ```
 */
export interface PlayedMove {
  /** The move in UCI (castling as {@linkcode PlayMovesOptions.rules} say). */
  uci: string;
  /** The move in SAN, with `+` or `#`. */
  san: string;
  /** The square the moving piece left (the king's, for castling). */
  from: Square;
  /** The square it reached (where the king lands, for castling). */
  to: Square;
}

/**
 * What {@linkcode playMoves} returns.
 *
 * @example The position and the line played
 * ```ts
 * import { playMoves, type PlayResult } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * const result: PlayResult = playMoves(start, "d2d4 d7d5 c2c4");
 * assert.equal(result.moves.map((m) => m.san).join(" "), "d4 d5 c4");
 * assert.equal(result.position.turn, "b");
 * ```
 */
export interface PlayResult {
  /** The position after the last move. */
  position: Position;
  /** The moves played, in order: the last one is the one to highlight. */
  moves: PlayedMove[];
}

/** A move number such as `12.` or `12...`, skipped when moves are a string. */
const MOVE_NUMBER = /^\d+\.+/;

/**
 * Plays moves from a position and returns the position after them, with
 * the moves in UCI and SAN. Each move may be UCI (`e2e4`, `e7e8q`, castling
 * as `e1g1` or `e1h1`) or SAN (`e4`, `Nbd7`, `exd6`, `O-O`, `e8=Q+`),
 * with or without check marks and annotations (`!`, `?!`). Counters,
 * castling rights and the en-passant square change as the rules say.
 *
 * Moves given as one string are split on whitespace, and move numbers
 * (`1.`, `1...`, or attached as in `1.e4`) are skipped. A move that cannot
 * be played throws a {@linkcode MoveError} whose `index` counts the moves
 * from 1, move numbers not included.
 *
 * @example A short game, and the square to highlight
 * ```ts
 * import { playMoves } from "./play.ts";
 * import { parseFen, stringifyFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const start = parseFen(
 *   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 * );
 * const { position, moves } = playMoves(start, "1. e4 e5 2. Nf3 Nc6 3. Bb5");
 * assert.equal(
 *   stringifyFen(position),
 *   "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
 * );
 * assert.deepEqual(moves.at(-1), { uci: "f1b5", san: "Bb5", from: "f1", to: "b5" });
 * ```
 *
 * @example Errors name the move
 * ```ts
 * import { playMoves } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
 * assert.throws(() => playMoves(position, ["Kg2", "Ke7", "Nd2"]), {
 *   message: 'Cannot play move 3 "Nd2": ambiguous, Nbd2 or Nfd2',
 * });
 * ```
 *
 * @param position The position before the moves.
 * @param moves The moves, as one string or one move per element.
 * @param options How castling is written, and when to keep en passant.
 * @returns The new position and the moves played.
 * @throws {MoveError} If a move is malformed, illegal or ambiguous.
 * @throws {UnplayablePositionError} As {@linkcode legalMoves} does.
 */
export function playMoves(
  position: Position,
  moves: string | readonly string[],
  options: PlayMovesOptions = {},
): PlayResult {
  const rules = rulesFor(position, options) ?? "chess";
  const notation = new Notation(playableBoard(position, scratchBoard, rules));
  const texts = typeof moves === "string" ? splitMoves(moves) : moves;
  const played: PlayedMove[] = [];
  for (let i = 0; i < texts.length; i++) {
    const m = notation.parse({ text: texts[i], index: i + 1 });
    played.push({
      uci: notation.uci(m, rules),
      san: notation.san(m),
      from: SQUARE_NAMES[moveFrom(m)],
      to: SQUARE_NAMES[kingDestination(m)],
    });
    notation.play(m);
  }
  const mode = options.enPassant ?? "always";
  const computed = enPassantOf(notation.board, mode);
  // With no move played, "always" keeps the record's square as it was.
  const enPassant = texts.length === 0 && mode === "always"
    ? position.enPassant
    : computed;
  return {
    position: toPosition(notation.board, enPassant),
    moves: played,
  };
}

function splitMoves(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(/\s+/)) {
    const move = token.replace(MOVE_NUMBER, "");
    if (move !== "") out.push(move);
  }
  return out;
}

/**
 * One move in SAN, with `+` or `#`: the way to print back a move read as
 * UCI or as SAN in another style (`Ng1f3`, `e8Q`).
 *
 * @example From UCI and from long SAN
 * ```ts
 * import { toSan } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
 * assert.equal(toSan(position, "a1a8"), "Ra8#");
 * assert.equal(toSan(position, "Ra1a7"), "Ra7");
 * ```
 *
 * @param position The position the move is played in.
 * @param move The move, in UCI or SAN.
 * @param options The rules (standard chess unless given).
 * @returns The move in SAN.
 * @throws {MoveError} If the move cannot be played (its index is 1).
 * @throws {UnplayablePositionError} As {@linkcode legalMoves} does.
 */
export function toSan(
  position: Position,
  move: string,
  options: RulesOptions = {},
): string {
  const notation = notationOf(position, { board: scratchBoard, options });
  return notation.san(notation.parse({ text: move, index: 1 }));
}

/**
 * {@linkcode toSan} for many moves of a position: the position is read
 * and its moves listed once (a report of thousands of moves in a thousand
 * positions paid that for each move), on a board of its own that each
 * position reuses (making a board costs more than a move's SAN).
 *
 * @example The moves of the start
 * ```ts
 * import { SanWriter } from "./play.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const writer = new SanWriter().at(
 *   parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
 * );
 * assert.deepEqual(["e2e4", "g1f3"].map((m) => writer.san(m)), ["e4", "Nf3"]);
 * ```
 */
export class SanWriter {
  readonly #board = new ChessBoard();
  #notation: Notation | null = null;

  /**
   * Sets the position the moves are played in.
   *
   * @param position The position.
   * @param options The rules (standard chess unless given).
   * @returns This writer.
   * @throws {UnplayablePositionError} As {@linkcode legalMoves} does.
   */
  at(position: Position, options: RulesOptions = {}): this {
    this.#notation = notationOf(position, { board: this.#board, options });
    return this;
  }

  /**
   * A move's SAN in the position set by {@linkcode SanWriter.at}.
   *
   * @param move The move, in UCI or SAN.
   * @returns The move in SAN.
   * @throws {MoveError} As {@linkcode toSan} does.
   */
  san(move: string): string {
    const notation = this.#notation;
    if (notation === null) throw new Error("no position set (at) yet");
    return notation.san(notation.parse({ text: move, index: 1 }));
  }
}

/** The notation of `position`'s moves, set up on `board`. */
function notationOf(
  position: Position,
  { board, options }: { board: ChessBoard; options: RulesOptions },
): Notation {
  const rules = rulesFor(position, options);
  return new Notation(playableBoard(position, board, rules));
}

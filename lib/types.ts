/**
 * The vocabulary of a position: pieces, sides, squares, and the
 * {@linkcode Position} that {@linkcode parseFen} produces.
 *
 * @module
 */

/** The files a to h, left to right from White's side. */
export const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

/** The ranks 1 to 8, bottom to top from White's side. */
export const RANKS = ["1", "2", "3", "4", "5", "6", "7", "8"] as const;

/** The twelve FEN piece letters: White upper case, Black lower case. */
export const PIECES = [
  "K",
  "Q",
  "R",
  "B",
  "N",
  "P",
  "k",
  "q",
  "r",
  "b",
  "n",
  "p",
] as const;

/**
 * The name of each kind of piece: `ROLE_NAMES[i]` names `PIECES[i]` and
 * `PIECES[i + 6]` (`"knight"` for `"N"` and `"n"`).
 *
 * @example Naming a piece
 * ```ts
 * import { PIECES, ROLE_NAMES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const i = PIECES.indexOf("n") % 6;
 * assert.equal(ROLE_NAMES[i], "knight");
 * assert.equal(PIECES[i], "N");
 * ```
 */
export const ROLE_NAMES = [
  "king",
  "queen",
  "rook",
  "bishop",
  "knight",
  "pawn",
] as const;

/**
 * The standard starting position as a FEN record.
 *
 * @example Reading it
 * ```ts
 * import { INITIAL_FEN, parseFen, stringifyFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen(INITIAL_FEN);
 * assert.equal(position.board[4], "k"); // e8
 * assert.deepEqual(position.castling, ["h1", "a1", "h8", "a8"]);
 * assert.equal(stringifyFen(position), INITIAL_FEN);
 * ```
 */
export const INITIAL_FEN =
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** A file letter, `"a"` to `"h"`. */
export type File = typeof FILES[number];

/** A rank digit, `"1"` to `"8"`. */
export type Rank = typeof RANKS[number];

/** A square by its algebraic name, such as `"e4"`. */
export type Square = `${File}${Rank}`;

/** A piece by its FEN letter: `"K"` is the white king, `"n"` a black knight. */
export type Piece = typeof PIECES[number];

/** A side: `"w"` for White, `"b"` for Black, as in the FEN's second field. */
export type Side = "w" | "b";

/**
 * A position as the six fields of a FEN record describe it: plain data that
 * prints and serializes to JSON as it is.
 *
 * `board` holds the 64 squares in FEN reading order: index 0 is a8, 7 is h8,
 * 8 is a7, and 63 is h1 (see {@linkcode squareIndex}). An empty square is
 * `null`.
 *
 * `castling` lists the squares of the rooks that may still castle, White's
 * first and then from the h-file towards the a-file: standard `KQkq` is
 * `["h1", "a1", "h8", "a8"]`. Tying a right to its rook's square is what
 * lets Chess960 (X-FEN and Shredder-FEN) share one representation with
 * standard chess.
 *
 * @example Reading a position
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const position = parseFen("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39");
 * assert.equal(position.board[60], "K"); // e1
 * assert.equal(position.turn, "w");
 * assert.deepEqual(position.castling, []);
 * assert.equal(position.fullmoveNumber, 39);
 * ```
 */
export interface Position {
  /** The 64 squares, a8 to h1 in reading order; `null` is an empty square. */
  board: (Piece | null)[];
  /** The side to move. */
  turn: Side;
  /** Squares of the rooks that keep castling rights, White's first. */
  castling: Square[];
  /** The square behind a pawn that has just advanced two squares. */
  enPassant: Square | null;
  /** Halfmoves since the last capture or pawn advance (fifty-move rule). */
  halfmoveClock: number;
  /** The number of the full move, starting at 1 and counting after Black. */
  fullmoveNumber: number;
  /**
   * Crazyhouse: the pieces each side holds in hand, counted by lowercase
   * piece letter (absent under every other rules).
   */
  pockets?: Pockets;
  /**
   * Crazyhouse: the squares of pieces that were promoted from pawns (written
   * `Q~` in FEN); captured, they go to the pocket as pawns.
   */
  promoted?: Square[];
  /**
   * Three-check: the checks each side still has to give to win (3 at the
   * start; lichess writes the checks given, `+1+2`, and this is 3 minus them).
   */
  remainingChecks?: { w: number; b: number };
  /**
   * The rules the position was read or played under, when not standard
   * chess: `parseFen` and `parseEpd` set them from their options
   * (`{ rules: "atomic" }`, `{ chess960: true }`), and the move functions
   * and games on the positions they return. The move functions,
   * `positionStatus` and `checkPosition` play and judge the position by
   * them unless their options name other rules ({@linkcode rulesFor}); a
   * `FenReader`'s positions and a `PositionChecker` go by their own options.
   */
  rules?: Rules;
}

/** A side's pieces in hand, by lowercase piece letter (crazyhouse). */
export type Pocket = Record<"p" | "n" | "b" | "r" | "q" | "k", number>;

/** Both sides' pieces in hand (crazyhouse). */
export interface Pockets {
  /** White's pieces in hand. */
  w: Pocket;
  /** Black's pieces in hand. */
  b: Pocket;
}

/**
 * The board index (0 = a8, 63 = h1) of a square name, or -1 when `name` is
 * not one: the one place a name becomes an index.
 *
 * @example Looking a square up
 * ```ts
 * import { squareOf } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(squareOf("a8"), 0);
 * assert.equal(squareOf("h1"), 63);
 * assert.equal(squareOf("i9"), -1);
 * assert.equal(squareOf(null), -1);
 * ```
 *
 * @param name Anything; a square name such as `"e4"` has an index.
 * @returns The index into {@linkcode Position.board}, or -1.
 */
export function squareOf(name: unknown): number {
  if (typeof name !== "string" || name.length !== 2) return -1;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8
    ? (7 - rank) * 8 + file
    : -1;
}

/**
 * The board index (0 = a8, 63 = h1) of a square name; a `RangeError` for
 * anything else (see {@linkcode squareOf}).
 *
 * @example Indexing the board
 * ```ts
 * import { squareIndex } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(squareIndex("a8"), 0);
 * assert.equal(squareIndex("e1"), 60);
 * ```
 *
 * @param square The square's algebraic name.
 * @returns Its index into {@linkcode Position.board}.
 * @throws {RangeError} If `square` is not a square name.
 */
export function squareIndex(square: Square): number {
  const index = squareOf(square);
  if (index < 0) {
    throw new RangeError(`Cannot index square: "${square}" is not a square`);
  }
  return index;
}

/**
 * The algebraic name of a board index (0 = a8, 63 = h1).
 *
 * @example Naming a square
 * ```ts
 * import { squareName } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(squareName(0), "a8");
 * assert.equal(squareName(60), "e1");
 * ```
 *
 * @param index An integer from 0 to 63.
 * @returns The square's name.
 */
export function squareName(index: number): Square {
  if (!Number.isInteger(index) || index < 0 || index > 63) {
    throw new RangeError(
      `Cannot name square: ${index} is not an integer from 0 to 63`,
    );
  }
  return `${FILES[index & 7]}${RANKS[7 - (index >> 3)]}`;
}

/**
 * The side a piece belongs to: `"w"` for upper-case letters, `"b"` for lower case.
 *
 * @example
 * ```ts
 * import { pieceSide } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(pieceSide("Q"), "w");
 * assert.equal(pieceSide("n"), "b");
 * ```
 *
 * @param piece A FEN piece letter.
 * @returns The side it belongs to.
 */
export function pieceSide(piece: Piece): Side {
  return piece.charCodeAt(0) < 97 ? "w" : "b";
}

/**
 * A side's name, to start a sentence: `"White"` or `"Black"`.
 *
 * @example
 * ```ts
 * import { sideName } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(`${sideName("b")} to move`, "Black to move");
 * ```
 *
 * @param side `"w"` or `"b"`.
 * @returns Its name.
 */
export function sideName(side: Side): "White" | "Black" {
  return side === "w" ? "White" : "Black";
}

/**
 * The rules a position is read, judged and played under: `"chess"`
 * (standard) or `"chess960"` (Fischer random: any back-rank setup, castling
 * with the rooks the rights name). Further variants join this list.
 *
 * @example Naming the rules
 * ```ts
 * import { parseFen, type Rules } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const rules: Rules = "chess960";
 * const position = parseFen("4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1", { rules });
 * assert.deepEqual(position.castling, ["g1", "b1"]);
 * ```
 */
export type Rules =
  | "chess"
  | "chess960"
  | "crazyhouse"
  | "threecheck"
  | "kingofthehill"
  | "atomic"
  | "antichess"
  | "horde"
  | "racingkings";

/**
 * Every {@linkcode Rules} value, standard chess first: what the FEN reader
 * and writer, the legality check, the move functions and the PGN reader
 * know (a variant's pockets and check counters, its rules of legality, its
 * moves and its game ends).
 *
 * @example
 * ```ts
 * import { VARIANT_RULES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(VARIANT_RULES.length, 9);
 * assert.equal(VARIANT_RULES[0], "chess");
 * ```
 */
export const VARIANT_RULES: readonly Rules[] = Object.freeze([
  "chess",
  "chess960",
  "crazyhouse",
  "threecheck",
  "kingofthehill",
  "atomic",
  "antichess",
  "horde",
  "racingkings",
]);

/**
 * {@linkcode VARIANT_RULES} under its older name (it listed standard chess
 * and Chess960 while the other variants' moves were not implemented).
 *
 * @deprecated Use {@linkcode VARIANT_RULES}: every variant's games are
 * implemented.
 *
 * @example
 * ```ts
 * import { RULES, VARIANT_RULES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(RULES, VARIANT_RULES);
 * ```
 */
export const RULES: readonly Rules[] = VARIANT_RULES;

/**
 * The rules option of every reader, checker and move function. Under
 * `"chess960"` the castling letters `K`/`Q`/`k`/`q` are read as X-FEN does
 * (the outermost rook on that side of the king), castling rights are judged
 * by Chess960's rules, and castling is written in UCI as the king taking its
 * rook (`e1h1`).
 *
 * @example The older spelling
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const fen = "4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1";
 * assert.deepEqual(
 *   parseFen(fen, { chess960: true }),
 *   parseFen(fen, { rules: "chess960" }),
 * );
 * ```
 */
export interface RulesOptions {
  /**
   * The rules; `"chess"` unless given (the legality check, given neither
   * this nor `chess960`, takes Chess960's castling rules when a right names
   * a rook file b to g, which only Chess960 notation can).
   */
  rules?: Rules;
  /**
   * The older spelling, kept working: `true` is `rules: "chess960"`,
   * `false` is `rules: "chess"`. `rules` wins when both are given.
   */
  chess960?: boolean;
}

/**
 * The rules `options` ask for, standard chess (`"chess"`) when they name
 * none: the one place the `chess960` spelling is read, so each layer reads
 * its options once and passes a {@linkcode Rules} value on.
 *
 * @example
 * ```ts
 * import { rulesOf } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(rulesOf({ chess960: true }), "chess960");
 * assert.equal(rulesOf({ rules: "chess", chess960: true }), "chess");
 * assert.equal(rulesOf({ rules: "horde" }), "horde");
 * assert.equal(rulesOf({}), "chess");
 * assert.equal(rulesOf(), "chess");
 * assert.throws(() => rulesOf({ rules: "chess9" as never }), TypeError);
 * ```
 *
 * @param options The options, if any.
 * @returns Their rules, or `"chess"`.
 * @throws {TypeError} If `options.rules` is not a rules value.
 */
export function rulesOf(options?: RulesOptions): Rules {
  return rulesFor(null, options) ?? "chess";
}

/**
 * The rules to play or judge `position` by: those `options` name
 * ({@linkcode rulesOf}), else the position's own (`position.rules`), else
 * `undefined`: standard chess, except that the legality check then takes
 * Chess960's castling rules when a right names a rook file b to g.
 *
 * @example A position keeps the rules it was read under
 * ```ts
 * import { parseFen, rulesFor } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const atomic = parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", { rules: "atomic" });
 * assert.equal(atomic.rules, "atomic");
 * assert.equal(rulesFor(atomic), "atomic");
 * assert.equal(rulesFor(atomic, { rules: "chess" }), "chess");
 * assert.equal(rulesFor(parseFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), undefined);
 * assert.equal(rulesFor(null, { chess960: true }), "chess960");
 * assert.equal(rulesFor(null, {}), undefined);
 * ```
 *
 * @param position The position (its `rules`, if any, are read), or `null`
 * for the options' alone.
 * @param options The options, if any.
 * @returns The rules, or `undefined`.
 * @throws {TypeError} If the rules named are not rules values.
 */
export function rulesFor(
  position: { readonly rules?: Rules } | null,
  options?: RulesOptions,
): Rules | undefined {
  let rules = options?.rules;
  if (rules === undefined) {
    const chess960 = options?.chess960;
    if (chess960 !== undefined) return chess960 ? "chess960" : "chess";
    rules = position?.rules;
  }
  if (rules !== undefined && !VARIANT_RULES.includes(rules)) {
    const name = JSON.stringify(String(rules)).slice(0, 40);
    throw new TypeError(
      `No rules ${name}: expected ${VARIANT_RULES.join(", ")}`,
    );
  }
  return rules;
}

/** Options for {@linkcode stringifyFen}. */
export interface StringifyFenOptions {
  /**
   * How castling rights are written. `"x-fen"` (the default) is X-FEN's
   * canonical form, as python-chess and chessops write it: `K`/`Q` for the
   * outermost rook of its colour on its side of the king (standard FEN for
   * standard chess; `KQkq` for Chess960's `RNBBKRQN` too, read back with
   * `rules: "chess960"`), and the rook's file (`F`) only when another rook
   * stands beyond it. A right whose rook is not on its square (standard `KQ`
   * after the king or rook moved) keeps its `K` or `Q`: legality names the
   * problem. `"shredder"` always writes rook files, as in `HAha`.
   */
  castling?: "x-fen" | "shredder";
  /**
   * Where crazyhouse's pockets go: `"brackets"` (the default, as chessops,
   * lichess's board, python-chess and Fairy-Stockfish write them:
   * `RNBQKBNR[Qn]`) or `"rank"`, a ninth rank (`RNBQKBNR/Qn`, as lichess's
   * server, scalachess, writes them).
   */
  pockets?: "brackets" | "rank";
  /**
   * How three-check's counters are written: `"given"` (the default,
   * lichess's: the checks each side gave, `+1+2`, after the clocks) or
   * `"remaining"` (python-chess's and chessops's: the checks each side has
   * left, `2+1`, before the clocks). Both are read.
   */
  checks?: "given" | "remaining";
}

/** Options for reading FEN records ({@linkcode parseFen}, `FenReader`). */
export interface ParseFenOptions extends RulesOptions {
  /**
   * Accept exactly the PGN standard and nothing else: six fields, single
   * spaces, castling in `KQkq` order, canonical numbers, an en-passant rank
   * that fits the side to move. Defaults to `false` (lenient; see the table
   * in {@linkcode parseFen}).
   */
  strict?: boolean;
}

/**
 * One EPD operation, such as `bm Qg6;` (`{ opcode: "bm", operands:
 * ["Qg6"] }`) or `id "WAC.001";` (the quotes are not part of the operand).
 */
export interface EpdOperation {
  /** The operation's name: a letter, then letters, digits or `_`. */
  opcode: string;
  /** Its operands, unquoted. */
  operands: string[];
}

/**
 * The game model: a {@linkcode PgnGame} holds its tags in order, its start
 * position, the mainline with its variations as a tree of
 * {@linkcode PgnMove}s, and the result; `game.positions()` walks it with a
 * {@linkcode PgnPosition}. The game and its walk live together: each names
 * the other.
 *
 * @module
 */

import { FEN_BYTES_MAX, type RecordView, writeFenBytes } from "../fen/bytes.ts";
import type { Piece, Position, Rules, Side, Square } from "../types.ts";
import {
  CODE,
  type CodedMove,
  type EnPassantMode,
  NULL_MOVE,
  Replay,
} from "./_replay.ts";
import type { PgnError, PgnSyntaxError } from "./errors.ts";
import type { ChessBoard } from "../chess/board.ts";
import type {
  PgnEval,
  PgnGameInit,
  PgnLine,
  PgnMove,
  PgnResult,
  PgnShape,
} from "./_model.ts";

export type { PgnEval, PgnGameInit, PgnLine, PgnMove, PgnResult, PgnShape };

/**
 * A game read from PGN (or made by hand for {@linkcode stringifyPgn}): its
 * tags, start position, moves and result, and, when the reader had to stop
 * early, the error and the moves read before it.
 *
 * @example Tags, moves and the positions in between
 * ```ts
 * import { parsePgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn('[White "Morphy"]\n\n1. e4 e5 2. Nf3 d6 1-0\n');
 * assert.equal(game.tags.get("White"), "Morphy");
 * assert.equal(game.mainline.moves.length, 4);
 * assert.equal(game.result, "1-0");
 * const last = Array.from(game.positions(), (p) => p.fen).at(-1);
 * assert.equal(last, "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
 * ```
 */
export class PgnGame {
  /** The game's number in its stream, from 1. */
  readonly number: number;
  /** The line of the stream where the game starts. */
  readonly line: number;
  /** The tags in the order written; a tag written twice keeps its last value. */
  readonly tags: Map<string, string>;
  /** The position before the first move (from the `FEN` tag, or the standard start). */
  readonly start: Position;
  /**
   * Whether castling is Chess960's (a `Variant` tag naming Chess960).
   *
   * @deprecated Read {@linkcode PgnGame.rules} (`rules === "chess960"`).
   */
  readonly chess960: boolean;
  /** The rules the game is played under (its `Variant` tag's). */
  readonly rules: Rules;
  /** The moves, with the variations on them. */
  readonly mainline: PgnLine;
  /** The termination marker, or `null` when the game had none. */
  result: PgnResult | null;
  /** Why the reader stopped before the end of the game, or `null`. */
  error: PgnError | null = null;
  /**
   * What the reader read as if it were written right, in the order met: a
   * tag line without its `]`, say; and the first comment cut at the
   * reader's `maxComment` (once a game). The game's moves are whole.
   */
  warnings: PgnSyntaxError[] = [];
  /** Whether a comment was cut at the reader's `maxComment` (also a warning). */
  truncated = false;

  /**
   * Makes a game.
   *
   * @param init The start position and whatever else is known.
   */
  constructor(init: PgnGameInit) {
    this.start = init.start;
    this.tags = init.tags ?? new Map();
    this.rules = init.rules ?? (init.chess960 === true ? "chess960" : "chess");
    this.chess960 = init.chess960 ?? this.rules === "chess960";
    this.mainline = init.mainline ?? { comments: [], moves: [] };
    this.result = init.result ?? null;
    this.number = init.number ?? 1;
    this.line = init.line ?? 1;
  }

  /**
   * The positions of the game in order: the start (ply 0), then the
   * position after each move, and with `variations` the positions inside
   * each variation right after the move it replaces. Each is an object of
   * its own that keeps its position, so `[...game.positions()]` holds every
   * one; {@linkcode PgnGame.cursor} walks the same positions faster with
   * one object moved along.
   *
   * @example Every position's FEN
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn("1. e4 (1. d4) 1... c5 *");
   * const positions = [...game.positions({ variations: true })];
   * assert.deepEqual(
   *   positions.map((p) => `${p.ply}${"+".repeat(p.depth)} ${p.move?.san ?? "start"}`),
   *   ["0 start", "1 e4", "1+ d4", "2 c5"],
   * );
   * assert.equal(positions[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
   * ```
   *
   * @param options Whether to enter variations, and how en passant is written.
   * @returns An iterator over the positions.
   * @throws {MoveError} For a move made by hand that cannot be played.
   */
  positions(options: PgnPositionsOptions = {}): IterableIterator<PgnPosition> {
    return walk(this, { options, reuse: false });
  }

  /**
   * The positions {@linkcode PgnGame.positions} yields, as one
   * {@linkcode PgnPosition} yielded again and again, moved forward: nothing
   * is copied per ply, so read what you need from it before asking for the
   * next. Kept after the walk, it is at the last position walked.
   *
   * @example One object, moved along
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn("1. e4 e5 *");
   * const fens: string[] = [];
   * for (const position of game.cursor()) fens.push(position.fen);
   * assert.equal(fens.length, 3);
   * const kept = [...game.cursor()];
   * assert.equal(kept[0], kept[2]); // the same object, at the last position
   * assert.equal(kept[0].ply, 2);
   * ```
   *
   * @param options Whether to enter variations, and how en passant is written.
   * @returns An iterator over one position object.
   * @throws {MoveError} For a move made by hand that cannot be played.
   */
  cursor(options: PgnPositionsOptions = {}): IterableIterator<PgnPosition> {
    return walk(this, { options, reuse: true });
  }
}

/**
 * Options for `PgnGame.positions`.
 *
 * @example Variations, and en passant as chessops and python-chess write it
 * ```ts
 * import { parsePgn, type PgnPositionsOptions } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const options: PgnPositionsOptions = { variations: true, enPassant: "legal" };
 * const [game] = parsePgn("1. e4 *");
 * const fens = Array.from(game.positions(options), (p) => p.fen);
 * assert.equal(fens[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
 * ```
 */
export interface PgnPositionsOptions {
  /** Also walk the variations (defaults to `false`: the mainline only). */
  variations?: boolean;
  /**
   * When the FEN names an en-passant square: `"always"` (the default, as
   * `fen --moves` writes it: after every two-square advance),
   * `"pseudo-legal"` or `"legal"` (as chessops and python-chess write it).
   */
  enPassant?: EnPassantMode;
}

/**
 * Set by {@linkcode PgnPosition}'s static block, once, as the module
 * loads: the only way to its private fields from outside its body.
 */
let boardOfPosition: (position: PgnPosition) => ChessBoard | null;
let moveOfPosition: (position: PgnPosition) => number;

/**
 * The chess core's board a walk's position is on (valid until the walk
 * moves on), or null for a position kept by `positions()`. Not the
 * library's API (lib/pgn/mod.ts does not export it): for this library's
 * programs that follow a walk on the core's board, as `fen db import`
 * keys its first positions move by move.
 *
 * @param position A position of a walk.
 * @returns Its board, or null.
 */
export function coreBoardOf(position: PgnPosition): ChessBoard | null {
  return boardOfPosition(position);
}

export { NULL_MOVE };

/**
 * The code in the chess core of the move that led to a walk's position
 * (-1 at the start, {@linkcode NULL_MOVE} a null move): see
 * {@linkcode coreBoardOf}.
 *
 * @param position A position of a walk.
 * @returns The move's code.
 */
export function coreMoveOf(position: PgnPosition): number {
  return moveOfPosition(position);
}

/**
 * The position at one ply of a game, as `PgnGame.positions` yields it: the
 * ply, the move that led to it, how deep in variations it is, and the
 * position itself, written on demand. `PgnGame.cursor` and a
 * `PgnWalker` move one such object from ply to ply instead.
 *
 * @example The move, the squares to mark, the FEN
 * ```ts
 * import { parsePgn, type PgnPosition } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. e4 e5 2. Nf3 *");
 * let last: PgnPosition | undefined;
 * for (const position of game.positions()) last = position;
 * assert.equal(last?.ply, 3);
 * assert.equal(last?.move?.uci, "g1f3");
 * assert.deepEqual([last?.from, last?.to], ["g1", "f3"]);
 * assert.equal(last?.fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
 * ```
 */
export class PgnPosition {
  /** The game walked. */
  readonly game: PgnGame;
  /** Half-moves from the game's start position (0 is the start). */
  ply = 0;
  /** 0 on the mainline, 1 inside a variation, 2 inside one of its variations... */
  depth = 0;
  /** The move that led here, or `null` at the start. */
  move: PgnMove | null = null;
  readonly #replay: Replay;
  readonly #mode: EnPassantMode;
  /** The board code of `move`, or -1 at the start. */
  #code = -1;
  /** The position kept when the walk moved on (`positions()`), else null. */
  #kept: RecordView | null = null;
  /** The SAN `played` gave, since the last `at`. */
  #san: string | null = null;

  /**
   * Made by `PgnGame.positions`, which moves it along.
   *
   * @param game The game walked.
   * @param replay The board it is walked on.
   * @param mode When FEN names an en-passant square.
   */
  constructor(game: PgnGame, replay: Replay, mode: EnPassantMode) {
    this.game = game;
    this.#replay = replay;
    this.#mode = mode;
  }

  /** The square the move's piece left (the king's, castling), or `null`. */
  get from(): Square | null {
    const code = this.#code;
    return code < 0 || code === NULL_MOVE ? null : this.#replay.from(code);
  }

  /** The square it reached (where the king lands, castling), or `null`. */
  get to(): Square | null {
    const code = this.#code;
    return code < 0 || code === NULL_MOVE ? null : this.#replay.to(code);
  }

  /**
   * The piece the move that led here promoted to, as a lower-case letter
   * (`k` in antichess), or `null` (no move, or not a promotion).
   */
  get promotion(): "n" | "b" | "r" | "q" | "k" | null {
    return this.#code < 0 ? null : this.#replay.promotion(this.#code);
  }

  /**
   * The piece the move that led here dropped (crazyhouse), as a lower-case
   * letter, or `null` (no move, or not a drop). A drop's `from` and `to`
   * are both its square.
   */
  get drop(): "p" | "n" | "b" | "r" | "q" | null {
    return this.#code < 0 ? null : this.#replay.drop(this.#code);
  }

  /**
   * The castling rook's square when the move that led here castled (its
   * square before the move, as the Polyglot book format and Chess960 UCI
   * name castling), or `null`.
   */
  get castlingRook(): Square | null {
    return this.#code < 0 ? null : this.#replay.castlingRook(this.#code);
  }

  static {
    // the readers of a walk's core board and move (coreBoardOf, above)
    boardOfPosition = (position) =>
      position.#kept === null ? position.#replay.board : null;
    moveOfPosition = (position) => position.#code;
  }

  /**
   * The move that led here as one number, as UCI names it: from | to << 6
   * | promotion << 12 (knight 1, bishop 2, rook 3, queen 4, antichess's
   * king 5), squares numbered a8 = 0 as {@linkcode PgnPosition.view}'s
   * cells; castling goes to the king's square, in Chess960 to the rook's;
   * a drop is its square twice, the piece dropped (pawn 1 ... queen 5) <<
   * 12, and bit 15. 0 at the start and for a null move. The way to read a
   * walk's moves without a square's name each (`fen db import` keeps its
   * moves so).
   *
   * @example e2e4, then a promotion to a knight
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn('[FEN "8/1P6/8/8/8/8/8/k6K w - - 0 1"]\n\nb8=N *');
   * const [, promoted] = game.positions();
   * const b7 = 9, b8 = 1;
   * assert.equal(promoted.packedMove, b7 | b8 << 6 | 1 << 12);
   * ```
   */
  get packedMove(): number {
    return this.#code < 0 ? 0 : this.#replay.packed(this.#code);
  }

  /**
   * The piece on a square as {@linkcode PgnPosition.view}'s cells hold it
   * (a letter's char code, 0 for an empty square), without refilling the
   * view: for walks that read a square or two a ply.
   *
   * @example The knight that moved
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn("1. Nf3 *");
   * const [, after] = game.positions();
   * const f3 = 45;
   * assert.equal(String.fromCharCode(after.pieceAt(f3)), "N");
   * ```
   *
   * @param square The square, a8 = 0 to h1 = 63.
   * @returns Its cell.
   */
  pieceAt(square: number): number {
    return this.#kept?.cells[square] ?? this.#replay.pieceAt(square);
  }

  /**
   * Moves the cursor; `PgnGame.positions` calls it.
   *
   * @param ply The ply.
   * @param depth The depth in variations.
   * @param move The move that led here, or `null`.
   * @param code Its board code, or -1.
   */
  at(ply: number, depth: number, move: PgnMove | null, code: number): void {
    this.ply = ply;
    this.depth = depth;
    this.move = move;
    this.#code = code;
    this.#san = null;
  }

  /**
   * Tells the cursor the SAN of the move that led here, where the walk
   * keeps no move (`PgnWalker`, which calls it after `at`).
   *
   * @param san The move in SAN, as this library writes it.
   */
  played(san: string): void {
    this.#san = san;
  }

  /**
   * The move that led here in SAN, as this library writes it, or `null`:
   * at the start, and in a `PgnWalker`'s walk without its `san` option or
   * at its game's end (its visitor has it at each position walked).
   */
  get san(): string | null {
    return this.move?.san ?? this.#san;
  }

  /**
   * Keeps the position as it is, for when the walk moves on;
   * `PgnGame.positions` calls it.
   */
  keep(): void {
    const view = this.#replay.view(this.#mode);
    this.#kept = {
      cells: view.cells.slice(),
      turn: view.turn,
      castling: view.castling,
      enPassant: view.enPassant,
      halfmoveClock: view.halfmoveClock,
      fullmoveNumber: view.fullmoveNumber,
      variant: view.variant ?? null,
    };
  }

  /** The side to move. */
  get turn(): Side {
    if (this.#kept !== null) return this.#kept.turn;
    return this.#replay.side === 0 ? "w" : "b";
  }

  /** The canonical FEN, as `stringifyFen` writes the same position. */
  get fen(): string {
    if (this.#kept === null) return this.#replay.fen(this.#mode);
    const bytes = new Uint8Array(FEN_BYTES_MAX);
    const end = writeFenBytes(this.#kept, bytes, 0);
    return String.fromCharCode(...bytes.subarray(0, end));
  }

  /**
   * Writes the canonical FEN as ASCII bytes at `at` (leave 128 bytes of
   * room) and returns where it ends: the way to write many positions
   * without a string each.
   *
   * @param buffer Where to write.
   * @param at The offset to write at.
   * @returns The offset after the FEN.
   */
  writeFen(buffer: Uint8Array, at: number): number {
    if (this.#kept !== null) return writeFenBytes(this.#kept, buffer, at);
    return this.#replay.writeFen(buffer, at, this.#mode);
  }

  /**
   * The position as the byte writers read it (cells, side, castling, en
   * passant, counters): from `cursor()` or a walker, the board itself,
   * valid until the walk moves on.
   *
   * @example The fields of a position
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn("1. e4 *");
   * let turn = "";
   * for (const position of game.positions()) turn = position.view().turn;
   * assert.equal(turn, "b");
   * ```
   *
   * @returns The current position's fields, refilled for each position.
   */
  view(): RecordView {
    return this.#kept ?? this.#replay.view(this.#mode);
  }

  /**
   * Each side's pieces as bit sets, as the board keeps them, written into
   * `out`: White's squares in words 0 and 1, Black's in 2 and 3, square s
   * (a8 = 0) as bit `s & 31` of word `s >> 5` of its side's pair; valid
   * until the walk moves on.
   *
   * @example The pieces of the start position
   * ```ts
   * import { parsePgn } from "@fen/fen/pgn";
   * import assert from "node:assert/strict";
   *
   * const [game] = parsePgn("*");
   * const [start] = game.positions();
   * const words = start.occupancy(new Int32Array(4));
   * assert.deepEqual([...words], [0, -65536, 0xffff, 0]);
   * ```
   *
   * @param out Four words to write.
   * @returns `out`.
   */
  occupancy(out: Int32Array): Int32Array {
    const kept = this.#kept;
    if (kept === null) return this.#replay.occupancy(out);
    out.fill(0);
    kept.cells.forEach((cell, s) => {
      // a lower-case letter's code has bit 32: Black's
      if (cell !== 0) out[((cell & 32) >> 4) + (s >> 5)] |= 1 << s;
    });
    return out;
  }

  /**
   * The position as plain data.
   *
   * @returns A new {@linkcode Position}.
   */
  toPosition(): Position {
    const kept = this.#kept;
    if (kept === null) return this.#replay.position(this.#mode);
    const position: Position = {
      board: kept.cells.map((c) =>
        c === 0 ? null : String.fromCharCode(c) as Piece
      ),
      turn: kept.turn,
      castling: [...kept.castling],
      enPassant: kept.enPassant,
      halfmoveClock: kept.halfmoveClock,
      fullmoveNumber: kept.fullmoveNumber,
    };
    const variant = kept.variant;
    if (variant?.pockets) {
      position.pockets = {
        w: { ...variant.pockets.w },
        b: { ...variant.pockets.b },
      };
      position.promoted = [...variant.promoted];
    }
    if (variant?.remainingChecks) {
      position.remainingChecks = { ...variant.remainingChecks };
    }
    return position;
  }
}

/** A line being walked: its moves, the next one, and the variations pending. */
interface Frame {
  line: PgnLine;
  next: number;
  ply: number;
  depth: number;
  /** The move just yielded whose variations are walked next, or null. */
  node: PgnMove | null;
  /** Its board code. */
  code: number;
  variation: number;
}

/** The board code of a move: the reader's, or from the SAN of one made by hand. */
function codeOf(replay: Replay, move: PgnMove, ply: number): number {
  return (move as CodedMove)[CODE] ?? replay.parse(move.san, ply, false);
}

/**
 * The positions of `game`, with an explicit stack of lines (variations can
 * nest deeper than the call stack goes).
 */
export function* walk(
  game: PgnGame,
  { options, reuse }: { options: PgnPositionsOptions; reuse: boolean },
): Generator<PgnPosition, void, undefined> {
  const replay = new Replay();
  try {
    replay.load(game.start, game);
  } catch (error) {
    // The reader said so in the game's error: a start with no position.
    if (game.error !== null) return;
    throw error;
  }
  const mode = options.enPassant ?? "always";
  let cursor = new PgnPosition(game, replay, mode);
  const variations = options.variations === true;
  const stack: Frame[] = [
    {
      line: game.mainline,
      next: 0,
      ply: 0,
      depth: 0,
      node: null,
      code: -1,
      variation: 0,
    },
  ];
  yield cursor;
  if (!reuse) cursor.keep();
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const node = frame.node;
    if (
      node !== null && variations && frame.variation < node.variations.length
    ) {
      if (frame.variation === 0) replay.back();
      const line = node.variations[frame.variation++];
      const depth = frame.depth + 1, ply = frame.ply - 1;
      stack.push({
        line,
        next: 0,
        ply,
        depth,
        node: null,
        code: -1,
        variation: 0,
      });
      continue;
    }
    if (node !== null && frame.variation > 0) replay.play(frame.code);
    frame.node = null;
    frame.variation = 0;
    if (frame.next < frame.line.moves.length) {
      const move = frame.line.moves[frame.next++];
      const code = codeOf(replay, move, ++frame.ply);
      replay.play(code);
      if (!reuse) cursor = new PgnPosition(game, replay, mode);
      cursor.at(frame.ply, frame.depth, move, code);
      yield cursor;
      if (!reuse) cursor.keep();
      frame.node = move;
      frame.code = code;
      continue;
    }
    if (stack.length > 1) {
      for (let k = 0; k < frame.next; k++) replay.back();
    }
    stack.pop();
  }
}

/**
 * What a {@linkcode PgnWalker} calls, in the order of the text.
 *
 * @example Counting positions and games
 * ```ts
 * import { PgnWalker, type PgnVisitor } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * let positions = 0, games = 0;
 * const visitor: PgnVisitor = {
 *   position: () => void positions++,
 *   end: () => void games++,
 * };
 * const walker = new PgnWalker(visitor);
 * walker.push("1. e4 e5 1-0\n\n1. d4 *\n");
 * walker.end();
 * assert.deepEqual([positions, games], [5, 2]);
 * ```
 */
export interface PgnVisitor {
  /**
   * A position: the start of a game (ply 0), then the one after each move
   * as it is read. The object is reused: read it before returning.
   */
  position(position: PgnPosition): void;
  /**
   * A game's end: the game (its tags, result, error and number; its
   * `mainline` is empty, as moves are not kept), and the position at the
   * end of its mainline, or `null` when the game has no start to play
   * from. When the game has an `error`, the position is where reading
   * stopped, not the end of the game.
   */
  end(game: PgnGame, last: PgnPosition | null): void;
}

// What a `fen` block draws: its content read as a FEN record, an EPD
// record or a PGN game (then the position after `ply` half-moves, the
// final one unless told), with every problem placed at a line and column
// of the content, which the document turns into its own.

import { parseEpd } from "../fen/epd.ts";
import { stringifyFen } from "../fen/mod.ts";
import { FenSyntaxError } from "../errors.ts";
import { parsePgn } from "../pgn/reader.ts";
import { PgnMoveError, PgnSyntaxError } from "../pgn/errors.ts";
import type { PgnShape } from "../pgn/game.ts";
import type { BoardInput } from "../_board.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import type { Rules } from "../types.ts";

/** How a block is read: a game's ply, the rules. */
export interface BlockReading {
  readonly ply: number | "last";
  /**
   * The rules of a FEN record, and of a game without a `Variant` tag
   * (`variant=`, `chess960`); standard chess unless given.
   */
  readonly rules?: Rules;
}

/** What a block draws. */
export interface BlockBoard {
  /** The position, the board alone when the block gave only a placement, or a game's FEN. */
  readonly board: BoardInput;
  /** The FEN of what is drawn (the placement alone for a bare board). */
  readonly fen: string;
  /** A game's last move to the drawn position (`e2e4`), or `null`. */
  readonly lastMove: string | null;
  /** The arrows and squares the game's comments draw there (`[%cal]`, `[%csl]`). */
  readonly shapes: readonly PgnShape[];
}

const NO_SHAPES: readonly PgnShape[] = Object.freeze([]);

/** A block's content that cannot be drawn: what is wrong, and where in the content. */
export class BlockError extends SyntaxError {
  /** The content's line, from 0. */
  readonly line: number;
  /** The column in that line, from 0. */
  readonly column: number;
  /** The exit code it means. */
  readonly exit: ExitCode;

  /**
   * @param message What is wrong ("Cannot parse FEN: ...").
   * @param place The content's line and column (from 0), and the exit code.
   */
  constructor(
    message: string,
    place: { line: number; column: number; exit: ExitCode },
  ) {
    super(message);
    this.name = "BlockError";
    this.line = place.line;
    this.column = place.column;
    this.exit = place.exit;
  }
}

/**
 * Whether a block holds a game: it starts with a tag pair, a move number
 * or a comment, or runs over more than one line. A FEN or EPD record is
 * one line (a FEN field has no `.`, `[` or `{`).
 */
function isGame(text: string): boolean {
  const trimmed = text.trim();
  return /^(\[|\{|;|[0-9]+\s*\.)/.test(trimmed) || trimmed.includes("\n");
}

/**
 * Reads a block's content: the position it draws.
 *
 * @example A game's position after two half-moves
 * ```ts
 * import { blockBoard } from "./block.ts";
 * import assert from "node:assert/strict";
 *
 * const { fen, lastMove } = blockBoard("1. e4 e5 2. Nf3 *\n", { ply: 2 });
 * assert.equal(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
 * assert.equal(lastMove, "e7e5");
 * ```
 *
 * @param text The content, lines joined by `\n`.
 * @param options The ply of a game (`"last"` for its final position) and
 * the rules (`variant=`, `chess960`).
 * @returns What to draw.
 * @throws {BlockError} When the content cannot be read, or has no such ply.
 */
export function blockBoard(
  text: string,
  options: BlockReading,
): BlockBoard {
  if (text.trim() === "") {
    throw new BlockError(
      "the block is empty: give a FEN, an EPD record or a PGN game",
      { line: 0, column: 0, exit: EXIT.invalidFen },
    );
  }
  if (isGame(text)) return gameBoard(text, options);
  if (options.ply !== "last") {
    throw new BlockError(
      "ply picks a position of a game, and this block is a FEN or EPD record",
      { line: 0, column: 0, exit: EXIT.usage },
    );
  }
  const line = text.split("\n").findIndex((l) => l.trim() !== "");
  const record = text.split("\n")[line];
  const start = record.length - record.trimStart().length;
  try {
    const { position } = parseEpd(record.trim(), {
      rules: options.rules ?? "chess",
    });
    // A placement alone says nothing of the side to move.
    const placementOnly = !/\S\s+\S/.test(record.trim());
    return placementOnly
      ? {
        board: position.board,
        fen: record.trim(),
        lastMove: null,
        shapes: NO_SHAPES,
      }
      : {
        board: position,
        fen: stringifyFen(position),
        lastMove: null,
        shapes: NO_SHAPES,
      };
  } catch (error) {
    if (!(error instanceof FenSyntaxError)) throw error;
    const detail = error.hinted((rules) => `variant=${rules}`);
    throw new BlockError(`Cannot parse FEN: ${detail}`, {
      line,
      column: start + error.offset,
      exit: EXIT.invalidFen,
    });
  }
}

function gameBoard(
  text: string,
  options: BlockReading,
): BlockBoard {
  let games;
  try {
    games = parsePgn(text, { rules: options.rules ?? "chess" });
  } catch (error) {
    if (error instanceof PgnSyntaxError || error instanceof PgnMoveError) {
      throw new BlockError(`Cannot read PGN: ${error.detail}`, {
        line: error.line - 1,
        column: error.column - 1,
        exit: error instanceof PgnMoveError
          ? EXIT.illegalMove
          : EXIT.invalidFen,
      });
    }
    throw error;
  }
  if (games.length !== 1) {
    throw new BlockError(
      `the block holds ${games.length} games: a block draws one`,
      {
        line: games[1]?.line === undefined ? 0 : games[1].line - 1,
        column: 0,
        exit: EXIT.invalidFen,
      },
    );
  }
  let drawn = null;
  let plies = 0;
  for (const position of games[0].positions()) {
    plies = position.ply;
    if (options.ply === "last" || position.ply === options.ply) {
      drawn = {
        // The position, so that a variant's pockets and counters are drawn.
        board: position.toPosition() as BoardInput,
        fen: position.fen,
        lastMove: position.from === null
          ? null
          : `${position.from}${position.to}`,
        shapes: position.move?.shapes ?? NO_SHAPES,
      };
      if (position.ply === options.ply) break;
    }
  }
  if (drawn === null) {
    throw new BlockError(
      `ply ${options.ply} is past the game's end: it has ${plies} half-moves`,
      { line: 0, column: 0, exit: EXIT.usage },
    );
  }
  return drawn;
}

// What the game builder makes of the games it reads, as python-chess's
// visitors do (`read_game(handle, Visitor)`): the builder follows the
// grammar (where games begin and end, moves matched and played, variations
// entered and left, errors) and hands what it read to one output. Two are
// made: the games themselves, their moves kept as trees (`PgnReader`), and
// positions handed on as they are reached (`PgnWalker`, and through it the
// reader for counts and the part cutter), which keeps no move, comment or
// NAG and asks for no SAN. Each says which games it plays and how far (the
// others are skimmed, as python-chess's `SKIP`).

import { readCommands } from "./_commands.ts";
import { emptyLine, PLAYED, readMove } from "./_movetext.ts";
import type { EnPassantMode, Replay } from "./_replay.ts";
import type { PgnGame, PgnLine, PgnMove, PgnVisitor } from "./game.ts";
import { PgnPosition } from "./game.ts";

/** What the builder hands a game's content to: see the comment at the top of the file. */
export interface GameOutput {
  /** Whether moves are kept, with their SAN, UCI, comments and NAGs. */
  readonly keepsMoves: boolean;
  /** Whether each move's SAN is made (always where moves are kept). */
  readonly wantsSan: boolean;
  /** Mainline plies played; past them the game is only read to its end. */
  readonly maxPly: number;
  /** Whether game `number` is played; the others are read to their end only. */
  plays(number: number): boolean;
  /**
   * The game's movetext starts on `replay`, at its start; `played`: the
   * start could be set up and the game is played.
   */
  begin(game: PgnGame, replay: Replay, played: boolean): void;
  /**
   * A move just played on the replay, in `line`, `depth` variations deep:
   * returns what the comments and NAGs after it go to.
   */
  move(
    line: PgnLine,
    move: { text: string; code: number; uci: string; san: string },
    depth: number,
  ): PgnMove;
  /** A variation opens after `last`: the line its moves go to. */
  variation(last: PgnMove, line: PgnLine): PgnLine;
  /** A comment in the movetext: after `last`, or at `line`'s start when null. */
  comment(line: PgnLine, last: PgnMove | null, comment: string): void;
  /** A NAG after `last`. */
  nag(last: PgnMove, value: number): void;
  /** The game ended; `lastCode`: its mainline's last move's code, or -1. */
  end(game: PgnGame, lastCode: number): void;
}

/** The games, their moves kept as trees, for the reader to take. */
export class GameTree implements GameOutput {
  readonly keepsMoves = true;
  readonly wantsSan = true;
  readonly maxPly = Infinity;
  /** Finished games, for the reader to take. */
  readonly games: PgnGame[] = [];

  plays(_number: number): boolean {
    return true;
  }

  begin(_game: PgnGame, _replay: Replay, _played: boolean): void {}

  move(
    line: PgnLine,
    { text, code, uci, san }: {
      text: string;
      code: number;
      uci: string;
      san: string;
    },
    _depth: number,
  ): PgnMove {
    const move = readMove(text, { san, uci, code });
    line.moves.push(move);
    return move;
  }

  variation(last: PgnMove, _line: PgnLine): PgnLine {
    const variation: PgnLine = emptyLine();
    last.variations = [...last.variations, variation];
    return variation;
  }

  comment(line: PgnLine, last: PgnMove | null, comment: string): void {
    if (last === null) {
      line.comments = [...line.comments, comment];
      return;
    }
    last.comments = [...last.comments, comment];
    readCommands(comment, last);
  }

  nag(last: PgnMove, value: number): void {
    last.nags = [...last.nags, value];
  }

  end(game: PgnGame, _lastCode: number): void {
    this.games.push(game);
  }
}

/** A walker's wishes: where positions go, and which ones. */
export interface Walk {
  visitor: PgnVisitor;
  variations: boolean;
  enPassant: EnPassantMode;
  /** Mainline plies played; past them the game is only read to its end. */
  maxPly: number;
  /** Which games (by number) are played; the others only read to their end. */
  plays?: ((game: number) => boolean) | null;
  /** Whether each position has its move's SAN (`PgnPosition.san`). */
  san?: boolean;
}

/** Positions handed to a visitor as they are reached; nothing kept. */
export class GameWalk implements GameOutput {
  readonly keepsMoves = false;
  readonly wantsSan: boolean;
  readonly maxPly: number;
  readonly #walk: Walk;
  /** The position moved along the game, when its start could be set up. */
  #cursor: PgnPosition | null = null;
  #replay: Replay | null = null;

  constructor(walk: Walk) {
    this.#walk = walk;
    this.maxPly = walk.maxPly;
    this.wantsSan = walk.san === true;
  }

  plays(number: number): boolean {
    const plays = this.#walk.plays;
    return plays === undefined || plays === null || plays(number);
  }

  begin(game: PgnGame, replay: Replay, played: boolean): void {
    this.#replay = replay;
    this.#cursor = null;
    if (!played) return;
    const cursor = new PgnPosition(game, replay, this.#walk.enPassant);
    this.#cursor = cursor;
    this.#walk.visitor.position(cursor);
  }

  move(
    _line: PgnLine,
    { code, san }: { code: number; san: string },
    depth: number,
  ): PgnMove {
    if (depth === 0 || this.#walk.variations) {
      const cursor = this.#cursor!;
      cursor.at(this.#replay!.depth, depth, null, code);
      if (this.wantsSan) cursor.played(san);
      this.#walk.visitor.position(cursor);
    }
    return PLAYED;
  }

  variation(_last: PgnMove, line: PgnLine): PgnLine {
    return line;
  }

  comment(_line: PgnLine, _last: PgnMove | null, _comment: string): void {}

  nag(_last: PgnMove, _value: number): void {}

  /** Hands the visitor the game, and the cursor on the mainline's end. */
  end(game: PgnGame, lastCode: number): void {
    const cursor = this.#cursor;
    if (cursor !== null) cursor.at(this.#replay!.depth, 0, null, lastCode);
    this.#cursor = null;
    this.#walk.visitor.end(game, cursor);
  }
}

/**
 * Reading games for counts (books): each game's Result tag and its first
 * plies of mainline, played on the chess core's board, at the speed of a
 * scanner. The reader is a visitor of the PGN lexer's skim mode: a game
 * written the common way (tags, SAN, comments, NAGs, a result) is handed
 * on as its tags and mainline moves, matched here by the PGN reader's own
 * quick matcher (the core's attacks and pin test) or by the core's
 * notation; past the plies counted the visitor answers SKIP, and the rest
 * of the game is skimmed. A game this visitor does not read (a FEN or
 * Variant tag, a move it cannot match, a null move) or the skim mode does
 * not (a variation before the plies are counted, an error, a lenient
 * spelling...) is read by the lexer's text mode and the PGN reader's game
 * builder, which tell its errors with their game, line and column as they
 * do for any stream: both ways give the same moves of the same games.
 *
 * @module
 */

import type { ChessBoard } from "../chess/board.ts";
import { ChessBoard as Board } from "../chess/board.ts";
import { makeMove, unmakeMove } from "../chess/make.ts";
import { checksAfter } from "../chess/attacks.ts";
import { generateMoves } from "../chess/generate.ts";
import { Notation } from "../chess/notation.ts";
import { loadPosition } from "../chess/convert.ts";
import { ascii, bytesAre, type TagAt } from "./_lexer_bytes.ts";
import {
  FULL,
  GO,
  SkimLexer,
  type SkimVisitor,
  SKIP,
  type StartAt,
} from "./_lexer_skim.ts";
import { GameBuilder } from "./_builder.ts";
import { GameWalk } from "./_outputs.ts";
import { PgnStream } from "./_stream.ts";
import { quickMatchAt, type QuickOut } from "./_quick_match.ts";
import { START_POSITION } from "./_start.ts";
import type { PgnGame, PgnPosition, PgnVisitor } from "./game.ts";

export type { TagAt };

const encoder = new TextEncoder();

/** What a {@linkcode MainlineReader} hands on for each game it reads itself. */
export interface MainlineVisitor {
  /**
   * A tag of the game about to start (before `start`), as the PGN reader
   * reads it, when the visitor wants every tag: only tags whose value is
   * ASCII are read this way (the text mode decodes the others).
   */
  tag?(name: string, value: string): void;
  /**
   * A tag as its bytes (ASCII: its name from `at.name` to `at.nameEnd`,
   * its value from `at.value` to `at.valueEnd`), for a visitor that copies
   * them rather than reading strings: when set, `tag` is not called.
   */
  tagBytes?: (text: Uint8Array, at: TagAt) => void;
  /** A game starts from the standard position, loaded on `board`. */
  start(board: ChessBoard): void;
  /** Move `code` (the core's) of the mainline was just made on `board`. */
  move(board: ChessBoard, code: number): void;
  /**
   * The game whose moves were handed on ends: its Result tag ("" if none)
   * and its termination marker (null if none, or its moves skipped).
   */
  end(result: string, marker: string | null): void;
  /** Forget the moves handed on since `start`: the game is read again. */
  drop(): void;
}

/** How a {@linkcode MainlineReader} reads. */
export interface MainlineOptions {
  /** Plies of each game's mainline played (as `PgnWalker`'s `maxPly`). */
  maxPly: number;
  /** Where the games the PGN reader reads go, as a `PgnWalker`'s visitor. */
  fallback: PgnVisitor;
  /**
   * The most bytes kept for a game not read to its end yet (4 MiB): past
   * them (a comment never closed, say), the rest of the stream is the PGN
   * reader's, which streams it in bounded memory.
   */
  maxGameBytes?: number;
  /**
   * Which games are played, by number, as `PgnWalker`'s option: the
   * others' moves are skipped, and each mode hands on their end only.
   */
  plays?: (game: number) => boolean;
}

/**
 * A reader of one PGN stream for counts: see the comment at the top of
 * the file. {@linkcode MainlineReader.push} it chunks, then
 * {@linkcode MainlineReader.end} it.
 */
export class MainlineReader {
  readonly #lexer: SkimLexer;
  readonly #player: MainlinePlayer;
  readonly #fallback: PgnVisitor;
  readonly #maxPly: number;
  readonly #plays: ((game: number) => boolean) | null;
  /** Games read by the text mode. */
  #apart = 0;
  /** Games read so far, by either mode. */
  get games(): number {
    return this.#player.games + this.#apart;
  }

  constructor(visitor: MainlineVisitor, options: MainlineOptions) {
    this.#maxPly = options.maxPly;
    const fallback = options.fallback;
    this.#fallback = {
      position: (position: PgnPosition) => fallback.position(position),
      end: (game: PgnGame, cursor: PgnPosition | null) => {
        this.#apart++;
        fallback.end(game, cursor);
      },
    };
    this.#plays = options.plays ?? null;
    this.#player = new MainlinePlayer(visitor, {
      maxPly: options.maxPly,
      plays: this.#plays === null ? null : () => this.#plays!(this.games + 1),
    });
    this.#lexer = new SkimLexer(this.#player, {
      full: (at) => this.#full(at),
      maxGameBytes: options.maxGameBytes,
    });
  }

  /**
   * Reads the next chunk, text or bytes (do not mix them; text is read as
   * its UTF-8). The chunk may be reused once this returns.
   */
  push(chunk: string | Uint8Array): void {
    this.#lexer.push(
      typeof chunk === "string" ? encoder.encode(chunk) : chunk,
    );
  }

  /** Ends the stream: the last game is read to its end. */
  end(): void {
    this.#lexer.end();
  }

  /** The lexer's text mode and the PGN reader's builder, for text from `at`. */
  #full(at: StartAt): PgnStream {
    const builder = new GameBuilder(
      { strict: false, games: this.games },
      new GameWalk({
        visitor: this.#fallback,
        variations: false,
        enPassant: "always",
        maxPly: this.#maxPly,
        plays: this.#plays,
      }),
    );
    return new PgnStream(builder, {}, at);
  }
}

/** Texts by place, each the same string while its bytes are the same. */
class LastTexts {
  readonly #texts: string[] = [];

  /** The text of the bytes `from` to `to` (all below 128) at `place`. */
  text(place: number, { text, from, to }: BytesAt): string {
    const last = this.#texts[place];
    if (
      last !== undefined && last.length === to - from &&
      bytesAre(text, from, last)
    ) return last;
    return this.#texts[place] = ascii(text, from, to);
  }
}

/** Bytes of a text, from `from` to before `to`. */
interface BytesAt {
  text: Uint8Array;
  from: number;
  to: number;
}

/**
 * The plies past which a game's board is loaded again for the next, not
 * taken back move by move.
 */
const RELOAD_PLIES = 24;

/** Whether a tag's name is one that changes where or how a game is played: the text mode's to read. */
function isStartTag(text: Uint8Array, name: number, length: number): boolean {
  return length === 3
    ? bytesAre(text, name, "FEN")
    : length === 5
    ? bytesAre(text, name, "SetUp")
    : length === 7 && bytesAre(text, name, "Variant");
}

/**
 * The skim mode's visitor: the Result tag kept, the moves played on the
 * board until the plies counted (then SKIP), and handed on.
 */
class MainlinePlayer implements SkimVisitor {
  readonly #visitor: MainlineVisitor;
  readonly #maxPly: number;
  /** Whether the game about to start is played (`plays`), else null: all. */
  readonly #plays: (() => boolean) | null;
  readonly #notation = new Notation(new Board());
  readonly #quick: QuickOut = { wantSan: false, body: "", check: -1 };
  readonly #source = { text: "", index: 0 };
  /** The Result tag of the game being read, "" if none. */
  #result = "";
  /** Whether the board holds the standard start and moves made from it. */
  #loaded = false;
  /**
   * The last game's tag names and values, by place: most games of a
   * stream repeat most of them, and one string kept is not a string made
   * (and hashed again) for every tag of every game.
   */
  readonly #names = new LastTexts();
  readonly #values = new LastTexts();
  /** The place of the game's next tag. */
  #tagAt = 0;
  /** Games read. */
  games = 0;

  constructor(
    visitor: MainlineVisitor,
    { maxPly, plays }: { maxPly: number; plays: (() => boolean) | null },
  ) {
    this.#visitor = visitor;
    this.#maxPly = maxPly;
    this.#plays = plays;
  }

  beginGame(): void {
    this.#result = "";
    this.#tagAt = 0;
  }

  tag(text: Uint8Array, at: TagAt): number {
    const length = at.nameEnd - at.name;
    if (length === 6 && bytesAre(text, at.name, "Result")) {
      this.#result = ascii(text, at.value, at.valueEnd);
    } else if (isStartTag(text, at.name, length)) return FULL;
    const visitor = this.#visitor;
    if (visitor.tag !== undefined || visitor.tagBytes !== undefined) {
      // a value of several-byte letters is decoded by the text mode, as
      // the stream's encoding says
      for (let k = at.value; k < at.valueEnd; k++) {
        if (text[k] >= 128) return FULL;
      }
      if (visitor.tagBytes !== undefined) {
        visitor.tagBytes(text, at);
        return GO;
      }
      const place = this.#tagAt++;
      visitor.tag!(
        this.#names.text(place, { text, from: at.name, to: at.nameEnd }),
        this.#values.text(place, { text, from: at.value, to: at.valueEnd }),
      );
    }
    return GO;
  }

  /** The board back at the standard start, for the game's moves. */
  endHeaders(): number {
    if (this.#plays !== null && !this.#plays()) return SKIP;
    const board = this.#notation.board;
    // the last game's moves taken back, cheaper than loading it again for
    // a few (a book's plies), dearer for a whole game's
    if (this.#loaded && board.ply <= RELOAD_PLIES) {
      while (board.ply > 0) unmakeMove(board);
    } else {
      loadPosition(board, START_POSITION);
      this.#loaded = true;
    }
    this.#quick.check = -1;
    this.#visitor.start(board);
    return GO;
  }

  move(text: Uint8Array, from: number, to: number): number {
    const board = this.#notation.board;
    if (board.ply >= this.#maxPly) return SKIP;
    let code = quickMatchAt(board, text, from, to, this.#quick);
    if (code < 0) code = this.#parse(ascii(text, from, to), board.ply + 1);
    if (code < 0) return FULL;
    makeMove(board, code);
    // the next move's quick match asks whether the side is in check
    this.#quick.check = checksAfter(board, code) ? 1 : 0;
    this.#visitor.move(board, code);
    return GO;
  }

  endGame(marker: string | null): void {
    this.games++;
    this.#visitor.end(this.#result, marker);
  }

  drop(): void {
    this.#visitor.drop();
  }

  /** The move `token` names on the board by the core's notation, or -1. */
  #parse(token: string, ply: number): number {
    const first = token.charCodeAt(0);
    if (first === 45 || first === 90) return -1; // `--`, `Z0`: null moves
    const notation = this.#notation;
    notation.length = generateMoves(notation.board, notation.moves, 0);
    this.#source.text = token;
    this.#source.index = ply;
    try {
      return notation.parse(this.#source);
    } catch {
      return -1;
    }
  }
}

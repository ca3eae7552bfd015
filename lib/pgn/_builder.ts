// Tokens to games: where a game begins and ends, the start position from
// the tags, each move matched and played on the board, variations entered
// and left with an explicit stack, comments and NAGs handed on. What is
// made of them is the output's (_outputs.ts: the games as trees, or
// positions for a walk). An error ends the game where it happened: the
// rest of its text is read but not played, so the next game starts where
// it should.

import type { Rules } from "../types.ts";
import { startOf } from "./_start.ts";
import type { TokenSink } from "./_tokens.ts";
import {
  annotationNag,
  emptyLine,
  isBarePromotion,
  isEnPassantMark,
  isMoveNumber,
  isPromotionPiece,
  resultOf,
  withoutAnnotation,
} from "./_movetext.ts";
import { HeldPromotion } from "./_promotion.ts";
import { Replay } from "./_replay.ts";
import { type GameOutput, GameTree } from "./_outputs.ts";
import { PgnMoveError, PgnSyntaxError } from "./errors.ts";
import { MoveError } from "../chess/errors.ts";
import { PgnGame, type PgnLine, type PgnMove, type PgnResult } from "./game.ts";
import { UnplayablePositionError } from "../chess/errors.ts";

/** A line left for a variation: what to restore when it closes. */
interface Frame {
  line: PgnLine;
  made: number;
  last: PgnMove;
  lastCode: number;
  /** Where the `(` is, for the error when it is never closed. */
  openLine: number;
  openColumn: number;
}

/**
 * Where the builder is in a game: before one, in its tags, in its
 * movetext, or after its result (a comment there is the game's; a blank
 * line, a tag or a move ends it).
 */
const NONE = 0, TAGS = 1, MOVES = 2, ENDED = 3;

/** A check or mate mark, and annotations, after an `e8(Q)`. */
const CHECK_AFTER = /^[+#][!?]*$/;

/**
 * Whether `text` is `san` exactly, or its pawn drop (`@e6`) with the pawn's
 * letter, as lichess writes it (`P@e6`).
 */
function isWrittenAs(san: string, text: string): boolean {
  return san === text ||
    (san.charCodeAt(0) === 64 /* @ */ && text.length === san.length + 1 &&
      text.charCodeAt(0) === 80 /* P */ && text.endsWith(san));
}

/** The game being read: see the comment at the top of the file. */
export class GameBuilder implements TokenSink {
  readonly #replay = new Replay();
  readonly #strict: boolean;
  /** The rules of a game without a Variant tag. */
  readonly #rules: Rules;
  #count = 0;
  #phase = NONE;
  /** Whether a blank line came after the tags: a tag met again starts a game. */
  #tagsClosed = false;
  /** The result read, kept until the game ends (phase ENDED). */
  #result: PgnResult | null = null;
  /** Whether the last token completed an `e8(Q)`, so `+` may follow. */
  #promoted = false;
  /** Warnings for the game being read, given to it when it is made. */
  #warnings: PgnSyntaxError[] = [];
  #skipping = false;
  /** The output does not play this game (GameOutput.plays). */
  #unplayed = false;
  #game: PgnGame | null = null;
  #tags = new Map<string, string>();
  /**
   * The tag names met after the game went wrong in its tags: not the
   * game's (it was made with the tags before), but a name met again after
   * a blank line still starts the next game, as it does in a sound one.
   */
  readonly #namesSkipped = new Set<string>();
  #startLine = 1;
  /** Where the start's problem is reported: its tag, or the game's start. */
  #fenLine = 1;
  #fenColumn = 1;
  #comments: string[] = [];
  #truncated = false;
  #line: PgnLine = emptyLine();
  #made = 0;
  #last: PgnMove | null = null;
  #lastCode = -1;
  readonly #stack: Frame[] = [];
  readonly #promotion = new HeldPromotion();

  /** What is made of the games. */
  readonly #out: GameOutput;
  /** The move just played, handed to the output (one object, reused). */
  readonly #played = { text: "", code: 0, uci: "", san: "" };

  /**
   * Whether the lexer may skim (see TokenSink): a game's moves being
   * skipped, where comments, NAGs, variations and moves change nothing.
   */
  get skimming(): boolean {
    return this.#skipping && this.#phase === MOVES &&
      this.#promotion.stage === 0 && !this.#promoted;
  }

  /**
   * Whether the game being read is still in its tags (no movetext yet): a
   * game that ends so ends at a tag name it has, which depends on every
   * tag it has met (lib/pgn/starts.ts reads it as its games end).
   */
  get inTags(): boolean {
    return this.#phase === TAGS;
  }

  /** Whether a comment's text is kept: all, or only those before the moves. */
  get keepsComments(): boolean {
    return this.#out.keepsMoves || this.#phase === TAGS;
  }

  /** `games`: how many games came before, in a part read apart. */
  constructor(
    { strict, rules = "chess", games = 0 }: {
      strict: boolean;
      rules?: Rules;
      games?: number;
    },
    output: GameOutput = new GameTree(),
  ) {
    this.#strict = strict;
    this.#rules = rules;
    this.#out = output;
    this.#count = games;
    // Strict reading compares the text with the SAN; moves not kept
    // otherwise need no SAN, which saves the mate test after every check.
    this.#replay.wantSan = output.wantsSan || strict;
  }

  #begin(line: number): void {
    this.#count++;
    this.#phase = TAGS;
    this.#startLine = line;
    this.#fenLine = line;
    this.#fenColumn = 1;
  }

  /** The game object, made from the tags when the movetext starts. */
  #make(): PgnGame {
    if (this.#game !== null) return this.#game;
    const { start, rules, problem: wrong } = startOf(
      this.#tags,
      this.#rules,
    );
    let problem = wrong;
    const mainline: PgnLine = { comments: this.#comments, moves: [] };
    const game = new PgnGame({
      start,
      tags: this.#tags,
      rules,
      mainline,
      number: this.#count,
      line: this.#startLine,
    });
    this.#game = game;
    game.warnings = this.#warnings;
    this.#line = mainline;
    // Loaded even when the game cannot be played: a walk starts there (a
    // variant no one plays is a problem already).
    let loaded = true;
    try {
      this.#replay.load(game.start, { rules: game.rules });
    } catch (error) {
      if (!(error instanceof UnplayablePositionError)) throw error;
      loaded = false;
      if (problem === "") {
        problem = `no move can be played from the start: ${error.reason}`;
      }
    }
    this.#out.begin(game, this.#replay, loaded && !this.#unplayed);
    if (problem !== "" && !this.#skipping) {
      this.#syntax(problem, this.#fenLine, this.#fenColumn);
    }
    return game;
  }

  #moves(line: number): void {
    if (this.#phase === ENDED) this.finish();
    if (this.#phase === NONE) this.#begin(line);
    if (this.#phase === TAGS) {
      this.#phase = MOVES;
      // a game the output does not play: no start is given, and its moves
      // are skimmed, as after an error (its tags were kept: they tell where
      // the next game starts)
      this.#unplayed = !this.#out.plays(this.#count);
      this.#make();
      if (this.#unplayed) this.#skipping = true;
    }
  }

  #syntax(reason: string, line: number, column: number): void {
    const game = this.#make();
    game.error = new PgnSyntaxError({
      game: this.#count,
      line,
      column,
      reason,
    });
    this.#skipping = true;
  }

  /** Ends the game being read, if any, with the result read (or none). */
  finish(): void {
    const result = this.#result;
    if (this.#phase === NONE) return;
    this.#flushPromotion();
    if (this.#stack.length > 0 && !this.#skipping) {
      this.#syntax(
        "a variation without its )",
        this.#stack.at(-1)!.openLine,
        this.#stack.at(-1)!.openColumn,
      );
    }
    const game = this.#make();
    game.result = result;
    game.truncated = this.#truncated;
    this.#out.end(game, this.#last === null ? -1 : this.#lastCode);
    this.#phase = NONE;
    this.#tagsClosed = false;
    this.#result = null;
    this.#promoted = false;
    this.#warnings = [];
    this.#skipping = false;
    this.#unplayed = false;
    this.#game = null;
    this.#tags = new Map();
    if (this.#namesSkipped.size > 0) this.#namesSkipped.clear();
    this.#comments = [];
    this.#truncated = false;
    this.#stack.length = 0;
    this.#made = 0;
    this.#last = null;
  }

  tag(name: string, value: string, line: number, column: number): void {
    if (this.#phase === MOVES || this.#phase === ENDED) {
      this.finish();
    } else if (this.#phase === TAGS && this.#tagsClosed) {
      // Tags, a blank line, a tag the game has: the first game has no
      // movetext. A new name is the same game's (ChessBase writes a blank
      // line after its Event tag).
      if (this.#tags.has(name) || this.#namesSkipped.has(name)) this.finish();
      this.#tagsClosed = false;
    }
    if (this.#phase === NONE) this.#begin(line);
    if (this.#skipping) {
      this.#namesSkipped.add(name);
      return;
    }
    this.#tags.set(name, value);
    // Where a start that cannot be set up is reported: the FEN tag, else
    // the Variant tag.
    if (name === "FEN" || (name === "Variant" && !this.#tags.has("FEN"))) {
      this.#fenLine = line;
      this.#fenColumn = column;
    }
  }

  blank(_line: number): void {
    if (this.#phase === TAGS) this.#tagsClosed = true;
    else if (this.#phase !== NONE) {
      // A blank line ends movetext, result or none, as python-chess and
      // chessops read it.
      this.finish();
    }
  }

  warning(reason: string, line: number, column: number): void {
    if (this.#phase === NONE) this.#begin(line);
    this.#warnings.push(
      new PgnSyntaxError({ game: this.#count, line, column, reason }),
    );
  }

  error(reason: string, line: number, column: number, token = false): void {
    this.#flushPromotion();
    // a token written wrong starts the movetext as one written right does:
    // a tag after it starts the next game (the mainline reader cuts there)
    if (token) this.#moves(line);
    if (this.#phase === ENDED) this.finish();
    if (this.#phase === NONE) this.#begin(line);
    if (!this.#skipping) this.#syntax(reason, line, column);
  }

  comment(text: string, cut: number, line: number, column: number): void {
    this.#promoted = false;
    if (this.#promotion.stage !== 0) this.#flushPromotion();
    if (this.#skipping) return;
    // Before any tag, a comment starts a game of its own, as chessops and
    // python-chess read it (the first of pgn-extract's eco.pgn is one);
    // after the result, it is the game's.
    if (this.#phase !== TAGS && this.#phase !== ENDED) this.#moves(line);
    if (cut > 0 && !this.#truncated) {
      // Said once a game: what was lost is the game's to know.
      this.#truncated = true;
      this.warning(
        `a comment longer than ${
          cut.toLocaleString("en")
        } characters, cut there`,
        line,
        column,
      );
    }
    const comment = text.trim();
    if (this.#phase === TAGS) {
      this.#comments.push(comment);
      return;
    }
    this.#out.comment(this.#line, this.#last, comment);
  }

  nag(value: number, line: number, column: number): void {
    this.#promoted = false;
    if (this.#promotion.stage !== 0) this.#flushPromotion();
    this.#moves(line);
    if (this.#skipping) return;
    if (this.#last === null) {
      this.#syntax("a NAG before any move", line, column);
    } else this.#out.nag(this.#last, value);
  }

  open(line: number, column: number): void {
    this.#promoted = false;
    if (this.#promotion.stage === 1) {
      this.#promotion.open(line, column);
      return;
    }
    if (this.#promotion.stage !== 0) this.#flushPromotion();
    this.#moves(line);
    if (this.#skipping) return;
    const last = this.#last;
    if (last === null) {
      this.#syntax("a variation before any move", line, column);
      return;
    }
    this.#stack.push({
      line: this.#line,
      made: this.#made,
      last,
      lastCode: this.#lastCode,
      openLine: line,
      openColumn: column,
    });
    this.#line = this.#out.variation(last, this.#line);
    this.#replay.back();
    this.#made = 0;
    this.#last = null;
  }

  close(line: number, column: number): void {
    this.#promoted = false;
    const held = this.#promotion;
    if (held.stage === 3) {
      this.#move(held.take(), held.line, held.column);
      this.#promoted = true;
      return;
    }
    if (this.#promotion.stage !== 0) this.#flushPromotion();
    this.#moves(line);
    if (this.#skipping) return;
    const frame = this.#stack.pop();
    if (frame === undefined) {
      this.#syntax("a ) without its (", line, column);
      return;
    }
    for (let k = 0; k < this.#made; k++) this.#replay.back();
    this.#line = frame.line;
    this.#made = frame.made;
    this.#last = frame.last;
    this.#lastCode = frame.lastCode;
    this.#replay.play(frame.lastCode);
  }

  symbol(text: string, line: number, column: number): void {
    if (this.#promotion.stage === 2 && isPromotionPiece(text)) {
      this.#promotion.name(text);
      return;
    }
    if (this.#promoted) {
      this.#promoted = false;
      // `h8(Q)+`: the mark of the promotion just read (the SAN has its own).
      if (CHECK_AFTER.test(text)) {
        const nag = annotationNag(text.slice(1));
        if (nag !== undefined) this.nag(nag, line, column);
        return;
      }
    }
    if (this.#promotion.stage !== 0) this.#flushPromotion();
    this.#moves(line);
    const result = resultOf(text);
    if (result !== null) {
      if (this.#stack.length > 0 && !this.#skipping) {
        const open = this.#stack.at(-1)!;
        this.#syntax(
          "a variation without its )",
          open.openLine,
          open.openColumn,
        );
      }
      this.#result = result;
      this.#phase = ENDED;
      return;
    }
    if (this.#skipping) return;
    const nag = annotationNag(text);
    if (nag !== undefined) {
      this.nag(nag, line, column);
    } else if (isMoveNumber(text)) {
      // A move number cut from its dot, as some programs write: skipped.
    } else if (isEnPassantMark(text)) {
      if (this.#last === null) {
        this.#syntax("e.p. before any move", line, column);
      }
    } else if (!this.#strict && isBarePromotion(text)) {
      this.#promotion.hold(text, line, column);
    } else this.#move(text, line, column);
  }

  /** Plays what an unfinished `e8(Q)` held back, as the tokens they were. */
  #flushPromotion(): void {
    const held = this.#promotion, stage = held.stage;
    if (stage === 0) return;
    held.stage = 0;
    this.#move(held.text, held.line, held.column);
    if (stage >= 2) this.open(held.openLine, held.openColumn);
    if (stage === 3) {
      this.symbol(held.piece, held.openLine, held.openColumn + 1);
    }
  }

  #move(text: string, line: number, column: number): void {
    if (this.#skipping) return;
    const replay = this.#replay;
    const out = this.#out;
    if (this.#stack.length === 0 && replay.depth >= out.maxPly) {
      // The output asked for no more of this game: the rest is read only.
      this.#skipping = true;
      return;
    }
    let code: number;
    try {
      code = replay.parse(text, replay.depth + 1, this.#strict);
    } catch (error) {
      this.#moveError(error, text, line, column);
      return;
    }
    const uci = out.keepsMoves ? replay.uci(code) : "";
    const san = replay.playParsed(code);
    if (this.#strict && !isWrittenAs(san, withoutAnnotation(text))) {
      replay.back();
      this.#moveError(
        new MoveError({
          move: text,
          index: 0,
          code: "malformed",
          reason: `not written as its SAN, ${san}`,
        }),
        text,
        line,
        column,
      );
      return;
    }
    this.#made++;
    this.#lastCode = code;
    const played = this.#played;
    played.text = text;
    played.code = code;
    played.uci = uci;
    played.san = san;
    this.#last = out.move(this.#line, played, this.#stack.length);
  }

  #moveError(error: unknown, text: string, line: number, column: number): void {
    if (!(error instanceof MoveError)) throw error;
    const replay = this.#replay;
    const game = this.#make();
    const { code, reason } = error;
    game.error = new PgnMoveError({
      game: this.#count,
      line,
      column,
      ply: replay.depth + 1,
      move: text,
      code,
      reason,
      moveNumber: replay.fullmove,
      black: replay.side === 1,
    });
    this.#skipping = true;
  }
}

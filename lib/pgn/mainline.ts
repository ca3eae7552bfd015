/**
 * Reading games for counts (books): each game's Result tag and its first
 * plies of mainline, played on the chess core's board, at the speed of a
 * scanner. A game written the common way (tags, SAN, comments, NAGs, a
 * result) is read here: its moves matched by the PGN reader's own quick
 * matcher (the core's attacks and pin test) or by the core's notation, the
 * rest of it past the plies counted stepped over to where the game ends,
 * without reading moves. Anything else (a FEN or Variant tag, a variation
 * before the plies are counted, an error, a null move, a lenient
 * spelling...) sends the game, from its start to the next point where a
 * game surely begins, to the PGN reader itself, which then reads it (and
 * tells its errors, with their game, line and column) as it reads any
 * stream: both ways give the same moves of the same games.
 *
 * @module
 */

import type { ChessBoard } from "../chess/board.ts";
import { ChessBoard as Board } from "../chess/board.ts";
import { makeMove, unmakeMove } from "../chess/make.ts";
import { generateMoves } from "../chess/generate.ts";
import { Notation } from "../chess/notation.ts";
import { loadPosition } from "../chess/convert.ts";
import { SYMBOL_CHARS } from "./_chars.ts";
import {
  ascii,
  bytesAre,
  commentEnd,
  encoder,
  INCOMPLETE,
  IRREGULAR,
  isByteSpace,
  isDigit,
  isGoodTag,
  isResultAt,
  isStartTag,
  lineCommentEnd,
  numberEnd,
  readTag,
  segmentEnd,
  type Skim,
  SKIM_CUT,
  SKIM_END,
  SKIM_OTHER,
  skimGame,
  skipNothing,
  SYMBOL_MAX,
  type TagAt,
  tagEnd,
} from "./_scan.ts";
import { GameBuilder } from "./_builder.ts";
import { GameWalk } from "./_outputs.ts";
import { PgnStream } from "./_stream.ts";
import { quickMatch, type QuickOut } from "./_quick_match.ts";
import { START_POSITION } from "./_start.ts";
import { annotationNag, isMoveNumber, resultOf } from "./_movetext.ts";
import type { PgnGame, PgnPosition, PgnVisitor } from "./game.ts";

/** What a {@linkcode MainlineReader} hands on for each game it reads itself. */
export interface MainlineVisitor {
  /** A game starts from the standard position, loaded on `board`. */
  start(board: ChessBoard): void;
  /** Move `code` (the core's) of the mainline was just made on `board`. */
  move(board: ChessBoard, code: number): void;
  /** The game whose moves were handed on ends: its Result tag, "" if none. */
  end(result: string): void;
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
}

/**
 * A reader of one PGN stream for counts: see the comment at the top of
 * the file. {@linkcode MainlineReader.push} it chunks, then
 * {@linkcode MainlineReader.end} it.
 */
export class MainlineReader {
  readonly #visitor: MainlineVisitor;
  readonly #fallback: PgnVisitor;
  readonly #maxPly: number;
  readonly #notation = new Notation(new Board());
  readonly #quick: QuickOut = { wantSan: false, body: "", check: -1 };
  readonly #source = { text: "", index: 0 };
  readonly #tag: TagAt = { name: 0, nameEnd: 0, value: 0, valueEnd: 0 };
  /**
   * Where skimGame stopped, and the lines #game and its scanners passed
   * in the game being read, with where the last starts.
   */
  readonly #skim: Skim = { at: 0, lines: 0, lineStart: 0 };
  /** The Result tag of the game being read, "" if none. */
  #result = "";
  /** Whether the board holds the standard start and moves made from it. */
  #loaded = false;
  /** The bytes not read yet: a game cut by the end of the last chunk. */
  #text: Uint8Array = new Uint8Array(0);
  /** Where chunks are joined to the bytes not read yet, kept for the next. */
  #joined: Uint8Array = new Uint8Array(0);
  /**
   * The line of the next game's start, and where that line starts in the
   * text being read (before it when it started in an earlier chunk), for
   * the positions the PGN reader reports: counted by the scanners as they
   * go (#skim's `lines` and `lineStart` when #game reads a game), where
   * they stop at line feeds anyway.
   */
  #line = 1;
  #lineStart = 0;
  readonly #maxGameBytes: number;
  /** The PGN reader's stream for the rest, once a game was too long. */
  #apart: PgnStream | null = null;
  /** Games read so far, by either way. */
  games = 0;

  constructor(visitor: MainlineVisitor, options: MainlineOptions) {
    this.#visitor = visitor;
    this.#maxPly = options.maxPly;
    this.#maxGameBytes = options.maxGameBytes ?? 1 << 22;
    const fallback = options.fallback;
    this.#fallback = {
      position: (position: PgnPosition) => fallback.position(position),
      end: (game: PgnGame, cursor: PgnPosition | null) => {
        this.games++;
        fallback.end(game, cursor);
      },
    };
  }

  /**
   * Reads the next chunk, text or bytes (do not mix them; text is read as
   * its UTF-8). The chunk may be reused once this returns.
   */
  push(chunk: string | Uint8Array): void {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    if (this.#apart !== null) {
      this.#apart.push(bytes);
      return;
    }
    const carry = this.#text;
    if (carry.length === 0) this.#read(bytes, false);
    else {
      const size = carry.length + bytes.length;
      if (this.#joined.length < size) this.#joined = new Uint8Array(size * 2);
      const joined = this.#joined.subarray(0, size);
      joined.set(carry);
      joined.set(bytes, carry.length);
      this.#read(joined, false);
    }
  }

  /** Ends the stream: the last game is read to its end. */
  end(): void {
    if (this.#apart !== null) this.#apart.end();
    else this.#read(this.#text, true);
    this.#text = new Uint8Array(0);
  }

  #read(text: Uint8Array, final: boolean): void {
    let at = 0;
    const n = text.length;
    while (at < n) {
      const end = this.#game(text, at, final);
      if (end === INCOMPLETE) break;
      if (end === IRREGULAR) {
        const stop = segmentEnd(text, at, final);
        if (stop < 0) break;
        this.#readApart(text, at, stop);
        for (let k = at; k < stop; k++) {
          if (text[k] === 10) (this.#line++, this.#lineStart = k + 1);
        }
        at = stop;
      } else {
        const skim = this.#skim;
        this.#line += skim.lines;
        if (skim.lines > 0) this.#lineStart = skim.lineStart;
        at = end;
      }
    }
    if (n - at > this.#maxGameBytes) {
      // A game longer than any should be: the rest is the reader's.
      this.#apart = this.#streamApart(at);
      this.#apart.push(text.subarray(at));
      at = n;
    }
    // a copy: the chunk is the caller's
    this.#text = text.slice(at);
    this.#lineStart -= at;
  }

  /** Reads `text` from `from` to `to` with the PGN reader, as a stream apart. */
  #readApart(text: Uint8Array, from: number, to: number): void {
    const stream = this.#streamApart(from);
    stream.push(text.subarray(from, to));
    stream.end();
  }

  /** A stream for the PGN reader that starts at `from` in the text read. */
  #streamApart(from: number): PgnStream {
    const builder = new GameBuilder(
      { strict: false, games: this.games },
      new GameWalk({
        visitor: this.#fallback,
        variations: false,
        enPassant: "always",
        maxPly: this.#maxPly,
      }),
    );
    return new PgnStream(builder, {}, {
      line: this.#line,
      column: from - this.#lineStart + 1,
    });
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

  /**
   * A game's tags from `start`, written the common way: where its
   * movetext starts (the text's end when it holds no game), its Result
   * tag kept; or INCOMPLETE (the text ends first), or IRREGULAR (for the
   * PGN reader). The lines passed are counted in #skim.
   */
  #tags(text: Uint8Array, start: number, final: boolean): number {
    const n = text.length;
    let i = skipNothing(text, start);
    if (i < 0) return final ? IRREGULAR : INCOMPLETE;
    // the lines passed, and where the last starts
    const skim = this.#skim;
    skim.lines = 0;
    skim.lineStart = 0;
    for (let k = start; k < i; k++) {
      if (text[k] === 10) (skim.lines++, skim.lineStart = k + 1);
    }
    this.#result = "";
    const tag = this.#tag;
    for (let c = text[i]; i < n && c === 91 /* [ */;) {
      const tagEnd = readTag(text, i, tag);
      if (tagEnd === INCOMPLETE) return final ? IRREGULAR : INCOMPLETE;
      if (tagEnd === IRREGULAR) return IRREGULAR;
      const length = tag.nameEnd - tag.name;
      if (length === 6 && bytesAre(text, tag.name, "Result")) {
        this.#result = ascii(text, tag.value, tag.valueEnd);
      } else if (isStartTag(text, tag.name, length)) return IRREGULAR;
      // the line's end, then blank lines: a tag after them is the reader's
      let blank = false;
      i = tagEnd;
      skim.lines++;
      skim.lineStart = i;
      for (c = text[i]; i < n && isByteSpace(c); c = text[++i]) {
        if (c === 10) (blank = true, skim.lines++, skim.lineStart = i + 1);
      }
      if (i === n) return final ? IRREGULAR : INCOMPLETE;
      if (blank && c === 91) return IRREGULAR;
      // a comment between the tags and the moves is the reader's
      if (c === 123 || c === 59) return IRREGULAR;
    }
    return i;
  }

  /** The board back at the standard start, for the next game's moves. */
  #restart(): ChessBoard {
    const board = this.#notation.board;
    // the last game's moves taken back, cheaper than loading it again
    if (this.#loaded) { while (board.ply > 0) unmakeMove(board); }
    else {
      loadPosition(board, START_POSITION);
      this.#loaded = true;
    }
    this.#quick.check = -1;
    this.#visitor.start(board);
    return board;
  }

  // One game from `start`: where it ends, or INCOMPLETE (the text ends
  // first), or IRREGULAR (for the PGN reader). The game's phases are the
  // PGN reader's (before it, tags, movetext, after the result) and end it
  // where that reader ends it. One scanner loop over char codes, longer
  // than the house limit, as the hot path of book making.
  #game(text: Uint8Array, start: number, final: boolean): number {
    const n = text.length;
    let i = this.#tags(text, start, final);
    if (i < 0 || i === n) return i;
    const skim = this.#skim;
    let c = 0;
    const visitor = this.#visitor, quick = this.#quick;
    const board = this.#restart();
    const maxPly = this.#maxPly;
    let ply = 0, ended = false, skipping = false, used = true, moved = false;
    /** Where the game ends, or -1: the text ended in it (or in a token). */
    let end = -1;
    scan: while (i < n) {
      c = text[i];
      switch (c) {
        case 32:
        case 9:
        case 13:
          i++;
          continue;
        case 10:
          i++;
          skim.lines++;
          skim.lineStart = i;
          if (!used) {
            // a blank line ends the game, but not its tags (no token yet)
            if (!moved) {
              visitor.drop();
              return IRREGULAR;
            }
            end = i;
            break scan;
          }
          used = false;
          continue;
        case 123: { // {, to the }
          const close = commentEnd(text, i + 1, skim);
          if (close < 0) {
            i = n + 1; // cut
            break scan;
          }
          used = true;
          i = close + 1;
          continue;
        }
        case 59: { // ; to the end of the line, or to a lone CR
          const feed = lineCommentEnd(text, i + 1);
          if (feed < 0) {
            i = n + 1;
            break scan;
          }
          i = feed + 1;
          if (text[feed] !== 10) {
            used = true;
            continue;
          }
          used = false;
          skim.lines++;
          skim.lineStart = i;
          continue;
        }
        case 91: { // [, a new game's tag (before any token, the same game's)
          const after = tagEnd(text, i);
          if (after < 0) {
            i = n + 1;
            break scan;
          }
          // a tag written wrong is an error of this game, for the reader
          if (!moved || !isGoodTag(text, after)) {
            visitor.drop();
            return IRREGULAR;
          }
          end = i;
          break scan;
        }
      }
      if (c === 12 || c === 11) {
        i++; // the other spaces the lexer steps over
        continue;
      }
      used = true;
      if (isDigit(c)) {
        // a move number: the lexer hands on nothing, after the result too
        const dots = numberEnd(text, i);
        if (dots === INCOMPLETE) {
          i = n + 1;
          break scan;
        }
        if (dots > 0) {
          i = dots;
          continue;
        }
      }
      moved = true; // a token the lexer hands on: the game's moves begin
      if (ended) {
        // after the result, a token starts the next game
        if (
          c < 128 &&
          (SYMBOL_CHARS[c] === 2 || c === 40 || c === 41 || c === 36 ||
            c === 42)
        ) {
          end = i;
          break scan;
        }
        visitor.drop();
        return IRREGULAR;
      }
      if (c === 42) { // *
        ended = true;
        i++;
        continue;
      }
      if (c === 36) { // $
        let j = i + 1;
        while (j < n && isDigit(text[j])) j++;
        if (j === n) {
          i = n + 1;
          break scan;
        }
        if (j === i + 1 || (ply === 0 && !skipping)) {
          visitor.drop();
          return IRREGULAR;
        }
        i = j;
        continue;
      }
      if (c === 40 || c === 41) { // ( )
        if (!skipping) {
          visitor.drop();
          return IRREGULAR;
        }
        i++;
        continue;
      }
      if (c >= 128 || SYMBOL_CHARS[c] !== 2) {
        visitor.drop();
        return IRREGULAR;
      }
      let j = i + 1;
      for (let d = text[j]; j < n; d = text[++j]) {
        if (d >= 128) { // a letter of several bytes: the reader decodes it
          visitor.drop();
          return IRREGULAR;
        }
        if (SYMBOL_CHARS[d] === 0) break;
      }
      if (j === n) {
        i = n + 1;
        break scan;
      }
      if (j - i > SYMBOL_MAX) {
        visitor.drop();
        return IRREGULAR;
      }
      if (skipping) {
        // past the plies counted, only a result changes anything
        ended = isResultAt(text, i, j);
        i = j;
        continue;
      }
      // What a symbol is, from its first byte: a move, mostly; the others
      // start with a digit, a dot, a mark (! ? + # -).
      const from = i;
      let token = "";
      i = j;
      if (c <= 57 || c === 63) {
        token = ascii(text, from, j);
        if (resultOf(token) !== null) {
          ended = true;
          continue;
        }
        if (isMoveNumber(token)) continue;
        if (annotationNag(token) !== undefined) {
          if (ply > 0) continue;
          visitor.drop();
          return IRREGULAR;
        }
      }
      if (ply >= maxPly) {
        // The rest is read only, as the reader does: skimmed to the game's
        // end or its result.
        skipping = true;
        const found = skimGame(text, i, skim);
        if (found === SKIM_END) {
          end = skim.at;
          break scan;
        }
        if (found === SKIM_CUT) {
          i = n + 1;
          break scan;
        }
        if (found === SKIM_OTHER) {
          visitor.drop();
          return IRREGULAR;
        }
        ended = true;
        i = skim.at;
        continue;
      }
      if (token === "") token = ascii(text, from, j);
      let code = quickMatch(board, token, quick);
      if (code < 0) code = this.#parse(token, ply + 1);
      if (code < 0) {
        visitor.drop();
        return IRREGULAR;
      }
      makeMove(board, code);
      quick.check = -1;
      ply++;
      visitor.move(board, code);
    }
    if (end < 0) {
      // The text ended: in a token (for the reader, at the stream's end),
      // or between two (the game ends there at the stream's end).
      if (!final || i > n) {
        visitor.drop();
        return final ? IRREGULAR : INCOMPLETE;
      }
      end = n;
    }
    this.games++;
    visitor.end(this.#result);
    return end;
  }
}

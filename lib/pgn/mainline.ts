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
import { NAME_CHARS, SYMBOL_CHARS } from "./_chars.ts";
import { GameBuilder } from "./_builder.ts";
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
}

/** #game's answers besides where a game ends. */
const INCOMPLETE = -1, IRREGULAR = -2;

/** Whether a tag's name is one that changes where or how a game is played: the reader's to read. */
function isStartTag(text: Uint8Array, name: number, length: number): boolean {
  return length === 3
    ? bytesAre(text, name, "FEN")
    : length === 5
    ? bytesAre(text, name, "SetUp")
    : length === 7 && bytesAre(text, name, "Variant");
}

/** The longest symbol the lexer reads (its SYMBOL_MAX). */
const SYMBOL_MAX = 255;
/** The longest tag value the reader takes by default. */
const TAG_VALUE_MAX = 1 << 16;

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
  readonly #skim: Skim = { at: 0, lines: 0, lineStart: 0 };
  /** Whether the board holds the standard start and moves made from it. */
  #loaded = false;
  /** The bytes not read yet: a game cut by the end of the last chunk. */
  #text: Uint8Array = new Uint8Array(0);
  /** Where chunks are joined to the bytes not read yet, kept for the next. */
  #joined: Uint8Array = new Uint8Array(0);
  /**
   * The line of the next game's start, and where that line starts in the
   * text being read (before it when it started in an earlier chunk), for
   * the positions the PGN reader reports: counted by the scanner as it
   * goes (#game's `lines`, `lineStart` when it reads a game).
   */
  #line = 1;
  #lineStart = 0;
  #gameLines = 0;
  #gameLineStart = 0;
  /** Games read so far, by either way. */
  games = 0;

  constructor(visitor: MainlineVisitor, options: MainlineOptions) {
    this.#visitor = visitor;
    this.#maxPly = options.maxPly;
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
    this.#read(this.#text, true);
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
        this.#line += this.#gameLines;
        if (this.#gameLines > 0) this.#lineStart = this.#gameLineStart;
        at = end;
      }
    }
    // a copy: the chunk is the caller's
    this.#text = text.slice(at);
    this.#lineStart -= at;
  }

  /** Reads `text` from `from` to `to` with the PGN reader, as a stream apart. */
  #readApart(text: Uint8Array, from: number, to: number): void {
    const builder = new GameBuilder(false, {
      visitor: this.#fallback,
      variations: false,
      enPassant: "always",
      maxPly: this.#maxPly,
    }, this.games);
    const stream = new PgnStream(builder, {}, {
      line: this.#line,
      column: from - this.#lineStart + 1,
    });
    stream.push(text.subarray(from, to));
    stream.end();
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

  // One game from `start`: where it ends, or INCOMPLETE (the text ends
  // first), or IRREGULAR (for the PGN reader). The game's phases are the
  // PGN reader's (before it, tags, movetext, after the result) and end it
  // where that reader ends it. One scanner loop over char codes, longer
  // than the house limit, as the hot path of book making.
  #game(text: Uint8Array, start: number, final: boolean): number {
    const n = text.length;
    let i = skipNothing(text, start);
    if (i < 0) return final ? IRREGULAR : INCOMPLETE;
    // the lines passed, and where the last starts
    let lines = 0, lineStart = 0;
    for (let k = start; k < i; k++) {
      if (text[k] === 10) (lines++, lineStart = k + 1);
    }
    if (i === n) {
      this.#gameLines = lines;
      this.#gameLineStart = lineStart;
      return n;
    }
    let result = "";
    let c = text[i];
    const tag = this.#tag;
    while (c === 91 /* [ */) {
      const tagEnd = readTag(text, i, tag);
      if (tagEnd === INCOMPLETE) return final ? IRREGULAR : INCOMPLETE;
      if (tagEnd === IRREGULAR) return IRREGULAR;
      const length = tag.nameEnd - tag.name;
      if (length === 6 && bytesAre(text, tag.name, "Result")) {
        result = ascii(text, tag.value, tag.valueEnd);
      } else if (isStartTag(text, tag.name, length)) return IRREGULAR;
      // the line's end, then blank lines: a tag after them is the reader's
      let blank = false;
      i = tagEnd;
      lines++;
      lineStart = i;
      for (
        c = text[i];
        i < n && isByteSpace(c);
        c = text[++i]
      ) {
        if (c === 10) (blank = true, lines++, lineStart = i + 1);
      }
      if (i === n) return final ? IRREGULAR : INCOMPLETE;
      if (blank && c === 91) return IRREGULAR;
      // a comment between the tags and the moves is the reader's
      if (c === 123 || c === 59) return IRREGULAR;
    }
    const visitor = this.#visitor, quick = this.#quick;
    const board = this.#notation.board;
    // Back to the start: the last game's moves taken back, cheaper than
    // loading it again.
    if (this.#loaded) { while (board.ply > 0) unmakeMove(board); }
    else {
      loadPosition(board, START_POSITION);
      this.#loaded = true;
    }
    quick.check = -1;
    visitor.start(board);
    const maxPly = this.#maxPly;
    let ply = 0, ended = false, skipping = false, used = true;
    /** Where the game ends, or -1: the text ended in it (or in a token). */
    let end = -1;
    let feed = -1;
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
          lines++;
          lineStart = i;
          if (!used) {
            end = i; // a blank line ends the game
            break scan;
          }
          used = false;
          continue;
        case 123: { // {, to the }, counting its lines
          const close = text.indexOf(125, i + 1);
          if (close < 0) {
            i = n + 1; // cut
            break scan;
          }
          // the next line feed, looked for once a line
          if (feed <= i) feed = nextFeed(text, i + 1);
          while (feed < close) {
            lines++;
            lineStart = feed + 1;
            feed = nextFeed(text, feed + 1);
          }
          used = true;
          i = close + 1;
          continue;
        }
        case 59: { // ; to the end of the line
          const feed = text.indexOf(10, i + 1);
          if (feed < 0) {
            i = n + 1;
            break scan;
          }
          used = false;
          lines++;
          i = lineStart = feed + 1;
          continue;
        }
        case 91: // [
          end = i;
          break scan;
      }
      if (c === 12 || c === 11) {
        i++; // the other spaces the lexer steps over
        continue;
      }
      used = true;
      if (ended) {
        // after the result, a token starts the next game, but a number
        const dots = numberEnd(text, i);
        if (dots === INCOMPLETE) {
          i = n + 1;
          break scan;
        }
        if (dots > 0) {
          i = dots;
          continue;
        }
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
      if (isDigit(c)) {
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
        const skim = this.#skim;
        skim.lines = lines;
        skim.lineStart = lineStart;
        const found = skimGame(text, i, skim);
        lines = skim.lines;
        lineStart = skim.lineStart;
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
    visitor.end(result);
    this.#gameLines = lines;
    this.#gameLineStart = lineStart;
    return end;
  }
}

const encoder = new TextEncoder();

/**
 * The spaces the lexer steps over that are one byte: the others (no-break
 * space, byte-order mark) are several, and left to the reader.
 */
function isByteSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}

/** Whether the bytes from `i` are `ascii`'s. */
function bytesAre(text: Uint8Array, i: number, ascii: string): boolean {
  for (let k = 0; k < ascii.length; k++) {
    if (text[i + k] !== ascii.charCodeAt(k)) return false;
  }
  return true;
}

/** The bytes from `i` to `j`, all below 128, as a string. */
function ascii(text: Uint8Array, i: number, j: number): string {
  switch (j - i) {
    case 2:
      return String.fromCharCode(text[i], text[i + 1]);
    case 3:
      return String.fromCharCode(text[i], text[i + 1], text[i + 2]);
    case 4:
      return String.fromCharCode(
        text[i],
        text[i + 1],
        text[i + 2],
        text[i + 3],
      );
    case 5:
      return String.fromCharCode(
        text[i],
        text[i + 1],
        text[i + 2],
        text[i + 3],
        text[i + 4],
      );
    case 6:
      return String.fromCharCode(
        text[i],
        text[i + 1],
        text[i + 2],
        text[i + 3],
        text[i + 4],
        text[i + 5],
      );
    default: {
      let out = "";
      for (let k = i; k < j; k++) out += String.fromCharCode(text[k]);
      return out;
    }
  }
}

/** The first line feed from `from`, or the end of the text. */
function nextFeed(text: Uint8Array, from: number): number {
  const feed = text.indexOf(10, from);
  return feed < 0 ? text.length : feed;
}

/** Where skimGame stopped, and the lines it passed (as #game counts them). */
interface Skim {
  at: number;
  lines: number;
  lineStart: number;
}

/** What skimGame found: the game's end, a result, the text's end, or more. */
const SKIM_END = 0, SKIM_RESULT = 1, SKIM_CUT = 2, SKIM_OTHER = 3;

/**
 * The bytes skimGame stops at: comments, line ends, tags, `;` and `%`
 * lines, results (`*`, and `1-0`, `0-1`, `1/2-1/2` from their first
 * digit), and any byte of a letter of several bytes.
 */
const SKIM_STOPS: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  for (const c of "{\n[;%*01") table[c.charCodeAt(0)] = 1;
  table.fill(1, 128);
  return table;
})();

// A game's movetext past the plies counted, from `i`, stepped over byte by
// byte to where the reader ends the game (a blank line, a tag) or reads
// its result, as the lexer's states see it (comments, `;` and `%` lines);
// the rest (moves, numbers, NAGs, parentheses, stray characters) changes
// nothing for a reader that skips the game's moves. A result that follows
// a move number without a space, and anything of several bytes, are the
// reader's (SKIM_OTHER). One loop, longer than the house limit, as the
// hot path of book making.
function skimGame(text: Uint8Array, i: number, skim: Skim): number {
  const n = text.length;
  let lines = skim.lines, lineStart = skim.lineStart;
  /** The last line feed outside comments: a line after it with no token is blank. */
  let idle = -2;
  /** The next line feed, looked for once a line (for those in comments). */
  let feed = -1;
  let found = SKIM_CUT;
  scan: for (;;) {
    while (i < n && SKIM_STOPS[text[i]] === 0) i++;
    if (i >= n) break;
    const c = text[i];
    switch (c) {
      case 123: { // {
        const close = text.indexOf(125, i + 1);
        if (close < 0) break scan;
        if (feed <= i) feed = nextFeed(text, i + 1);
        while (feed < close) {
          lines++;
          lineStart = feed + 1;
          feed = nextFeed(text, feed + 1);
        }
        i = close + 1;
        continue;
      }
      case 10: {
        lines++;
        lineStart = i + 1;
        let j = i - 1;
        while (j > idle && isLineSpace(text[j])) j--;
        if (j === idle) { // a blank line ends the game
          found = SKIM_END;
          i++;
          break scan;
        }
        idle = i++;
        continue;
      }
      case 91: // [
        found = SKIM_END;
        break scan;
      case 37: // %, an escape line at a line's start
      case 59: { // ;
        if (c === 37 && text[i - 1] !== 10) {
          i++;
          continue;
        }
        const end = text.indexOf(10, i + 1);
        if (end < 0) break scan;
        lines++;
        lineStart = end + 1;
        idle = end;
        i = end + 1;
        continue;
      }
      case 42: // *
        found = SKIM_RESULT;
        i++;
        break scan;
      case 48: // 0
      case 49: { // 1
        const length = resultLength(text, i);
        if (length < 0) break scan;
        if (length === 0) {
          i++;
          continue;
        }
        const before = text[i - 1];
        if (before < 128 && SYMBOL_CHARS[before] !== 0) {
          if (before === 46) { // after a move number's dot: the reader's
            found = SKIM_OTHER;
            break scan;
          }
          i++; // inside a longer symbol
          continue;
        }
        found = SKIM_RESULT;
        i += length;
        break scan;
      }
      default:
        found = SKIM_OTHER;
        break scan;
    }
  }
  skim.at = i;
  skim.lines = lines;
  skim.lineStart = lineStart;
  return found;
}

/** Spaces within a line, as the lexer steps over them. */
function isLineSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
}

/**
 * The length of the result (`1-0`, `0-1`, `1/2-1/2`) that is the whole
 * symbol from `i`, 0 if none is, -1 if the text ends before we know.
 */
function resultLength(text: Uint8Array, i: number): number {
  const length = bytesAre(text, i, "1/2-1/2")
    ? 7
    : bytesAre(text, i, "1-0") || bytesAre(text, i, "0-1")
    ? 3
    : 0;
  if (length === 0) {
    // cut by the text's end: a result's start, or not
    const rest = text.length - i;
    return rest < 7 &&
        ["1/2-1/2", "1-0", "0-1"].some((result) =>
          rest < result.length &&
          bytesAre(text.subarray(0, i + rest), i, result.slice(0, rest))
        )
      ? -1
      : 0;
  }
  if (i + length >= text.length) return -1;
  const after = text[i + length];
  return after < 128 && SYMBOL_CHARS[after] !== 0 ? 0 : length;
}

/** Whether the symbol from `i` to `j` is a result other than `*`. */
function isResultAt(text: Uint8Array, i: number, j: number): boolean {
  const length = j - i;
  return length === 3
    ? bytesAre(text, i, "1-0") || bytesAre(text, i, "0-1")
    : length === 7 && bytesAre(text, i, "1/2-1/2");
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Where a move number (`12.`, `12...`) that starts at `i` ends, 0 if
 * none starts there, INCOMPLETE if the text ends before we know: the lexer
 * hands on nothing for it.
 */
function numberEnd(text: Uint8Array, i: number): number {
  const n = text.length;
  let j = i;
  while (j < n && isDigit(text[j])) j++;
  if (j === n) return INCOMPLETE;
  if (j === i || text[j] !== 46) return 0;
  while (j < n && text[j] === 46) j++;
  return j === n ? INCOMPLETE : j;
}

/**
 * Where the first token of a game starts from `i`, past spaces, blank
 * lines and move numbers (which start no game); -1 if the text ends in a
 * number.
 */
function skipNothing(text: Uint8Array, i: number): number {
  const n = text.length;
  for (;;) {
    while (i < n && isByteSpace(text[i])) i++;
    if (i === n) return n;
    const dots = numberEnd(text, i);
    if (dots === INCOMPLETE) return -1;
    if (dots === 0) return i;
    i = dots;
  }
}

/** Where a tag's name and value are in the text. */
interface TagAt {
  name: number;
  nameEnd: number;
  value: number;
  valueEnd: number;
}

/**
 * A tag written the common way at `i` (`[Name "value"]`, then the line's
 * end): where its name and value are (in `at`) and where the next line
 * starts; IRREGULAR when it is written otherwise (for the reader),
 * INCOMPLETE when the text ends first.
 */
function readTag(text: Uint8Array, i: number, at: TagAt): number {
  const n = text.length;
  let feed = i;
  while (feed < n && text[feed] !== 10) feed++;
  if (feed === n) return INCOMPLETE;
  let j = i + 1;
  while (
    j < feed && text[j] < 128 && NAME_CHARS[text[j]] === 1
  ) j++;
  at.name = i + 1;
  at.nameEnd = j;
  const wrong = IRREGULAR;
  if (j === i + 1 || j - i > SYMBOL_MAX) return wrong;
  if (text[j] !== 32 || text[j + 1] !== 34) return wrong;
  const open = j + 2;
  let k = open;
  for (let c = text[k]; k < feed; c = text[++k]) {
    if (c === 34 || c === 92 || c === 13) break;
  }
  if (text[k] !== 34 || text[k + 1] !== 93) return wrong;
  if (k - open > TAG_VALUE_MAX) return wrong;
  for (let m = k + 2; m < feed; m++) {
    const c = text[m];
    if (c !== 32 && c !== 9 && c !== 13) return wrong;
  }
  at.value = open;
  at.valueEnd = k;
  return feed + 1 < n ? feed + 1 : n;
}

/**
 * Where, after `from`, the PGN reader surely starts a new game: a tag (in
 * the lexer's plain state) after a move, result or other symbol with no
 * stray character since, where the reader ends the game before the tag
 * whatever came before. The end of the text when `final`, else -1 when the
 * text holds no such point yet. Tracks the lexer's states that hide a `[`:
 * comments, tags and the rest of a `;` or `%` line.
 */
function segmentEnd(text: Uint8Array, from: number, final: boolean): number {
  const n = text.length;
  let i = from, moved = false;
  while (i < n) {
    const c = text[i];
    if (c === 123) { // {
      const close = text.indexOf(125, i + 1);
      if (close < 0) break;
      i = close + 1;
    } else if (c === 91) { // [
      if (moved) return i;
      const end = tagEnd(text, i);
      if (end < 0) break;
      i = end;
    } else if (
      c === 59 || (c === 37 && i > 0 && text[i - 1] === 10)
    ) {
      const feed = text.indexOf(10, i);
      if (feed < 0) break;
      i = feed + 1;
    } else if (c < 128 && SYMBOL_CHARS[c] === 2) {
      const dots = numberEnd(text, i);
      if (dots === INCOMPLETE) break;
      if (dots > 0) {
        i = dots;
        continue;
      }
      moved = true;
      i++;
      while (i < n) {
        const d = text[i];
        if (d >= 128 || SYMBOL_CHARS[d] === 0) {
          break;
        }
        i++;
      }
    } else if (c === 40 || c === 41 || c === 42 || c === 36) {
      moved = true;
      i++;
    } else {
      // a stray character (or one of several bytes, for the reader to
      // decode): maybe an error, maybe the start of a game
      if (!isByteSpace(c)) moved = false;
      i++;
    }
  }
  return final ? n : -1;
}

/**
 * Where the lexer leaves the tag state for a `[` at `i` (after the `]`, at
 * the line's end, or past the rest of a line it skips for a wrong tag), or
 * -1 if the text ends first.
 */
function tagEnd(text: Uint8Array, i: number): number {
  const n = text.length;
  const restOfLine = (at: number): number => {
    const feed = text.indexOf(10, at);
    return feed < 0 ? -1 : feed + 1;
  };
  let j = i + 1;
  while (j < n && (text[j] === 32 || text[j] === 9)) j++;
  const name = j;
  while (
    j < n && text[j] < 128 && NAME_CHARS[text[j]] === 1
  ) j++;
  if (j === n) return -1;
  if (j === name || j - name > SYMBOL_MAX) return restOfLine(j);
  while (j < n && (text[j] === 32 || text[j] === 9)) j++;
  if (j === n) return -1;
  if (text[j] !== 34) return restOfLine(j);
  const open = ++j;
  for (;;) {
    if (j === n) return -1;
    const c = text[j];
    if (c === 34) break;
    if (c === 10 || c === 13) return restOfLine(j);
    j += c === 92 &&
        (text[j + 1] === 34 || text[j + 1] === 92)
      ? 2
      : 1;
  }
  if (j - open > TAG_VALUE_MAX) return restOfLine(j);
  j++;
  while (j < n && (text[j] === 32 || text[j] === 9)) j++;
  if (j === n) return -1;
  const c = text[j];
  if (c === 93) return j + 1;
  if (c === 10 || c === 13) return j;
  return restOfLine(j);
}

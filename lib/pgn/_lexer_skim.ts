// The PGN lexer's skim mode: PGN bytes read a game at a time at the speed
// of a scanner, with no token made. A visitor is handed each tag (spans of
// the bytes) and each move of the mainline (its SAN's bytes), and answers
// as python-chess's visitors do: go on, SKIP the rest of the game (skimmed
// to its end: comments, moves, variations, NAGs stepped over), or FULL: the
// game is the text mode's (a FEN tag, a variation before the moves skipped,
// an error, a letter of several bytes...). Games are cut where the PGN
// reader cuts them (a blank line or a tag after a token, a token after the
// result); a game the skim mode does not read, from its start to the next
// point where a game surely begins, goes to the text mode (_lexer.ts and
// the game builder), which reads it with its errors, lines and columns as
// it reads any stream. The rules over bytes are _lexer_bytes.ts's.

import { isByteSpace, isDigit, SYMBOL_CHARS } from "./_chars.ts";
import {
  ascii,
  commentEnd,
  INCOMPLETE,
  IRREGULAR,
  isGoodTag,
  lineCommentEnd,
  numberEnd,
  readTag,
  segmentEnd,
  type Skim,
  SKIM_CUT,
  SKIM_END,
  SKIM_OTHER,
  skimRest,
  skipNothing,
  type TagAt,
  tagEnd,
} from "./_lexer_bytes.ts";
import { annotationNag, isMoveNumber, resultOf } from "./_movetext.ts";
import { SYMBOL_MAX } from "./_tokens.ts";

/** A visitor's answers: go on, skip the rest of the game, or read it in full. */
export const GO = 0, SKIP = 1, FULL = 2;

/**
 * What the skim mode hands on, game by game (see the top of the file): as
 * python-chess's `BaseVisitor` (chess/pgn.py) is handed `begin_game`,
 * `visit_header`, `end_headers` (which may answer SKIP), `begin_parse_san`
 * and `visit_move` (here one call, whose SKIP declines the rest of the
 * game) and `end_game`.
 */
export interface SkimVisitor {
  /** A game starts: its tags follow, if any. */
  beginGame(): void;
  /** A tag written the common way: spans of `text` in `at`. GO or FULL. */
  tag(text: Uint8Array, at: TagAt): number;
  /** The tags are over: GO, or SKIP (no move handed on), or FULL. */
  endHeaders(): number;
  /** A move of the mainline, the ASCII bytes `from` to `to`: GO, SKIP or FULL. */
  move(text: Uint8Array, from: number, to: number): number;
  /**
   * The game handed on ends, with its termination marker (`1-0`, `0-1`,
   * `1/2-1/2`, `*`), or null: none, or its moves skipped (SKIP).
   */
  endGame(marker: string | null): void;
  /**
   * What was handed on since beginGame is not a game read: forget it (the
   * text mode reads it, or the skim mode again once more text came).
   */
  drop(): void;
}

/** The text mode, reading what the skim mode does not. */
export interface FullMode {
  push(bytes: Uint8Array): void;
  end(): void;
}

/** Where a text read apart starts in the stream, for its positions. */
export interface StartAt {
  line: number;
  column: number;
}

/** How the skim mode reads. */
export interface SkimOptions {
  /** The text mode for the games from `at`. */
  full(at: StartAt): FullMode;
  /**
   * The most bytes kept for a game not read to its end yet (4 MiB): past
   * them (a comment never closed, say), the rest of the stream is the text
   * mode's, which streams it in bounded memory.
   */
  maxGameBytes?: number | undefined;
}

/** What the movetext's symbol from `from` to `to` is, besides a move. */
const MOVE = 0, RESULT = 1, PASSED = 2, WRONG = 3;

/** The skim mode: see the comment at the top of the file. */
export class SkimLexer {
  readonly #visitor: SkimVisitor;
  readonly #full: (at: StartAt) => FullMode;
  readonly #maxGameBytes: number;
  readonly #tag: TagAt = { name: 0, nameEnd: 0, value: 0, valueEnd: 0 };
  /**
   * Where skimRest stopped, and the lines passed in the game being read,
   * with where the last starts.
   */
  readonly #skim: Skim = { at: 0, lines: 0, lineStart: 0 };
  /** The bytes not read yet: a game cut by the end of the last chunk. */
  #text: Uint8Array = new Uint8Array(0);
  /** Where chunks are joined to the bytes not read yet, kept for the next. */
  #joined: Uint8Array = new Uint8Array(0);
  /**
   * The line of the next game's start, and where that line starts in the
   * text being read (before it when it started in an earlier chunk), for
   * the positions the text mode reports: counted as the game is read (in
   * #skim), where the loops stop at line feeds anyway.
   */
  #line = 1;
  #lineStart = 0;
  /** The text mode for the rest, once a game was too long. */
  #apart: FullMode | null = null;
  /** The termination marker of the game being read, as far as read. */
  #marker: string | null = null;

  constructor(visitor: SkimVisitor, options: SkimOptions) {
    this.#visitor = visitor;
    this.#full = options.full;
    this.#maxGameBytes = options.maxGameBytes ?? 1 << 22;
  }

  /** Reads the next chunk; it may be reused once this returns. */
  push(bytes: Uint8Array): void {
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
        const stop = segmentEnd(text, at, {
          final,
          lineStart: at === this.#lineStart,
        });
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
      // A game longer than any should be: the rest is the text mode's.
      this.#apart = this.#fullFrom(at);
      this.#apart.push(text.subarray(at));
      at = n;
    }
    // a copy: the chunk is the caller's
    this.#text = text.slice(at);
    this.#lineStart -= at;
  }

  /** Reads `text` from `from` to `to` in the text mode, as a stream apart. */
  #readApart(text: Uint8Array, from: number, to: number): void {
    const stream = this.#fullFrom(from);
    stream.push(text.subarray(from, to));
    stream.end();
  }

  #fullFrom(from: number): FullMode {
    return this.#full({
      line: this.#line,
      column: from - this.#lineStart + 1,
    });
  }

  /**
   * One game from `start`, handed on: where it ends, or INCOMPLETE (the
   * text ends first), or IRREGULAR (for the text mode).
   */
  #game(text: Uint8Array, start: number, final: boolean): number {
    const visitor = this.#visitor;
    visitor.beginGame();
    const i = this.#tags(text, start, final);
    // nothing but spaces and move numbers: no game
    if (i === text.length) return i;
    this.#marker = null;
    const end = i < 0 ? i : this.#movetext(text, i, final);
    if (end < 0) visitor.drop();
    else visitor.endGame(this.#marker);
    return end;
  }

  /** The game's movetext from `i`: where the game ends, as #game says. */
  #movetext(text: Uint8Array, i: number, final: boolean): number {
    const answer = this.#visitor.endHeaders();
    if (answer === FULL) return IRREGULAR;
    const end = this.#moves(text, i, answer === SKIP);
    if (end === IRREGULAR) return IRREGULAR;
    // The text ended in a token (for the text mode, at the stream's end),
    // or between two (the game ends there at the stream's end).
    if (end > text.length) return final ? IRREGULAR : INCOMPLETE;
    if (end < 0) return final ? text.length : INCOMPLETE;
    return end;
  }

  /**
   * A game's tags from `start`, written the common way, handed on: where
   * its movetext starts (the text's end when it holds no game); or
   * INCOMPLETE (the text ends first), or IRREGULAR (for the text mode). The
   * lines passed are counted in #skim.
   */
  #tags(text: Uint8Array, start: number, final: boolean): number {
    const n = text.length;
    let i = skipNothing(text, start);
    if (i < 0) return final ? IRREGULAR : INCOMPLETE;
    const skim = this.#skim;
    skim.lines = 0;
    // the line `start` is on (a `%` at its start begins an escape line)
    skim.lineStart = this.#lineStart;
    this.#feeds(text, start, i);
    const tag = this.#tag;
    for (let c = text[i]; i < n && c === 91 /* [ */;) {
      const tagEnd = readTag(text, i, tag);
      if (tagEnd === INCOMPLETE) return final ? IRREGULAR : INCOMPLETE;
      if (tagEnd === IRREGULAR) return IRREGULAR;
      if (this.#visitor.tag(text, tag) === FULL) return IRREGULAR;
      // the line's end, then blank lines: a tag after them is the text mode's
      let blank = false;
      i = tagEnd;
      skim.lines++;
      skim.lineStart = i;
      for (c = text[i]; i < n && isByteSpace(c); c = text[++i]) {
        if (c === 10) (blank = true, skim.lines++, skim.lineStart = i + 1);
      }
      if (i === n) return final ? IRREGULAR : INCOMPLETE;
      // a tag after blank lines, or a comment between the tags and the
      // moves: the text mode's
      if ((blank && c === 91) || c === 123 || c === 59) return IRREGULAR;
    }
    return i;
  }

  /** Counts the line feeds from `from` to before `to` in #skim. */
  #feeds(text: Uint8Array, from: number, to: number): void {
    const skim = this.#skim;
    for (let k = from; k < to; k++) {
      if (text[k] === 10) (skim.lines++, skim.lineStart = k + 1);
    }
  }

  // A game's movetext from `i`: where the game ends, -1 if the text ended
  // between two tokens, past the text's end if it ended in one, or
  // IRREGULAR. Moves are handed on until the visitor answers SKIP (or
  // `skip`: from the first), then the rest is skimmed. One loop over bytes,
  // longer than the house limit, as the hot path of book making: the rare
  // tokens are methods of their own.
  #moves(text: Uint8Array, i: number, skip: boolean): number {
    const n = text.length;
    const skim = this.#skim;
    const visitor = this.#visitor;
    let played = 0, ended = false, used = true, moved = false;
    while (i < n) {
      const c = text[i];
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
          // a blank line ends the game, but not its tags (no token yet)
          if (!used) return moved ? i : IRREGULAR;
          used = false;
          continue;
        case 123: { // {, to the }
          const close = commentEnd(text, i + 1, skim);
          if (close < 0) return n + 1;
          used = true;
          i = close + 1;
          continue;
        }
        case 59: // ; to the end of the line, or to a lone CR
          i = this.#lineComment(text, i);
          if (i > n) return i;
          used = text[i - 1] !== 10;
          continue;
        case 37: // %, at a line's start an escape line: the text mode's
          if (i === skim.lineStart) return IRREGULAR;
          break;
        case 91: { // [, a new game's tag (before any token, the same game's)
          const after = tagEnd(text, i);
          if (after < 0) return n + 1;
          // a tag written wrong is an error of this game, for the reader
          return !moved || !isGoodTag(text, after) ? IRREGULAR : i;
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
        if (dots === INCOMPLETE) return n + 1;
        if (dots > 0) {
          i = dots;
          continue;
        }
      }
      moved = true; // a token the lexer hands on: the game's moves begin
      // after the result, a token starts the next game
      if (ended) return startsToken(c) ? i : IRREGULAR;
      if (c === 42) { // *
        ended = true;
        this.#marker = "*";
        i++;
        continue;
      }
      if (c === 36) { // $: not before the first move (the text mode's)
        i = nagEnd(text, i, played);
        if (i < 0) return i === INCOMPLETE ? n + 1 : IRREGULAR;
        continue;
      }
      const j = symbolEnd(text, i);
      if (j < 0) return j === INCOMPLETE ? n + 1 : IRREGULAR;
      const kind = symbolKind(text, i, j, played);
      if (kind === WRONG) return IRREGULAR;
      if (kind !== MOVE) {
        ended = kind === RESULT;
        if (ended) this.#marker = ascii(text, i, j);
        i = j;
        continue;
      }
      const answer = skip ? SKIP : visitor.move(text, i, j);
      if (answer === FULL) return IRREGULAR;
      if (answer === SKIP) {
        const found = skimRest(text, j, skim);
        if (found === SKIM_END) return skim.at;
        if (found === SKIM_CUT) return n + 1;
        if (found === SKIM_OTHER) return IRREGULAR;
        ended = true;
        i = skim.at;
        continue;
      }
      played++;
      i = j;
    }
    return -1;
  }

  /**
   * Past a `;` comment at `i` (to its line feed, counted, or a lone CR):
   * where the text goes on, past the text's end if it ends first.
   */
  #lineComment(text: Uint8Array, i: number): number {
    const feed = lineCommentEnd(text, i + 1);
    if (feed < 0) return text.length + 1;
    if (text[feed] === 10) {
      this.#skim.lines++;
      this.#skim.lineStart = feed + 1;
    }
    return feed + 1;
  }
}

/** Whether `c` starts a token the lexer hands on (a symbol, `(`, `)`, `$`, `*`). */
function startsToken(c: number): boolean {
  return c < 128 &&
    (SYMBOL_CHARS[c] === 2 || c === 40 || c === 41 || c === 36 || c === 42);
}

/**
 * Past the NAG at `i`: where the text goes on, INCOMPLETE (the text ends
 * first), or IRREGULAR: the text mode's (no digits, or before the first
 * move).
 */
function nagEnd(text: Uint8Array, i: number, played: number): number {
  const n = text.length;
  let j = i + 1;
  while (j < n && isDigit(text[j])) j++;
  if (j === n) return INCOMPLETE;
  return j === i + 1 || played === 0 ? IRREGULAR : j;
}

/**
 * Where the symbol from `i` ends; INCOMPLETE (the text ends first), or
 * IRREGULAR: not a symbol, too long, or with a letter of several bytes
 * (which the text mode decodes). A parenthesis, before the moves are
 * skipped, is the text mode's too: it plays variations.
 */
function symbolEnd(text: Uint8Array, i: number): number {
  const c = text[i];
  if (c >= 128 || SYMBOL_CHARS[c] !== 2) return IRREGULAR;
  const n = text.length;
  let j = i + 1;
  for (let d = text[j]; j < n; d = text[++j]) {
    if (d >= 128) return IRREGULAR;
    if (SYMBOL_CHARS[d] === 0) break;
  }
  if (j === n) return INCOMPLETE;
  return j - i > SYMBOL_MAX ? IRREGULAR : j;
}

/**
 * What the symbol from `i` to `j` is, from its first byte: a move, mostly;
 * the others start with a digit, a dot, a mark (! ? + # -), and are
 * _movetext.ts's to tell. An annotation (`!?`) before the first move is
 * the text mode's.
 */
function symbolKind(
  text: Uint8Array,
  i: number,
  j: number,
  played: number,
): number {
  const c = text[i];
  if (c > 57 && c !== 63) return MOVE;
  const token = ascii(text, i, j);
  if (resultOf(token) !== null) return RESULT;
  if (isMoveNumber(token)) return PASSED;
  if (annotationNag(token) === undefined) return MOVE;
  return played > 0 ? PASSED : WRONG;
}

/**
 * Where games start in PGN bytes, as the PGN reader reads them, for a
 * stream cut into parts that are read apart (`--jobs`): before a tag that
 * opens a line after a blank line. A scan line by line with native
 * searches finds such lines outside the lexer's states that hide a `[`
 * (`{comments}`, `;` comments to their line feed or a lone CR, `%` lines,
 * tags whose values hold braces); the last one found is then read by the
 * PGN reader itself (skimming, from the line found before it), which
 * says whether a game starts there: not when the blank line is inside a
 * game's tags, or after a stray character that began a game of its own. A
 * tag line whose last line before the blank is a tag line is passed over
 * without asking: mostly the same game's (ChessBase writes a blank line
 * after the Event tag), at worst a part a game longer.
 *
 * @module
 */

import { isLineSpace } from "./_chars.ts";
import { lineCommentEnd, tagEnd } from "./_lexer_bytes.ts";
import { GameBuilder } from "./_builder.ts";
import { GameWalk } from "./_outputs.ts";
import { PgnStream } from "./_stream.ts";

/** Where a buffer is cut, and what the part before the cut holds. */
export interface GameCut {
  /** Bytes of the part: the cut's offset in the buffer. */
  end: number;
  /** Line feeds in the part. */
  lines: number;
  /** Games that start in the part, as far as tags tell. */
  games: number;
}

const LF = 10, BRACKET = 91, OPEN = 123, CLOSE = 125, SEMI = 59;
const PERCENT = 37;
/** The lines found that the PGN reader is asked about, the last first. */
const TRIES = 8;

/**
 * The cut before the last game of `bytes` that starts after its first
 * (see the comment at the top of the file), or `null` when none does.
 * `bytes` starts where a game starts (or the stream). Games counts the
 * tag lines after a blank line (and not after tags) before the cut, the
 * first line of `bytes` counted when it opens a tag.
 */
export function gameCut(bytes: Uint8Array): GameCut | null {
  // Line by line, with native searches for the next line feed and brace:
  // a byte-wise loop cost 8 ns a byte of the command's thread.
  const scan = new StartScan(bytes);
  /** The lines found, as offset, lines and games before them, in turn. */
  const found: number[] = [];
  let previousBlank = true, games = 0, lines = 0;
  /** Whether the last line that was not blank was a tag line. */
  let afterTag = false;
  for (let start = 0; start < bytes.length;) {
    const newline = bytes.indexOf(LF, start);
    const end = newline < 0 ? bytes.length : newline;
    let blank = false;
    if (!scan.comment && bytes[start] === BRACKET) {
      // A tag line after tags and a blank line is mostly the same game's
      // (ChessBase writes a blank line after the Event tag): passed over.
      if (previousBlank && !afterTag) {
        if (start > 0) found.push(start, lines, games);
        games++;
      }
      afterTag = true;
    } else {
      blank = isBlank(bytes, start, end);
      if (!blank) afterTag = false;
    }
    scan.line(start, end);
    if (newline < 0) break;
    lines++;
    previousBlank = blank;
    start = newline + 1;
  }
  // The last few only: a stream where none of them starts a game (tags
  // and blank lines by the megabyte) is read on rather than read again.
  const first = Math.max(0, found.length - 3 * TRIES);
  for (let k = found.length - 3; k >= first; k -= 3) {
    const from = k === 0 ? 0 : found[k - 3];
    if (startsGame(bytes, from, found[k])) {
      return { end: found[k], lines: found[k + 1], games: found[k + 2] };
    }
  }
  return null;
}

/**
 * Whether the PGN reader, reading `bytes` from `from` (where a game, or a
 * line the scan found, starts), starts a new game with the tag that opens
 * the line at `at`. Its moves are skimmed, not played. Read from the line
 * found before, not from the buffer's start (a part's whole text, about
 * 2 ms a part), which tells where a game ends after movetext as a read
 * from the start does. Not always where a game ends in its tags, at a tag
 * name it has: the read from the start may know names from before the line
 * found before (a comment line and a blank line between tags make it a
 * line found), and a game that went wrong may have been skipping there.
 * Then the read from the start answers.
 */
function startsGame(bytes: Uint8Array, from: number, at: number): boolean {
  const line = 1 + countFeeds(bytes, from, at);
  let starts = false, unsure = false;
  const builder: GameBuilder = new GameBuilder(
    { strict: false },
    new GameWalk({
      visitor: {
        position(): void {},
        end(game): void {
          if (game.line === line) starts = true;
          else if (game.line < line) {
            // the game before the line's: how it ended
            unsure = game.error !== null || builder.inTags;
          }
        },
      },
      variations: false,
      enPassant: "always",
      maxPly: 0,
      plays: () => false,
    }),
  );
  const stream = new PgnStream(builder, {});
  // to the line's first tag only: a game the rest of the line starts is
  // not one that starts with it
  const feed = bytes.indexOf(LF, at);
  const lineEnd = feed < 0 ? bytes.length : feed;
  const tag = tagEnd(bytes, at);
  stream.push(bytes.subarray(from, tag < 0 || tag > lineEnd ? lineEnd : tag));
  stream.end();
  return starts && unsure && from > 0 ? startsGame(bytes, 0, at) : starts;
}

/** Line feeds from `from` to `to`. */
function countFeeds(bytes: Uint8Array, from: number, to: number): number {
  let lines = 0;
  for (let i = bytes.indexOf(LF, from); i >= 0 && i < to;) {
    lines++;
    i = bytes.indexOf(LF, i + 1);
  }
  return lines;
}

/** Whether the line from `start` to `end` holds only spaces, as the lexer steps over them. */
function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (!isLineSpace(c)) return false;
  }
  return true;
}

/**
 * The lexer's states line by line: whether a `{comment}` is open at a
 * line's start. Native searches for each kind of byte, remembered until
 * passed: the lines are scanned in order.
 */
class StartScan {
  comment = false;
  readonly #bytes: Uint8Array;
  /** The next `{`, `}`, `;` and `[` found (-1: none left; -2: not sought yet). */
  #open = -2;
  #close = -2;
  #semi = -2;
  #bracket = -2;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** Follows the line from `start` to `end` (its line feed, or the text's end). */
  line(start: number, end: number): void {
    const bytes = this.#bytes;
    if (!this.comment && bytes[start] === PERCENT) return; // an escape line
    for (let at = start; at < end;) {
      if (this.comment) {
        const close = this.#close = this.#next(CLOSE, this.#close, at);
        if (close < 0 || close >= end) return;
        this.comment = false;
        at = close + 1;
        continue;
      }
      const open = this.#open = this.#next(OPEN, this.#open, at);
      const semi = this.#semi = this.#next(SEMI, this.#semi, at);
      const hides = firstOf(open, semi);
      // no comment opens on the rest of the line: its tags hide nothing
      if (hides < 0 || hides >= end) return;
      const tag = this.#bracket = this.#next(BRACKET, this.#bracket, at);
      const first = firstOf(hides, tag);
      if (first === open) {
        this.comment = true;
        at = open + 1;
      } else if (first === semi) {
        const after = lineCommentEnd(bytes, semi + 1);
        if (after < 0 || after >= end) return;
        at = after + 1; // a lone CR: the line goes on
      } else {
        const after = tagEnd(bytes, tag);
        if (after < 0 || after > end) return; // the rest of the line is the tag's
        at = after;
      }
    }
  }

  /** The first `byte` at or after `at`, given the last found (never asked of an earlier `at`). */
  #next(byte: number, found: number, at: number): number {
    return found === -2 || (found >= 0 && found < at)
      ? this.#bytes.indexOf(byte, at)
      : found;
  }
}

/** The earlier of two offsets, -1 standing for none. */
function firstOf(a: number, b: number): number {
  return a < 0 ? b : b < 0 ? a : Math.min(a, b);
}

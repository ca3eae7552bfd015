// The PGN lexer's rules over bytes, for its skim mode (_lexer_skim.ts) and
// the `--jobs` part cutter (starts.ts): where a comment, a `;` comment (a
// line feed or a lone CR), a `%` line, a tag, a move number and a result
// end, and the rest of a game skimmed, each as the text mode (_lexer.ts)
// ends them; the character classes are _chars.ts's.

import {
  isByteSpace,
  isDigit,
  isLineSpace,
  NAME_CHARS,
  RESULTS,
  SYMBOL_CHARS,
} from "./_chars.ts";
import { SYMBOL_MAX, TAG_VALUE_MAX } from "./_tokens.ts";

/** The skim mode's answers for a game besides where it ends. */
export const INCOMPLETE = -1, IRREGULAR = -2;

/** Whether the bytes from `i` are `ascii`'s. */
export function bytesAre(text: Uint8Array, i: number, ascii: string): boolean {
  for (let k = 0; k < ascii.length; k++) {
    if (text[i + k] !== ascii.charCodeAt(k)) return false;
  }
  return true;
}

/** The bytes from `i` to `j`, all below 128, as a string. */
export function ascii(text: Uint8Array, i: number, j: number): string {
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

/** Where skimRest stopped, and the lines passed (as the skim mode counts them). */
export interface Skim {
  at: number;
  lines: number;
  lineStart: number;
}

/** What skimRest found: the game's end, a result, the text's end, or more. */
export const SKIM_END = 0, SKIM_RESULT = 1, SKIM_CUT = 2, SKIM_OTHER = 3;

/**
 * The bytes skimRest stops at: comments, line ends, tags, `;` and `%`
 * lines, results (`*`, and `1-0`, `0-1`, `1/2-1/2` from their second
 * byte: digits are everywhere, `-` and `/` rare), and any byte of a
 * letter of several bytes.
 */
const SKIM_STOPS: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  for (const c of "{\n[;%*-/") table[c.charCodeAt(0)] = 1;
  table.fill(1, 128);
  return table;
})();

// A game's movetext past the plies counted, from `i`, stepped over to
// where the reader ends the game (a blank line, a tag) or reads its
// result, as the lexer's states see it (comments, `;` and `%` lines); the
// rest (moves, numbers, NAGs, parentheses, stray characters) changes
// nothing for a reader that skips the game's moves. A result that follows
// a move number without a space, and anything of several bytes, are the
// reader's (SKIM_OTHER). Where it stopped is left in `skim`, with the
// lines it passed. One loop, longer than the house limit, as the hot path
// of book making.
export function skimRest(text: Uint8Array, i: number, skim: Skim): number {
  const n = text.length;
  /** The last line feed outside comments: a line after it with no token is blank. */
  let idle = -2;
  let found = SKIM_CUT;
  scan: for (;;) {
    while (i < n && SKIM_STOPS[text[i]] === 0) i++;
    if (i >= n) break;
    const c = text[i];
    switch (c) {
      case 123: { // {
        const close = commentEnd(text, i + 1, skim);
        if (close < 0) break scan;
        i = close + 1;
        continue;
      }
      case 10: {
        skim.lines++;
        skim.lineStart = i + 1;
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
      case 91: { // [, a tag: the game's end, or its error if written wrong
        const after = tagEnd(text, i);
        if (after < 0) break scan;
        found = isGoodTag(text, after) ? SKIM_END : SKIM_OTHER;
        break scan;
      }
      case 37: // %, an escape line at a line's start
      case 59: { // ;
        if (c === 37 && text[i - 1] !== 10) {
          i++;
          continue;
        }
        const end = c === 59
          ? lineCommentEnd(text, i + 1)
          : text.indexOf(10, i + 1);
        if (end < 0) break scan;
        i = end + 1;
        if (text[end] !== 10) continue; // a lone CR: the line goes on
        skim.lines++;
        skim.lineStart = i;
        idle = end;
        continue;
      }
      case 42: // *
        found = SKIM_RESULT;
        i++;
        break scan;
      case 45: // -
      case 47: { // /, a result's second byte after its 0 or 1
        const first = i - 1;
        const digit = text[first];
        if (digit !== 48 && digit !== 49) {
          i++;
          continue;
        }
        const length = resultLength(text, first);
        if (length < 0) break scan;
        if (length === 0) {
          i++;
          continue;
        }
        const before = text[first - 1];
        if (before < 128 && SYMBOL_CHARS[before] !== 0) {
          if (before === 46) { // after a move number's dot: the text mode's
            found = SKIM_OTHER;
            break scan;
          }
          i++; // inside a longer symbol
          continue;
        }
        found = SKIM_RESULT;
        i = first + length;
        break scan;
      }
      default:
        found = SKIM_OTHER;
        break scan;
    }
  }
  skim.at = i;
  return found;
}

/**
 * The `}` that closes a comment from `i`, or -1, counting its lines in
 * `lines`: a loop in JavaScript, where `indexOf` costs more for the short
 * comments most games carry (clocks, evaluations) than it saves on long
 * ones, and would leave the line feeds to another pass.
 */
export function commentEnd(text: Uint8Array, i: number, lines: Skim): number {
  const n = text.length;
  for (; i < n; i++) {
    const c = text[i];
    if (c === 125) return i;
    if (c === 10) (lines.lines++, lines.lineStart = i + 1);
  }
  return -1;
}

/**
 * Where a `;` comment from `i` ends as the lexer ends it: its line feed,
 * or a lone CR (one not followed by a line feed); -1 if the text ends
 * before we know.
 */
export function lineCommentEnd(text: Uint8Array, i: number): number {
  const n = text.length;
  for (; i < n; i++) {
    const c = text[i];
    if (c === 10) return i;
    if (c === 13) {
      if (i + 1 === n) return -1;
      if (text[i + 1] !== 10) return i;
    }
  }
  return -1;
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
        RESULTS.some((result) =>
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

/**
 * Where a move number (`12.`, `12...`) that starts at `i` ends, 0 if
 * none starts there, INCOMPLETE if the text ends before we know: the lexer
 * hands on nothing for it.
 */
export function numberEnd(text: Uint8Array, i: number): number {
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
export function skipNothing(text: Uint8Array, i: number): number {
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
export interface TagAt {
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
export function readTag(text: Uint8Array, i: number, at: TagAt): number {
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
 * comments, tags and the rest of a `;` or `%` line (`lineStart`: whether
 * `from` starts a line, where a `%` starts one).
 */
export function segmentEnd(
  text: Uint8Array,
  from: number,
  { final, lineStart }: { final: boolean; lineStart: boolean },
): number {
  const n = text.length;
  let i = from, moved = false;
  while (i < n) {
    const c = text[i];
    if (c === 123) { // {
      const close = text.indexOf(125, i + 1);
      if (close < 0) break;
      i = close + 1;
    } else if (c === 91) { // [
      const end = tagEnd(text, i);
      if (end < 0) break;
      const good = isGoodTag(text, end);
      if (moved && good) return i;
      // a tag written wrong is an error, which may start a game: as a
      // stray character
      if (!good) moved = false;
      i = end;
    } else if (
      c === 59 ||
      (c === 37 && (i === from ? lineStart : text[i - 1] === 10))
    ) {
      const feed = c === 59 ? lineCommentEnd(text, i + 1) : text.indexOf(10, i);
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
export function tagEnd(text: Uint8Array, i: number): number {
  const n = text.length;
  let j = i + 1;
  while (j < n && (text[j] === 32 || text[j] === 9)) j++;
  const name = j;
  while (
    j < n && text[j] < 128 && NAME_CHARS[text[j]] === 1
  ) j++;
  if (j === n) return -1;
  if (j === name || j - name > SYMBOL_MAX) return restOfLine(text, j);
  while (j < n && (text[j] === 32 || text[j] === 9)) j++;
  if (j === n) return -1;
  if (text[j] !== 34) return restOfLine(text, j);
  const open = ++j;
  for (;;) {
    if (j === n) return -1;
    const c = text[j];
    if (c === 34) break;
    if (c === 10 || c === 13) return restOfLine(text, j);
    j += c === 92 &&
        (text[j + 1] === 34 || text[j + 1] === 92)
      ? 2
      : 1;
  }
  if (j - open > TAG_VALUE_MAX) return restOfLine(text, j);
  j++;
  while (j < n && (text[j] === 32 || text[j] === 9)) j++;
  if (j === n) return -1;
  const c = text[j];
  if (c === 93) return j + 1;
  if (c === 10 || c === 13) return j;
  return restOfLine(text, j);
}

/**
 * Whether the tag that tagEnd ended at `end` is one the lexer hands on
 * (closed by its `]`, or by its line's end after its value), not an error
 * whose line it skipped.
 */
export function isGoodTag(text: Uint8Array, end: number): boolean {
  return text[end - 1] !== 10;
}

/** Where the line after `at` starts (a bad tag's rest skipped), or -1. */
function restOfLine(text: Uint8Array, at: number): number {
  const feed = text.indexOf(10, at);
  return feed < 0 ? -1 : feed + 1;
}

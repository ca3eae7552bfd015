// The PGN lexer's text mode: PGN text to tokens, fed in chunks of any
// size: a state machine over char codes that keeps only the token being
// read between chunks (bounded by the limits), counts lines for errors,
// and hands each token to a sink at once. It knows nothing of games or
// moves: the sink decides where a game ends, and says when it skims (a
// game it declined, as python-chess's SKIP). The lexer's skim mode
// (_lexer_skim.ts) reads the same grammar from bytes for a visitor; its
// rules over bytes are _lexer_bytes.ts's, the character classes and limits
// _chars.ts's and _tokens.ts's: a lexical rule changed here is changed
// there too (tests/unit/pgn/scanners_test.ts holds the two modes together).

import {
  describe,
  isDigit,
  isSpace,
  NAME_CHARS,
  SYMBOL_CHARS,
} from "./_chars.ts";
import { PendingText } from "./_pending.ts";
import { type LexerLimits, SYMBOL_MAX, type TokenSink } from "./_tokens.ts";

const IDLE = 0,
  SYMBOL = 1,
  NUMBER = 2,
  TAG_START = 3,
  TAG_NAME = 4,
  TAG_BEFORE_VALUE = 5,
  TAG_VALUE = 6,
  TAG_ESCAPE = 7,
  TAG_AFTER_VALUE = 8,
  BRACE = 9,
  REST_OF_LINE = 10,
  NAG = 11,
  /** Dots after a move number at the end of a chunk, still being skipped. */
  REST_OF_DOTS = 12;

/** The tokenizer: see the comment at the top of the file. */
export class PgnLexer {
  readonly #sink: TokenSink;
  readonly #limits: LexerLimits;
  #state = IDLE;
  /** Absolute offset of the current chunk's first character. */
  #base = 0;
  #line = 1;
  /** Absolute offset of the current line's first character. */
  #lineStart = 0;
  /** Where the token being read started. */
  #tokenLine = 1;
  #tokenColumn = 1;
  /** The token's text from earlier chunks, and its length so far. */
  readonly #pending = new PendingText();
  #tagName = "";
  #nag = 0;
  /** Whether REST_OF_LINE is a `;` comment (else an escape or a skip). */
  #keepLine = false;
  /** Whether the current line has had a token: a line without one is blank. */
  #lineUsed = false;
  /** Whether the symbol being read has an en or em dash (`0–0`, `1—0`). */
  #dash = false;

  /**
   * @param at Where the text starts in a larger one (a part read apart):
   * its line and column, for the positions reported.
   */
  constructor(
    sink: TokenSink,
    limits: LexerLimits,
    at: { line: number; column: number } = { line: 1, column: 1 },
  ) {
    this.#sink = sink;
    this.#limits = limits;
    this.#line = this.#tokenLine = at.line;
    this.#lineStart = 1 - at.column;
  }

  #begin(i: number, state: number): void {
    this.#state = state;
    this.#tokenLine = this.#line;
    this.#tokenColumn = this.#column(i);
    this.#pending.reset();
  }

  #fail(reason: string, i: number): void {
    this.#sink.error(reason, this.#line, this.#column(i));
  }

  /** The column of the chunk's character `i`. */
  #column(i: number): number {
    return this.#base + i - this.#lineStart + 1;
  }

  #newline(i: number): void {
    this.#line++;
    this.#lineStart = this.#base + i + 1;
  }

  /**
   * The chunk's next line feed at or after where it was last looked for,
   * or -1 for none: kept so that counting the lines of many comments on
   * one long line searches that line once, not once for each comment.
   */
  #nextFeed = -1;
  #feedFrom = 0;

  /** Counts the line feeds of the chunk from `from` to before `to`. */
  #linesTo(text: string, from: number, to: number): void {
    let k = this.#nextFeed;
    if (from < this.#feedFrom || (k >= 0 && k < from)) {
      k = text.indexOf("\n", from);
    }
    while (k >= 0 && k < to) {
      this.#newline(k);
      k = text.indexOf("\n", k + 1);
    }
    this.#nextFeed = k;
    this.#feedFrom = from;
  }

  /** Reads a chunk; tokens cut by its end are completed by the next. */
  push(text: string): void {
    const n = text.length;
    this.#nextFeed = -1;
    this.#feedFrom = n + 1; // searched afresh in this chunk
    this.#steps(text, n);
    this.#save(text, n);
    this.#base += n;
  }

  /**
   * The chunk's tokens. A method of its own: V8 optimizes this loop while
   * it runs (on-stack replacement), and with `#save` after it in the same
   * function, that code reached `#save` with no type feedback and was
   * thrown away at the end of every chunk (a deoptimization a chunk, 93
   * over 15 MB of games).
   */
  #steps(text: string, n: number): void {
    let i = 0;
    while (i < n) i = this.#step(text, i, n);
  }

  /** Keeps the unfinished token's text at the end of a chunk. */
  #save(text: string, n: number): void {
    const state = this.#state;
    const start = this.#sliceStart;
    if (state === SYMBOL || state === NUMBER || state === TAG_NAME) {
      this.#pending.keep(text.slice(start, n), SYMBOL_MAX + 1);
    } else if (state === TAG_VALUE) {
      this.#pending.keep(text.slice(start, n), this.#limits.tagValue + 1);
    } else if (state === BRACE || (state === REST_OF_LINE && this.#keepLine)) {
      this.#pending.keep(text.slice(start, n), this.#limits.comment);
    }
    this.#sliceStart = 0;
  }

  /** Where the unfinished token's text starts in the current chunk. */
  #sliceStart = 0;

  /** Ends the stream: a token cut by the end is finished or reported. */
  end(): void {
    const state = this.#state;
    const at = this.#base - this.#lineStart + 1;
    if (state === SYMBOL || state === NUMBER) this.#symbol();
    else if (state === NAG) this.#emitNag(0);
    else if (state === TAG_AFTER_VALUE) this.#unclosedTag();
    else if (state === BRACE) {
      this.#sink.error(
        "a comment without its }",
        this.#tokenLine,
        this.#tokenColumn,
      );
    } else if (state === REST_OF_LINE && this.#keepLine) this.#emitComment();
    else if (
      // a move number's dots (`12...`) are whole where the text ends
      state !== IDLE && state !== REST_OF_LINE && state !== REST_OF_DOTS
    ) this.#sink.error("a tag cut by the end of the text", this.#line, at);
    this.#state = IDLE;
  }

  #symbol(): void {
    let text = this.#pending.text;
    if (this.#dash) {
      // Dashes as typeset (`0–0–0`, `O—O`, `1—0`), read as the hyphen.
      text = text.replace(/[\u2013\u2014]/g, "-");
      this.#dash = false;
    }
    if (this.#pending.length > SYMBOL_MAX) {
      this.#sink.error(
        `a token longer than ${SYMBOL_MAX} characters`,
        this.#tokenLine,
        this.#tokenColumn,
      );
    } else this.#sink.symbol(text, this.#tokenLine, this.#tokenColumn);
    this.#state = IDLE;
  }

  #emitComment(): void {
    this.#sink.comment(
      this.#pending.text,
      this.#pending.truncated ? this.#limits.comment : 0,
      this.#tokenLine,
      this.#tokenColumn,
    );
    this.#state = IDLE;
  }

  #emitNag(i: number): void {
    if (this.#pending.length === 0) {
      this.#sink.error(
        "a $ without a number",
        this.#line,
        this.#column(i),
        true,
      );
    } else this.#sink.nag(this.#nag, this.#tokenLine, this.#tokenColumn);
    this.#state = IDLE;
  }

  // One step of the state machine from `i`; returns where to go on. The
  // states share one function (longer than the house limit) so that the
  // per-character path is a switch and a table look-up, not a call.
  #step(text: string, i: number, n: number): number {
    switch (this.#state) {
      case IDLE:
        return this.#idle(text, i, n);
      case SYMBOL:
      case NUMBER: {
        // No character is read past the chunk's end: a read there (NaN)
        // threw this function's optimized code away, three times a thread,
        // each compiled again (about 10 ms) and slow until then.
        let j = i;
        let c = text.charCodeAt(j);
        if (this.#state === NUMBER) {
          while (c >= 48 && c <= 57) {
            if (++j === n) return j;
            c = text.charCodeAt(j);
          }
          if (c === 46 /* . */) {
            // A move number: `12.` or `12...`; a move may follow at once.
            while (c === 46) {
              if (++j === n) {
                this.#state = REST_OF_DOTS;
                return j;
              }
              c = text.charCodeAt(j);
            }
            this.#state = IDLE;
            return j;
          }
          this.#state = SYMBOL;
        }
        for (;;) {
          if (c < 128) {
            if (SYMBOL_CHARS[c] === 0) break;
          } else if (c === 0x2013 || c === 0x2014) this.#dash = true;
          else break;
          if (++j === n) return j;
          c = text.charCodeAt(j);
        }
        this.#pending.keep(text.slice(this.#sliceStart, j), SYMBOL_MAX + 1);
        this.#symbol();
        return j;
      }
      case REST_OF_DOTS: {
        let j = i;
        while (j < n && text.charCodeAt(j) === 46) j++;
        if (j < n) this.#state = IDLE;
        return j;
      }
      case NAG: {
        const c = text.charCodeAt(i);
        if (c >= 48 && c <= 57) {
          this.#nag = this.#pending.length > 9
            ? this.#nag
            : this.#nag * 10 + c - 48;
          this.#pending.length++; // the digits, counted
          return i + 1;
        }
        this.#emitNag(i);
        return i;
      }
      case BRACE: {
        const end = text.indexOf("}", i);
        this.#linesTo(text, i, end < 0 ? n : end);
        if (end < 0) return n;
        if (this.#sink.keepsComments === false) {
          // Its length is all the sink needs: no text cut out.
          const length = this.#pending.length + end - this.#sliceStart;
          this.#sink.comment(
            "",
            length > this.#limits.comment ? this.#limits.comment : 0,
            this.#tokenLine,
            this.#tokenColumn,
          );
          this.#state = IDLE;
          return end + 1;
        }
        this.#pending.keep(
          text.slice(this.#sliceStart, end),
          this.#limits.comment,
        );
        this.#emitComment();
        return end + 1;
      }
      case REST_OF_LINE: {
        if (this.#keepLine) return this.#lineComment(text, i, n);
        const end = text.indexOf("\n", i);
        if (end < 0) return n;
        this.#state = IDLE;
        this.#lineUsed = false;
        this.#newline(end);
        return end + 1;
      }
      default:
        return this.#tag(text, i, n);
    }
  }

  // A `;` comment ends at a line break: LF, CRLF, or a lone CR, as
  // universal newlines read it (python-chess reading a text file), so that
  // a comment never holds a line break its writer could not put back (with
  // a "}" it can be written only as a `;` comment). Lines are still counted
  // by LF alone.
  #lineComment(text: string, i: number, n: number): number {
    // A lone CR was the last character of the previous chunk.
    if (i === 0 && text.charCodeAt(0) !== 10 && this.#pending.dropLastCr()) {
      this.#emitComment();
      return 0;
    }
    const lf = text.indexOf("\n", i);
    const cr = text.indexOf("\r", i);
    const lone = cr >= 0 && cr < (lf < 0 ? n - 1 : lf - 1);
    if (!lone && lf < 0) return n;
    const stop = lone ? cr : lf;
    this.#pending.keep(
      text.slice(this.#sliceStart, Math.max(stop, this.#sliceStart)),
      this.#limits.comment,
    );
    if (!lone) this.#pending.dropLastCr(); // CRLF, maybe cut by a chunk's end
    this.#emitComment();
    if (lone) return cr + 1;
    this.#lineUsed = false;
    this.#newline(lf);
    return lf + 1;
  }

  #idle(text: string, i: number, n: number): number {
    let c = text.charCodeAt(i);
    while (isSpace(c)) {
      if (c === 10) {
        if (!this.#lineUsed) this.#sink.blank(this.#line);
        this.#lineUsed = false;
        this.#newline(i);
      }
      if (++i === n) return n;
      c = text.charCodeAt(i);
    }
    this.#lineUsed = true;
    if (this.#sink.skimming === true) {
      const j = this.#skim(text, i, n);
      if (j !== i) return j;
    }
    this.#sliceStart = i;
    if (c < 128 && SYMBOL_CHARS[c] === 2) {
      this.#begin(i, c >= 48 && c <= 57 ? NUMBER : SYMBOL);
      return i;
    }
    switch (c) {
      case 91: // [
        this.#begin(i, TAG_START);
        return i + 1;
      case 123: // {
        this.#begin(i, BRACE);
        this.#sliceStart = i + 1;
        return i + 1;
      case 40: // (
        this.#sink.open(this.#line, this.#column(i));
        return i + 1;
      case 41: // )
        this.#sink.close(this.#line, this.#column(i));
        return i + 1;
      case 42: // *
        this.#sink.symbol("*", this.#line, this.#column(i));
        return i + 1;
      case 36: // $
        this.#begin(i, NAG);
        this.#nag = 0;
        return i + 1;
      case 59: // ;
        this.#begin(i, REST_OF_LINE);
        this.#keepLine = true;
        this.#sliceStart = i + 1;
        return i + 1;
    }
    if (c === 37 /* % */ && this.#base + i === this.#lineStart) {
      this.#state = REST_OF_LINE; // an escape line, for other programs
      this.#keepLine = false;
      return i + 1;
    }
    this.#fail(`unexpected ${describe(c)}`, i);
    return i + 1;
  }

  // Steps over what the sink would ignore while it skims (see TokenSink):
  // comments, moves, move numbers, NAGs, parentheses and stray characters,
  // counting lines, without cutting out their text. Returns where a token
  // the normal path must read starts (a tag, a result or what may be one,
  // a `;` or `%` line, a token or comment cut by the chunk's end), or `n`.
  // One loop over char codes, longer than the house limit, as a hot path.
  #skim(text: string, i: number, n: number): number {
    let j = i;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 32 || c === 13 || c === 9) {
        j++;
        continue;
      }
      if (c === 10) {
        // A blank line ends the game: the normal path says so.
        if (!this.#lineUsed) return j;
        this.#lineUsed = false;
        this.#newline(j);
        j++;
        continue;
      }
      this.#lineUsed = true;
      if (c === 123 /* { */) {
        const end = text.indexOf("}", j + 1);
        if (end < 0) return j;
        this.#linesTo(text, j + 1, end);
        j = end + 1;
      } else if (c < 128 && SYMBOL_CHARS[c] !== 0) {
        let k = j + 1;
        if (c >= 48 && c <= 57) {
          // A move number, or a result (or what may be one): the latter
          // for the normal path.
          while (k < n && isDigit(text.charCodeAt(k))) k++;
          if (k === n || text.charCodeAt(k) !== 46) return j;
          while (k < n && text.charCodeAt(k) === 46) k++;
        } else {
          while (k < n) {
            const d = text.charCodeAt(k);
            if (d >= 128 || SYMBOL_CHARS[d] === 0) break;
            k++;
          }
        }
        if (k === n) return j;
        j = k;
      } else if (c === 40 || c === 41) {
        j++;
      } else if (c === 36 /* $ */) {
        let k = j + 1;
        while (k < n && isDigit(text.charCodeAt(k))) k++;
        if (k === n) return j;
        j = k;
      } else return j;
    }
    return n;
  }

  /** A tag whose text is wrong: reported, and the rest of its line skipped. */
  #badTag(reason: string, i: number): number {
    this.#fail(reason, i);
    this.#state = REST_OF_LINE;
    this.#keepLine = false;
    return i;
  }

  #tag(text: string, i: number, n: number): number {
    const c = text.charCodeAt(i);
    switch (this.#state) {
      case TAG_START:
        if (c === 32 || c === 9) return i + 1;
        if (c < 128 && NAME_CHARS[c] === 1) {
          this.#state = TAG_NAME;
          this.#sliceStart = i;
          return i;
        }
        return this.#badTag("a tag name expected", i);
      case TAG_NAME: {
        let j = i;
        while (
          j < n && text.charCodeAt(j) < 128 &&
          NAME_CHARS[text.charCodeAt(j)] === 1
        ) j++;
        if (j === n) return j;
        this.#pending.keep(text.slice(this.#sliceStart, j), SYMBOL_MAX + 1);
        if (this.#pending.length > SYMBOL_MAX) {
          return this.#badTag("a tag name too long", j);
        }
        this.#tagName = this.#pending.text;
        this.#pending.reset();
        this.#state = TAG_BEFORE_VALUE;
        return j;
      }
      case TAG_BEFORE_VALUE:
        if (c === 32 || c === 9) return i + 1;
        if (c !== 34) return this.#badTag("a tag value in quotes expected", i);
        this.#state = TAG_VALUE;
        this.#sliceStart = i + 1;
        return i + 1;
      case TAG_VALUE:
        return this.#tagValue(text, i, n);
      case TAG_ESCAPE:
        // The standard's two escapes; any other backslash is kept as written.
        this.#state = TAG_VALUE;
        if (c === 34 || c === 92) {
          this.#pending.keep(c === 34 ? '"' : "\\", this.#limits.tagValue + 1);
          this.#sliceStart = i + 1;
          return i + 1;
        }
        this.#pending.keep("\\", this.#limits.tagValue + 1);
        this.#sliceStart = i;
        return i;
      default:
        return this.#afterValue(c, i);
    }
  }

  /** TAG_AFTER_VALUE: the `]`, or the line's end, after a tag's value. */
  #afterValue(c: number, i: number): number {
    if (c === 32 || c === 9) return i + 1;
    if (c === 10 || c === 13) {
      // Only the `]` is missing: read as if it were there, as pgn-extract
      // does, with a warning.
      this.#unclosedTag();
      return i;
    }
    if (c !== 93) return this.#badTag("a ] expected after the tag value", i);
    this.#sink.tag(
      this.#tagName,
      this.#pending.text,
      this.#tokenLine,
      this.#tokenColumn,
    );
    this.#state = IDLE;
    return i + 1;
  }

  /** A tag whose line ends after its value, without the `]`. */
  #unclosedTag(): void {
    this.#sink.tag(
      this.#tagName,
      this.#pending.text,
      this.#tokenLine,
      this.#tokenColumn,
    );
    this.#sink.warning(
      "a tag without its ], read as if it had one",
      this.#tokenLine,
      this.#tokenColumn,
    );
    this.#state = IDLE;
  }

  #tagValue(text: string, i: number, n: number): number {
    let j = i;
    let c = 0;
    while (j < n) {
      c = text.charCodeAt(j);
      if (c === 34 || c === 92 || c === 10 || c === 13) break;
      j++;
    }
    if (j === n) return n;
    this.#pending.keep(
      text.slice(this.#sliceStart, j),
      this.#limits.tagValue + 1,
    );
    if (c === 92) {
      this.#state = TAG_ESCAPE;
      return j + 1;
    }
    if (c !== 34) {
      return this.#badTag("a tag value without its closing quote", j);
    }
    if (this.#pending.length > this.#limits.tagValue) {
      return this.#badTag(
        `a tag value longer than ${this.#limits.tagValue} characters`,
        j,
      );
    }
    this.#state = TAG_AFTER_VALUE;
    return j + 1;
  }
}

// The tokens of PGN as the lexer hands them on, and the limits on their
// length: the one interface between reading text and building games.

/** What the lexer hands on; lines and columns are the token's start. */
export interface TokenSink {
  tag(name: string, value: string, line: number, column: number): void;
  /** A move, a result, an annotation: any run of symbol characters. */
  symbol(text: string, line: number, column: number): void;
  nag(value: number, line: number, column: number): void;
  /** `cut`: the limit the comment was cut at (LexerLimits.comment), or 0 when whole. */
  comment(text: string, cut: number, line: number, column: number): void;
  open(line: number, column: number): void;
  close(line: number, column: number): void;
  /**
   * Text that cannot be read. `token`: it is a movetext token written
   * wrong (a `$` without a number), which starts the movetext as the
   * token written right would.
   */
  error(reason: string, line: number, column: number, token?: boolean): void;
  /** Something read as if written right, said so. */
  warning(reason: string, line: number, column: number): void;
  /** A line with no token on it (outside comments): where games end. */
  blank(line: number): void;
  /**
   * Whether only a result or a tag can change anything until the game ends
   * (the rest of a game skipped): the lexer may then step over comments,
   * moves and variations without handing them on.
   */
  readonly skimming?: boolean;
  /**
   * False when a comment's text would not be kept (only whether it was
   * cut at the limit): the lexer then hands on "" without cutting it out.
   */
  readonly keepsComments?: boolean;
}

/** The longest tokens kept, in characters. */
export interface LexerLimits {
  /** A comment is cut after this many characters (and said to be). */
  comment: number;
  /** A tag value longer than this is an error. */
  tagValue: number;
}

/** The longest move, name or number read as one token. */
export const SYMBOL_MAX = 255;

/** The longest tag value read by default (LexerLimits.tagValue). */
export const TAG_VALUE_MAX: number = 1 << 16;

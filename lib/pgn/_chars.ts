// The character classes of PGN's tokens, as tables by char code: one
// definition for the lexer's two modes (text, and bytes skimmed).

/** 1 for characters that continue a symbol, 2 for those that start one too. */
export const SYMBOL_CHARS: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  const mark = (chars: string, kind: number): void => {
    for (const c of chars) table[c.charCodeAt(0)] = kind;
  };
  mark("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 2);
  mark("0123456789!?-.", 2);
  // A crazyhouse drop: `N@f3`, and `@f3` for a pawn as some sites write it.
  mark("@", 2);
  // `+` and `#` start one only as the mark after an `e8(Q)`.
  mark("+#", 2);
  mark("_=:/", 1);
  return table;
})();

/** 1 for characters of a tag name. */
export const NAME_CHARS: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (
    const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"
  ) {
    table[c.charCodeAt(0)] = 1;
  }
  return table;
})();

/** The characters the lexer steps over between tokens. */
export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11 ||
    c === 0xfeff || c === 0xa0;
}

/**
 * The spaces of {@linkcode isSpace} that are one byte: the others (no-break
 * space, byte-order mark) are several, and left to the text mode.
 */
export function isByteSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}

/** The spaces of {@linkcode isByteSpace} within a line (no line feed). */
export function isLineSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The results other than `*`, as written in movetext. */
export const RESULTS: readonly string[] = ["1-0", "0-1", "1/2-1/2"];

export function describe(c: number): string {
  return c < 32 || c === 127
    ? `control character U+${c.toString(16).toUpperCase().padStart(4, "0")}`
    : `"${String.fromCharCode(c)}"`;
}

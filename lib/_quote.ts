// How any text from the input is shown in a message: control, invisible and
// format characters spelled out as U+XXXX (so a hostile file cannot retitle
// or clear a terminal, and a zero-width space is visible), long tokens
// shortened (a 10 MB token must not become a 10 MB line on stderr).

/** The longest token a message quotes in full; longer ones are cut. */
const MAX_QUOTED = 24;

/**
 * Whether the code point is shown as U+XXXX: C0/C1 controls, DEL, spaces
 * other than the ASCII one, zero-width and bidirectional format characters,
 * line and paragraph separators, the BOM, lone surrogates and noncharacters.
 */
export function isHidden(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xad ||
    cp === 0x34f || cp === 0x61c || cp === 0x115f || cp === 0x1160 ||
    (cp >= 0x17b4 && cp <= 0x17b5) || (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x2000 && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202f) ||
    (cp >= 0x205f && cp <= 0x206f) || cp === 0x3000 || cp === 0x3164 ||
    (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff || cp === 0xffa0 || (cp >= 0xfff0 && cp <= 0xfffb) ||
    (cp & 0xfffe) === 0xfffe || (cp >= 0xe0000 && cp <= 0xe0fff);
}

/** `U+0041`-style name of a code point (astral ones as one code point). */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * One character for a message: `"x"` when it is printable, `U+001B`
 * otherwise. Reads a whole code point at `at` (an emoji is `U+1F600`, not
 * its first surrogate).
 */
export function quoteCharAt(text: string, at: number): string {
  const cp = text.codePointAt(at) ?? 0;
  if (cp === 0x22 || cp === 0x5c) return `'${String.fromCodePoint(cp)}'`;
  return isHidden(cp) ? codePointName(cp) : `"${String.fromCodePoint(cp)}"`;
}

/**
 * `text` (from `start` to `end`) safe to print: hidden characters as
 * `<U+XXXX>`, no line breaks, at most `max` code points followed by `...`.
 */
export function escapeText(
  text: string,
  start = 0,
  end: number = text.length,
  max = Infinity,
): string {
  let out = "";
  let shown = 0;
  end = Math.min(end, text.length);
  for (let i = start; i < end; i++) {
    if (shown++ === max) return out + "...";
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    out += isHidden(cp) ? `<${codePointName(cp)}>` : String.fromCodePoint(cp);
  }
  return out;
}

/**
 * A token from the input quoted for a message: `"e9"`, or, when long,
 * `"19999..." (10000000 characters)`.
 */
export function quoteToken(text: string, start: number, end: number): string {
  const quoted = `"${escapeText(text, start, end, MAX_QUOTED)}"`;
  return end - start > MAX_QUOTED
    ? `${quoted} (${end - start} characters)`
    : quoted;
}

// The fence scanner: where a Markdown document's fenced code blocks are,
// as CommonMark reads them, so that `fen md` replaces its own blocks and
// leaves every other byte as it was. It follows the parts of CommonMark
// that decide whether a line opens, continues or closes a fence: front
// matter, block quotes (`>` prefixes), list items (a fence indented to the
// item's content), HTML blocks (a fence inside `<!-- -->` or `<div>` is
// HTML), indented code (indented four spaces: never a fence), and longer
// fences holding shorter ones. Inline parsing never matters to fences.

/** One line of a document: its text and the line ending that followed it. */
export interface Line {
  /** The text, without its ending. */
  readonly text: string;
  /** `"\n"`, `"\r\n"`, `"\r"`, or `""` for a last line without one. */
  readonly end: string;
}

/** A fenced code block of a document. */
export interface Fence {
  /** The opening line's index (from 0). */
  readonly open: number;
  /** The closing line's index, or -1 when the document or its container ends first. */
  readonly close: number;
  /** The fence character. */
  readonly char: "`" | "~";
  /** The info string as written, trimmed. */
  readonly info: string;
  /** Where the info string starts in the opening line (from 0). */
  readonly infoColumn: number;
  /** The opening line's text before the fence: quote markers, list marker, indentation. */
  readonly prefix: string;
  /** The prefix for the lines that take the block's place (a list marker as spaces). */
  readonly continuation: string;
  /** The content lines, their prefixes and indentation removed. */
  readonly lines: readonly string[];
  /** For each content line, where its content starts in the document's line. */
  readonly starts: readonly number[];
}

/**
 * Splits a document into lines, each with its ending, so that joining
 * `text + end` gives the document back byte for byte.
 *
 * @example
 * ```ts
 * import { splitLines } from "./fences.ts";
 * import assert from "node:assert/strict";
 *
 * const lines = splitLines("a\r\nb\nc");
 * assert.deepEqual(lines.map((l) => l.end), ["\r\n", "\n", ""]);
 * assert.equal(lines.map((l) => l.text + l.end).join(""), "a\r\nb\nc");
 * ```
 */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const ending = /\r\n|\n|\r/g;
  let start = 0;
  for (let m; (m = ending.exec(text)) !== null;) {
    lines.push({ text: text.slice(start, m.index), end: m[0] });
    start = m.index + m[0].length;
  }
  if (start < text.length) lines.push({ text: text.slice(start), end: "" });
  return lines;
}

const FENCE = /^(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^([-+*]|[0-9]{1,9}[.)])( {1,4}|\t)(?=\S)/;
const QUOTE = /^ {0,3}> ?/;
/** HTML blocks of CommonMark's kinds 1 to 5: their start and their end. */
const HTML_UNTIL: readonly (readonly [RegExp, RegExp])[] = [
  [
    /^<(pre|script|style|textarea)(\s|>|$)/i,
    /<\/(pre|script|style|textarea)>/i,
  ],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
];
/** HTML blocks of CommonMark's kind 6, which end at a blank line. */
const HTML_BLOCK = new RegExp(
  "^</?(address|article|aside|base|basefont|blockquote|body|caption|center|" +
    "col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|" +
    "footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|" +
    "link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|" +
    "section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)" +
    "(\\s|/?>|$)",
  "i",
);

/** The width of leading spaces and tabs (a tab to the next multiple of 4). */
function indentOf(text: string): { width: number; length: number } {
  let width = 0;
  let length = 0;
  for (; length < text.length; length++) {
    if (text[length] === " ") width++;
    else if (text[length] === "\t") width += 4 - (width % 4);
    else break;
  }
  return { width, length };
}

/** How many `>` markers lead the line (at most `limit`), and their length. */
function quotes(
  text: string,
  limit = Infinity,
): { depth: number; length: number } {
  let depth = 0;
  let length = 0;
  for (let m; depth < limit && (m = QUOTE.exec(text.slice(length))) !== null;) {
    depth++;
    length += m[0].length;
  }
  return { depth, length };
}

/** A fence being read: where it opened and what it has so far. */
interface Open {
  open: number;
  char: "`" | "~";
  size: number;
  info: string;
  infoColumn: number;
  prefix: string;
  continuation: string;
  depth: number;
  /** The indentation of the fence after the quote markers (list items included). */
  indent: number;
  /** The list item's content column the fence is in, or 0. */
  base: number;
  lines: string[];
  starts: number[];
}

/**
 * Finds every fenced code block of a document, in order: backtick and
 * tilde fences, in block quotes and list items too, but not inside front
 * matter, HTML blocks or indented code. A fence that its document or
 * container ends before closing has `close` -1.
 *
 * @example A fence inside a longer fence is content
 * ```ts
 * import { scanFences, splitLines } from "./fences.ts";
 * import assert from "node:assert/strict";
 *
 * const [t3, t4] = ["`".repeat(3), "`".repeat(4)];
 * const doc = `${t4}md\n${t3}fen\n8/8/8/8/8/8/8/8\n${t3}\n${t4}\n\n${t3}fen flip\nx\n${t3}\n`;
 * const fences = scanFences(splitLines(doc));
 * assert.deepEqual(fences.map((f) => [f.info, f.open, f.close]), [
 *   ["md", 0, 4],
 *   ["fen flip", 6, 8],
 * ]);
 * ```
 */
export function scanFences(lines: readonly Line[]): Fence[] {
  const scan = new FenceScan(lines);
  for (let i = scan.frontMatterEnd(); i < lines.length; i++) scan.line(i);
  scan.finish();
  return scan.fences;
}

/** One scan's state: the open fence, HTML block, and list items. */
class FenceScan {
  readonly fences: Fence[] = [];
  readonly #lines: readonly Line[];
  #open: Open | null = null;
  /** The end of the HTML block the scan is in, "blank" for kind 6, or null. */
  #html: RegExp | "blank" | null = null;
  /** The content columns of the list items the scan is in, innermost last. */
  #items: number[] = [];

  constructor(lines: readonly Line[]) {
    this.#lines = lines;
  }

  /** The first line after YAML front matter (`---` ... `---` or `...`), or 0. */
  frontMatterEnd(): number {
    const lines = this.#lines;
    if (lines.length === 0 || !/^---[ \t]*$/.test(lines[0].text)) return 0;
    for (let i = 1; i < lines.length; i++) {
      if (/^(---|\.\.\.)[ \t]*$/.test(lines[i].text)) return i + 1;
    }
    return 0;
  }

  /** Reads line `i`: into the open fence, an HTML block, or as a block's start. */
  line(i: number): void {
    const text = this.#lines[i].text;
    if (this.#open !== null && this.#inFence(i, text)) return;
    const quoted = quotes(text);
    const rest = text.slice(quoted.length);
    if (this.#html !== null) {
      if (this.#html === "blank" ? rest.trim() === "" : this.#html.test(rest)) {
        this.#html = null;
      }
      return;
    }
    if (rest.trim() === "") return;
    const { width, length } = indentOf(rest);
    this.#leaveItems(width);
    if (width > 3 && this.#itemAt(width) === 0) return; // indented code
    let body = rest.slice(length);
    let column = quoted.length + length;
    const item = LIST_ITEM.exec(body);
    if (item !== null) {
      const marker = width + item[0].length;
      this.#items.push(marker);
      body = body.slice(item[0].length);
      column += item[0].length;
    }
    const fence = FENCE.exec(body);
    if (fence !== null && this.#opens(fence)) {
      const prefix = text.slice(0, column);
      this.#open = {
        open: i,
        char: fence[1][0] as "`" | "~",
        size: fence[1].length,
        info: fence[2].trim(),
        infoColumn: column + fence[1].length +
          (fence[2].length - fence[2].trimStart().length),
        prefix,
        continuation: text.slice(0, quoted.length) +
          " ".repeat(column - quoted.length),
        depth: quoted.depth,
        indent: item === null ? width : this.#items.at(-1)!,
        base: item === null ? this.#itemAt(width) : this.#items.at(-1)!,
        lines: [],
        starts: [],
      };
      return;
    }
    if (item === null) this.#htmlStart(body);
  }

  /** Whether an opening fence is one: a backtick fence's info has no backtick. */
  #opens(fence: RegExpExecArray): boolean {
    return !(fence[1][0] === "`" && fence[2].includes("`"));
  }

  #htmlStart(body: string): void {
    for (const [start, end] of HTML_UNTIL) {
      if (start.test(body)) {
        this.#html = end.test(body.slice(1)) ? null : end;
        return;
      }
    }
    if (HTML_BLOCK.test(body)) this.#html = "blank";
  }

  /** Reads line `i` into the open fence; false when the fence ended before it. */
  #inFence(i: number, text: string): boolean {
    const open = this.#open!;
    const quoted = quotes(text, open.depth);
    if (quoted.depth < open.depth) {
      this.#end(-1); // the block quote ended, and the fence with it
      return false;
    }
    const rest = text.slice(quoted.length);
    const { width, length } = indentOf(rest);
    if (rest.trim() !== "" && width < open.base) {
      this.#end(-1); // a line outside the list item ends it
      return false;
    }
    const body = rest.slice(length);
    const close = /^(`{3,}|~{3,})[ \t]*$/.exec(body);
    if (
      close !== null && close[1][0] === open.char &&
      close[1].length >= open.size && width - open.base <= 3
    ) {
      this.#end(i);
      return true;
    }
    // The fence's own indentation is taken off its content lines.
    let strip = 0;
    while (strip < rest.length && strip < open.indent && rest[strip] === " ") {
      strip++;
    }
    open.lines.push(rest.slice(strip));
    open.starts.push(quoted.length + strip);
    return true;
  }

  /** Ends the open fence at line `close` (-1: unclosed). */
  #end(close: number): void {
    const o = this.#open!;
    this.fences.push({
      open: o.open,
      close,
      char: o.char,
      info: o.info,
      infoColumn: o.infoColumn,
      prefix: o.prefix,
      continuation: o.continuation,
      lines: o.lines,
      starts: o.starts,
    });
    this.#open = null;
  }

  /** Leaves the list items a line indented `width` is not inside. */
  #leaveItems(width: number): void {
    while (this.#items.length > 0 && width < this.#items.at(-1)!) {
      this.#items.pop();
    }
  }

  /** The content column of the list item a line of this indentation is in. */
  #itemAt(width: number): number {
    for (let k = this.#items.length - 1; k >= 0; k--) {
      const column = this.#items[k];
      if (width >= column && width - column <= 3) return column;
    }
    return 0;
  }

  finish(): void {
    if (this.#open !== null) this.#end(-1);
  }
}

// A fence's info string read as a `fen` block's options, in both spellings:
// CommonMark's words (```fen flip size=300) and Pandoc's attributes
// (```{.fen .flip size=300}), which Pandoc reads and hands to its filters
// as classes and key-value pairs. One list of options comes out of either.

/** One option of a block: `flip`, `.flip`, `size=300`, `arrow="e2e4 d2d4"`. */
export interface BlockOption {
  /** The name as written, without a leading `.`. */
  readonly name: string;
  /** The value, or `null` for a bare word or class (a flag). */
  readonly value: string | null;
  /** Where it starts in the info string (from 0), or -1 when not known (Pandoc). */
  readonly column: number;
}

/** What a `fen` block's info string says. */
export interface BlockInfo {
  /** Its options, in order. */
  readonly options: readonly BlockOption[];
  /** Its identifier (`#id`), or `null`. */
  readonly id: string | null;
}

/** A word of an info string, or the problem that stopped the reading. */
const WORD =
  /\s*(?:([#.]?)([^\s="'{}]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"'{}]*)))?)/y;

/**
 * Reads a fence's info string: a `fen` block's options, or `null` when the
 * block is not a `fen` block (another language, or none). The first word
 * `fen` makes a `fen` block, or a Pandoc attribute list `{...}` with the
 * class `.fen`.
 *
 * @example Both spellings
 * ```ts
 * import { readInfo } from "./info.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(readInfo("fen flip size=300")?.options.map((o) => [o.name, o.value]), [
 *   ["flip", null],
 *   ["size", "300"],
 * ]);
 * assert.deepEqual(readInfo('{.fen ply=4 .flip arrow="e2e4 d2d4"}')?.options.map((o) => o.value), [
 *   "4",
 *   null,
 *   "e2e4 d2d4",
 * ]);
 * assert.equal(readInfo("js"), null);
 * ```
 *
 * @param info The info string, trimmed.
 * @returns The block's options, or `null` for another kind of block.
 * @throws {InfoError} When a `fen` block's info string cannot be read.
 */
export function readInfo(info: string): BlockInfo | null {
  const braced = info.startsWith("{");
  if (braced) {
    if (!/(^|[\s{])\.fen(?=[\s}])/.test(info)) return null;
    if (!info.endsWith("}")) {
      throw new InfoError("the attribute list has no closing }", info.length);
    }
  } else if (!/^fen(\s|$)/.test(info)) {
    return null;
  }
  let body = braced ? info.slice(1, -1) : info.slice(3);
  let skip = braced ? 1 : 3;
  // CommonMark with attributes (Pandoc's commonmark_x) also reads ```fen {.flip}.
  const group = /^(\s*)\{(.*)\}\s*$/.exec(body);
  if (!braced && group !== null) {
    skip += group[1].length + 1;
    body = group[2];
  }
  const options: BlockOption[] = [];
  let id: string | null = null;
  let fenClass = false;
  WORD.lastIndex = 0;
  for (let at = 0; at < body.length;) {
    WORD.lastIndex = at;
    const m = WORD.exec(body);
    if (m === null || m[0].length === 0) {
      if (body.slice(at).trim() === "") break;
      const column = skip + at +
        (body.slice(at).length - body.slice(at).trimStart().length);
      throw new InfoError(
        `cannot read ${JSON.stringify(info.slice(column, column + 20))}`,
        column,
      );
    }
    const column = skip + at + (m[0].length - m[0].trimStart().length);
    at = WORD.lastIndex;
    const [, sigil, name] = m;
    const value = m[3] ?? m[4] ?? m[5] ?? null;
    if (sigil === "#") id = name;
    else if (braced && sigil === "." && name === "fen" && !fenClass) {
      fenClass = true;
    } else options.push({ name, value, column });
  }
  return { options, id };
}

/**
 * A Pandoc code block's attributes as a `fen` block's options, or `null`
 * when it has no class `fen`.
 *
 * @param attr Pandoc's `[id, classes, [[key, value]...]]`.
 * @returns The block's options, or `null`.
 */
export function pandocInfo(
  attr: readonly [
    string,
    readonly string[],
    readonly (readonly [string, string])[],
  ],
): BlockInfo | null {
  const [id, classes, pairs] = attr;
  if (!classes.includes("fen")) return null;
  const options: BlockOption[] = [];
  let fenClass = false;
  for (const name of classes) {
    if (name === "fen" && !fenClass) fenClass = true;
    else options.push({ name, value: null, column: -1 });
  }
  for (const [name, value] of pairs) options.push({ name, value, column: -1 });
  return { options, id: id === "" ? null : id };
}

/** An info string that cannot be read: what is wrong, and where. */
export class InfoError extends SyntaxError {
  /** Where in the info string (from 0). */
  readonly column: number;

  /**
   * @param message What is wrong.
   * @param column Where in the info string (from 0).
   */
  constructor(message: string, column: number) {
    super(message);
    this.name = "InfoError";
    this.column = column;
  }
}

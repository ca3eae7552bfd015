/**
 * Writing PGN: {@linkcode stringifyPgn}, the standard's export format.
 *
 * @module
 */

import { parseFen, stringifyFen } from "../fen/mod.ts";
import type { Rules } from "../types.ts";
import type { PgnGame, PgnLine } from "./game.ts";
import { variantOf } from "../chess/variant_names.ts";

/**
 * Options for {@linkcode stringifyPgn}.
 *
 * @example The mainline only, without comments
 * ```ts
 * import { parsePgn, stringifyPgn, type StringifyPgnOptions } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const options: StringifyPgnOptions = { variations: false, comments: false };
 * const [game] = parsePgn("1. e4 {good} (1. d4) e5 *");
 * assert.match(stringifyPgn(game, options), /\n1\. e4 e5 \*\n$/);
 * ```
 */
export interface StringifyPgnOptions {
  /** Write the variations (defaults to `true`). */
  variations?: boolean;
  /** Write the comments (defaults to `true`). */
  comments?: boolean;
}

/** The seven-tag roster, in the standard's order, with its unknown values. */
const ROSTER: readonly (readonly [string, string])[] = [
  ["Event", "?"],
  ["Site", "?"],
  ["Date", "????.??.??"],
  ["Round", "?"],
  ["White", "?"],
  ["Black", "?"],
  ["Result", "*"],
];

/** The standard's longest line (section 8.2.3: at most 79 characters). */
const LINE_MAX = 79;

const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/**
 * Tokens to lines of at most LINE_MAX characters, broken between tokens; a
 * token longer than that (a long comment) is a line of its own.
 */
class LineWriter {
  readonly lines: string[] = [];
  #line = "";
  /** Where the last token of the line starts, to move it with a `)`. */
  #last = 0;
  /** A `(` waiting for the token it is written against. */
  #open = false;

  token(text: string): void {
    const t = this.#open ? "(" + text : text;
    this.#open = false;
    if (this.#line === "") {
      this.#line = t;
      this.#last = 0;
    } else if (this.#line.length + 1 + t.length <= LINE_MAX) {
      this.#last = this.#line.length + 1;
      this.#line += " " + t;
    } else {
      this.lines.push(this.#line);
      this.#line = t;
      this.#last = 0;
    }
  }

  open(): void {
    if (this.#open) this.token("");
    this.#open = true;
  }

  /** A `)` against the last token: both go to a new line if they do not fit. */
  close(): void {
    if (this.#open) this.token(""); // an empty variation: "()"
    if (this.#line.length + 1 > LINE_MAX) {
      // A line of a token and its )s only is cut before the next ).
      this.lines.push(
        this.#last > 0 ? this.#line.slice(0, this.#last - 1) : this.#line,
      );
      this.#line = this.#last > 0 ? this.#line.slice(this.#last) : "";
      this.#last = 0;
    }
    this.#line += ")";
  }

  /**
   * A comment as one token, its text as it is: lines are broken between
   * tokens only, so a comment longer than a line is a line of its own,
   * and one with line breaks keeps them (its last line goes on with the
   * next tokens).
   */
  comment(text: string): void {
    if (text.includes("}")) return this.restOfLine(text);
    const parts = `{${text}}`.split("\n");
    this.token(parts[0]);
    if (parts.length === 1) return;
    this.lines.push(this.#line);
    for (let i = 1; i < parts.length - 1; i++) this.lines.push(parts[i]);
    this.#line = parts[parts.length - 1];
    this.#last = 0;
  }

  /** A comment with a `}` (read from a `;` comment) goes back to being one. */
  restOfLine(text: string): void {
    if (/[\r\n]/.test(text)) {
      throw new TypeError(
        `Cannot stringify PGN: a comment has both "}" and a line break`,
      );
    }
    const open = this.#open ? "(" : "";
    this.#open = false;
    this.lines.push(
      (this.#line === "" ? "" : this.#line + " ") + open + ";" + text,
    );
    this.#line = "";
    this.#last = 0;
  }

  end(): string[] {
    if (this.#line !== "") this.lines.push(this.#line);
    this.#line = "";
    return this.lines;
  }
}

function escapeTag(name: string, value: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(name) || /[\r\n]/.test(value)) {
    throw new TypeError(
      `Cannot stringify PGN: the tag ${JSON.stringify(name)} cannot be written`,
    );
  }
  return `[${name} "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"]`;
}

/**
 * Whether a game under `rules` starting at `fen` needs the FEN tag: a
 * start other than its variant's, and always for the variants whose start
 * is not standard chess's (horde, racing kings), as lichess writes them.
 */
function needsFen(rules: Rules, fen: string): boolean {
  if (rules === "horde" || rules === "racingkings") return true;
  if (rules === "chess" || rules === "chess960") return fen !== START_FEN;
  return fen !== stringifyFen(parseFen(variantOf(rules).start, { rules }));
}

/** The tag lines: the roster first, SetUp and FEN if the start needs them, the rest in order. */
function tagLines(game: PgnGame, result: string): string[] {
  const tags = new Map(game.tags);
  const lines: string[] = [];
  for (const [name, unknown] of ROSTER) {
    // The marker wins over a Result tag that says otherwise, as in
    // python-chess: the two must agree.
    const value = name === "Result" ? result : tags.get(name) ?? unknown;
    lines.push(escapeTag(name, value));
    tags.delete(name);
  }
  if (game.rules !== "chess" && !tags.has("Variant")) {
    lines.push(escapeTag("Variant", variantOf(game.rules).name));
  }
  const fen = stringifyFen(game.start);
  if (!tags.has("FEN") && needsFen(game.rules, fen)) {
    if (!tags.has("SetUp")) lines.push(escapeTag("SetUp", "1"));
    lines.push(escapeTag("FEN", fen));
  }
  for (const [name, value] of tags) lines.push(escapeTag(name, value));
  return lines;
}

/** A line being written: its moves, the next one, and variations pending. */
interface Frame {
  line: PgnLine;
  next: number;
  /** The ply of the position before the line's first move. */
  ply: number;
  /** Whether Black's next move needs its number (`12...`). */
  number: boolean;
  /** The next variation of the move just written, or -1. */
  variation: number;
}

/**
 * Writes a game in the PGN standard's export format: the seven-tag roster
 * first in its order (unknown values as `?`), `SetUp` and `FEN` when the
 * game does not start from the standard position, the other tags in their
 * order, a blank line, then the movetext in lines of at most 79 characters,
 * broken between tokens only, with move numbers, comments, NAGs as `$n`,
 * variations, and the result. Reading the text back gives the same game,
 * every comment's text exactly: a comment is one token, never broken, so
 * one longer than a line is a line of its own (past 79 characters, and
 * past the 255 of the standard's import format if it is that long), and
 * its own line breaks are kept.
 *
 * @example A game with a variation, a comment and a NAG
 * ```ts
 * import { parsePgn, stringifyPgn } from "@fen/fen/pgn";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn('[White "A"]\n1.e4 e5 2.Nf3 {main} (2.f4!? exf4) Nc6 1-0');
 * assert.equal(
 *   stringifyPgn(game),
 *   '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "A"]\n' +
 *     '[Black "?"]\n[Result "1-0"]\n\n' +
 *     "1. e4 e5 2. Nf3 {main} (2. f4 $5 exf4) 2... Nc6 1-0\n",
 * );
 * ```
 *
 * @param game The game.
 * @param options Whether to write variations and comments.
 * @returns The PGN text, ending with a newline.
 * @throws {TypeError} If a tag cannot be written (a name outside
 * `[A-Za-z0-9_]`, a line break in a value) or a comment has both `}` and a line break.
 */
export function stringifyPgn(
  game: PgnGame,
  options: StringifyPgnOptions = {},
): string {
  const result = game.result ?? game.tags.get("Result") ?? "*";
  const out = new LineWriter();
  writeMoves(
    game,
    out,
    options.variations !== false,
    options.comments !== false,
  );
  out.token(result);
  return [...tagLines(game, result), "", ...out.end(), ""].join("\n");
}

/** The movetext, walked with an explicit stack: variations nest without limit. */
function writeMoves(
  game: PgnGame,
  out: LineWriter,
  variations: boolean,
  comments: boolean,
): void {
  const black = game.start.turn === "b" ? 1 : 0;
  const fullmove = Math.max(game.start.fullmoveNumber, 1);
  const stack: Frame[] = [{
    line: game.mainline,
    next: 0,
    ply: 0,
    number: true,
    variation: -1,
  }];
  if (comments) { for (const c of game.mainline.comments) out.comment(c); }
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.variation >= 0) {
      const replaced = frame.line.moves[frame.next - 1];
      if (frame.variation < replaced.variations.length) {
        const line = replaced.variations[frame.variation++];
        out.open();
        if (comments) { for (const c of line.comments) out.comment(c); }
        const ply = frame.ply + frame.next - 1;
        stack.push({ line, next: 0, ply, number: true, variation: -1 });
        continue;
      }
      frame.variation = -1;
      frame.number = true;
    }
    if (frame.next < frame.line.moves.length) {
      const move = frame.line.moves[frame.next];
      const p = black + frame.ply + frame.next;
      const number = fullmove + (p >> 1);
      if ((p & 1) === 0) out.token(`${number}.`);
      else if (frame.number) out.token(`${number}...`);
      out.token(move.san);
      for (const nag of move.nags) out.token(`$${nag}`);
      frame.number = false;
      if (comments && move.comments.length > 0) {
        for (const c of move.comments) out.comment(c);
        frame.number = true;
      }
      frame.next++;
      if (variations && move.variations.length > 0) frame.variation = 0;
      continue;
    }
    stack.pop();
    if (stack.length > 0) out.close();
  }
}

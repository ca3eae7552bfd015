// The commands lichess and ChessBase put in comments, `[%clk 0:03:00]`,
// `[%eval -1.3]`, `[%csl Ge4]`, read into a move's fields. The comment keeps
// its text as written: the fields are a reading of it, not a replacement.

import type { PgnEval, PgnMove, PgnShape } from "./game.ts";
import { isSquare } from "../_tables.ts";

const EVAL = /^(?:#([+-]?\d+)|([+-]?(?:\d+\.?\d*|\.\d+)))(?:,(\d+))?$/;
const SHAPE = /^([GRYB])([a-h][1-8])([a-h][1-8])?$/;

/** Shape colours by their letter in `[%csl]` and `[%cal]`. */
const COLORS: Readonly<Record<string, PgnShape["color"]>> = {
  G: "green",
  R: "red",
  Y: "yellow",
  B: "blue",
};

/**
 * Seconds of `h:mm:ss` (or `m:ss`, with decimals), or null when the text is
 * not a time; read by hand, as clocks come once per move.
 */
function seconds(text: string): number | null {
  let total = 0, part = 0, digits = 0, colons = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      part = part * 10 + c - 48;
      digits++;
    } else if (c === 58 /* : */ && digits > 0 && colons < 2) {
      total = total * 60 + part;
      part = digits = 0;
      colons++;
    } else if (c === 46 /* . */ && digits > 0 && colons > 0) {
      const fraction = Number(text.slice(i));
      return Number.isNaN(fraction) ? null : (total * 60 + part) + fraction;
    } else return null;
  }
  return digits > 0 && colons > 0 ? total * 60 + part : null;
}

function readEval(text: string): PgnEval | null {
  const pawns = text.includes(",") || text.includes("#") ? NaN : Number(text);
  if (text !== "" && Number.isFinite(pawns)) {
    return { pawns, mate: null, depth: null };
  }
  const m = EVAL.exec(text);
  if (!m) return null;
  const depth = m[3] === undefined ? null : Number(m[3]);
  return m[1] !== undefined
    ? { pawns: null, mate: Number(m[1]), depth }
    : { pawns: Number(m[2]), mate: null, depth };
}

function readShapes(text: string, shapes: PgnShape[]): void {
  for (const part of text.split(",")) {
    const m = SHAPE.exec(part.trim());
    if (!m || !isSquare(m[2])) continue;
    const to = m[3] ?? m[2];
    if (isSquare(to)) shapes.push({ color: COLORS[m[1]], from: m[2], to });
  }
}

/**
 * Reads the commands of `comment` into `move`; commands it cannot read stay
 * text only. Scanned with indexOf rather than a global regular expression:
 * lichess writes two commands on every move.
 */
export function readCommands(comment: string, move: PgnMove): void {
  for (
    let at = comment.indexOf("[%");
    at >= 0;
    at = comment.indexOf("[%", at)
  ) {
    const close = comment.indexOf("]", at);
    if (close < 0) return;
    // The name ends at any space: a command may be cut across lines.
    const space = comment.indexOf(" ", at);
    let nameEnd = space < 0 || space > close ? close : space;
    // Cut across lines: `[%clk\n0:04:45]` (a name is a few letters).
    for (let i = at + 2; i < nameEnd; i++) {
      if (comment.charCodeAt(i) < 32) {
        nameEnd = i;
        break;
      }
    }
    const name = comment.slice(at + 2, nameEnd);
    const value = comment.slice(nameEnd, close).trim();
    if (name === "clk") move.clock = seconds(value) ?? move.clock;
    else if (name === "emt") move.emt = seconds(value) ?? move.emt;
    else if (name === "eval") move.eval = readEval(value) ?? move.eval;
    else if (name === "csl" || name === "cal") {
      const shapes = [...move.shapes];
      readShapes(value, shapes);
      move.shapes = shapes;
    }
    at = close;
  }
}

// The commands lichess and ChessBase put in comments, `[%clk 0:03:00]`,
// `[%eval -1.3]`, `[%csl Ge4]`, read into a move's fields. The comment keeps
// its text as written: the fields are a reading of it, not a replacement.

import type { PgnEval, PgnMove, PgnShape } from "./game.ts";
import { isSquare } from "../_tables.ts";

const COMMAND = /\[%(clk|emt|eval|csl|cal)\s+([^\]]*)\]/g;
const TIME = /^(\d+):(\d\d?):(\d\d?(?:\.\d+)?)$/;
const EVAL = /^(?:#([+-]?\d+)|([+-]?(?:\d+\.?\d*|\.\d+)))(?:,(\d+))?$/;
const SHAPE = /^([GRYB])([a-h][1-8])([a-h][1-8])?$/;

/** Shape colours by their letter in `[%csl]` and `[%cal]`. */
const COLORS: Readonly<Record<string, PgnShape["color"]>> = {
  G: "green",
  R: "red",
  Y: "yellow",
  B: "blue",
};

/** Seconds of `h:mm:ss`, or null when the text is not a time. */
function seconds(text: string): number | null {
  const m = TIME.exec(text.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

function readEval(text: string): PgnEval | null {
  const m = EVAL.exec(text.trim());
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

/** Reads the commands of `comment` into `move`; commands it cannot read stay text only. */
export function readCommands(comment: string, move: PgnMove): void {
  if (!comment.includes("[%")) return;
  for (const [, name, value] of comment.matchAll(COMMAND)) {
    if (name === "clk") move.clock = seconds(value) ?? move.clock;
    else if (name === "emt") move.emt = seconds(value) ?? move.emt;
    else if (name === "eval") move.eval = readEval(value) ?? move.eval;
    else {
      const shapes = [...move.shapes];
      readShapes(value, shapes);
      move.shapes = shapes;
    }
  }
}

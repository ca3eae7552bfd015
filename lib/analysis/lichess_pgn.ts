/**
 * PGN in lichess's export form (scalachess's renderer as lila's annotator
 * uses it): the movetext on one line, each comment in its own
 * `{ braces with spaces }`, `]  } { [` joined into one comment (so that
 * `{ [%eval 0.17] } { [%clk 0:03:00] }` becomes
 * `{ [%eval 0.17] [%clk 0:03:00] }`), NAGs 1 to 6 as their symbols on the
 * move (`Qd8?!`), a black move numbered (`14...`) after a comment or a
 * variation, and two blank lines after each game.
 *
 * @module
 */

import type { PgnLine } from "../pgn/mod.ts";

/** A move as written: SAN, NAGs, comments, the lines that replace it. */
export interface LichessMove {
  san: string;
  nags: readonly number[];
  comments: readonly string[];
  variations: readonly (readonly LichessMove[])[];
}

/** A game to write. */
export interface LichessGame {
  /** Tags in order. */
  tags: ReadonlyMap<string, string>;
  /** Comments before the first move. */
  comments: readonly string[];
  /** The mainline. */
  moves: readonly LichessMove[];
  /** The ply of the position before the first move (0: White to move at move 1). */
  startPly: number;
}

const SYMBOLS = ["", "!", "?", "!!", "??", "!?", "?!"];

/**
 * A line of a game read from PGN as the writer takes it, its variations
 * inside.
 *
 * @example A move and its variation
 * ```ts
 * import { lichessLine } from "./lichess_pgn.ts";
 * import { parsePgn } from "../pgn/mod.ts";
 * import assert from "node:assert/strict";
 *
 * const [game] = parsePgn("1. e4 (1. d4) *");
 * const [move] = lichessLine(game.mainline);
 * assert.equal(move.san, "e4");
 * assert.equal(move.variations[0][0].san, "d4");
 * ```
 *
 * @param line The line.
 * @returns Its moves.
 */
export function lichessLine(line: PgnLine): LichessMove[] {
  return line.moves.map((move) => ({
    san: move.san,
    nags: move.nags,
    comments: move.comments,
    variations: move.variations.map(lichessLine),
  }));
}

function escapeValue(value: string): string {
  return value.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
}

/**
 * Writes one game in lichess's export form, ending with two blank lines.
 *
 * @example A judged move, its evaluation and its better line
 * ```ts
 * import { writeLichessPgn } from "./lichess_pgn.ts";
 * import assert from "node:assert/strict";
 *
 * const text = writeLichessPgn({
 *   tags: new Map([["Result", "*"]]),
 *   comments: [],
 *   startPly: 0,
 *   moves: [{
 *     san: "f3",
 *     nags: [2],
 *     comments: ["(0.20 → -0.90) Mistake. e4 was best.", "[%eval -0.9]", "[%clk 0:03:00]"],
 *     variations: [[{ san: "e4", nags: [], comments: [], variations: [] }]],
 *   }],
 * });
 * assert.equal(
 *   text,
 *   '[Result "*"]\n\n1. f3? { (0.20 → -0.90) Mistake. e4 was best. } ' +
 *     "{ [%eval -0.9] [%clk 0:03:00] } (1. e4) *\n\n\n",
 * );
 * ```
 *
 * @param game The tags, comments and moves.
 * @returns The PGN text.
 */
export function writeLichessPgn(game: LichessGame): string {
  const parts: string[] = [];
  if (game.tags.size > 0) {
    const tags = [...game.tags].map(([name, value]) =>
      `[${name} "${escapeValue(value)}"]`
    );
    parts.push(tags.join("\n"), "\n\n");
  }
  if (game.comments.length > 0) {
    parts.push(`{ ${game.comments.join(" } { ")} }\n`);
  }
  writeLine(game.moves, game.startPly + 1, parts);
  const result = game.tags.get("Result");
  if (result !== undefined) parts.push(" ", result);
  parts.push("\n\n\n");
  return parts.join("").replaceAll("] } { [", "] [");
}

/** A line from `ply` (the ply of its first move), variations inside. */
function writeLine(
  moves: readonly LichessMove[],
  ply: number,
  out: string[],
): void {
  let force = ply % 2 === 0;
  for (let i = 0; i < moves.length; i++, ply++) {
    const move = moves[i];
    if (i > 0) out.push(" ");
    const white = ply % 2 === 1;
    const number = Math.ceil(ply / 2);
    if (white) out.push(`${number}. `);
    else if (force) out.push(`${number}... `);
    out.push(move.san);
    for (const nag of move.nags) {
      out.push(nag >= 1 && nag <= 6 ? SYMBOLS[nag] : ` $${nag}`);
    }
    for (const comment of move.comments) out.push(` { ${comment} }`);
    for (const variation of move.variations) {
      out.push(" (");
      writeLine(variation, ply, out);
      out.push(")");
    }
    force = !white || move.comments.length > 0 || move.variations.length > 0;
  }
}

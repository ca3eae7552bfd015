/// <reference lib="dom" />
// What the page says about a record: its errors with a caret under the
// column, or the verdict, every problem, the canonical FEN, the status and
// the legal moves. Text only, never markup.

import type { FenSyntaxError } from "../../errors.ts";
import { explain } from "../../fen/explain.ts";
import { stringifyFen } from "../../fen/mod.ts";
import type { Problem } from "../../legality/mod.ts";
import { legalMoves, positionStatus } from "../../moves/mod.ts";
import type { PgnMoveError, PgnSyntaxError } from "../../pgn/mod.ts";
import type { Position, Rules } from "../../types.ts";
import { add, element } from "./_dom.ts";

/** Shows a syntax error: the message, the record and a caret under it. */
export function showSyntaxError(
  list: HTMLElement,
  text: string,
  error: FenSyntaxError,
): void {
  // A variant's record: said in the page's words, not the library's option.
  const detail = error.hinted((rules) => `choose ${rules} in the variant menu`);
  const item = add(
    list,
    "li",
    `error ${error.field}: Cannot parse FEN: ${detail} at column ${error.column}`,
    "error",
  );
  add(
    item,
    "pre",
    `${text}\n${" ".repeat(error.offset)}^ column ${error.column}`,
    "caret",
  );
}

function describeStatus(position: Position, rules: Rules): string {
  const status = positionStatus(position, { rules });
  const side = position.turn === "w" ? "White" : "Black";
  const parts = [`${side} to move`];
  if (status.checkmate) parts.push(`${side} is checkmated`);
  else if (status.check) {
    parts.push(`in check from ${status.checkers.join(", ")}`);
  }
  if (status.stalemate) parts.push("stalemate");
  if (status.insufficientMaterial) parts.push("insufficient material");
  if (status.seventyFiveMoves) parts.push("75-move rule: a draw");
  else if (status.fiftyMoves) parts.push("50-move rule: a draw may be claimed");
  // A variant's own end (a king on the hill, a third check...) in its words.
  if (status.end !== null && !status.checkmate && !status.stalemate) {
    parts.push(status.end.reason);
  }
  parts.push(`${status.legalMoveCount} legal moves`);
  return parts.join("; ");
}

/** Shows a PGN error: the message, the line and a caret under the column. */
export function showPgnError(
  list: HTMLElement,
  text: string,
  error: PgnSyntaxError | PgnMoveError,
): void {
  const item = add(list, "li", `error pgn: ${error.message}`, "error");
  const line = text.split("\n")[error.line - 1] ?? "";
  add(
    item,
    "pre",
    `${line}\n${" ".repeat(error.column - 1)}^ column ${error.column}`,
    "caret",
  );
}

/** How each severity is said on the page. */
const SEVERITY_WORDS: Readonly<Record<Problem["severity"], string>> = {
  error: "Illegal",
  warning: "Warning",
};

/**
 * A problem in words a person reads: its severity, its message and the
 * squares it names (its code is left to the item's tooltip).
 */
export function problemText(problem: Problem): string {
  const where = problem.squares.length > 0
    ? ` (${problem.squares.join(", ")})`
    : "";
  return `${SEVERITY_WORDS[problem.severity]}: ${problem.message}${where}.`;
}

/** The verdict, the problems, the canonical FEN, the status and the moves. */
export function showFacts(
  position: Position,
  problems: Problem[],
  input: { text: string; pgn: string | null; rules: Rules },
): void {
  const { rules } = input;
  const list = element("problems");
  const verdict = element("verdict");
  const legal = problems.every((problem) => problem.severity !== "error");
  verdict.textContent = legal ? "Legal position" : "Illegal position";
  verdict.className = legal ? "good" : "bad";
  for (const problem of problems) {
    // The code, which the docs list, for whoever looks it up.
    add(list, "li", problemText(problem), problem.severity).title =
      problem.code;
  }
  element("fen").textContent = stringifyFen(position);
  if (input.pgn === null) {
    for (const note of explain(input.text, { rules })) {
      add(element("explain"), "li", note);
    }
  }
  if (legal) {
    element("status").textContent = describeStatus(position, rules);
    element("moves").textContent =
      legalMoves(position, { notation: "san", rules }).join(" ") || "none";
  }
}

// The object `fen --check --format json` writes for a position (after its
// place: record, line or file) and `fen serve`'s `/check` answers: the
// canonical FEN, the input, whether the position is legal, every problem,
// the game's state when it is legal, and what is wrong with the moves its
// EPD operations name. Written by one function here, below both, so that
// the command and the service say the same thing with the same names: the
// command into its output buffer record by record, the service into a
// string.

import type { EpdMoveIssue } from "../data/epd_moves.ts";
import { checkEpdMoves } from "../data/epd_moves.ts";
import { stringifyFen } from "../fen/mod.ts";
import {
  PositionChecker,
  type Problem,
  type VariantEnd,
} from "../legality/mod.ts";
import { type PositionStatus, variantEndIn } from "../chess/status.ts";
import type { Position, Rules } from "../types.ts";

/** A part of a text: `input.slice(start, end)`, not cut out. */
export interface TextSpan {
  input: string;
  start: number;
  end: number;
}

/** Where a check's JSON goes: the command's output, or a string. */
export interface CheckJsonOut {
  /** Appends text as it is. */
  write(text: string): void;
  /** Appends the text of `span` as a JSON string. */
  writeJsonString(span: TextSpan): void;
}

/** A position's check: what its JSON object says. */
export interface CheckFacts {
  /** The position in canonical FEN. */
  fen: string;
  /** The record as given. */
  input: TextSpan;
  /** Every problem, errors and warnings, in the legality check's order. */
  problems: readonly Problem[];
  /** The game's state (check, mate, moves...), when the position is legal. */
  status: PositionStatus | null;
  /** How the variant's own rule ended the game, when it has. */
  variantEnd: VariantEnd | null;
  /** What is wrong with the moves its EPD operations name (`bm`, `c9`...). */
  moveIssues: readonly EpdMoveIssue[];
}

/**
 * Writes a check's members, from `"fen"` to the object's closing brace, in
 * this order: `fen`, `input`, `legal` (no problem is an error), `problems`,
 * then `status`, `variantEnd` and `moveIssues` when there are any. The
 * caller writes the opening brace (and the command its place before them).
 */
export function writeCheckMembers(to: CheckJsonOut, facts: CheckFacts): void {
  const { problems, status, variantEnd, moveIssues } = facts;
  let legal = true;
  // Indexed: no closure or iterator per record.
  for (let i = 0; i < problems.length; i++) {
    if (problems[i].severity === "error") legal = false;
  }
  to.write(`"fen":"${facts.fen}","input":`);
  to.writeJsonString(facts.input);
  to.write(`,"legal":${legal},"problems":`);
  to.write(JSON.stringify(problems));
  if (status !== null) to.write(`,"status":${JSON.stringify(status)}`);
  if (variantEnd !== null) {
    to.write(`,"variantEnd":${JSON.stringify(variantEnd)}`);
  }
  if (moveIssues.length > 0) {
    to.write(`,"moveIssues":${JSON.stringify(moveIssues)}`);
  }
  to.write("}");
}

/**
 * Checks `position` (read from `input`, a FEN or an EPD record) under
 * `rules`: its problems, its status when legal, and, when legal, the
 * issues of the moves its EPD operations name.
 */
export function checkFacts(
  position: Position,
  input: string,
  rules: Rules = "chess",
): CheckFacts {
  const checker = new PositionChecker({ rules });
  const problems = [...checker.check(position)];
  const facts: CheckFacts = {
    fen: stringifyFen(position),
    input: { input, start: 0, end: input.length },
    problems,
    status: null,
    variantEnd: null,
    moveIssues: [],
  };
  if (problems.some((problem) => problem.severity === "error")) return facts;
  facts.status = checker.status();
  facts.variantEnd = variantEndIn(facts.status);
  facts.moveIssues = checkEpdMoves(input, { rules });
  return facts;
}

/** A check's JSON object as one string (no line break). */
export function checkJson(facts: CheckFacts): string {
  const parts = ["{"];
  writeCheckMembers({
    write: (text) => parts.push(text),
    writeJsonString: ({ input, start, end }) =>
      parts.push(JSON.stringify(input.slice(start, end))),
  }, facts);
  return parts.join("");
}

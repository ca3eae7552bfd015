// Collecting problems: the rules say what is wrong in any order, and the
// report keeps the codes the caller did not ignore, ordered as
// PROBLEM_CODES lists them.

import {
  type Problem,
  PROBLEM_CODES,
  PROBLEM_SEVERITY,
  type ProblemCode,
} from "./_problems.ts";
import type { Square } from "../types.ts";

/** Each code's position in PROBLEM_CODES: its rank in a report. */
const CODE_INDEX: Readonly<Record<ProblemCode, number>> =
  /* @__PURE__ */ (() => {
    // No prototype: an unknown code such as "toString" finds nothing.
    const index = Object.create(null) as Record<ProblemCode, number>;
    PROBLEM_CODES.forEach((code, i) => index[code] = i);
    return index;
  })();

/** The codes of `ignore` as a bit mask by code index; unknown codes drop out. */
export function ignoreMask(ignore: readonly ProblemCode[] | undefined): number {
  let mask = 0;
  if (ignore === undefined) return mask;
  for (let i = 0; i < ignore.length; i++) {
    const index = CODE_INDEX[ignore[i]];
    if (index !== undefined) mask |= 1 << index;
  }
  return mask;
}

/**
 * The problems of one position. A checker owns one and clears it for each
 * position, so a position without problems costs no allocation.
 */
export class Report {
  /** What was found so far, in PROBLEM_CODES order, then in order found. */
  readonly problems: Problem[] = [];
  #ignored = 0;
  #errors = 0;

  /** Empties the report for the next position, ignoring the codes of the mask. */
  clear(ignored: number): void {
    // Setting the length is a runtime call even when it changes nothing.
    if (this.problems.length !== 0) this.problems.length = 0;
    this.#ignored = ignored;
    this.#errors = 0;
  }

  /**
   * Takes back every problem of `code` (a variant allows what standard
   * chess does not); returns whether there was one.
   */
  drop(code: ProblemCode): boolean {
    const problems = this.problems;
    let kept = 0;
    for (const problem of problems) {
      if (problem.code !== code) problems[kept++] = problem;
      else if (problem.severity === "error") this.#errors--;
    }
    if (kept === problems.length) return false;
    problems.length = kept;
    return true;
  }

  /** How many problems of severity `"error"` were kept. */
  get errors(): number {
    return this.#errors;
  }

  /**
   * Records a problem unless its code is ignored: after every problem of a
   * code that comes earlier in PROBLEM_CODES or is the same.
   */
  add(code: ProblemCode, squares: Square[], message: string): void {
    const index = CODE_INDEX[code];
    if ((this.#ignored & (1 << index)) !== 0) return;
    const severity = PROBLEM_SEVERITY[code];
    if (severity === "error") this.#errors++;
    const problems = this.problems;
    let at = problems.length;
    while (at > 0 && CODE_INDEX[problems[at - 1].code] > index) at--;
    problems.splice(at, 0, { code, severity, squares, message });
  }
}

/** "White" or "Black", to start a sentence about a side. */
export function sideName(white: boolean): string {
  return white ? "White" : "Black";
}

/** "white" or "black", to describe a side's pieces. */
export function colorName(white: boolean): string {
  return white ? "white" : "black";
}

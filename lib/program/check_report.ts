// The object `fen --check --format json` writes for a position (after its
// place: record, line or file) and `fen serve`'s `/check` answers: the
// canonical FEN, the input, whether the position is legal, every problem,
// and the game's state when it is legal. Built here, below both, so that
// the command and the service say the same thing with the same names.

import { stringifyFen } from "../fen/mod.ts";
import {
  PositionChecker,
  type Problem,
  type VariantEnd,
} from "../legality/mod.ts";
import { type PositionStatus, variantEndIn } from "../chess/status.ts";
import type { Position, Rules } from "../types.ts";

/** A position's check, as JSON writes it, in this key order. */
export interface CheckReport {
  /** The position in canonical FEN. */
  fen: string;
  /** The record as given. */
  input: string;
  /** No problem is an error (warnings allowed). */
  legal: boolean;
  /** Every problem, errors and warnings, in the legality check's order. */
  problems: Problem[];
  /** The game's state (check, mate, moves...), when the position is legal. */
  status?: PositionStatus;
  /** How the variant's own rule ended the game, when it has. */
  variantEnd?: VariantEnd;
}

/** Checks `position` (read from `input`) into its report, under `rules`. */
export function checkReport(
  position: Position,
  input: string,
  rules: Rules = "chess",
): CheckReport {
  const checker = new PositionChecker({ rules });
  const problems = [...checker.check(position)];
  const legal = problems.every((problem) => problem.severity !== "error");
  const report: CheckReport = {
    fen: stringifyFen(position),
    input,
    legal,
    problems,
  };
  if (!legal) return report;
  report.status = checker.status();
  const end = variantEndIn(report.status);
  if (end !== null) report.variantEnd = end;
  return report;
}

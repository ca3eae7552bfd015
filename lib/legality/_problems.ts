// The vocabulary of the legality check: its codes, their severities and the
// shape of a problem. The public module re-exports all of it.

import type { Square } from "../types.ts";

/**
 * Every code {@linkcode checkPosition} reports, in the order it reports
 * them: errors first, then warnings.
 *
 * @example
 * ```ts
 * import { PROBLEM_CODES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(PROBLEM_CODES[0], "empty-board");
 * assert.ok(PROBLEM_CODES.includes("bad-castling-rights"));
 * ```
 */
export const PROBLEM_CODES = [
  "empty-board",
  "no-king",
  "too-many-kings",
  "pawn-on-back-rank",
  "too-many-pawns",
  "too-many-pieces",
  "too-many-promotions",
  "bad-castling-rights",
  "bad-en-passant",
  "opposite-check",
  "too-many-checkers",
  "impossible-check",
  "race-check",
  "race-over",
  "race-material",
  "bad-pockets",
  "bad-check-counters",
  "en-passant-clock",
  "pointless-en-passant",
  "halfmove-clock-too-large",
] as const;

/**
 * A stable identifier for a kind of problem, such as `"no-king"`; see
 * {@linkcode PROBLEM_SEVERITY} for what each one means.
 *
 * @example Ignoring the codes a caller does not care about
 * ```ts
 * import { checkPosition, parseFen, type ProblemCode } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const clocks: ProblemCode[] = ["en-passant-clock", "halfmove-clock-too-large"];
 * const position = parseFen("4k3/8/8/8/4P3/8/8/4K3 b - e3 9 1");
 * const found: ProblemCode[] = checkPosition(position, { ignore: clocks })
 *   .map((problem) => problem.code);
 * assert.deepEqual(found, ["pointless-en-passant"]);
 * ```
 */
export type ProblemCode = typeof PROBLEM_CODES[number];

/**
 * How bad a problem is: an `"error"` means the position cannot occur in a
 * game from the initial position; a `"warning"` means it is odd but
 * possible, or only its bookkeeping (counters, en passant) is inconsistent.
 *
 * @example
 * ```ts
 * import { PROBLEM_SEVERITY, type Severity } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const severity: Severity = PROBLEM_SEVERITY["pointless-en-passant"];
 * assert.equal(severity, "warning");
 * ```
 */
export type Severity = "error" | "warning";

/**
 * The severity of each code:
 *
 * | code                       | severity | meaning                                                                  |
 * | -------------------------- | -------- | ------------------------------------------------------------------------ |
 * | `empty-board`              | error    | no piece at all                                                          |
 * | `no-king`                  | error    | a side has no king                                                       |
 * | `too-many-kings`           | error    | a side has more than one king                                            |
 * | `pawn-on-back-rank`        | error    | a pawn on rank 1 or 8                                                    |
 * | `too-many-pawns`           | error    | more than 8 pawns on a side                                              |
 * | `too-many-pieces`          | error    | more than 16 pieces on a side                                            |
 * | `too-many-promotions`      | error    | more extra queens, rooks, bishops, knights than missing pawns            |
 * | `bad-castling-rights`      | error    | a right without its king and rook on their home squares                  |
 * | `bad-en-passant`           | error    | no pawn that just advanced two squares past the en-passant square       |
 * | `opposite-check`           | error    | the side not to move is in check                                         |
 * | `too-many-checkers`        | error    | more than two pieces give check                                          |
 * | `impossible-check`         | error    | a check that no last move could have given                               |
 * | `race-check`               | error    | racing kings: a king in check (no move may give check)                   |
 * | `race-over`                | error    | racing kings: both kings on rank 8 with Black to move (the race ended)   |
 * | `race-material`            | error    | racing kings: a pawn, or more pieces of a kind than a side starts with   |
 * | `bad-pockets`              | error    | crazyhouse: a king in hand                                               |
 * | `bad-check-counters`       | error    | three-check: a counter outside 0-3, or both sides out of checks          |
 * | `en-passant-clock`         | warning  | an en-passant square with a halfmove clock above 0                       |
 * | `pointless-en-passant`     | warning  | an en-passant square where no capture is legal                           |
 * | `halfmove-clock-too-large` | warning  | more halfmoves since a capture or pawn move than the game has had        |
 *
 * @example
 * ```ts
 * import { PROBLEM_SEVERITY } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(PROBLEM_SEVERITY["no-king"], "error");
 * assert.equal(PROBLEM_SEVERITY["en-passant-clock"], "warning");
 * ```
 */
export const PROBLEM_SEVERITY: Readonly<Record<ProblemCode, Severity>> = {
  "empty-board": "error",
  "no-king": "error",
  "too-many-kings": "error",
  "pawn-on-back-rank": "error",
  "too-many-pawns": "error",
  "too-many-pieces": "error",
  "too-many-promotions": "error",
  "bad-castling-rights": "error",
  "bad-en-passant": "error",
  "opposite-check": "error",
  "too-many-checkers": "error",
  "impossible-check": "error",
  "race-check": "error",
  "race-over": "error",
  "race-material": "error",
  "bad-pockets": "error",
  "bad-check-counters": "error",
  "en-passant-clock": "warning",
  "pointless-en-passant": "warning",
  "halfmove-clock-too-large": "warning",
};

/**
 * One thing wrong with a position.
 *
 * @example
 * ```ts
 * import { checkPosition, parseFen, type Problem } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const [problem]: Problem[] = checkPosition(parseFen("8/8/8/8/8/8/8/P3K2k"));
 * assert.equal(problem.code, "pawn-on-back-rank");
 * assert.equal(problem.severity, "error");
 * assert.deepEqual(problem.squares, ["a1"]);
 * ```
 */
export interface Problem {
  /** What kind of problem it is. */
  code: ProblemCode;
  /** Whether the position cannot occur (`"error"`) or is merely odd. */
  severity: Severity;
  /** The squares involved, possibly none (a missing king has no square). */
  squares: Square[];
  /** The problem in plain words, for people. */
  message: string;
}

/**
 * Repair before the engine: the nearest position an engine can take,
 * changing only the bookkeeping that cannot be right (castling rights
 * without their king and rook, en-passant squares no pawn can use,
 * counters that contradict each other, missing fields), and refusing,
 * with the reason, a position whose pieces are wrong: engines such as
 * Stockfish crash on those, and no repair can tell which piece is the
 * mistake without inventing the game.
 *
 * What to do about each problem {@linkcode checkPosition} can report is
 * one table, {@linkcode REPAIRS}.
 *
 * @module
 */

import { stringifyFen } from "../fen/mod.ts";
import { FenReader } from "../fen/reader.ts";
import {
  checkPosition,
  type CheckPositionOptions,
  type Problem,
  type ProblemCode,
} from "../legality/mod.ts";
import {
  type ParseFenOptions,
  type Position,
  type Rules,
  rulesFor,
  rulesOf,
  type RulesOptions,
} from "../types.ts";

export * from "../types.ts";
export {
  type Problem,
  PROBLEM_CODES,
  type ProblemCode,
  type Severity,
} from "../legality/mod.ts";

/**
 * How a problem is repaired: a function that changes `position` (a copy
 * the repair owns) and says what it did, or `"refuse"`.
 */
export type Repair =
  | ((position: Position, problem: Problem) => string)
  | "refuse";

function dropCastling(position: Position, problem: Problem): string {
  const dropped = position.castling.filter((square) =>
    problem.squares.includes(square)
  );
  position.castling = position.castling.filter((square) =>
    !dropped.includes(square)
  );
  return `dropped the castling right${dropped.length > 1 ? "s" : ""} of ${
    dropped.join(" and ")
  }`;
}

function dropEnPassant(position: Position): string {
  const square = position.enPassant;
  position.enPassant = null;
  return `dropped the en-passant square ${square}`;
}

function zeroClock(position: Position): string {
  const clock = position.halfmoveClock;
  position.halfmoveClock = 0;
  return `set the halfmove clock ${clock} to 0`;
}

// The clock matters to an engine (the fifty-move rule); the move number
// does not, so it is the one that gives way.
function raiseFullmove(position: Position): string {
  const black = position.turn === "b" ? 1 : 0;
  const before = position.fullmoveNumber;
  position.fullmoveNumber = Math.max(
    before,
    Math.ceil((position.halfmoveClock - black) / 2) + 1,
  );
  return `raised the fullmove number ${before} to ${position.fullmoveNumber}`;
}

/**
 * What {@linkcode repairPosition} does about each problem code: the
 * bookkeeping is changed, the pieces never are.
 *
 * | code                       | repair                                          |
 * | -------------------------- | ----------------------------------------------- |
 * | `bad-castling-rights`      | drop the rights named                           |
 * | `bad-en-passant`           | drop the en-passant square                      |
 * | `pointless-en-passant`     | drop the en-passant square                      |
 * | `en-passant-clock`         | set the halfmove clock to 0 (a pawn just moved) |
 * | `halfmove-clock-too-large` | raise the fullmove number to fit the clock      |
 * | every other code           | refuse                                          |
 *
 * @example Refused and repaired codes
 * ```ts
 * import { REPAIRS } from "@fen/fen/repair";
 * import assert from "node:assert/strict";
 *
 * assert.equal(REPAIRS["opposite-check"], "refuse");
 * assert.equal(typeof REPAIRS["bad-en-passant"], "function");
 * ```
 */
export const REPAIRS: Readonly<Record<ProblemCode, Repair>> = {
  "empty-board": "refuse",
  "no-king": "refuse",
  "too-many-kings": "refuse",
  "pawn-on-back-rank": "refuse",
  "too-many-pawns": "refuse",
  "too-many-pieces": "refuse",
  "too-many-promotions": "refuse",
  "bad-castling-rights": dropCastling,
  "bad-en-passant": dropEnPassant,
  "opposite-check": "refuse",
  "too-many-checkers": "refuse",
  "impossible-check": "refuse",
  "race-check": "refuse",
  "race-over": "refuse",
  "race-material": "refuse",
  "bad-pockets": "refuse",
  "bad-check-counters": "refuse",
  "en-passant-clock": zeroClock,
  "pointless-en-passant": dropEnPassant,
  "halfmove-clock-too-large": raiseFullmove,
};

/**
 * A position {@linkcode repairPosition} will not repair: its problems name
 * the pieces, and changing pieces would invent a game.
 *
 * @example Two white kings
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { repairPosition, UnrepairableError } from "@fen/fen/repair";
 * import assert from "node:assert/strict";
 *
 * assert.throws(
 *   () => repairPosition(parseFen("4k3/8/8/8/8/8/8/K3K3 w - - 0 1")),
 *   (error: unknown) =>
 *     error instanceof UnrepairableError &&
 *     error.problems[0].code === "too-many-kings" &&
 *     error.message === "Cannot repair: White has 2 kings",
 * );
 * ```
 */
export class UnrepairableError extends RangeError {
  /** The problems refused, in the order of `PROBLEM_CODES`. */
  readonly problems: readonly Problem[];

  /**
   * Makes the error; the message joins the problems' own.
   *
   * @param problems The refused problems (at least one).
   */
  constructor(problems: readonly Problem[]) {
    super(
      `Cannot repair: ${problems.map((problem) => problem.message).join("; ")}`,
    );
    this.name = "UnrepairableError";
    this.problems = problems;
  }
}

/** Options for {@linkcode repairPosition} and {@linkcode repairFen}. */
export interface RepairOptions extends RulesOptions {
  /**
   * Codes refused by default to let through unchanged, for an engine known
   * to take them (Stockfish searches positions with too many promotions or
   * an impossible check; it crashes without a king). Defaults to none.
   */
  allow?: readonly ProblemCode[];
}

/** What {@linkcode repairPosition} returns. */
export interface RepairResult {
  /** The repaired position (a new object; the input is not changed). */
  position: Position;
  /** Each change, in words, in the order made; empty if none was needed. */
  changes: string[];
}

/**
 * Repairs at most: one per round, each removing a problem (16 castling
 * rights, the en-passant square, the two counters, and room to spare).
 */
const MAX_ROUNDS = 24;

/**
 * The nearest position an engine can take: each problem
 * {@linkcode checkPosition} finds is repaired as {@linkcode REPAIRS} says,
 * until none is left, or the position is refused. A fullmove number of 0
 * becomes 1. The result has no problem left (outside `allow`).
 *
 * @example Castling rights without rooks, an en-passant square no pawn used
 * ```ts
 * import { parseFen, stringifyFen } from "@fen/fen";
 * import { repairPosition } from "@fen/fen/repair";
 * import assert from "node:assert/strict";
 *
 * const { position, changes } = repairPosition(
 *   parseFen("2k5/8/3K4/1p6/p7/P7/1B6/8 b KQkq e3 0 0"),
 * );
 * assert.equal(stringifyFen(position), "2k5/8/3K4/1p6/p7/P7/1B6/8 b - - 0 1");
 * assert.equal(changes.length, 6);
 * assert.match(changes[1], /^dropped the castling right of h1 \(/);
 * ```
 *
 * @example The side not to move in check is refused
 * ```ts
 * import { parseFen } from "@fen/fen";
 * import { repairPosition, UnrepairableError } from "@fen/fen/repair";
 * import assert from "node:assert/strict";
 *
 * assert.throws(
 *   () => repairPosition(parseFen("4k3/8/8/8/8/8/8/4RK2 w - - 0 1")),
 *   UnrepairableError,
 * );
 * ```
 *
 * @param position The position (not changed).
 * @param options Castling rules, and codes to let through.
 * @returns The repaired position and the changes made.
 * @throws {UnrepairableError} If a problem is refused.
 * @throws {TypeError} If `position.board` is not an array of 64 squares.
 */
export function repairPosition(
  position: Position,
  options: RepairOptions = {},
): RepairResult {
  const repaired: Position = {
    ...position,
    board: [...position.board],
    castling: [...position.castling],
  };
  const changes: string[] = [];
  if (repaired.fullmoveNumber < 1) {
    changes.push(
      `set the fullmove number ${repaired.fullmoveNumber} to 1 (fullmove numbers start at 1)`,
    );
    repaired.fullmoveNumber = 1;
  }
  const check: CheckPositionOptions = { ignore: options.allow ?? [] };
  const rules = rulesFor(null, options);
  if (rules !== undefined) check.rules = rules;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const problems = checkPosition(repaired, check);
    if (problems.length === 0) return { position: repaired, changes };
    const refused = problems.filter((problem) =>
      REPAIRS[problem.code] === "refuse"
    );
    if (refused.length > 0) throw new UnrepairableError(refused);
    // one repair a round, then a fresh check: a repair can settle another
    // problem (a dropped en-passant square, its clock) or change its fix
    const [problem] = problems;
    const repair = REPAIRS[problem.code] as Exclude<Repair, "refuse">;
    changes.push(`${repair(repaired, problem)} (${problem.message})`);
  }
  // each repair removes its problem for good; reaching here is a bug
  throw new Error("Cannot repair: the repairs did not converge");
}

/** The default each missing field takes, in field order after the placement. */
const FIELD_DEFAULTS = [
  "side to move w",
  "castling -",
  "en passant -",
  "halfmove clock 0",
  "fullmove number 1",
] as const;

/**
 * Reads a record leniently (a placement alone, four fields, EPD) and
 * repairs it as {@linkcode repairPosition} does, telling each missing
 * field that was filled. A missing side to move is White's, unless Black
 * is the side in check.
 *
 * @example A placement alone, Black in check
 * ```ts
 * import { repairFen } from "@fen/fen/repair";
 * import assert from "node:assert/strict";
 *
 * const { fen, changes } = repairFen("4k3/8/8/8/8/8/8/4RK2");
 * assert.equal(fen, "4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
 * assert.equal(changes[0], "added the missing side to move b (Black is in check)");
 * assert.equal(changes.length, 5);
 * ```
 *
 * @param text The record.
 * @param options Castling rules (also for reading X-FEN), codes to let through.
 * @returns The repaired position, its FEN, and the changes made.
 * @throws {FenSyntaxError} If the record is malformed.
 * @throws {UnrepairableError} If a problem is refused.
 */
export function repairFen(
  text: string,
  options: RepairOptions = {},
): RepairResult & { fen: string } {
  const rules = rulesOf(options);
  const reading: ParseFenOptions = { rules };
  const reader = new FenReader(reading);
  reader.read(text);
  const position = reader.toPosition();
  const given = reader.fieldsGiven;
  const filled: string[] = [];
  if (given < 2 && blackInCheck(position, rules)) {
    position.turn = "b";
    filled.push("added the missing side to move b (Black is in check)");
  }
  for (let field = Math.max(given, filled.length + 1); field < 6; field++) {
    filled.push(`added the missing ${FIELD_DEFAULTS[field - 1]}`);
  }
  const result = repairPosition(position, options);
  return {
    position: result.position,
    changes: [...filled, ...result.changes],
    fen: stringifyFen(result.position),
  };
}

function blackInCheck(position: Position, rules: Rules): boolean {
  return checkPosition(position, { rules }).some((problem) =>
    problem.code === "opposite-check"
  );
}

/**
 * The moves in EPD test suites (WAC, Bratko-Kopec, STS, ERET): checking
 * that the operations naming moves name legal, unambiguous ones in the
 * record's position ({@linkcode checkEpdMoves}), and rewriting them in UCI
 * or SAN for engine test runners ({@linkcode convertEpdMoves}).
 *
 * @module
 */

import { parseEpd, stringifyEpd } from "../fen/epd.ts";
import { MoveError, playMoves, UnplayablePositionError } from "../moves/mod.ts";
import {
  type EpdOperation,
  type Position,
  type Rules,
  rulesOf,
  type RulesOptions,
} from "../types.ts";

export * from "../types.ts";

/** How an operation names moves. */
interface MoveOperation {
  /** The notation its moves are in. */
  notation: "san" | "uci";
  /** `"each"`: every operand a move; `"list"`: one operand, moves spaced; `"points"`: one operand, `move=points` comma-separated. */
  shape: "each" | "list" | "points";
}

/**
 * The operations that name moves, and how: the PGN standard's `bm` (best
 * moves), `am` (avoid moves), `pm` (predicted move) and `sm` (supplied
 * move) in SAN, and the comments the Strategic Test Suite (STS) gives its
 * point lists in: `c0` (`"f5=10, Be5+=2"`), `c7` (SAN, spaced) and `c9`
 * (UCI, spaced). `c0` is checked only when it has the point-list form.
 */
const MOVE_OPERATIONS: Readonly<Record<string, MoveOperation>> = {
  bm: { notation: "san", shape: "each" },
  am: { notation: "san", shape: "each" },
  pm: { notation: "san", shape: "each" },
  sm: { notation: "san", shape: "each" },
  c0: { notation: "san", shape: "points" },
  c7: { notation: "san", shape: "list" },
  c9: { notation: "uci", shape: "list" },
};

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
const POINT_LIST = /^[^\s=,]+=-?\d+(, *[^\s=,]+=-?\d+)*$/;

/**
 * What can be wrong with a move in an EPD operation:
 *
 * - `malformed`, `illegal`, `ambiguous`: as `MoveError` says;
 * - `not-san`: a UCI move where the operation wants SAN;
 * - `not-uci`: anything else where it wants UCI (`c9`);
 * - `disagrees`: a `c9` list that does not hold the `bm` moves, or whose
 *   moves are not those of the `c7` list in the same order;
 * - `unplayable`: the position has no legal play (no king, the side not to
 *   move in check), so no move can be checked.
 *
 * @example A problem by name
 * ```ts
 * import type { EpdMoveProblem } from "@fen/fen/epd-moves";
 * import assert from "node:assert/strict";
 *
 * const problem: EpdMoveProblem = "ambiguous";
 * assert.equal(problem, "ambiguous");
 * ```
 */
export type EpdMoveProblem =
  | "malformed"
  | "illegal"
  | "ambiguous"
  | "not-san"
  | "not-uci"
  | "disagrees"
  | "unplayable";

/** One thing wrong with a move in an EPD record. */
export interface EpdMoveIssue {
  /** The operation, such as `"bm"`. */
  opcode: string;
  /** The move as written (the operation, for `unplayable`). */
  move: string;
  /** What is wrong. */
  problem: EpdMoveProblem;
  /** The 0-based offset of the move in the record. */
  offset: number;
  /** The same as a 1-based column. */
  column: number;
  /** The issue in words, with the operation and the column. */
  message: string;
}

/** Options for {@linkcode checkEpdMoves} and {@linkcode convertEpdMoves}. */
/**
 * Options for {@linkcode checkEpdMoves} and {@linkcode convertEpdMoves}:
 * under `rules: "chess960"` castling is read as X-FEN and written in UCI as
 * the king taking its rook.
 */
export type EpdMovesOptions = RulesOptions;

/** A move found in the record: its operation, text, and offset. */
interface Located {
  opcode: string;
  move: string;
  offset: number;
}

/** Where each operation's operands start in `text`, in order. */
function locate(text: string, operations: readonly EpdOperation[]): Located[] {
  let cursor = afterFourFields(text);
  const found: Located[] = [];
  for (const { opcode, operands } of operations) {
    const at = text.indexOf(opcode, cursor);
    cursor = at < 0 ? cursor : at + opcode.length;
    const kind = MOVE_OPERATIONS[opcode];
    for (const operand of operands) {
      const start = Math.max(text.indexOf(operand, cursor), cursor);
      cursor = start + operand.length;
      if (kind === undefined) continue;
      for (const [move, offset] of splitMoves(operand, kind.shape)) {
        found.push({ opcode, move, offset: start + offset });
      }
    }
  }
  return found;
}

function afterFourFields(text: string): number {
  let i = 0;
  for (let field = 0; field < 4; field++) {
    while (i < text.length && text.charCodeAt(i) <= 32) i++;
    while (i < text.length && text.charCodeAt(i) > 32) i++;
  }
  return i;
}

/** An operand's moves with their offsets in it. */
function splitMoves(
  operand: string,
  shape: MoveOperation["shape"],
): [string, number][] {
  if (shape === "each") return [[operand.replace(/,$/, ""), 0]]; // "dxe5, Nf3"
  if (shape === "points" && !POINT_LIST.test(operand)) return [];
  const out: [string, number][] = [];
  const pattern = shape === "list" ? /\S+/g : /[^\s=,]+(?==)/g;
  for (const match of operand.matchAll(pattern)) {
    out.push([match[0], match.index]);
  }
  return out;
}

/** A located move checked: its UCI if legal, else its issue. */
type Checked = { uci: string } | { issue: EpdMoveIssue };

const REASONS: Readonly<Record<EpdMoveProblem, string>> = {
  malformed: "not a move",
  illegal: "not a legal move in the position",
  ambiguous: "ambiguous: more than one piece can make it",
  "not-san": "a UCI move where the operation wants SAN",
  "not-uci": "not a UCI move",
  disagrees: "does not agree with",
  unplayable: "the position cannot be played",
};

function issue(
  { opcode, move, offset }: Located,
  problem: EpdMoveProblem,
  detail = "",
): EpdMoveIssue {
  const column = offset + 1;
  return {
    opcode,
    move,
    problem,
    offset,
    column,
    message: `${opcode} ${move} at column ${column}: ${
      REASONS[problem]
    }${detail}`,
  };
}

function checkMove(
  position: Position,
  found: Located,
  rules: Rules,
): Checked {
  const notation = MOVE_OPERATIONS[found.opcode].notation;
  const uci = UCI_MOVE.test(found.move);
  if (notation === "uci" && !uci) return { issue: issue(found, "not-uci") };
  let played;
  try {
    played = playMoves(position, [found.move], { rules }).moves[0];
  } catch (error) {
    if (!(error instanceof MoveError)) throw error;
    const code = error.code === "no-such-square" ? "malformed" : error.code;
    return { issue: issue(found, code) };
  }
  if (notation === "san" && uci) {
    return { issue: issue(found, "not-san", ` (SAN: ${played.san})`) };
  }
  return { uci: played.uci };
}

/**
 * Checks every move an EPD record names in `bm`, `am`, `pm`, `sm` (SAN)
 * and in the STS point lists (`c0`, `c7` in SAN, `c9` in UCI): each must be
 * legal and unambiguous in the record's position and in its operation's
 * notation, and a `c9` list must hold the `bm` moves (and be the `c7`
 * list's moves in order, when both are given). Each issue names its
 * operation, its move and its column. A move followed by a comma
 * (`bm dxe5, Nf3;`, as some suites write) is read without it.
 *
 * @example WAC.001, and a record with two mistakes
 * ```ts
 * import { checkEpdMoves } from "@fen/fen/epd-moves";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(
 *   checkEpdMoves('2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";'),
 *   [],
 * );
 * const issues = checkEpdMoves("4k3/8/8/8/8/8/4K3/R6R w - - bm Rd1 Kf4;");
 * assert.deepEqual(issues.map((i) => [i.move, i.problem, i.column]), [
 *   ["Rd1", "ambiguous", 32],
 *   ["Kf4", "illegal", 36],
 * ]);
 * assert.equal(issues[1].message, "bm Kf4 at column 36: not a legal move in the position");
 * ```
 *
 * @param text The EPD record.
 * @param options X-FEN castling.
 * @returns The issues, in the order of the record; empty if none.
 * @throws {FenSyntaxError} If the record is malformed.
 */
export function checkEpdMoves(
  text: string,
  options: EpdMovesOptions = {},
): EpdMoveIssue[] {
  const rules = rulesOf(options);
  const { position, operations } = parseEpd(text, { rules });
  const found = locate(text, operations);
  const issues: EpdMoveIssue[] = [];
  const legal = new Map<Located, string>();
  for (const each of found) {
    let checked: Checked;
    try {
      checked = checkMove(position, each, rules);
    } catch (error) {
      if (!(error instanceof UnplayablePositionError)) throw error;
      return [issue(each, "unplayable", `: ${error.message}`)];
    }
    if ("issue" in checked) issues.push(checked.issue);
    else legal.set(each, checked.uci);
  }
  issues.push(...disagreements(found, legal));
  return issues.sort((a, b) => a.offset - b.offset);
}

/** The `c9` list against the `bm` moves and the `c7` list. */
function disagreements(
  found: readonly Located[],
  legal: ReadonlyMap<Located, string>,
): EpdMoveIssue[] {
  const of = (opcode: string) => found.filter((each) => each.opcode === opcode);
  const c9 = of("c9");
  if (c9.length === 0) return [];
  const listed = new Set(c9.map((each) => legal.get(each)));
  const out: EpdMoveIssue[] = [];
  for (const best of of("bm")) {
    const uci = legal.get(best);
    if (uci !== undefined && !listed.has(uci)) {
      out.push(
        issue(
          c9[0],
          "disagrees",
          ` bm ${best.move} (${uci}): c9 does not list it`,
        ),
      );
    }
  }
  const c7 = of("c7");
  if (c7.length !== c9.length) return out;
  c7.forEach((san, k) => {
    const a = legal.get(san);
    const b = legal.get(c9[k]);
    if (a !== undefined && b !== undefined && a !== b) {
      out.push(
        issue(
          c9[k],
          "disagrees",
          ` c7 ${san.move} (${a}), move ${k + 1} of both lists`,
        ),
      );
    }
  });
  return out;
}

/**
 * Rewrites the moves of the `bm`, `am`, `pm` and `sm` operations in UCI
 * or in SAN (with `+` and `#`), as engine test runners want them, and
 * writes the record back as `stringifyEpd` does. Other operations are kept
 * as they are.
 *
 * @example Bratko-Kopec 1 in UCI and back
 * ```ts
 * import { convertEpdMoves } from "@fen/fen/epd-moves";
 * import assert from "node:assert/strict";
 *
 * const bk01 = '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";';
 * const uci = convertEpdMoves(bk01, "uci");
 * assert.equal(uci, '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm d6d1; id "BK.01";');
 * assert.equal(convertEpdMoves(uci, "san"), bk01);
 * ```
 *
 * @param text The EPD record.
 * @param notation `"uci"` or `"san"`.
 * @param options X-FEN castling, and castling in UCI as the king taking its rook.
 * @returns The record with its moves rewritten.
 * @throws {FenSyntaxError} If the record is malformed.
 * @throws {MoveError} If a move is malformed, illegal or ambiguous.
 * @throws {UnplayablePositionError} If the position has no legal play.
 */
export function convertEpdMoves(
  text: string,
  notation: "uci" | "san",
  options: EpdMovesOptions = {},
): string {
  const rules = rulesOf(options);
  const { position, operations } = parseEpd(text, { rules });
  const rewritten = operations.map(({ opcode, operands }) => {
    if (MOVE_OPERATIONS[opcode]?.shape !== "each") return { opcode, operands };
    return {
      opcode,
      operands: operands.map((operand) => {
        const move = operand.replace(/,$/, "");
        const [played] = playMoves(position, [move], { rules }).moves;
        return notation === "uci" ? played.uci : played.san;
      }),
    };
  });
  return stringifyEpd(position, rewritten);
}

/**
 * Theme tags of a puzzle as lichess gives them: mate in N and the named
 * mates, the tactics (fork, pin, skewer, ...), the motifs (sacrifice,
 * deflection, ...), the endgame kinds, the length and the eval's class,
 * decided from the board alone as lichess-puzzler's tagger does.
 *
 * @module
 */

import {
  advancedPawn,
  attraction,
  capturingDefender,
  checkEscape,
  clearance,
  defensiveMove,
  deflection,
  interference,
  intermezzo,
  quietMove,
  sacrifice,
  selfInterference,
} from "./_motifs.ts";
import {
  attackingF2F7,
  castling,
  endgame,
  enPassant,
  exposedKing,
  kingsideAttack,
  promotion,
  queensideAttack,
  underPromotion,
} from "./_kinds.ts";
import { mateIn, namedMate } from "./_mates.ts";
import { replay, type Replayed } from "./_line.ts";
import {
  collinearMove,
  discoveredAttack,
  doubleCheck,
  fork,
  hangingPiece,
  pinPreventsAttack,
  pinPreventsEscape,
  skewer,
  trappedPiece,
  xRayAttack,
} from "./_tactics.ts";
import type { PuzzleLine } from "./puzzle.ts";

export type { PuzzleLine } from "./puzzle.ts";

/** The themes decided by one rule each, by name. */
const RULES: readonly (readonly [string, (r: Replayed) => boolean])[] = [
  ["attraction", attraction],
  ["advancedPawn", advancedPawn],
  ["doubleCheck", doubleCheck],
  ["quietMove", quietMove],
  ["defensiveMove", (r) => defensiveMove(r) || checkEscape(r)],
  ["sacrifice", sacrifice],
  ["xRayAttack", xRayAttack],
  ["fork", fork],
  ["hangingPiece", hangingPiece],
  ["trappedPiece", trappedPiece],
  ["discoveredAttack", discoveredAttack],
  ["exposedKing", exposedKing],
  ["skewer", skewer],
  ["collinear", collinearMove],
  ["interference", (r) => selfInterference(r) || interference(r)],
  ["intermezzo", intermezzo],
  ["pin", (r) => pinPreventsAttack(r) || pinPreventsEscape(r)],
  ["attackingF2F7", attackingF2F7],
  ["clearance", clearance],
  ["enPassant", enPassant],
  ["castling", castling],
  ["promotion", promotion],
  ["underPromotion", underPromotion],
  ["capturingDefender", capturingDefender],
];

/** The mate themes, or the eval's class when the line does not mate. */
function outcome(r: Replayed): string[] {
  const mate = mateIn(r);
  if (mate === null) {
    return [r.cp > 600 ? "crushing" : r.cp > 200 ? "advantage" : "equality"];
  }
  const named = namedMate(r);
  return named === null ? [mate, "mate"] : [mate, "mate", named];
}

/** `oneMove`, `short`, `long` or `veryLong`, by the solver's moves. */
function length(r: Replayed): string {
  const n = r.nodes.length;
  return n === 2 ? "oneMove" : n === 4 ? "short" : n >= 8 ? "veryLong" : "long";
}

/**
 * The themes of a puzzle, as lichess-puzzler's tagger decides them from
 * the board (every theme but `zugzwang`, which takes an engine), sorted
 * alphabetically as lichess's puzzle file lists them.
 *
 * @param puzzle The position before the opponent's move, the moves in UCI
 *   (the opponent's first) and the solution's eval for the solver.
 * @returns The theme names, such as `["crushing", "fork", "short"]`.
 * @throws {FenSyntaxError} If the FEN is malformed.
 * @throws {MoveError} If a move is malformed or illegal.
 * @throws {UnplayablePositionError} If the position cannot be played.
 *
 * @example A knight fork that wins the queen
 * ```ts
 * import { puzzleThemes } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * const themes = puzzleThemes({
 *   fen: "6q1/p6p/6p1/4k3/1P2N3/2B2P2/4K1P1/8 b - - 3 43",
 *   moves: ["e5d5", "e4f6", "d5c4", "f6g8"],
 *   cp: 1200,
 * });
 * assert.ok(themes.includes("fork"));
 * assert.ok(themes.includes("crushing"));
 * assert.ok(themes.includes("short"));
 * ```
 */
export function puzzleThemes(puzzle: PuzzleLine): string[] {
  const r = replay(puzzle);
  if (r.nodes.length < 2) {
    throw new RangeError(
      "Cannot tag a puzzle: it needs the opponent's move and a reply",
    );
  }
  const tags = outcome(r);
  if (deflection(r)) tags.push("deflection");
  for (const [name, rule] of RULES) if (rule(r)) tags.push(name);
  const kind = endgame(r);
  if (kind !== null) tags.push(kind);
  // The tagger leaves the wing out when the mate is on the back rank or
  // the line is a fork.
  if (!tags.includes("backRankMate") && !tags.includes("fork")) {
    if (kingsideAttack(r)) tags.push("kingsideAttack");
    else if (queensideAttack(r)) tags.push("queensideAttack");
  }
  tags.push(length(r));
  return tags.sort();
}

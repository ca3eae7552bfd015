/**
 * Puzzles found in an analysed game by the rules of lichess's puzzle
 * generator (lichess-puzzler, `generator.py`, its best tier): a position
 * where the evaluation swings to a win or a forced mate for the side to
 * move, that side not already winning nor up in material, is probed with
 * the engine for a line in which every move of the solver is an only move
 * (the best and second-best lines of a `multipv 2` search apart by more
 * than 0.7 in winning chances, or a mate in one no other move comes close
 * to), the opponent answering with the engine's best move. A won line is
 * cut back to end on a solver's only move; one-movers are dropped; a mate
 * line must end in checkmate. The first puzzle of a game is kept, as
 * lichess keeps it.
 *
 * @module
 */

import {
  enPassantSquare,
  legalMoves,
  playMoves,
  positionStatus,
} from "../moves/mod.ts";
import { parseFen, stringifyFen } from "../fen/mod.ts";
import type { Position } from "../types.ts";
import type { PuzzleLine } from "./puzzle.ts";

/** An evaluation: centipawns, or moves to mate (negative: being mated). */
export type Score = { cp: number } | { mate: number };

/** A move and its score, from the side the score is told for. */
export interface ScoredMove {
  move: string;
  score: Score;
}

/**
 * The engine as the generator asks it: the best `multipv` moves of the
 * position after `moves` (UCI, from the game's start), best first, each
 * scored from the side to move there; none in a position without moves.
 */
export interface PuzzleEngine {
  lines(moves: readonly string[], multipv: number): Promise<ScoredMove[]>;
}

/** A game as the generator reads it. */
export interface AnalysedGame {
  /** The game's start, as a FEN. */
  startFen: string;
  /** The positions: the start, then the one after each move. */
  positions: readonly Position[];
  /** The mainline in UCI (`positions.length - 1` moves). */
  moves: readonly string[];
  /** Each position's evaluation from White's side, `null` when unknown. */
  evals: readonly (Score | null)[];
}

/** A puzzle found: its line, and the index of the opponent's move in the game. */
export interface FoundPuzzle extends PuzzleLine {
  /** The opponent's move is `moves[index]` of the game (0: its first). */
  index: number;
  /** A forced mate, or a won advantage. */
  kind: "mate" | "advantage";
}

/** lichess's winning-chances curve (lila's): -1 to 1. */
const MULTIPLIER = -0.00368208;
/** A mate in fewer moves than this is probed as a mate. */
const MATE_SOON = 15;
/** How far apart the best and second-best moves must be. */
const ONLY_MOVE_MARGIN = 0.7;
/** A second move whose chances stay below this leaves a mate in one unique. */
const NON_MATE_WIN = 0.6;
/** The swing in winning chances that makes a candidate. */
const SWING = 0.6;
/** The longest line probed, in plies (a guard: lines end long before). */
const MAX_LINE = 40;
/** lichess's score for a mate puzzle, and for an advantage ending in a mate. */
const MATE_PUZZLE_CP = 999_999_999, MATE_ADVANTAGE_CP = 999_999_998;

/** Winning chances of a score, -1 to 1 (a mate is 1 or -1). */
export function winChances(score: Score): number {
  if ("mate" in score) return score.mate > 0 ? 1 : -1;
  return 2 / (1 + Math.exp(MULTIPLIER * score.cp)) - 1;
}

/** A score as one number that orders as python-chess orders scores. */
export function scoreRank(score: Score): number {
  if ("cp" in score) return Math.max(-90_000, Math.min(90_000, score.cp));
  return score.mate > 0 ? 100_000 - score.mate : -100_000 - score.mate;
}

const cp = (n: number): number => n;
const mateIn = (n: number): number => scoreRank({ mate: n });

function negated(score: Score): Score {
  return "cp" in score ? { cp: -score.cp || 0 } : { mate: -score.mate || 0 };
}

const VALUES: Readonly<Record<string, number>> = {
  p: 1,
  n: 3,
  b: 3,
  r: 5,
  q: 9,
};

/** Material of `side` less the other side's, in pawns. */
export function materialDiff(position: Position, side: "w" | "b"): number {
  let diff = 0;
  for (const piece of position.board) {
    if (piece === null) continue;
    const value = VALUES[piece.toLowerCase()] ?? 0;
    diff += (piece === piece.toUpperCase()) === (side === "w") ? value : -value;
  }
  return diff;
}

/**
 * The position's key for repetitions: placement, turn, castling, and the
 * en-passant square only when a pawn can take there, as python-chess's
 * `epd()` and `is_repetition` key it (a double push that no pawn can take
 * leaves the position as if it were a single one).
 */
function keyOf(position: Position): string {
  const enPassant = enPassantSquare(position, "legal");
  return stringifyFen({ ...position, enPassant }).split(" ").slice(0, 4)
    .join(" ");
}

/**
 * Whether the castling rights are all the kings and rooks on their squares
 * allow: a position whose FEN would tell less is skipped, as lichess does.
 */
function fullCastling(position: Position): boolean {
  const allowed: string[] = [];
  for (const [side, king, rooks] of [["w", 60, [56, 63]], ["b", 4, [0, 7]]]) {
    const K = side === "w" ? "K" : "k", R = side === "w" ? "R" : "r";
    if (position.board[king as number] !== K) continue;
    for (const square of rooks as number[]) {
      if (position.board[square] === R) allowed.push(squareName(square));
    }
  }
  const have = [...position.castling].sort().join();
  return have === allowed.sort().join();
}

function squareName(index: number): string {
  return "abcdefgh"[index % 8] + String(8 - Math.floor(index / 8));
}

/** A search's best two moves, scored from the winner's side. */
interface Pair {
  best: ScoredMove;
  second: ScoredMove | null;
}

/**
 * The engine as the line walkers ask it, and the moves they must follow
 * (a puzzle re-checked) or none (the engine's best, as the generator
 * plays); `reason` says why the last walk stopped short.
 */
class Probe {
  readonly #engine: PuzzleEngine;
  readonly #follow: readonly string[] | null;
  reason: string | null = null;
  /** The opponent's moves of the followed line that are not the engine's best. */
  otherDefences = 0;

  constructor(engine: PuzzleEngine, follow: readonly string[] | null = null) {
    this.#engine = engine;
    this.#follow = follow;
  }

  /** `null`, with the reason kept: the line is not a puzzle. */
  fail(reason: string): null {
    this.reason = reason;
    return null;
  }

  /**
   * The move to play at ply `ply` of the line: the engine's `best`, or the
   * followed line's (then `undefined` past its end, and `null` when the
   * solver's move there is not the engine's best).
   */
  next(ply: number, best: string, solver: boolean): string | null | undefined {
    if (this.#follow === null) return best;
    const move = this.#follow[ply];
    if (move === undefined || move === best) return move;
    if (solver) {
      return this.fail(
        `ply ${ply + 1}: ${move} is not the engine's best, ${best}`,
      );
    }
    this.otherDefences++;
    return move;
  }

  /** Whether the line may end before ply `ply`: the engine's always, a followed line at its end. */
  mayEnd(ply: number): boolean {
    return this.#follow === null || this.#follow[ply] === undefined;
  }

  /** The two best moves at `at`, scored for the solver, or `null` without moves. */
  async pair(at: At): Promise<Pair | null> {
    const lines = await this.#engine.lines(at.moves, 2);
    if (lines.length === 0) return null;
    const pov = (line: ScoredMove): ScoredMove =>
      at.position.turn === at.winner
        ? line
        : { move: line.move, score: negated(line.score) };
    return {
      best: pov(lines[0]),
      second: lines.length > 1 ? pov(lines[1]) : null,
    };
  }

  /** Whether the solver's best move is the only one (lichess's test). */
  async onlyMove(pair: Pair, at: At): Promise<boolean> {
    if (pair.second === null) return true;
    if (await this.#uniqueMateInOne(pair, at)) return true;
    return winChances(pair.best.score) >
      winChances(pair.second.score) + ONLY_MOVE_MARGIN;
  }

  /**
   * A mate in one is the solver's move when the best other move wins
   * little; with several mates in one, the best move that is not a mate
   * must win little.
   */
  async #uniqueMateInOne(pair: Pair, at: At): Promise<boolean> {
    const isMateInOne = (s: Score) => "mate" in s && s.mate === 1;
    if (!isMateInOne(pair.best.score)) return false;
    const second = pair.second!;
    if (winChances(second.score) <= NON_MATE_WIN) return true;
    if (!isMateInOne(second.score)) return false;
    const mates =
      legalMoves(at.position).filter((move) =>
        positionStatus(playMoves(at.position, [move]).position, {
          countMoves: false,
        }).checkmate
      ).length;
    const lines = await this.#engine.lines(at.moves, mates + 1);
    const last = lines[lines.length - 1];
    if (last === undefined || lines.length <= mates) return true;
    return !(scoreRank(last.score) < mateIn(1) &&
      winChances(last.score) > NON_MATE_WIN);
  }

  get engine(): PuzzleEngine {
    return this.#engine;
  }
}

/**
 * Where a line stands: the moves from the game's start, its position, the
 * keys of the positions so far (for repetitions), and the solver's side.
 */
interface At {
  moves: string[];
  position: Position;
  keys: string[];
  winner: "w" | "b";
}

function step(at: At, move: string): At {
  const position = playMoves(at.position, [move]).position;
  return {
    moves: [...at.moves, move],
    position,
    keys: [...at.keys, keyOf(position)],
    winner: at.winner,
  };
}

/** The mate line from `at` (solver's only moves, the engine's defence), or `null`. */
async function mateLine(probe: Probe, at: At): Promise<string[] | null> {
  const line: string[] = [];
  for (let ply = 0; ply < MAX_LINE; ply++) {
    const status = positionStatus(at.position, { countMoves: false });
    if (status.checkmate) return line;
    if (status.stalemate) return probe.fail("a stalemate");
    const solver = at.position.turn === at.winner;
    let best: string;
    if (solver) {
      const pair = await probe.pair(at);
      if (pair === null || !(await probe.onlyMove(pair, at))) {
        return probe.fail(`ply ${ply + 1}: not the only move`);
      }
      // not a mate at this budget: the search was not deep enough
      if (scoreRank(pair.best.score) < mateIn(MATE_SOON)) {
        return probe.fail(`ply ${ply + 1}: no mate seen`);
      }
      best = pair.best.move;
    } else {
      const lines = await probe.engine.lines(at.moves, 1);
      if (lines.length === 0) return probe.fail("no defence");
      best = lines[0].move;
    }
    const move = probe.next(ply, best, solver);
    if (move === null) return null;
    if (move === undefined) return probe.fail("the line ends before mate");
    line.push(move);
    at = step(at, move);
  }
  return probe.fail("too long");
}

/** The advantage line from `at`: each ply's pair, ending where the solver has no only move. */
async function advantageLine(probe: Probe, at: At): Promise<Pair[] | null> {
  const line: Pair[] = [];
  for (let ply = 0; ply < MAX_LINE; ply++) {
    const key = at.keys[at.keys.length - 1];
    if (at.keys.indexOf(key) < at.keys.length - 1) {
      return probe.fail(`ply ${ply + 1}: a repetition`);
    }
    const pair = await probe.pair(at);
    if (pair === null) return line;
    const solver = at.position.turn === at.winner;
    if (solver && !(await probe.onlyMove(pair, at))) {
      return probe.mayEnd(ply)
        ? line
        : probe.fail(`ply ${ply + 1}: not the only move`);
    }
    if (scoreRank(pair.best.score) < cp(200)) {
      return probe.fail(`ply ${ply + 1}: below +2`);
    }
    const move = probe.next(ply, pair.best.move, solver);
    if (move === null) return null;
    if (move === undefined) return line;
    line.push({ ...pair, best: { ...pair.best, move } });
    at = step(at, move);
  }
  return line;
}

/** The line cut back to end on a solver's move that had a second choice. */
function trimmed(line: readonly Pair[]): Pair[] {
  const out = [...line];
  while (
    out.length > 0 &&
    (out.length % 2 === 0 || out[out.length - 1].second === null)
  ) out.pop();
  return out;
}

/** What one position of the game gives: a puzzle, or its score for the next. */
async function probePosition(
  probe: Probe,
  { game, index, prev }: { game: AnalysedGame; index: number; prev: Score },
): Promise<FoundPuzzle | Score> {
  const position = game.positions[index + 1];
  const winner = position.turn;
  const white = game.evals[index + 1]!;
  const score = winner === "w" ? white : negated(white);
  const rank = scoreRank(score);
  if (legalMoves(position).length < 2) return score;
  if (scoreRank(prev) > cp(300) && rank < mateIn(MATE_SOON)) return score;
  const material = materialDiff(position, winner);
  if (material > 0) return score;
  const at: At = {
    moves: game.moves.slice(0, index + 1),
    position,
    keys: game.positions.slice(0, index + 2).map(keyOf),
    winner,
  };
  const puzzle = (
    solution: string[],
    value: number,
    kind: FoundPuzzle["kind"],
  ) => ({
    fen: stringifyFen(game.positions[index]),
    moves: [game.moves[index], ...solution],
    cp: value,
    index,
    kind,
  });
  if (rank > mateIn(MATE_SOON)) {
    const mate = await mateLine(probe, at);
    return mate === null ? score : puzzle(mate, MATE_PUZZLE_CP, "mate");
  }
  if (rank < cp(200) || winChances(score) <= winChances(prev) + SWING) {
    return score;
  }
  if (rank < cp(400) && material > -1) return score;
  const found = await advantageSolution(probe, at);
  return found === null ? score : puzzle(found.moves, found.cp, "advantage");
}

/** An advantage line's solution and its last score, or `null` (a one-mover, or none). */
async function advantageSolution(
  probe: Probe,
  at: At,
): Promise<{ moves: string[]; cp: number } | null> {
  const solution = trimmed(await advantageLine(probe, at) ?? []);
  if (solution.length <= 1) return null;
  const last = solution[solution.length - 1].best.score;
  return {
    moves: solution.map((p) => p.best.move),
    cp: "cp" in last ? last.cp : MATE_ADVANTAGE_CP,
  };
}

/**
 * The game's first puzzle by lichess's generator rules, or `null`.
 *
 * Positions are skipped as lichess skips them: a repeated one (until the
 * next capture, pawn move or change of castling rights), one whose
 * castling rights are less than its kings and rooks allow, and every one
 * from the first without an evaluation on.
 *
 * @example A game with no evaluations has no puzzle
 * ```ts
 * import { findPuzzle } from "./generator.ts";
 * import { parseFen } from "../fen/mod.ts";
 * import assert from "node:assert/strict";
 * const fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
 * const engine = { lines: () => Promise.resolve([]) };
 * const game = { startFen: fen, positions: [parseFen(fen)], moves: [], evals: [null] };
 * assert.equal(await findPuzzle(game, engine), null);
 * ```
 *
 * @param game The game, its positions and evaluations.
 * @param engine The engine the candidates are probed with.
 * @returns The puzzle, or `null`.
 */
export async function findPuzzle(
  game: AnalysedGame,
  engine: PuzzleEngine,
): Promise<FoundPuzzle | null> {
  const probe = new Probe(engine);
  let prev: Score = { cp: 20 };
  const seen = new Set<string>();
  let skipping = false;
  for (let index = 0; index < game.moves.length; index++) {
    const before = game.positions[index], after = game.positions[index + 1];
    if (skipping) {
      if (!irreversible(before, after)) continue;
      skipping = false;
      seen.clear();
    }
    if (game.evals[index + 1] === null) return null;
    const key = keyOf(after);
    if (seen.has(key)) {
      skipping = true;
      continue;
    }
    seen.add(key);
    if (!fullCastling(after)) continue;
    const found = await probePosition(probe, { game, index, prev });
    if ("kind" in found) return found;
    prev = negated(found);
  }
  return null;
}

/** A capture, a pawn move or a change of castling rights: no repetition across it. */
function irreversible(before: Position, after: Position): boolean {
  return after.halfmoveClock === 0 ||
    before.castling.join() !== after.castling.join();
}

/** A puzzle re-checked by the generator's rules ({@linkcode recheckPuzzle}). */
export interface PuzzleRecheck {
  /** The rules it holds by (a mate line's or an advantage line's), or `null`. */
  holds: FoundPuzzle["kind"] | null;
  /** Why it does not hold, else `null`. */
  reason: string | null;
  /** The opponent's moves of the line that are not the engine's best. */
  otherDefences: number;
}

/**
 * Whether a puzzle's line passes the generator's rules with `engine`
 * (another budget, another engine): each solver move the engine's best
 * and the only move, a mate seen at each move of a mate line that ends
 * in checkmate, an advantage line at +2 or more throughout, ending on a
 * move that had a second choice, and no one-mover. The opponent's moves
 * are the line's (counted when the engine would answer otherwise). A line
 * that ends in checkmate holds by either rules, as the generator finds it
 * either way.
 *
 * @example A line with no puzzle's moves holds by no rule
 * ```ts
 * import { recheckPuzzle } from "./generator.ts";
 * import assert from "node:assert/strict";
 * // An engine that sees nothing: no move is an only move.
 * const engine = { lines: () => Promise.resolve([]) };
 * const check = await recheckPuzzle({
 *   fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
 *   moves: ["e2e4", "e8e7"],
 *   cp: 0,
 * }, engine);
 * assert.equal(check.holds, null);
 * ```
 *
 * @param puzzle The puzzle: the FEN before the opponent's move, the moves.
 * @param engine The engine, its searches from the puzzle's FEN.
 * @returns Which rules it holds by, or why none.
 */
export async function recheckPuzzle(
  puzzle: PuzzleLine,
  engine: PuzzleEngine,
): Promise<PuzzleRecheck> {
  const before = parseFen(puzzle.fen);
  const after = playMoves(before, puzzle.moves.slice(0, 1)).position;
  const at: At = {
    moves: puzzle.moves.slice(0, 1),
    position: after,
    keys: [keyOf(before), keyOf(after)],
    winner: after.turn,
  };
  const follow = puzzle.moves.slice(1);
  const end = playMoves(after, follow).position;
  let otherDefences = 0;
  if (positionStatus(end, { countMoves: false }).checkmate) {
    const probe = new Probe(engine, follow);
    const mate = await mateLine(probe, at);
    otherDefences = probe.otherDefences;
    if (mate !== null) return { holds: "mate", reason: null, otherDefences };
  }
  const probe = new Probe(engine, follow);
  const line = await advantageLine(probe, at);
  otherDefences = Math.max(otherDefences, probe.otherDefences);
  const kept = line === null ? [] : trimmed(line);
  const reason = line === null
    ? probe.reason
    : kept.length < follow.length
    ? `cut back to ${kept.length} moves (no second choice at the end)`
    : kept.length <= 1
    ? "a one-mover"
    : null;
  return { holds: reason === null ? "advantage" : null, reason, otherDefences };
}

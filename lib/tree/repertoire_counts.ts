/**
 * A repertoire measured: against the games' counts in its positions (its
 * gaps: the opponents' moves played often enough that have no answer
 * prepared), and by itself (its size, depth, branches, transpositions).
 *
 * @module
 */

import type { Repertoire, RepertoireNode } from "./repertoire.ts";
import { lineAfter } from "./repertoire.ts";
import { parseFen } from "../fen/mod.ts";
import { SanWriter } from "../moves/play.ts";

/** The games' counts in a position: how many reached it, what they played. */
export interface PositionCounts {
  /** Games that reached it. */
  games: number;
  /**
   * The moves played there, with their games; a move's SAN, when absent,
   * is worked out from the position for the moves reported only.
   */
  moves: { uci: string; san?: string; games: number }[];
}

/** An opponent's move with no answer prepared. */
export interface Gap {
  /** The position it is played in. */
  fen: string;
  /** The repertoire's line to that position ("" at a start). */
  line: string;
  /** The move in SAN, with its number. */
  move: string;
  /** The move in UCI. */
  uci: string;
  /** Games that played it there. */
  games: number;
  /** Their share of the games that reached the position, in percent. */
  share: number;
  /** Whether the move is in the repertoire, with nothing prepared after it. */
  prepared: boolean;
}

/**
 * The gaps of the positions `theirs` (the opponents' to move), given the
 * games' counts in each (in the same order): a move played in at least
 * `minGames` games and `minShare` percent of those there, and not
 * prepared, or prepared with no answer after it. Most played first.
 *
 * @example An answer missing after 1... c5
 * ```ts
 * import { Repertoire } from "./repertoire.ts";
 * import { repertoireGaps } from "./repertoire_counts.ts";
 * import assert from "node:assert/strict";
 *
 * const repertoire = Repertoire.fromPgn("1. e4 e5 2. Nf3 *");
 * const theirs = repertoire.nodes.filter((node) => node.turn === "b");
 * const counts = theirs.map((node) =>
 *   node.line === "1. e4"
 *     ? { games: 10, moves: [{ uci: "e7e5", san: "e5", games: 6 }, { uci: "c7c5", san: "c5", games: 4 }] }
 *     : { games: 0, moves: [] }
 * );
 * const [gap] = repertoireGaps(theirs, counts, { minGames: 1, minShare: 0 });
 * assert.equal(gap.move, "1... c5");
 * assert.equal(gap.share, 40);
 * ```
 */
export function repertoireGaps(
  theirs: readonly RepertoireNode[],
  counts: readonly PositionCounts[],
  { minGames, minShare }: { minGames: number; minShare: number },
): Gap[] {
  const gaps: Gap[] = [];
  const writer = new SanWriter();
  theirs.forEach((node, k) => {
    const { games, moves } = counts[k];
    let read = false;
    const san = (uci: string): string => {
      if (!read) writer.at(parseFen(node.fen));
      read = true;
      return writer.san(uci);
    };
    for (const move of moves) {
      const share = games === 0 ? 0 : 100 * move.games / games;
      if (move.games < minGames || share < minShare) continue;
      const prepared = node.moves.find((m) => m.uci === move.uci);
      if (prepared !== undefined && prepared.node.moves.length > 0) continue;
      const numbered = lineAfter(
        { ...node, line: "" },
        move.san ?? san(move.uci),
      );
      gaps.push({
        fen: node.fen,
        line: node.line,
        move: numbered,
        uci: move.uci,
        games: move.games,
        share: Math.round(share * 10) / 10,
        prepared: prepared !== undefined,
      });
    }
  });
  return gaps.sort((a, b) => b.games - a.games || b.share - a.share);
}

/** A repertoire's size and shape. */
export interface RepertoireStats {
  /** Positions. */
  positions: number;
  /** Positions with White to move. */
  whiteToMove: number;
  /** Positions with Black to move. */
  blackToMove: number;
  /** Moves prepared. */
  moves: number;
  /** Games (chapters) of the PGN read. */
  chapters: number;
  /** Plies of the longest line, null when a line repeats a position. */
  longestLine: number | null;
  /** Positions with two moves or more prepared. */
  branches: number;
  /** Positions with none: the ends of lines. */
  ends: number;
  /** Positions two moves or more lead to. */
  transpositions: number;
}

/** The size and shape of `repertoire`. */
export function repertoireStats(repertoire: Repertoire): RepertoireStats {
  const nodes = repertoire.nodes;
  const count = (test: (node: RepertoireNode) => boolean): number =>
    nodes.filter(test).length;
  const longest = repertoire.longestLine();
  return {
    positions: nodes.length,
    whiteToMove: count((node) => node.turn === "w"),
    blackToMove: count((node) => node.turn === "b"),
    moves: nodes.reduce((sum, node) => sum + node.moves.length, 0),
    chapters: repertoire.chapters,
    longestLine: longest === Infinity ? null : longest,
    branches: count((node) => node.moves.length > 1),
    ends: count((node) => node.moves.length === 0),
    transpositions: count((node) => node.parents > 1),
  };
}

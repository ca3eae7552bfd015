/**
 * Trees added up: the JSON lines `fen tree` (or `OpeningTree.nodes`) wrote
 * for parts of a collection of games, put together into the lines one
 * tree of all the games writes, byte for byte (`fen merge`).
 *
 * A position's counts and each move's results, rated games and rating sum
 * add; the average rating is worked out again from the sums (weighted by
 * the rated games, as the lichess explorer keeps its sums). Positions come
 * in the order the parts first list them, parts in the order given: the
 * order a tree of the parts' games, one after the other, lists them. The
 * parts must list every position (`--min-games` at its default, 1): a
 * position a part leaves out cannot be added back, so the fewest games is
 * asked of the sum ({@linkcode TreeSum.nodes}).
 *
 * @module
 */

import { polyglotKey } from "../data/polyglot/mod.ts";
import { parseFen } from "../fen/mod.ts";
import { KeyIndex } from "./_index.ts";
import {
  byGames,
  gamesOf,
  type MoveCounts,
  treeMove,
  type TreeNode,
} from "./_node.ts";

export type { TreeMove, TreeNode } from "./_node.ts";

interface SumNode {
  fen: string;
  white: number;
  draws: number;
  black: number;
  moves: Map<string, { uci: string; san: string } & MoveCounts>;
}

/**
 * A sum of trees: {@linkcode TreeSum.add} it each part's positions, then
 * read {@linkcode TreeSum.nodes}.
 *
 * @example Two halves of a collection add up to the whole
 * ```ts
 * import { OpeningTree } from "@fen/fen/tree";
 * import { TreeSum } from "@fen/fen/tree";
 * import assert from "node:assert/strict";
 *
 * const games = [
 *   '[Result "1-0"]\n[WhiteElo "2001"]\n[BlackElo "1800"]\n\n1. e4 e5 1-0\n',
 *   '[Result "0-1"]\n[WhiteElo "1700"]\n[BlackElo "1800"]\n\n1. e4 c5 0-1\n',
 * ];
 * const treeOf = (text: string) => {
 *   const tree = new OpeningTree({ maxPly: 2 });
 *   tree.push(text);
 *   tree.end();
 *   return [...tree.nodes()];
 * };
 * const sum = new TreeSum();
 * for (const game of games) treeOf(game).forEach((node) => sum.add(node));
 * assert.deepEqual([...sum.nodes()], treeOf(games.join("\n")));
 * assert.equal([...sum.nodes()][0].moves[0].averageRating, 1825); // 3651 / 2
 * ```
 */
export class TreeSum {
  readonly #index = new KeyIndex<SumNode>();
  readonly #order: SumNode[] = [];

  /**
   * Adds one position of a part's tree.
   *
   * @param node A position as a tree lists it.
   * @throws {FenSyntaxError} If its FEN cannot be read.
   */
  add(node: TreeNode): void {
    const key = polyglotKey(parseFen(node.fen));
    const hi = Number(key >> 32n), lo = Number(key & 0xffffffffn);
    let sum = this.#index.get(hi, lo);
    if (sum === undefined) {
      sum = { fen: node.fen, white: 0, draws: 0, black: 0, moves: new Map() };
      this.#index.add(hi, lo, sum);
      this.#order.push(sum);
    }
    sum.white += node.white;
    sum.draws += node.draws;
    sum.black += node.black;
    for (const move of node.moves) {
      let to = sum.moves.get(move.uci);
      if (to === undefined) {
        to = {
          uci: move.uci,
          san: move.san,
          white: 0,
          draws: 0,
          black: 0,
          ratedGames: 0,
          ratingSum: 0,
        };
        sum.moves.set(move.uci, to);
      }
      to.white += move.white;
      to.draws += move.draws;
      to.black += move.black;
      to.ratedGames += move.ratedGames;
      to.ratingSum += move.ratingSum;
    }
  }

  /**
   * The positions added, in the order first added, with at least
   * `minGames` games.
   *
   * @param minGames The fewest games a position listed has: 0 lists all.
   * @returns The positions, as one tree of all the parts' games lists them.
   */
  *nodes(minGames = 0): Generator<TreeNode, void, undefined> {
    for (const node of this.#order) {
      if (gamesOf(node) < minGames) continue;
      yield {
        fen: node.fen,
        white: node.white,
        draws: node.draws,
        black: node.black,
        moves: [...node.moves.values()].sort(byGames).map((move) =>
          treeMove(move.uci, move.san, move)
        ),
      };
    }
  }
}

/**
 * The line a tree writes for a position: its JSON and a line feed.
 *
 * @example One line
 * ```ts
 * import { treeLine } from "@fen/fen/tree";
 * import assert from "node:assert/strict";
 *
 * const fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
 * assert.equal(
 *   treeLine({ fen, white: 0, draws: 0, black: 0, moves: [] }),
 *   `{"fen":"${fen}","white":0,"draws":0,"black":0,"moves":[]}\n`,
 * );
 * ```
 *
 * @param node The position.
 * @returns Its line.
 */
export function treeLine(node: TreeNode): string {
  return `${JSON.stringify(node)}\n`;
}

/**
 * Reads one line a tree wrote.
 *
 * @example A position and its move
 * ```ts
 * import { parseTreeLine } from "@fen/fen/tree";
 * import assert from "node:assert/strict";
 *
 * const node = parseTreeLine(
 *   '{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","white":0,"draws":1,"black":0,"moves":[]}',
 * );
 * assert.equal(node.draws, 1);
 * ```
 *
 * @param line One JSON line of `fen tree`.
 * @returns The position.
 * @throws {SyntaxError} If the line is not a position of a tree.
 */
export function parseTreeLine(line: string): TreeNode {
  const node = JSON.parse(line);
  const counted = (o: Record<string, unknown>, names: string[]): boolean =>
    names.every((name) => Number.isFinite(o[name]));
  if (
    typeof node !== "object" || node === null || typeof node.fen !== "string" ||
    !counted(node, ["white", "draws", "black"]) || !Array.isArray(node.moves) ||
    !node.moves.every((move: Record<string, unknown>) =>
      typeof move === "object" && move !== null &&
      typeof move.uci === "string" && typeof move.san === "string" &&
      counted(move, ["white", "draws", "black", "ratedGames", "ratingSum"])
    )
  ) {
    throw new SyntaxError(
      "not a position of fen tree (fen, white, draws, black, moves with their ratedGames and ratingSum)",
    );
  }
  return node as TreeNode;
}

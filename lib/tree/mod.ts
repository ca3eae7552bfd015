/**
 * An opening explorer of one's own games: for each position the games
 * reached, how they ended (`white`, `draws`, `black`), and each move played
 * there with its results and the games' average rating, in the shape of
 * the lichess opening explorer's answers. Positions are told apart by
 * their Polyglot key (placement, side to move, castling, en passant).
 *
 * @module
 */

import { unkeyedReason, UnkeyedVariantError } from "../data/polyglot/rules.ts";
import { PgnWalker } from "../pgn/walker.ts";
import type { PgnGame, PgnPosition } from "../pgn/game.ts";
import type { PgnError } from "../pgn/errors.ts";
import { polyglotKey, polyglotKeyHalves } from "../data/polyglot/mod.ts";
import { parseFen } from "../fen/mod.ts";
import { toSan } from "../moves/play.ts";
import { KeyIndex } from "./_index.ts";
import type { Rules } from "../types.ts";
import {
  byGames,
  gamesOf,
  type MoveCounts,
  type TreeMove,
  treeMove,
  type TreeNode,
} from "./_node.ts";

export type { TreeMove, TreeNode } from "./_node.ts";

/** Which games count, and how far into them. */
export interface TreeOptions {
  /** Plies of each game walked from its start: all (1024) by default. */
  maxPly?: number;
  /** Only these positions (FEN) are counted and listed, in this order. */
  at?: readonly string[];
  /** Only the games of this player (White or Black tag, any case). */
  player?: string;
  /** With `player`: only the games where the player had this colour. */
  color?: "white" | "black";
  /** Only games whose players' average Elo is at least this. */
  minRating?: number;
  /** Only games played on or after this date (`YYYY.MM.DD`, the Date tag). */
  since?: string;
  /** Called with each game that cannot be read (it is left out). */
  onError?: (error: PgnError) => void;
}

export type { PgnError } from "../pgn/errors.ts";
export { PgnMoveError, PgnSyntaxError } from "../pgn/errors.ts";
export type { MoveErrorCode } from "../pgn/mod.ts";

/** The results a game counts with. */
const RESULTS: ReadonlySet<string> = new Set(["1-0", "0-1", "1/2-1/2"]);

/** A position's counts while the games are read. */
interface Node {
  fen: string;
  /** The rules its FEN reads by: standard chess's or Chess960's. */
  rules: Rules;
  counts: Counts;
  moves: Edge[];
  /** The last game that counted here: a game counts once. */
  stamp: number;
  /**
   * Whether a game that counts reached it: a position only games left out
   * reached is not listed, and the next game to reach it gives its FEN.
   */
  listed: boolean;
}

interface Edge extends MoveCounts {
  code: number;
  uci: string;
  stamp: number;
}

interface Counts {
  white: number;
  draws: number;
  black: number;
}

/**
 * The tree of a stream of games: {@linkcode OpeningTree.push} it PGN in
 * chunks, {@linkcode OpeningTree.end} it, then read
 * {@linkcode OpeningTree.nodes}. A game counts once in each position it
 * reached and for each move it played there, with its Result tag (games
 * with no known result are left out).
 *
 * @example Two games
 * ```ts
 * import { OpeningTree } from "@fen/fen/tree";
 * import assert from "node:assert/strict";
 *
 * const tree = new OpeningTree({ maxPly: 1 });
 * tree.push('[Result "1-0"]\n[WhiteElo "2000"]\n[BlackElo "1800"]\n\n1. e4 e5 1-0\n\n');
 * tree.push('[Result "1/2-1/2"]\n\n1. d4 d5 1/2-1/2\n');
 * tree.end();
 * const [start] = tree.nodes();
 * assert.deepEqual([start.white, start.draws, start.black], [1, 1, 0]);
 * // one game each: in UCI order, d2d4 then e2e4
 * assert.deepEqual(start.moves[1], {
 *   uci: "e2e4", san: "e4", white: 1, draws: 0, black: 0, averageRating: 1900,
 *   ratedGames: 1, ratingSum: 1900,
 * });
 * ```
 */
export class OpeningTree {
  readonly #walker: PgnWalker;
  readonly #options: TreeOptions;
  readonly #maxPly: number;
  readonly #nodes = new KeyIndex<Node>();
  readonly #order: Node[] = [];
  /** With `at`: the positions asked for, by map key. */
  readonly #wanted: KeyIndex<Node> | null = null;
  readonly #key = new Uint32Array(2);
  /** The game being read: whether it counts, and what it reached. */
  #serial = 0;
  #counts = true;
  #node: Node | null = null;
  readonly #visited: Node[] = [];
  /** The positions the game reached first: listed if it counts. */
  readonly #fresh: Node[] = [];
  readonly #played: Edge[] = [];
  /** Games counted. */
  games = 0;
  /** Games read so far, counted or not, those with an error included. */
  gamesRead = 0;

  /**
   * Makes a tree.
   *
   * @param options Which games count, how far, and which positions.
   */
  constructor(options: TreeOptions = {}) {
    this.#options = options;
    this.#maxPly = options.maxPly ?? 1024;
    if (options.at !== undefined) {
      this.#wanted = new KeyIndex();
      for (const fen of options.at) {
        const key = polyglotKey(parseFen(fen));
        const hi = Number(key >> 32n), lo = Number(key & 0xffffffffn);
        this.#lookup(hi, lo, fen, "chess", this.#wanted);
      }
    }
    this.#walker = new PgnWalker({
      position: (position) => this.#position(position),
      end: (game) => this.#end(game),
    }, { maxPly: this.#maxPly });
  }

  #position(position: PgnPosition): void {
    const ply = position.ply;
    if (ply === 0) {
      const game = position.game;
      if (unkeyedReason(game.rules) !== null) {
        throw new UnkeyedVariantError(game.rules, `game ${game.number} `);
      }
      this.#start(game);
    }
    if (!this.#counts || ply > this.#maxPly) return;
    const previous = this.#node;
    if (previous !== null) this.#edge(previous, position);
    const key = this.#key;
    polyglotKeyHalves(position.view(), key);
    const node = this.#wanted === null
      ? this.#lookup(
        key[0],
        key[1],
        null,
        position.game.rules,
        this.#nodes,
        position,
      )
      : this.#wanted.get(key[0], key[1]) ?? null;
    this.#node = node;
    if (node !== null && node.stamp !== this.#serial) {
      node.stamp = this.#serial;
      this.#visited.push(node);
      if (!node.listed) {
        node.fen = position.fen;
        node.rules = position.game.rules;
        this.#fresh.push(node);
      }
    }
  }

  #start(game: PgnGame): void {
    this.#serial++;
    this.#node = null;
    this.#visited.length = 0;
    this.#fresh.length = 0;
    this.#played.length = 0;
    const result = game.tags.get("Result");
    this.#counts = this.#wants(game) &&
      (result === undefined || RESULTS.has(result));
  }

  /** Whether a game passes the filters (its tags are all read by now). */
  #wants(game: PgnGame): boolean {
    const { player, color, minRating, since } = this.#options;
    const tags = game.tags;
    if (player !== undefined) {
      const name = player.toLowerCase();
      const white = tags.get("White")?.toLowerCase() === name;
      const black = tags.get("Black")?.toLowerCase() === name;
      if (
        color === "white"
          ? !white
          : color === "black"
          ? !black
          : !white && !black
      ) {
        return false;
      }
    }
    if (minRating !== undefined) {
      const rating = ratingOf(game);
      if (rating === null || rating < minRating) return false;
    }
    if (since !== undefined) {
      const date = (tags.get("Date") ?? tags.get("UTCDate") ?? "").replaceAll(
        "?",
        "0",
      );
      if (date < since) return false;
    }
    return true;
  }

  /** Records the move that led to `position` from `from`. */
  #edge(from: Node, position: PgnPosition): void {
    const source = position.from!, target = position.to!;
    const rook = position.castlingRook;
    const promotion = position.promotion;
    const to = rook !== null && position.game.rules === "chess960"
      ? rook
      : target;
    const code = squareBits(source) | squareBits(to) << 6 |
      (promotion === null ? 0 : promotion.charCodeAt(0)) << 12;
    const moves = from.moves;
    let edge: Edge | undefined;
    for (let k = 0; k < moves.length && edge === undefined; k++) {
      if (moves[k].code === code) edge = moves[k];
    }
    if (edge === undefined) {
      edge = {
        code,
        uci: `${source}${to}${promotion ?? ""}`,
        white: 0,
        draws: 0,
        black: 0,
        ratingSum: 0,
        ratedGames: 0,
        stamp: 0,
      };
      from.moves.push(edge);
    }
    if (edge.stamp !== this.#serial) {
      edge.stamp = this.#serial;
      this.#played.push(edge);
    }
  }

  #end(game: PgnGame): void {
    this.gamesRead++;
    if (game.error !== null) {
      this.#options.onError?.(game.error);
      this.#counts = false;
    }
    if (!this.#counts) return;
    const result = game.tags.get("Result") ?? game.result ?? "*";
    const field = result === "1-0"
      ? "white"
      : result === "0-1"
      ? "black"
      : result === "1/2-1/2"
      ? "draws"
      : null;
    if (field === null) return;
    this.games++;
    for (const node of this.#fresh) {
      node.listed = true;
      this.#order.push(node);
    }
    for (const node of this.#visited) node.counts[field]++;
    const rating = ratingOf(game);
    for (const edge of this.#played) {
      edge[field]++;
      if (rating !== null) {
        edge.ratingSum += rating;
        edge.ratedGames++;
      }
    }
  }

  #lookup(
    hi: number,
    lo: number,
    fen: string | null,
    rules: Rules,
    map: KeyIndex<Node>,
    position?: PgnPosition,
  ): Node {
    const found = map.get(hi, lo);
    if (found !== undefined) return found;
    // Listed at once when asked for (`at`), else when a game that counts
    // reached it.
    const node: Node = {
      fen: fen ?? position!.fen,
      rules,
      counts: { white: 0, draws: 0, black: 0 },
      moves: [],
      stamp: 0,
      listed: fen !== null,
    };
    map.add(hi, lo, node);
    if (node.listed) this.#order.push(node);
    return node;
  }

  /**
   * Reads the next chunk of PGN, text or bytes (do not mix them).
   *
   * @param chunk The next piece of the stream, cut anywhere.
   */
  push(chunk: string | Uint8Array): void {
    this.#walker.push(chunk);
  }

  /** Ends the stream. */
  end(): void {
    this.#walker.end();
  }

  /**
   * The positions, in the order a game that counts first reached them (or
   * as given to `at`), with
   * at least `minGames` games.
   *
   * @param minGames The fewest games a position listed has (not with `at`).
   * @returns The positions, each made when reached in the iteration.
   */
  *nodes(minGames = 1): Generator<TreeNode, void, undefined> {
    for (const node of this.#order) {
      const { white, draws, black } = node.counts;
      if (this.#wanted === null && gamesOf(node.counts) < minGames) continue;
      yield {
        fen: node.fen,
        white,
        draws,
        black,
        moves: movesOf(node),
      };
    }
  }
}

/** A node's moves, most played first, with their SAN. */
function movesOf(node: Node): TreeMove[] {
  const edges = node.moves.filter((edge) => gamesOf(edge) > 0).sort(byGames);
  if (edges.length === 0) return [];
  // A Chess960 node's castling letters are X-FEN's, read by its own rules.
  const rules = node.rules;
  const position = parseFen(node.fen, { rules });
  return edges.map((edge) =>
    treeMove(edge.uci, toSan(position, edge.uci, { rules }), edge)
  );
}

/** The average of the players' Elo, or null when either is missing. */
function ratingOf(game: PgnGame): number | null {
  const white = Number(game.tags.get("WhiteElo") ?? NaN);
  const black = Number(game.tags.get("BlackElo") ?? NaN);
  return white > 0 && black > 0 ? (white + black) / 2 : null;
}

function squareBits(square: string): number {
  return (square.charCodeAt(0) - 97) | (square.charCodeAt(1) - 49) << 3;
}

export { parseTreeLine, treeLine, TreeSum } from "./sum.ts";

// The JSON a tree writes, defined once for `OpeningTree.nodes` and for the
// sum of trees (`fen merge`): the lichess explorer's fields, a move's
// rating sum and rated games beside its average (so that trees of parts add
// up to the whole's exactly), and the order of a position's moves.

/** A move played in a position, as the lichess explorer lists it. */
export interface TreeMove {
  /** In UCI (castling as the king's move; king takes rook in Chess960). */
  uci: string;
  /** In SAN. */
  san: string;
  /** Games won by White after it. */
  white: number;
  /** Games drawn. */
  draws: number;
  /** Games won by Black. */
  black: number;
  /**
   * The rated games' average Elo (each game's is its players' mean),
   * rounded, or null if none had both Elo tags: `ratingSum / ratedGames`.
   */
  averageRating: number | null;
  /** The games with both Elo tags, which `averageRating` averages. */
  ratedGames: number;
  /** The sum of those games' ratings (their players' means). */
  ratingSum: number;
}

/** A position, as the lichess explorer answers for it. */
export interface TreeNode {
  /** The FEN it was first reached with (or as given to `at`). */
  fen: string;
  /** Games that reached it and White won. */
  white: number;
  /** Games that reached it and were drawn. */
  draws: number;
  /** Games that reached it and Black won. */
  black: number;
  /** The moves played there, most played first, then by UCI. */
  moves: TreeMove[];
}

/** A move's results and ratings, as counted or added. */
export interface MoveCounts {
  white: number;
  draws: number;
  black: number;
  ratingSum: number;
  ratedGames: number;
}

/** The move as written, its fields in the explorer's order. */
export function treeMove(uci: string, san: string, c: MoveCounts): TreeMove {
  return {
    uci,
    san,
    white: c.white,
    draws: c.draws,
    black: c.black,
    averageRating: c.ratedGames === 0
      ? null
      : Math.round(c.ratingSum / c.ratedGames),
    ratedGames: c.ratedGames,
    ratingSum: c.ratingSum,
  };
}

/** Games counted in a move or position. */
export function gamesOf(
  c: { white: number; draws: number; black: number },
): number {
  return c.white + c.draws + c.black;
}

/**
 * The order of a position's moves: most games first, ties by UCI, an order
 * that does not depend on which game came first, so that added trees list
 * their moves as one tree of all the games does.
 */
export function byGames(
  a: { uci: string } & MoveCounts,
  b: { uci: string } & MoveCounts,
): number {
  return gamesOf(b) - gamesOf(a) ||
    (a.uci < b.uci ? -1 : a.uci > b.uci ? 1 : 0);
}

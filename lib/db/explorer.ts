/**
 * The explorer's answer for a position, as the lichess opening explorer's
 * `/lichess` endpoint gives it: the games that reached it (white, draws,
 * black), each move played there with its results, average rating,
 * opponents' average and performance, and the top and most recent games;
 * filtered by speeds, rating groups and months as its query parameters
 * filter, every filter a sum over the index's cells.
 *
 * @module
 */

import type { StatementSync } from "node:sqlite";
import type { GameDatabase } from "./database.ts";
import {
  addRowGames,
  cellCounts,
  type Cells,
  type Counts,
  ExplorerEntry,
  type GameRef,
} from "./entry.ts";
import { positionKey } from "./index_batch.ts";
import { MovesReplay, unpackMove } from "./moves.ts";
import type { GameRow } from "./game_row.ts";
import {
  GROUP_COUNT,
  RATING_GROUPS,
  type Speed,
  SPEED_INDEX,
  SPEEDS,
  UNRATED,
} from "./speed.ts";
import { variantKeyHalves } from "../data/polyglot/variant_key.ts";
import { recordViewOf } from "../record_view.ts";
import { parseFen, stringifyFen } from "../fen/mod.ts";
import type { Opening } from "../data/openings/mod.ts";
import type { Position, Rules } from "../types.ts";
import { playerEntry, type PlayerQuery } from "./player.ts";

/** Which games count, as lichess's query parameters say. */
export interface ExplorerFilter {
  /**
   * The variant whose index is read (lichess's `variant`), the position's
   * rules: standard chess if absent (Chess960 shares its index).
   */
  rules?: Rules;
  /** Only these speeds (all, those of unknown speed included, if absent). */
  speeds?: readonly Speed[];
  /** Only these rating groups, by lower bound (all, unrated included, if absent). */
  ratings?: readonly number[];
  /** From this month on (year x 12 + month - 1). */
  since?: number;
  /** Up to this month. */
  until?: number;
  /** How many top games (4). */
  topGames?: number;
  /** How many recent games (4). */
  recentGames?: number;
}

/** A player of a game listed. */
export interface ExplorerPlayer {
  name: string;
  rating: number | null;
}

/** A game listed with a move. */
export interface ExplorerGame {
  uci: string;
  /** Its id in the database (`fen db query --id`). */
  id: string;
  winner: "white" | "black" | null;
  speed: Speed;
  mode?: "rated" | "casual";
  white: ExplorerPlayer;
  black: ExplorerPlayer;
  year: number | null;
  month: string | null;
}

/** A move's line of the answer. */
export interface ExplorerMove {
  uci: string;
  san: string;
  /** The players' mean rating over the rated games (as `fen tree` gives it). */
  averageRating: number | null;
  /** The mover's opponents' mean rating. */
  averageOpponentRating: number | null;
  /** The mover's performance: opponents' mean + 400 (wins - losses) / games. */
  performance: number | null;
  white: number;
  draws: number;
  black: number;
  /** The rated games and their ratings' sum, which `averageRating` averages. */
  ratedGames: number;
  ratingSum: number;
  /** The one game, when one game played it. */
  game: ExplorerGame | null;
}

/** The answer for a position. */
export interface ExplorerAnswer {
  white: number;
  draws: number;
  black: number;
  moves: ExplorerMove[];
  recentGames: ExplorerGame[];
  topGames: ExplorerGame[];
  opening: { eco: string; name: string } | null;
}

const GAMES_SQL = `SELECT id, white, black, white_elo, black_elo, result,
  speed, event, month FROM games WHERE id IN (SELECT value FROM json_each(?))`;

/** A database's explorer: answers for positions. */
export class Explorer {
  readonly #db: GameDatabase;
  readonly #rows: StatementSync;
  readonly #games: StatementSync;
  #data: StatementSync | undefined;
  readonly #key = new Uint32Array(2);
  readonly #openingOf: ((position: Position) => Opening | null) | null;

  /**
   * @param db The database, open.
   * @param options `openingOf`: the openings table's lookup (lib/data/openings),
   * which names each answer's opening; without it, answers name none. It is
   * handed in, not imported: the table is half the command's code, and a
   * static import here made every run of the command load it.
   */
  constructor(
    db: GameDatabase,
    { openingOf = null }: {
      openingOf?: ((position: Position) => Opening | null) | null;
    } = {},
  ) {
    this.#db = db;
    this.#openingOf = openingOf;
    this.#rows = db.sql.prepare(
      "SELECT month, data FROM explorer WHERE key = ? AND month BETWEEN ? AND ?",
    );
    this.#games = db.sql.prepare(GAMES_SQL);
  }

  /**
   * The answer for a position.
   *
   * @param position The position.
   * @param filter Which games count.
   * @returns The answer, in the lichess explorer's shape.
   */
  answer(position: Position, filter: ExplorerFilter = {}): ExplorerAnswer {
    variantKeyHalves(
      recordViewOf(position),
      filter.rules ?? "chess",
      this.#key,
    );
    const rows = this.#rows.all(
      positionKey(this.#key[0], this.#key[1]),
      filter.since ?? 0,
      filter.until ?? Number.MAX_SAFE_INTEGER,
    ) as { month: number; data: Uint8Array }[];
    const entry = new ExplorerEntry();
    for (const row of rows) entry.addBytes(row.data, this.#db.lookup);
    entry.trim();
    return this.answerOf(entry, { position, filter });
  }

  /**
   * The games of a position and of each move played there, over all its
   * games (no filter, no games listed): the answer's counts only, read
   * without making the answer (`fen repertoire gaps --db` asks this of
   * thousands of positions).
   *
   * @param key The position's Polyglot key, as its two halves.
   * @returns Its games, and each move's (in UCI), most played first.
   */
  moveGames(
    key: { hi: number; lo: number },
  ): { games: number; moves: { uci: string; games: number }[] } {
    this.#data ??= this.#db.sql.prepare(
      "SELECT data FROM explorer WHERE key = ?",
    );
    const played = new Map<number, number>();
    let games = 0;
    for (const row of this.#data.iterate(positionKey(key.hi, key.lo))) {
      games += addRowGames((row as { data: Uint8Array }).data, played);
    }
    const moves: { uci: string; games: number }[] = [];
    for (const [code, count] of played) {
      games += count;
      if (count > 0) moves.push({ uci: unpackMove(code), games: count });
    }
    moves.sort((a, b) =>
      b.games - a.games || (a.uci < b.uci ? -1 : a.uci > b.uci ? 1 : 0)
    );
    return { games, moves };
  }

  /**
   * The answer over one player's games in one colour (lib/db/player.ts).
   *
   * @param position The position.
   * @param query Whose games, and which of them.
   * @returns The answer.
   */
  playerAnswer(
    position: Position,
    query: PlayerQuery & { filter?: ExplorerFilter },
  ): ExplorerAnswer {
    const filter = query.filter ?? {};
    const entry = playerEntry(this.#db, position, {
      rules: filter.rules ?? "chess",
      player: query.player,
      color: query.color,
      ...(filter.since === undefined ? {} : { since: filter.since }),
      ...(filter.until === undefined ? {} : { until: filter.until }),
    });
    return this.answerOf(entry, { position, filter });
  }

  /**
   * The answer an entry gives for its position: the index's rows of the
   * position added up, or a player's games counted by a scan
   * (lib/db/player.ts).
   *
   * @param entry The counts, moves and games.
   * @param query The position and which games count.
   * @returns The answer, in the lichess explorer's shape.
   */
  answerOf(
    entry: ExplorerEntry,
    { position, filter }: { position: Position; filter: ExplorerFilter },
  ): ExplorerAnswer {
    const wanted = cellMask(filter);
    const total = sumCells(entry.extra, wanted);
    const mover = position.turn;
    const moves: (ExplorerMove & { refs: GameRef[] })[] = [];
    for (const move of entry.moves) {
      const counts = sumCells(move.cells, wanted);
      if (gamesOf(counts) === 0) continue;
      total.white += counts.white;
      total.draws += counts.draws;
      total.black += counts.black;
      const uci = unpackMove(move.code);
      moves.push({
        uci,
        san: sanOf(position, {
          code: move.code,
          rules: filter.rules ?? "chess",
        }),
        ...moveLine(counts, mover),
        refs: move.games.filter((g) => wanted[g.cell]),
      });
    }
    moves.sort(byGames);
    // With no games listed (topGames and recentGames 0: a count, as fen
    // repertoire gaps asks), only a move's one game is looked up.
    const lists = (filter.topGames ?? 4) > 0 || (filter.recentGames ?? 4) > 0;
    const games = this.#gameInfo(
      moves.flatMap((m) =>
        lists || (gamesOf(m) === 1 && m.refs.length === 1)
          ? m.refs.map((g) => g.id)
          : []
      ),
    );
    const listed = moves.flatMap((m) =>
      m.refs.map((g) => ({ ...games.get(g.id)!, uci: m.uci }))
    ).filter((g) => g.id !== undefined);
    for (const move of moves) {
      const only = gamesOf(move) === 1 && move.refs.length === 1
        ? games.get(move.refs[0].id)
        : undefined;
      move.game = only === undefined ? null : withoutRank(only, move.uci);
    }
    const opening = namesOpenings(position, filter.rules ?? "chess")
      ? this.#openingOf?.(boardOf(position)) ?? null
      : null;
    return {
      white: total.white,
      draws: total.draws,
      black: total.black,
      moves: moves.map(({ refs: _refs, ...move }) => move),
      recentGames: recent(listed, filter.recentGames ?? 4),
      topGames: top(listed, filter.topGames ?? 4),
      opening: opening === null
        ? null
        : { eco: opening.eco, name: opening.name },
    };
  }

  #gameInfo(ids: number[]): Map<number, ExplorerGame & { rank: number }> {
    const found = new Map<number, ExplorerGame & { rank: number }>();
    if (ids.length === 0) return found;
    for (
      const row of this.#games.all(
        JSON.stringify(ids),
      ) as GameRow[]
    ) {
      const info = this.#db.store.logical(row) as unknown as GameInfoRow;
      found.set(info.id, explorerGame(info));
    }
    return found;
  }
}

interface GameInfoRow {
  id: number;
  white: string | null;
  black: string | null;
  white_elo: number | null;
  black_elo: number | null;
  result: string;
  speed: Speed;
  event: string | null;
  month: number;
}

function explorerGame(row: GameInfoRow): ExplorerGame & { rank: number } {
  const mode = /^rated\b/i.test(row.event ?? "")
    ? "rated"
    : /^casual\b/i.test(row.event ?? "")
    ? "casual"
    : undefined;
  const rated = row.white_elo !== null && row.black_elo !== null;
  return {
    uci: "",
    id: String(row.id),
    winner: row.result === "1-0"
      ? "white"
      : row.result === "0-1"
      ? "black"
      : null,
    speed: row.speed,
    ...(mode === undefined ? {} : { mode }),
    white: { name: row.white ?? "?", rating: row.white_elo },
    black: { name: row.black ?? "?", rating: row.black_elo },
    year: row.month === 0 ? null : Math.floor(row.month / 12),
    month: row.month === 0
      ? null
      : `${Math.floor(row.month / 12)}-${
        String(row.month % 12 + 1).padStart(2, "0")
      }`,
    rank: rated ? (row.white_elo! + row.black_elo!) / 2 : -1,
  };
}

type Listed = ExplorerGame & { rank: number };

function withoutRank(game: Listed, uci: string): ExplorerGame {
  const { rank: _rank, ...rest } = game;
  return { ...rest, uci };
}

function recent(games: Listed[], count: number): ExplorerGame[] {
  return games.toSorted((a, b) =>
    (b.month ?? "").localeCompare(a.month ?? "") || Number(b.id) - Number(a.id)
  ).slice(0, count).map(({ rank: _rank, ...game }) => game);
}

function top(games: Listed[], count: number): ExplorerGame[] {
  return games.filter((g) => g.rank >= 0)
    .toSorted((a, b) => b.rank - a.rank || Number(b.id) - Number(a.id))
    .slice(0, count).map(({ rank: _rank, ...game }) => game);
}

/** The cells the filter keeps: a flag per cell. */
function cellMask(filter: ExplorerFilter): boolean[] {
  const speeds = filter.speeds === undefined
    ? SPEEDS.map((_, i) => i)
    : filter.speeds.map((s) => SPEED_INDEX[s]);
  const groups = filter.ratings === undefined
    ? [...RATING_GROUPS.keys(), UNRATED]
    : filter.ratings.map((r) => RATING_GROUPS.indexOf(r));
  const mask = new Array(SPEEDS.length * GROUP_COUNT).fill(false);
  for (const s of speeds) {
    for (const g of groups) mask[s * GROUP_COUNT + g] = true;
  }
  return mask;
}

/** Counts summed over the cells wanted, with the rated games' own results. */
interface Summed extends Counts {
  rated: number;
  ratedWhite: number;
  ratedBlack: number;
}

function sumCells(cells: Cells, wanted: boolean[]): Summed {
  const sum: Summed = {
    white: 0,
    draws: 0,
    black: 0,
    whiteSum: 0,
    blackSum: 0,
    rated: 0,
    ratedWhite: 0,
    ratedBlack: 0,
  };
  for (const [cell, c] of cellCounts(cells)) {
    if (!wanted[cell]) continue;
    sum.white += c.white;
    sum.draws += c.draws;
    sum.black += c.black;
    sum.whiteSum += c.whiteSum;
    sum.blackSum += c.blackSum;
    if (cell % GROUP_COUNT !== UNRATED) {
      sum.rated += c.white + c.draws + c.black;
      sum.ratedWhite += c.white;
      sum.ratedBlack += c.black;
    }
  }
  return sum;
}

function moveLine(
  c: Summed,
  mover: "w" | "b",
): Omit<ExplorerMove, "uci" | "san"> {
  const rated = c.rated;
  const opponents = mover === "w" ? c.blackSum : c.whiteSum;
  const [wins, losses] = mover === "w"
    ? [c.ratedWhite, c.ratedBlack]
    : [c.ratedBlack, c.ratedWhite];
  const opponent = rated === 0 ? null : Math.round(opponents / rated);
  return {
    averageRating: rated === 0
      ? null
      : Math.round((c.whiteSum + c.blackSum) / 2 / rated),
    averageOpponentRating: opponent,
    performance: opponent === null
      ? null
      : Math.round(opponent + 400 * (wins - losses) / rated),
    white: c.white,
    draws: c.draws,
    black: c.black,
    ratedGames: rated,
    ratingSum: (c.whiteSum + c.blackSum) / 2,
    game: null,
  };
}

/**
 * A move's SAN under the variant's rules, as the games' PGN writes it (a
 * variant's end marked as mate); a Chess960 game's castling (king takes
 * rook, its rights read by Chess960's rules, as X-FEN writes them) when
 * the standard reading has no such move.
 */
function sanOf(
  position: Position,
  { code, rules }: { code: number; rules: Rules },
): string {
  const replay = new MovesReplay();
  try {
    replay.load(position, rules);
    return replay.play(code, { ply: 1, san: true });
  } catch {
    try {
      const chess960 = { rules: "chess960" } as const;
      replay.load(parseFen(stringifyFen(position), chess960), "chess960");
      return replay.play(code, { ply: 1, san: true });
    } catch {
      return unpackMove(code);
    }
  }
}

/**
 * The variants whose positions lichess's explorer names openings in (its
 * `opening_sensible`), the opening's position with nothing in hand and no
 * check given, as its key tells them apart.
 */
const OPENING_RULES: readonly Rules[] = [
  "chess",
  "chess960",
  "crazyhouse",
  "threecheck",
  "kingofthehill",
];

function namesOpenings(position: Position, rules: Rules): boolean {
  const { pockets, remainingChecks } = position;
  const inHand = pockets === undefined
    ? 0
    : Object.values(pockets.w).concat(Object.values(pockets.b))
      .reduce((a, b) => a + b, 0);
  const checked = remainingChecks !== undefined &&
    (remainingChecks.w < 3 || remainingChecks.b < 3);
  return OPENING_RULES.includes(rules) && inHand === 0 && !checked;
}

/** A position's board, side, castling and en passant, as standard chess's. */
function boardOf(position: Position): Position {
  const { board, turn, castling, enPassant, halfmoveClock, fullmoveNumber } =
    position;
  return { board, turn, castling, enPassant, halfmoveClock, fullmoveNumber };
}

/** Games counted in a move or position. */
function gamesOf(c: { white: number; draws: number; black: number }): number {
  return c.white + c.draws + c.black;
}

/**
 * The order of a position's moves: most games first, ties by UCI, as
 * `fen tree` lists them (the tests hold the two explorers equal).
 */
function byGames(a: ExplorerMove, b: ExplorerMove): number {
  return gamesOf(b) - gamesOf(a) ||
    (a.uci < b.uci ? -1 : a.uci > b.uci ? 1 : 0);
}

/** The months of `YYYY-MM` (lichess's `since`/`until`) as numbers. */
export function monthNumber(text: string): number | null {
  const match = /^([0-9]{4})-([0-9]{2})$/.exec(text);
  if (match === null) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? Number(match[1]) * 12 + month - 1 : null;
}

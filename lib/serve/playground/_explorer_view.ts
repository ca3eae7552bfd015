// What the page's explorer panel shows and asks, with no page in it (so
// that tests/unit runs it): the query's path as lichess's explorer reads
// it, the white/draw/black bar as lichess draws it, the counts and games
// in words, and what playing a move does to the text field.

import { stringifyFen } from "../../fen/mod.ts";
import { toSan } from "../../moves/play.ts";
import { variantOf } from "../../chess/variant_names.ts";
import type { PgnGame } from "../../pgn/mod.ts";
import { RATING_GROUPS, type Speed, SPEEDS } from "../../db/speed.ts";
import { INITIAL_FEN, type Position, type Rules } from "../../types.ts";

/** The explorer's databases, as lichess names them (its endpoints). */
export const EXPLORER_SOURCES = ["lichess", "masters", "player"] as const;

/** Which of the explorer's endpoints is asked. */
export type ExplorerSource = typeof EXPLORER_SOURCES[number];

/** The speeds lichess's explorer offers (a database's `unknown` is not one). */
export const EXPLORER_SPEEDS: readonly Speed[] = SPEEDS.filter((s) =>
  s !== "unknown"
);

/** The rating groups offered: lichess's, by lower bound. */
export const EXPLORER_RATINGS: readonly number[] = RATING_GROUPS;

/** The panel's settings, as lichess's explorer configuration holds them. */
export interface ExplorerSettings {
  source: ExplorerSource;
  /** The speeds ticked (all of them: every game, unknown speeds too). */
  speeds: readonly Speed[];
  /** The rating groups ticked (all of them: every game, unrated too). */
  ratings: readonly number[];
  /** `/player`'s player and colour. */
  player: string;
  color: "white" | "black";
}

/** The settings a new panel has: every game of the database. */
export const DEFAULT_SETTINGS: Readonly<ExplorerSettings> = {
  source: "lichess",
  speeds: EXPLORER_SPEEDS,
  ratings: EXPLORER_RATINGS,
  player: "",
  color: "white",
};

/** The query asked, or why none can be. */
export type ExplorerRequest = { path: string } | { problem: string };

/**
 * The path (with its query) that asks the explorer about a position: the
 * index of its variant (`rules`, standard chess without), a filter left
 * out when everything is ticked, so that games of no known speed or rating
 * still count.
 */
export function explorerRequest(
  fen: string,
  settings: ExplorerSettings,
  { rules = "chess" }: { rules?: Rules } = {},
): ExplorerRequest {
  const variant = rules === "chess" ? "standard" : rules;
  const query = new URLSearchParams({ variant, fen });
  if (settings.source === "masters") {
    if (variant !== "standard") {
      return {
        problem:
          "The masters' games are standard chess: choose lichess or a player.",
      };
    }
    query.delete("variant");
    return { path: `/masters?${query}` };
  }
  if (settings.speeds.length === 0) {
    return { problem: "Tick at least one speed." };
  }
  if (settings.ratings.length === 0) {
    return { problem: "Tick at least one rating group." };
  }
  if (settings.speeds.length < EXPLORER_SPEEDS.length) {
    query.set("speeds", settings.speeds.join(","));
  }
  if (settings.ratings.length < EXPLORER_RATINGS.length) {
    query.set("ratings", settings.ratings.join(","));
  }
  if (settings.source === "lichess") return { path: `/lichess?${query}` };
  const player = settings.player.trim();
  if (player === "") return { problem: "Type a player's name." };
  query.set("player", player);
  query.set("color", settings.color);
  return { path: `/player?${query}` };
}

/** White's wins, draws and Black's wins. */
export interface Results {
  white: number;
  draws: number;
  black: number;
}

/** One part of a result bar: its side, width and the text drawn on it. */
export interface BarPart {
  key: keyof Results;
  /** Its share of the bar, as a CSS width (`"52.3%"`). */
  width: string;
  /** Its percentage where it is wide enough to carry one, else empty. */
  label: string;
}

/**
 * The white/draw/black bar as lichess's explorer draws it: each part's
 * width to a tenth of a percent; a part over 12% carries its rounded
 * percentage, with the sign once over 20%; an empty part is left out.
 */
export function resultBar(results: Results): BarPart[] {
  const sum = results.white + results.draws + results.black;
  if (sum === 0) return [];
  return (["white", "draws", "black"] as const)
    .filter((key) => results[key] > 0)
    .map((key) => {
      const percent = results[key] * 100 / sum;
      return {
        key,
        width: `${Math.round(results[key] * 1000 / sum) / 10}%`,
        label: percent > 12
          ? `${Math.round(percent)}${percent > 20 ? "%" : ""}`
          : "",
      };
    });
}

/** A count as lichess writes it, in thousands (`12,345`). */
export function formatCount(count: number): string {
  return new Intl.NumberFormat("en-US").format(count);
}

/** A move's share of the position's games, as lichess shows it (`45%`). */
export function gameShare(games: number, total: number): string {
  return total === 0 ? "0%" : `${(games * 100 / total).toFixed(0)}%`;
}

/** The bar in words, for a screen reader: `White 52%, draws 10%, Black 38%`. */
export function resultWords(results: Results): string {
  const sum = results.white + results.draws + results.black;
  const share = (n: number): string =>
    `${sum === 0 ? 0 : Math.round(n * 100 / sum)}%`;
  return `White ${share(results.white)}, draws ${share(results.draws)}, ` +
    `Black ${share(results.black)}`;
}

/** A listed game's result as lichess writes it. */
export function resultText(winner: "white" | "black" | null): string {
  return winner === "white" ? "1-0" : winner === "black" ? "0-1" : "½-½";
}

/** A player of a listed game: the name, and the rating when known. */
export function playerText(
  player: { name: string; rating: number | null },
): string {
  return player.rating === null
    ? player.name
    : `${player.name} (${player.rating})`;
}

/** What is shown when a move is played: a ply of the game, or new text. */
export type Played = { ply: number } | { text: string };

/**
 * What playing `uci` on the board shown does: the game's own next move
 * goes to it; any other move, or a move from a record, writes the line
 * that leads there (the game's moves to the ply shown, then the move) as
 * PGN, so that the move list steps back through it.
 *
 * @throws {RangeError} For a move that is not legal there.
 */
export function playedMove(
  shown: { position: Position; game: PgnGame | null; ply: number },
  uci: string,
  { rules = "chess" }: { rules?: Rules } = {},
): Played {
  const san = toSan(shown.position, uci, { rules });
  const { game, ply } = shown;
  if (game !== null && game.mainline.moves[ply]?.uci === uci) {
    return { ply: ply + 1 };
  }
  const earlier = game === null
    ? []
    : game.mainline.moves.slice(0, ply).map((m) => m.san);
  return {
    text: linePgn(game === null ? shown.position : game.start, {
      sans: [...earlier, san],
      rules,
    }),
  };
}

/**
 * A line of moves from `start` as PGN, its start in tags unless standard,
 * a variant's in its `Variant` tag.
 */
export function linePgn(
  start: Position,
  { sans, rules = "chess" }: { sans: readonly string[]; rules?: Rules },
): string {
  const fen = stringifyFen(start);
  const variant = rules === "chess"
    ? ""
    : `[Variant "${variantOf(rules).name}"]\n`;
  const setUp = fen === INITIAL_FEN ? "" : `[SetUp "1"]\n[FEN "${fen}"]\n`;
  const head = variant + setUp === "" ? "" : `${variant}${setUp}\n`;
  let number = start.fullmoveNumber;
  let white = start.turn === "w";
  const parts: string[] = [];
  sans.forEach((san, i) => {
    if (white) parts.push(`${number}.`);
    else if (i === 0) parts.push(`${number}...`);
    parts.push(san);
    if (!white) number++;
    white = !white;
  });
  return `${head}${[...parts, "*"].join(" ")}`;
}

/**
 * The first ply of a game at the position shown (placement, side and
 * castling; en passant is written two ways), or null: a game opened from
 * the explorer is shown where the board was, as lichess opens it.
 */
export function plyOf(game: PgnGame, position: Position): number | null {
  const wanted = threeFields(stringifyFen(position));
  for (const at of game.cursor()) {
    if (threeFields(at.fen) === wanted) return at.ply;
  }
  return null;
}

function threeFields(fen: string): string {
  return fen.split(" ").slice(0, 3).join(" ");
}

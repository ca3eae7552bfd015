// `fen db query` and `fen db export`: the explorer's answer for a
// position, and games chosen, written as the command writes them.

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import {
  type ParsedArgs,
  valueOf,
  valuesOf,
  wholeOption,
} from "../program/args.ts";
import { writeText } from "./args.ts";
import { escapeText } from "../_quote.ts";
import { lowered } from "../program/messages.ts";
import { parseFen, tryParseFen } from "../fen/mod.ts";
import { stringifyEpd } from "../fen/epd.ts";
import { playMoves } from "../moves/play.ts";
import { variantKeyHalves } from "../data/polyglot/variant_key.ts";
import { stringifyPgn } from "../pgn/stringify.ts";
import type { PgnGame, PgnPosition } from "../pgn/game.ts";
import { type Position, type Rules, VARIANT_RULES } from "../types.ts";
import { variantNamed, variantOf } from "../chess/variant_names.ts";
import type { GameDatabase } from "../db/database.ts";
import { openDatabase } from "./_db_open.ts";
import {
  Explorer,
  type ExplorerAnswer,
  type ExplorerFilter,
  monthNumber,
} from "../db/explorer.ts";
import { type GameFilter, selectGames } from "../db/select.ts";
import { gameOfRow, type GameRow } from "../db/game_row.ts";
import { MovesReplay } from "../db/moves.ts";
import { RATING_GROUPS, type Speed, SPEEDS } from "../db/speed.ts";
import { compileMatch, MatchSyntaxError } from "../match/mod.ts";

/** The one database operand, opened to read. */
function openSource(parsed: ParsedArgs, io: CliIo): Promise<GameDatabase> {
  const [path, ...rest] = parsed.operands;
  if (path === undefined) throw new UsageError("give the database to read");
  if (rest.length > 0) {
    throw new UsageError(
      `one database is read, not also ${JSON.stringify(escapeText(rest[0]))}`,
    );
  }
  return openDatabase(io, path, { write: false });
}

/**
 * Runs `fen db query`.
 *
 * @param parsed Its options and operands.
 * @param io The standard streams and files.
 * @returns The exit code.
 */
export async function queryCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const explorer = parsed.values.has("fen") || parsed.values.has("moves");
  const format = valueOf(parsed, "format");
  if (explorer && format !== undefined && !["json", "table"].includes(format)) {
    throw new UsageError(
      `the explorer's answer is json or table, not ${format}`,
    );
  }
  if (!explorer && format === "table") {
    throw new UsageError("games are written as pgn, json, epd, fen or key");
  }
  const position = explorer ? positionOf(parsed) : null;
  const filter = gameFilter(parsed);
  if (explorer && filter.player !== undefined && filter.color === undefined) {
    throw new UsageError("the player's explorer needs --color white|black");
  }
  const db = await openSource(parsed, io);
  try {
    if (position !== null) {
      const { openingOf } = await import("../data/openings/mod.ts");
      const answer = explorerAnswer(new Explorer(db, { openingOf }), {
        position,
        parsed,
        filter,
      });
      const table = format === "table" ||
        (format === undefined && io.stdout.isTerminal?.() === true);
      writeText(
        io.stdout,
        table ? answerTable(answer) : JSON.stringify(answer) + "\n",
      );
      return EXIT.ok;
    }
    writeGames(db, filter, { io, format: format ?? "pgn" });
    return EXIT.ok;
  } finally {
    db.close();
  }
}

/**
 * Runs `fen db export`: the games chosen, as PGN.
 *
 * @param parsed Its options and operands.
 * @param io The standard streams and files.
 * @returns The exit code.
 */
export async function exportCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const filter = gameFilter(parsed);
  const db = await openSource(parsed, io);
  try {
    writeGames(db, filter, { io, format: "pgn" });
    return EXIT.ok;
  } finally {
    db.close();
  }
}

/**
 * The explorer's answer: the index's, or with `--player` (and `--color`)
 * a scan of the player's games, as lichess's player explorer answers.
 */
function explorerAnswer(
  explorer: Explorer,
  { position, parsed, filter }: {
    position: Position;
    parsed: ParsedArgs;
    filter: GameFilter;
  },
): ExplorerAnswer {
  const counted = { ...explorerFilter(parsed), rules: rulesOf(parsed) };
  if (filter.player === undefined) {
    return explorer.answer(position, counted);
  }
  return explorer.playerAnswer(position, {
    player: filter.player,
    color: filter.color!,
    filter: counted,
  });
}

/** The variant `--variant` names (lichess's names, or fen's): chess without. */
function rulesOf(parsed: ParsedArgs): Rules {
  const name = valueOf(parsed, "variant");
  if (name === undefined) return "chess";
  const variant = variantNamed(name);
  if (variant === undefined) {
    throw new UsageError(
      `--variant takes one of ${VARIANT_RULES.join(", ")}, not ${
        JSON.stringify(escapeText(name))
      }`,
    );
  }
  return variant.rules;
}

/** The position `--fen` or `--moves` names, read under `--variant`'s rules. */
function positionOf(parsed: ParsedArgs): Position {
  const fen = valueOf(parsed, "fen");
  const moves = valueOf(parsed, "moves");
  const rules = rulesOf(parsed);
  if (fen !== undefined && moves !== undefined) {
    throw new UsageError("--fen and --moves exclude each other");
  }
  if (fen !== undefined) {
    const read = tryParseFen(fen, { rules });
    if (!read.ok) {
      throw new UsageError(
        `--fen ${JSON.stringify(escapeText(fen))}: ${
          lowered(read.error.message)
        }`,
      );
    }
    return read.position;
  }
  try {
    const start = parseFen(variantOf(rules).start, { rules });
    return playMoves(start, moves!, { rules }).position;
  } catch (error) {
    throw new UsageError(
      `--moves: ${escapeText(lowered((error as Error).message))}`,
    );
  }
}

/** A comma-separated list of speeds, checked. */
function speedsOf(parsed: ParsedArgs, name: string): Speed[] | undefined {
  const text = valueOf(parsed, name);
  if (text === undefined) return undefined;
  const speeds = text.split(",").map((s) => s.trim());
  for (const speed of speeds) {
    if (!(SPEEDS as readonly string[]).includes(speed)) {
      throw new UsageError(
        `--${name} takes speeds among ${SPEEDS.join(", ")}, not ${
          JSON.stringify(escapeText(speed))
        }`,
      );
    }
  }
  return speeds as Speed[];
}

/** `--since` or `--until`: a month (`YYYY-MM`) or a day (`YYYY.MM.DD`). */
function dateOf(
  parsed: ParsedArgs,
  name: "since" | "until",
): { month: number; date: string } | undefined {
  const text = valueOf(parsed, name);
  if (text === undefined) return undefined;
  const month = monthNumber(text);
  if (month !== null) {
    return {
      month,
      date: text.replace("-", ".") + (name === "since" ? ".00" : ".99"),
    };
  }
  if (/^[0-9]{4}\.[0-9]{2}\.[0-9]{2}$/.test(text)) {
    const day = monthNumber(text.slice(0, 7).replace(".", "-"));
    if (day !== null) return { month: day, date: text };
  }
  throw new UsageError(
    `--${name} takes a month as YYYY-MM or a day as YYYY.MM.DD, not ${
      JSON.stringify(escapeText(text))
    }`,
  );
}

function explorerFilter(parsed: ParsedArgs): ExplorerFilter {
  const filter: ExplorerFilter = {
    topGames: wholeOption(parsed, "top-games", {
      fallback: 4,
      min: 0,
      max: 100,
    }),
    recentGames: wholeOption(parsed, "recent-games", {
      fallback: 4,
      min: 0,
      max: 100,
    }),
  };
  const speeds = speedsOf(parsed, "speeds");
  if (speeds !== undefined) filter.speeds = speeds;
  const ratings = valueOf(parsed, "ratings");
  if (ratings !== undefined) {
    filter.ratings = ratings.split(",").map((r) => {
      const group = Number(r.trim());
      if (!RATING_GROUPS.includes(group) || r.trim() === "") {
        throw new UsageError(
          `--ratings takes groups among ${RATING_GROUPS.join(", ")}, not ${
            JSON.stringify(escapeText(r))
          }`,
        );
      }
      return group;
    });
  }
  const since = dateOf(parsed, "since"), until = dateOf(parsed, "until");
  if (since !== undefined) filter.since = since.month;
  if (until !== undefined) filter.until = until.month;
  return filter;
}

function gameFilter(parsed: ParsedArgs): GameFilter {
  const filter: GameFilter = {};
  const player = valueOf(parsed, "player");
  const color = valueOf(parsed, "color") as "white" | "black" | undefined;
  if (color !== undefined && player === undefined) {
    throw new UsageError("--color needs --player");
  }
  if (player !== undefined) filter.player = player;
  if (color !== undefined) filter.color = color;
  for (
    const [name, field] of [["min-rating", "minRating"], [
      "max-rating",
      "maxRating",
    ]] as const
  ) {
    if (parsed.values.has(name)) {
      filter[field] = wholeOption(parsed, name, {
        fallback: 0,
        min: 0,
        max: 9999,
      });
    }
  }
  const since = dateOf(parsed, "since"), until = dateOf(parsed, "until");
  if (since !== undefined) filter.since = since.date;
  if (until !== undefined) filter.until = until.date;
  const speeds = speedsOf(parsed, "speed");
  if (speeds !== undefined) filter.speeds = speeds;
  const eco = valueOf(parsed, "eco");
  if (eco !== undefined) {
    if (!/^[A-Ea-e]([0-9]{0,2}|[0-9]{2}-[A-Ea-e][0-9]{2})$/.test(eco)) {
      throw new UsageError(
        `--eco takes a code (B20), a prefix (B2) or a range (B20-B99), not ${
          JSON.stringify(escapeText(eco))
        }`,
      );
    }
    filter.eco = eco;
  }
  const result = valueOf(parsed, "result");
  if (result !== undefined) filter.result = result;
  return positionFilter(parsed, filter);
}

/** `--id` and `--match` added to a filter. */
function positionFilter(parsed: ParsedArgs, filter: GameFilter): GameFilter {
  if (parsed.values.has("id")) {
    filter.ids = valuesOf(parsed, "id").map((id) => {
      if (!/^[0-9]{1,15}$/.test(id)) {
        throw new UsageError(
          `--id takes a game's number, not ${JSON.stringify(escapeText(id))}`,
        );
      }
      return Number(id);
    });
  }
  const match = valueOf(parsed, "match");
  if (match !== undefined) {
    try {
      compileMatch(match);
    } catch (error) {
      if (!(error instanceof MatchSyntaxError)) throw error;
      throw new UsageError(`--match: ${lowered(error.message)}`);
    }
    filter.match = match;
  }
  return filter;
}

/** How each format writes a game: the command's writers for its last position. */
const GAME_WRITERS: Readonly<
  Record<
    string,
    (game: PgnGame, at: { row: GameRow; last: PgnPosition }) => string
  >
> = {
  pgn: (game) => stringifyPgn(game) + "\n",
  fen: (_game, { last }) => last.fen + "\n",
  epd: (_game, { last }) => stringifyEpd(last.toPosition()) + "\n",
  // the key the explorer counts the position by: a variant's its own
  key: (game, { last }) => {
    const halves = new Uint32Array(2);
    variantKeyHalves(last.view(), game.rules, halves);
    return [...halves].map((h) => h.toString(16).padStart(8, "0")).join("") +
      "\n";
  },
  json: (game, { row, last }) =>
    JSON.stringify({
      id: Number(row.id),
      tags: Object.fromEntries(game.tags),
      moves: game.mainline.moves.map((m) => m.san).join(" "),
      result: game.result,
      fen: last.fen,
    }) + "\n",
};

/** Writes the games chosen, in about 64 KiB writes. */
function writeGames(
  db: GameDatabase,
  filter: GameFilter,
  { io, format }: { io: CliIo; format: string },
): void {
  const write = GAME_WRITERS[format];
  const replay = new MovesReplay();
  let text = "";
  for (const row of selectGames(db, filter)) {
    const game = gameOfRow(row, replay);
    let last: PgnPosition | null = null;
    for (const position of game.cursor()) last = position;
    text += write(game, { row, last: last! });
    if (text.length >= 1 << 16) {
      writeText(io.stdout, text);
      text = "";
    }
  }
  if (text !== "") writeText(io.stdout, text);
}

/** The explorer's answer as a table, for a terminal. */
function answerTable(answer: ExplorerAnswer): string {
  const total = answer.white + answer.draws + answer.black;
  const percent = (n: number, of: number): string =>
    of === 0 ? "" : `${Math.round((100 * n) / of)}%`;
  const rows = [["move", "games", "white", "draws", "black", "rating", "perf"]];
  for (const m of answer.moves) {
    const games = m.white + m.draws + m.black;
    rows.push([
      m.san,
      String(games),
      percent(m.white, games),
      percent(m.draws, games),
      percent(m.black, games),
      String(m.averageRating ?? ""),
      String(m.performance ?? ""),
    ]);
  }
  rows.push([
    "total",
    String(total),
    percent(answer.white, total),
    percent(answer.draws, total),
    percent(answer.black, total),
    "",
    "",
  ]);
  const widths = rows[0].map((_, c) =>
    Math.max(...rows.map((r) => r[c].length))
  );
  const lines = rows.map((r) =>
    r.map((cell, c) =>
      c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])
    )
      .join("  ").trimEnd()
  );
  const opening = answer.opening === null
    ? ""
    : `${answer.opening.eco} ${answer.opening.name}\n`;
  return opening + lines.join("\n") + "\n";
}

// `fen repertoire gaps`, `prune` and `stats`: the repertoire's positions
// with the games' counts there (from games, as `fen tree` counts; or from a
// database's explorer), and its size.

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
import { frameOf } from "../program/frame.ts";
import { lowered } from "../program/messages.ts";
import { parseFen } from "../fen/mod.ts";
import { OpeningTree } from "../tree/mod.ts";
import { Explorer } from "../db/explorer.ts";
import { openDatabase } from "./_db_open.ts";
import type { RepertoireNode } from "../tree/repertoire.ts";
import { repertoirePgn } from "../tree/repertoire_pgn.ts";
import {
  type Gap,
  type PositionCounts,
  repertoireGaps,
  type RepertoireStats,
  repertoireStats,
} from "../tree/repertoire_counts.ts";
import { colorOption, readRepertoire } from "./_repertoire_input.ts";

/** Runs `fen repertoire gaps`. */
export async function gapsCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const program = "repertoire gaps";
  const color = colorOption(parsed);
  const minGames = wholeOption(parsed, "min-games", {
    fallback: 1,
    min: 0,
    max: 1e9,
  });
  const minShare = shareOption(parsed);
  const source = countSource(parsed);
  const repertoire = await readRepertoire(onlyOperand(parsed), {
    io,
    program,
  });
  const theirs = repertoire.nodes.filter((node) => node.turn !== color[0]);
  const counts = await countsOf(theirs, { source, io, program });
  const gaps = repertoireGaps(theirs, counts, { minGames, minShare });
  const json = valueOf(parsed, "format") === "json";
  const text = json
    ? gaps.map((gap) => JSON.stringify(gap) + "\n").join("")
    : gapsTable(gaps);
  writeText(io.stdout, text);
  return EXIT.ok;
}

/** Runs `fen repertoire prune`. */
export async function pruneCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const program = "repertoire prune";
  const below = belowOption(parsed);
  const source = countSource(parsed);
  const color = valueOf(parsed, "color") as "white" | "black" | undefined;
  const repertoire = await readRepertoire(onlyOperand(parsed), {
    io,
    program,
  });
  const counts = await countsOf(repertoire.nodes, {
    source,
    io,
    program,
  });
  const reached = new Map<RepertoireNode, number>();
  repertoire.nodes.forEach((node, k) => reached.set(node, counts[k].games));
  // 1/N of the games that reach the starts (the most of them).
  const base = Math.max(0, ...repertoire.roots.map((r) => reached.get(r)!));
  const keep = (node: RepertoireNode): boolean =>
    reached.get(node)! * below.n >= base;
  writeText(
    io.stdout,
    repertoirePgn(repertoire, { keep, ...(color ? { color } : {}) }),
  );
  return EXIT.ok;
}

/** Runs `fen repertoire stats`. */
export async function statsCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const color = valueOf(parsed, "color") as "white" | "black" | undefined;
  const repertoire = await readRepertoire(onlyOperand(parsed), {
    io,
    program: "repertoire stats",
  });
  if (parsed.values.has("pgn")) {
    writeText(
      io.stdout,
      repertoirePgn(repertoire, color === undefined ? {} : { color }),
    );
    return EXIT.ok;
  }
  const stats = repertoireStats(repertoire);
  writeText(
    io.stdout,
    valueOf(parsed, "format") === "json"
      ? JSON.stringify(stats) + "\n"
      : statsTable(stats, color),
  );
  return EXIT.ok;
}

function onlyOperand(parsed: ParsedArgs): string | undefined {
  if (parsed.operands.length > 1) {
    throw new UsageError(
      "one repertoire file is read (the games come with --games or --db)",
    );
  }
  return parsed.operands[0];
}

/** `--min-share`: a percentage, 0 to 100. */
function shareOption(parsed: ParsedArgs): number {
  const text = valueOf(parsed, "min-share") ?? "0";
  const value = /^[0-9]+(\.[0-9]+)?%?$/.test(text)
    ? Number(text.replace("%", ""))
    : NaN;
  if (!(value >= 0 && value <= 100)) {
    throw new UsageError(
      `--min-share takes a percentage from 0 to 100, not ${
        JSON.stringify(escapeText(text, 0, text.length, 40))
      }`,
    );
  }
  return value;
}

/** `--below 1/N`. */
function belowOption(parsed: ParsedArgs): { n: number } {
  const text = valueOf(parsed, "below") ?? "1/100";
  const match = /^1\/([1-9][0-9]{0,8})$/.exec(text);
  if (match === null) {
    throw new UsageError(
      `--below takes 1/N (1/100: a line one game in a hundred reaches), not ${
        JSON.stringify(escapeText(text, 0, text.length, 40))
      }`,
    );
  }
  return { n: Number(match[1]) };
}

/** Where the counts come from: `--games` or `--db`, and `--player`. */
interface CountSource {
  games: string[];
  db: string | undefined;
  player: { player: string; color: "white" | "black" } | undefined;
}

/** The counts' source the command line names (checked before any reading). */
function countSource(parsed: ParsedArgs): CountSource {
  const games = valuesOf(parsed, "games");
  const db = valueOf(parsed, "db");
  if (games.length === 0 && db === undefined) {
    throw new UsageError("--games or --db is needed (where to count)");
  }
  if (games.length > 0 && db !== undefined) {
    throw new UsageError("--games and --db cannot go together");
  }
  return { games, db, player: playerOption(parsed) };
}

/**
 * The games' counts in each of `nodes`: from `--games` (as `fen tree`
 * counts them, a game once per position) or `--db` (its explorer).
 */
async function countsOf(
  nodes: readonly RepertoireNode[],
  { source, io, program }: {
    source: CountSource;
    io: CliIo;
    program: string;
  },
): Promise<PositionCounts[]> {
  const { games, db, player } = source;
  if (db !== undefined) {
    const database = await openDatabase(io, db, {
      write: false,
      explorerOnly: player === undefined,
    });
    try {
      const explorer = new Explorer(database);
      if (player === undefined) {
        return nodes.map((node) => explorer.moveGames(node));
      }
      const filter = { topGames: 0, recentGames: 0 };
      return nodes.map((node) => {
        const answer = explorer.playerAnswer(parseFen(node.fen), {
          ...player,
          filter,
        });
        return {
          games: answer.white + answer.draws + answer.black,
          moves: answer.moves.map(({ uci, san, white, draws, black }) => ({
            uci,
            san,
            games: white + draws + black,
          })),
        };
      });
    } finally {
      database.close();
    }
  }
  if (nodes.length === 0) return [];
  const tree = new OpeningTree({
    at: nodes.map((node) => node.fen),
    ...player,
    onError(error) {
      writeText(
        io.stderr,
        `fen: ${program}: ${escapeText(lowered(error.message))}; left out\n`,
      );
    },
  });
  await frameOf(io, program).read(games, (bytes) => tree.push(bytes));
  tree.end();
  return [...tree.nodes()].map((node) => ({
    games: node.white + node.draws + node.black,
    moves: node.moves.map(({ uci, san, white, draws, black }) => ({
      uci,
      san,
      games: white + draws + black,
    })),
  }));
}

/** `--player` with `--color`: only the player's games in that colour. */
function playerOption(
  parsed: ParsedArgs,
): { player: string; color: "white" | "black" } | undefined {
  const player = valueOf(parsed, "player");
  if (player === undefined) return undefined;
  const color = valueOf(parsed, "color");
  if (color === undefined) throw new UsageError("--player needs --color");
  return { player, color: color as "white" | "black" };
}

function gapsTable(gaps: readonly Gap[]): string {
  if (gaps.length === 0) return "no gaps: every move counted has an answer\n";
  const head = "games  share   move        after\n";
  return head +
    gaps.map((gap) =>
      `${String(gap.games).padStart(5)}  ${
        (gap.share.toFixed(1) + "%").padStart(6)
      }  ${gap.move.padEnd(12)}${
        gap.line === "" ? "the start" : escapeText(gap.line)
      }${gap.prepared ? " (no answer after it)" : ""}\n`
    ).join("");
}

function statsTable(
  stats: RepertoireStats,
  color: "white" | "black" | undefined,
): string {
  const side = (turn: "white" | "black"): string =>
    color === undefined
      ? `${turn} to move`
      : color === turn
      ? "yours"
      : "theirs";
  const rows: [string, string][] = [
    [
      "positions",
      `${stats.positions} (${stats.whiteToMove} ${
        side("white")
      }, ${stats.blackToMove} ${side("black")})`,
    ],
    ["moves", String(stats.moves)],
    ["chapters", String(stats.chapters)],
    [
      "longest line",
      stats.longestLine === null
        ? "endless (a line repeats a position)"
        : `${stats.longestLine} plies`,
    ],
    ["branches", `${stats.branches} (positions with two moves or more)`],
    ["ends of lines", String(stats.ends)],
    [
      "transpositions",
      `${stats.transpositions} (positions two moves or more lead to)`,
    ],
  ];
  return rows.map(([name, value]) => `${name.padEnd(16)}${value}\n`).join("");
}

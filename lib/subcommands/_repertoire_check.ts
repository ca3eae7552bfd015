// `fen repertoire check`: where each game left the repertoire, as a table,
// JSON lines or the games as PGN with a comment there, then the summary.

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { type ParsedArgs, valueOf } from "../program/args.ts";
import { progressOf, writeText } from "./args.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import { BadRun, notInputMessage } from "../program/bad_input.ts";
import { lowered } from "../program/messages.ts";
import { PgnReader } from "../pgn/reader.ts";
import type { PgnGame } from "../pgn/game.ts";
import type { PgnError } from "../pgn/errors.ts";
import { stringifyPgn } from "../pgn/stringify.ts";
import type { Repertoire } from "../tree/repertoire.ts";
import { uciOf } from "../tree/repertoire.ts";
import {
  checkedPlies,
  type CheckOptions,
  type CheckResult,
  CheckSummary,
  type CheckTotals,
  type CheckVisitor,
  colorIn,
  type ExitsAt,
  GameCheck,
  RepertoireCheck,
} from "../tree/repertoire_check.ts";
import { gamesFailure, readRepertoire } from "./_repertoire_input.ts";

const PROGRAM = "repertoire check";

/** Runs `fen repertoire check`. */
export async function checkCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const [path, ...games] = parsed.operands;
  const options = checkOptions(parsed);
  const repertoire = await readRepertoire(path, { io, program: PROGRAM });
  const format = valueOf(parsed, "format") ?? "text";
  const summaryOnly = parsed.values.has("summary");
  const summary = new CheckSummary();
  const out = new Batched(io);
  if (format === "text" && !summaryOnly) out.add(HEADER);
  const visitor = guarded(summary, io, {
    result(result) {
      summary.add(result);
      if (summaryOnly || format === "pgn") return;
      out.add(format === "json" ? JSON.stringify(result) + "\n" : row(result));
    },
  });
  const read = (push: (bytes: Uint8Array) => void): Promise<void> =>
    frameOf(io, PROGRAM).read(games, push, { progress: progressOf(parsed) });
  if (format === "pgn") {
    await checkPgn(repertoire, { options, visitor, out, read });
  } else {
    const check = new RepertoireCheck(repertoire, { ...options, visitor });
    await read((bytes) => check.push(bytes));
    check.end();
  }
  const totals = summary.totals();
  if (format === "json") out.add(JSON.stringify({ summary: totals }) + "\n");
  else if (format === "text") {
    out.add(summaryText(totals));
  }
  out.flush();
  return summary.unreadable > 0 ? EXIT.invalidFen : EXIT.ok;
}

function checkOptions(parsed: ParsedArgs): CheckOptions {
  const color = valueOf(parsed, "color") as "white" | "black" | undefined;
  const player = valueOf(parsed, "player");
  if (color === undefined && player === undefined) {
    throw new UsageError("--color or --player is needed (whose repertoire)");
  }
  return {
    ...(color === undefined ? {} : { color }),
    ...(player === undefined ? {} : { player }),
  };
}

/**
 * The visitor with the games left out counted and said: each unreadable
 * game on stderr, and input whose first games all fail stopped
 * (lib/program/bad_input.ts).
 */
function guarded(
  summary: CheckSummary,
  io: CliIo,
  { result }: Pick<CheckVisitor, "result">,
): CheckVisitor {
  const run = new BadRun();
  return {
    result(checked) {
      run.good();
      result(checked);
    },
    skipped() {
      run.good();
      summary.skipped++;
    },
    error(error: PgnError) {
      summary.unreadable++;
      if (run.bad()) {
        throw gamesFailure(
          notInputMessage({
            items: "games that cannot be read",
            kind: "PGN games",
          }),
        );
      }
      writeText(
        io.stderr,
        `fen: ${PROGRAM}: ${escapeText(lowered(error.message))}; left out\n`,
      );
    },
  };
}

/**
 * The games read whole, checked by the same steps as the walker's, and
 * written back with a comment on the move that left.
 */
async function checkPgn(
  repertoire: Repertoire,
  { options, visitor, out, read }: {
    options: CheckOptions;
    visitor: CheckVisitor;
    out: Batched;
    read: (push: (bytes: Uint8Array) => void) => Promise<void>;
  },
): Promise<void> {
  const reader = new PgnReader();
  const check = new GameCheck(repertoire);
  // as far as the walker plays them
  const plies = checkedPlies(repertoire);
  const each = (games: PgnGame[]): void => {
    for (const game of games) {
      if (game.error !== null) {
        visitor.error(game.error);
        continue;
      }
      const you = colorIn(game, options);
      if (you === null) {
        visitor.skipped(game);
        continue;
      }
      for (const position of game.cursor()) {
        if (position.ply > plies) break;
        if (position.ply === 0) check.start(game, you, position.view());
        else if (!check.step(position.view(), () => uciOf(position))) break;
      }
      const result = check.end();
      visitor.result(result);
      out.add(stringifyPgn(commented(game, result)) + "\n");
    }
  };
  await read((bytes) => each(reader.push(bytes)));
  each(reader.end());
}

/** The game with the check's comment on the move that left, if one did. */
function commented(game: PgnGame, result: CheckResult): PgnGame {
  const moves = game.mainline.moves;
  const move = moves[result.plies];
  if (result.played === null || move === undefined) return game;
  const prepared = result.prepared.map((m) => m.san).join(" or ");
  const text = result.exit === "end"
    ? "Past the end of the repertoire"
    : `Left the repertoire: ${prepared} was prepared`;
  moves[result.plies] = { ...move, comments: [...move.comments, text] };
  return game;
}

const HEADER = "game  white                 black                 you    " +
  "plies  exit       move        prepared\n";

/** A game's row of the table. */
function row(result: CheckResult): string {
  const cut = (text: string, width: number): string =>
    escapeText(text, 0, text.length, width - 2).padEnd(width);
  const move = result.played === null
    ? "-"
    : numbered(result.fen!, result.played.san);
  const prepared = result.prepared.map((m) => m.san).join(", ");
  return `${String(result.game).padEnd(6)}${cut(result.white, 22)}${
    cut(result.black, 22)
  }${result.you.padEnd(7)}${String(result.plies).padEnd(7)}${
    result.exit.padEnd(11)
  }${move.padEnd(12)}${prepared === "" ? "-" : prepared}\n`;
}

/** A move in SAN with its number, as played from the position `fen`. */
function numbered(fen: string, san: string): string {
  const [, turn, , , , number] = fen.split(" ");
  return `${number}${turn === "w" ? "." : "..."} ${san}`;
}

/** The summary, as text. */
function summaryText(totals: CheckTotals): string {
  const { exits } = totals;
  const lines = [
    `${totals.games} games checked (${totals.skipped} not the player's, ` +
    `${totals.unreadable} unreadable, left out)`,
    `exits: ${exits.deviation} deviations of yours, ${exits.surprise} ` +
    `surprises of theirs, ${exits.end} past the end of a line, ` +
    `${exits.inside} ended inside, ${exits.outside} started outside`,
    "in preparation to ply (games): " +
    (totals.plies.map((p) => `${p.plies} (${p.games})`).join(", ") || "-"),
    "your deviations, by position:",
    ...atLines(totals.deviations),
    "their surprises, by position:",
    ...atLines(totals.surprises),
  ];
  return lines.join("\n") + "\n";
}

/** Exits by position: games, the repertoire's line there, played, prepared. */
function atLines(list: readonly ExitsAt[]): string[] {
  if (list.length === 0) return ["  none"];
  return list.map((at) =>
    `  ${String(at.games).padStart(5)}  ${
      at.line === "" ? "the start" : escapeText(at.line)
    }: ${at.played.map((p) => `${p.san} ${p.games}`).join(", ")}; prepared ${
      at.prepared.join(", ")
    }`
  );
}

/** Output gathered into writes of about 64 KiB (one write a game would cost a call each). */
class Batched {
  readonly #io: CliIo;
  #text = "";

  constructor(io: CliIo) {
    this.#io = io;
  }

  add(text: string): void {
    this.#text += text;
    if (this.#text.length >= 1 << 16) this.flush();
  }

  flush(): void {
    if (this.#text !== "") writeText(this.#io.stdout, this.#text);
    this.#text = "";
  }
}

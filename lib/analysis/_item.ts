// One input item analysed and written: a game (its positions evaluated,
// its moves judged, its PGN, EPD or JSON, its chart) or a record.

import { type CliIo, writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import {
  fileName,
  type NamesWritten,
  writeOutFile,
} from "../program/out_files.ts";
import { escapeText } from "../_quote.ts";
import { lowered } from "../program/messages.ts";
import { PgnGame } from "../pgn/mod.ts";
import { evaluationChart } from "./chart.ts";
import { judgeMoves, type PositionEval } from "./moves.ts";
import { summarize } from "./summary.ts";
import type { Evaluated, Evaluator } from "./_evaluate.ts";
import { epdRecord, gamePgn, positionJson, summaryJson } from "./_formats.ts";
import type { InputItem } from "./_input.ts";
import { type GameJobs, gameJobs, recordJob } from "./_jobs.ts";
import type { AnalyseSettings } from "./_options.ts";

/** What an item gives: text for stdout, messages for stderr, its exit code. */
export interface ItemOutcome {
  text: string;
  messages: string[];
  code: number;
  /** Whether the run was stopped before the item was done. */
  stopped: boolean;
  /**
   * A game stopped part way and written up to where it was analysed: the
   * plies written and the plies it has.
   */
  partial?: { game: number; plies: number; of: number };
}

/** What every item needs. */
export interface ItemContext {
  evaluator: Evaluator;
  settings: AnalyseSettings;
  io: CliIo;
  /** The chart names written, so that no chart overwrites another. */
  charts: NamesWritten;
}

const NOT_ANALYSED = 6;

/** Analyses one item (a game numbered `number`, or a record). */
export function analyseItem(
  item: InputItem,
  number: number,
  context: ItemContext,
): Promise<ItemOutcome> {
  if (item.kind === "unreadable") {
    return Promise.resolve({
      text: "",
      messages: [item.message],
      code: item.code,
      stopped: false,
    });
  }
  if (item.kind === "record" && context.settings.format === "pgn") {
    return Promise.resolve({
      text: "",
      messages: [
        `${
          escapeText(item.source)
        }:${item.line}: --format pgn writes games, not records`,
      ],
      code: EXIT.usage,
      stopped: false,
    });
  }
  return item.kind === "game"
    ? analyseGame(item.game, item.source, number, context)
    : analyseRecord(item.text, `${item.source}:${item.line}`, context);
}

async function analyseRecord(
  text: string,
  where: string,
  { evaluator, settings }: ItemContext,
): Promise<ItemOutcome> {
  const record = recordJob(text, settings.repair);
  const place = escapeText(where);
  if (record.job === null) {
    return {
      text: "",
      messages: [`${place}: ${escapeText(record.message)}`],
      code: record.problem === "invalid"
        ? EXIT.invalidFen
        : EXIT.illegalPosition,
      stopped: false,
    };
  }
  const messages = record.repairs.map((r) => `${place}: repaired: ${r}`);
  const result = await evaluator.evaluate(record.job);
  if (result.error !== null) {
    messages.push(`${place}: not analysed: ${escapeText(result.error)}`);
  }
  const line = settings.format === "json"
    ? positionJson(record.job, result, {})
    : epdRecord(record.job.position, record.operations, result, settings.uci);
  return {
    text: result.stopped ? "" : line + "\n",
    messages: result.stopped ? [] : messages,
    code: result.error === null ? EXIT.ok : NOT_ANALYSED,
    stopped: result.stopped,
  };
}

async function analyseGame(
  game: PgnGame,
  source: string,
  number: number,
  context: ItemContext,
): Promise<ItemOutcome> {
  const { evaluator, settings } = context;
  const place = `${escapeText(source)}: game ${number}`;
  // Named before the first await: in input order, as --out-dir names.
  const chart = settings.graph === null ? null : context.charts.claim(
    fileName(settings.name, {
      line: game.line,
      n: number,
      id: null,
      game: number,
      tags: game.tags,
    }),
  );
  const messages: string[] = [];
  const readCode = game.error === null
    ? EXIT.ok
    : game.error.name === "PgnMoveError"
    ? EXIT.illegalMove
    : EXIT.invalidFen;
  if (game.error !== null) {
    messages.push(
      `${place}: ${
        escapeText(game.error.message)
      }; the moves before it are analysed`,
    );
  }
  const whole = gameJobs(game, settings.repair);
  if (whole.refused !== null) {
    messages.push(
      `${place}: not sent to the engine: ${escapeText(whole.refused)}`,
    );
    return { text: "", messages, code: EXIT.illegalPosition, stopped: false };
  }
  const all = await Promise.all(whole.jobs.map((j) => evaluator.evaluate(j)));
  // Stopped, the positions before the first one not searched are the
  // game's analysed part: written as an unfinished game, when it has a move.
  const cut = all.findIndex((r) => r.stopped);
  const stopped = cut >= 0;
  if (stopped && cut < 2) {
    return { text: "", messages: [], code: EXIT.ok, stopped };
  }
  const results = stopped ? all.slice(0, cut) : all;
  const work = stopped ? cutJobs(whole, cut) : whole;
  if (stopped) game = unfinished(game, cut - 1);
  let failed = 0;
  results.forEach((r, ply) => {
    if (r.error === null || r.stopped) return;
    failed++;
    messages.push(`${place}, ply ${ply}: not analysed: ${escapeText(r.error)}`);
  });
  const evals: (PositionEval | null)[] = results.map((r) =>
    r.eval === null ? null : { eval: r.eval, pv: r.lines[0]?.pv ?? [] }
  );
  const verdicts = judgeMoves(evals, work.moves, {
    whiteFirst: work.whiteFirst,
    rules: settings.rules,
  });
  const sans = verdicts.map((v, i) =>
    results[i].lines[0]?.san.slice(0, v.line.length) ?? []
  );
  const summary = summarize(verdicts, work.whiteFirst);
  if (chart !== null && !stopped) {
    const svg = evaluationChart(game, verdicts, work.whiteFirst);
    if (!(await writeChart(svg, chart, context))) {
      return { text: "", messages, code: EXIT.ioError, stopped };
    }
  }
  const text = gameText(game, number, settings, {
    work,
    results,
    verdicts,
    sans,
    summary,
    failed,
  });
  return {
    text,
    messages,
    code: failed > 0 ? NOT_ANALYSED : readCode,
    stopped,
    ...(stopped
      ? { partial: { game: number, plies: cut - 1, of: whole.moves.length } }
      : {}),
  };
}

/** The first `positions` positions of a game's work. */
function cutJobs(work: GameJobs, positions: number): GameJobs {
  return {
    ...work,
    jobs: work.jobs.slice(0, positions),
    moves: work.moves.slice(0, positions - 1),
  };
}

/** The game's first `plies` moves, its result `*` (it was not played out here). */
function unfinished(game: PgnGame, plies: number): PgnGame {
  const tags = new Map(game.tags);
  tags.set("Result", "*");
  return new PgnGame({
    start: game.start,
    tags,
    rules: game.rules,
    mainline: {
      comments: game.mainline.comments,
      moves: game.mainline.moves.slice(0, plies),
    },
    result: "*",
    number: game.number,
    line: game.line,
  });
}

/** Writes a chart as `--graph-format` says; false when it could not be written. */
async function writeChart(
  svg: string,
  name: string,
  { settings, io }: ItemContext,
): Promise<boolean> {
  let bytes: Uint8Array;
  try {
    bytes = settings.graphFormat === "png"
      ? await (await import("./_raster.ts")).svgToPng(svg)
      : new TextEncoder().encode(svg);
  } catch (error) {
    writeText(
      io.stderr,
      `fen: analyse: ${escapeText(lowered((error as Error).message))}\n`,
    );
    return false;
  }
  return writeOutFile(
    io,
    `${settings.graph}/${name}.${settings.graphFormat}`,
    bytes,
  );
}

interface GameAnalysis {
  work: ReturnType<typeof gameJobs>;
  results: Evaluated[];
  verdicts: ReturnType<typeof judgeMoves>;
  sans: string[][];
  summary: ReturnType<typeof summarize>;
  failed: number;
}

function gameText(
  game: PgnGame,
  number: number,
  settings: AnalyseSettings,
  a: GameAnalysis,
): string {
  if (settings.format === "epd") {
    return a.work.jobs.map((job, ply) =>
      epdRecord(
        job.position,
        [
          {
            opcode: "id",
            operands: [`game ${number} ply ${a.work.startPly + ply}`],
          },
        ],
        a.results[ply],
        settings.uci,
      ) + "\n"
    ).join("");
  }
  if (settings.format === "json") {
    const lines = a.work.jobs.map((job, ply) => {
      const verdict = ply > 0 ? a.verdicts[ply - 1] : undefined;
      const move = ply > 0 ? game.mainline.moves[ply - 1] : null;
      return positionJson(job, a.results[ply], {
        game: number,
        ply: a.work.startPly + ply,
        move: move?.san ?? null,
        judgement: verdict?.advice?.judgement ?? null,
      });
    });
    lines.push(summaryJson(game, number, a.summary, a.failed));
    return lines.join("\n") + "\n";
  }
  return gamePgn(game, a.verdicts, a.sans, a.work.startPly);
}

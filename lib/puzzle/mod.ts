/**
 * `fen puzzles`: puzzles found in games by lichess's generator rules
 * (./generator.ts), their evaluations taken from the games' `[%eval]` or
 * searched as `fen analyse` searches them; and lichess's published puzzle
 * CSV read, filtered and written in `fen`'s formats. Loaded only by
 * `fen puzzles`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { frameOf, ProgramError } from "../program/frame.ts";
import { escapeText } from "../_quote.ts";
import type { Rules } from "../types.ts";
import { BadRun, notInputMessage } from "../program/bad_input.ts";
import { lowered, osReason } from "../program/messages.ts";
import { EnginePool } from "../engine/pool.ts";
import { EngineError } from "../engine/uci.ts";
import { type PgnGame, PgnReader } from "../pgn/mod.ts";
import {
  DEFAULT_ENGINES,
  EvalCache,
  Evaluator,
  type GameJobs,
  gameJobs,
} from "../analysis/mod.ts";
import {
  type AnalysedGame,
  findPuzzle,
  type FoundPuzzle,
  type PuzzleEngine,
} from "./generator.ts";
import type { PuzzlesSettings } from "./settings.ts";
import { type EvaluatePosition, puzzleZugzwang } from "./zugzwang.ts";
import {
  formatRow,
  type PuzzleRow,
  PuzzleRowError,
  RowsOut,
  type RowWriter,
  sheetOf,
} from "./rows.ts";
import { prepareOutDir } from "../program/out_files.ts";
import { readPuzzleCsv } from "./_csv_input.ts";

const NOT_GAMES = notInputMessage({
  items: "games that cannot be read",
  kind: "PGN games",
});

/** Exit code: some games could not be searched (the engine failed on them). */
export const EXIT_NOT_SEARCHED = 6;

export type { PuzzlesSettings } from "./settings.ts";

/** A diagnostic: `fen: puzzles: what`. */
export function say(io: CliIo, text: string): void {
  writeText(io.stderr, `fen: puzzles: ${lowered(text)}\n`);
}

/**
 * Runs `fen puzzles`.
 *
 * @returns The exit code: 0; 2 (a game or a row that cannot be read);
 * 3 (a game's start refused, a variant); 4 (no engine, input or output
 * failed); 5 (a game's move cannot be played); 6 (a game not searched).
 */
export async function puzzles(
  settings: PuzzlesSettings,
  io: CliIo,
): Promise<number> {
  const write = await rowWriter(settings, io);
  if (write === null) return EXIT.ioError;
  return settings.from === "puzzles"
    ? readPuzzleCsv(settings, io, write)
    : findPuzzles(settings, io, write);
}

/**
 * The run's row writer: a text format's, or a sheet's (its folder made,
 * its drawing loaded); `null` when the folder cannot be made (said).
 */
async function rowWriter(
  settings: PuzzlesSettings,
  io: CliIo,
): Promise<RowWriter | null> {
  const kind = sheetOf(settings.format);
  if (kind === null) return (row) => formatRow(row, settings.format);
  const { outDir, look } = settings;
  if (outDir !== null && !prepareOutDir(outDir, io)) return null;
  const { PuzzleSheet } = await import("./sheet.ts");
  const sheet = await PuzzleSheet.open(kind, { outDir, look, io });
  return (row) => sheet.write(row);
}

/** A game read, or an input that could not be. */
type GameItem =
  | { game: PgnGame; source: string }
  | { message: string; code: number };

async function* gamesOf(
  inputs: readonly string[],
  io: CliIo,
): AsyncGenerator<GameItem> {
  const frame = frameOf(io, "puzzles");
  const buffer = new Uint8Array(1 << 16);
  for (const name of inputs.length === 0 ? ["-"] : inputs) {
    if (frame.signal !== null) return;
    const source = name === "-" ? "stdin" : name;
    let input = null;
    try {
      input = await frame.open(name);
      const reader = new PgnReader();
      for (let n; (n = await input.read(buffer)) !== null;) {
        for (const game of reader.push(buffer.subarray(0, n))) {
          yield { game, source };
        }
      }
      for (const game of reader.end()) yield { game, source };
    } catch (error) {
      if (error instanceof ProgramError) {
        yield { message: error.message, code: error.exit };
      } else {
        yield {
          message: `cannot read ${escapeText(source)}: ${osReason(error)}`,
          code: EXIT.ioError,
        };
      }
    } finally {
      input?.close();
    }
  }
}

/** The engines and evaluations of a run, started with its first game. */
interface Engines {
  pool: EnginePool;
  evaluator: Evaluator;
}

async function startEngines(
  settings: PuzzlesSettings,
  io: CliIo,
): Promise<Engines | number> {
  let cache: EvalCache | null = null;
  if (settings.cache !== null) {
    try {
      cache = await EvalCache.open(settings.cache);
    } catch (error) {
      say(io, `cannot read ${escapeText(settings.cache)}: ${osReason(error)}`);
      return EXIT.ioError;
    }
  }
  const candidates = settings.engine === null
    ? DEFAULT_ENGINES
    : [settings.engine];
  let last: EngineError | null = null;
  for (const path of candidates) {
    try {
      const pool = await EnginePool.start({
        path,
        options: settings.engineOptions,
        jobs: settings.jobs,
        limit: settings.limit,
        timeoutMs: settings.timeoutMs,
        onFault: (error, retry) =>
          say(
            io,
            `${error.message}${retry ? "; restarted, trying again" : ""}`,
          ),
      });
      const evaluator = new Evaluator(pool, cache, {
        limit: settings.limit,
        multipv: 1,
        reanalyse: false,
      });
      return { pool, evaluator };
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      last = error;
      if (!error.message.endsWith(": not found")) break;
    }
  }
  say(
    io,
    settings.engine === null && last?.message.endsWith(": not found")
      ? `no UCI engine: neither "stockfish" on the PATH nor /usr/games/stockfish runs; name one with --engine PATH`
      : escapeText(last?.message ?? "no engine"),
  );
  return EXIT.ioError;
}

/** The generator's engine: the pool's searches from the game's start. */
function puzzleEngine(
  pool: EnginePool,
  start: { fen: string; rules: Rules },
): PuzzleEngine {
  return {
    async lines(moves, multipv) {
      const answer = await pool.search({
        position: {
          fen: start.fen,
          moves,
          chess960: start.rules === "chess960",
        },
        multipv,
      });
      if (!answer.ok) throw answer.error;
      return answer.result.lines
        .filter((line) => line.pv.length > 0)
        .map((line) => ({ move: line.pv[0], score: line.score }));
    },
  };
}

/**
 * The engine's score of a position for its side to move, searched as the
 * generator's are (the run's `--nodes`, `ucinewgame`): what the zugzwang
 * test asks, twice per position it looks at.
 */
function positionEngine(
  pool: EnginePool,
  rules: Rules,
): EvaluatePosition {
  return async (fen) => {
    const answer = await pool.search({
      position: { fen, moves: [], chess960: rules === "chess960" },
      multipv: 1,
    });
    if (!answer.ok) throw answer.error;
    const line = answer.result.lines[0];
    if (line === undefined) {
      throw new EngineError("garbage", `no score for ${fen}`);
    }
    return line.score;
  };
}

/**
 * A found puzzle's themes: the tagger's, from the board, and `zugzwang`
 * as lichess's tagger decides it, with the engine.
 */
async function foundThemes(
  found: FoundPuzzle,
  { tagger, evaluate }: {
    tagger: PuzzlesSettings["themes"];
    evaluate: EvaluatePosition;
  },
): Promise<readonly string[]> {
  if (tagger === null) return [];
  const themes = [...tagger(found)];
  if (await puzzleZugzwang(found, evaluate)) themes.push("zugzwang");
  return themes.sort();
}

/** A puzzle found and its themes. */
interface TaggedPuzzle {
  puzzle: FoundPuzzle;
  themes: readonly string[];
}

/**
 * The game's puzzle, found from its evaluations, and tagged, or `null`.
 *
 * @throws {EngineError} If the engine fails on a search.
 */
async function gamePuzzle(
  game: PgnGame,
  { work, evals, engines, settings }: {
    work: GameJobs;
    evals: AnalysedGame["evals"];
    engines: Engines;
    settings: PuzzlesSettings;
  },
): Promise<TaggedPuzzle | null> {
  const start = work.jobs[0].search.fen;
  const puzzle = await findPuzzle(
    {
      startFen: start,
      positions: work.jobs.map((job) => job.position),
      moves: work.moves,
      evals,
    },
    puzzleEngine(engines.pool, { fen: start, rules: game.rules }),
  );
  if (puzzle === null) return null;
  const themes = await foundThemes(puzzle, {
    tagger: settings.themes,
    evaluate: positionEngine(engines.pool, game.rules),
  });
  return { puzzle, themes };
}

/** What one game gives: its text, its messages, its exit code. */
interface GameOutcome {
  text: string;
  messages: string[];
  code: number;
  /** Whether nothing of the game could be read (no move). */
  unread?: boolean;
}

async function gameOutcome(
  game: PgnGame,
  where: string,
  { engines, settings, write }: {
    engines: Engines;
    settings: PuzzlesSettings;
    write: RowWriter;
  },
): Promise<GameOutcome> {
  const messages: string[] = [];
  let code: number = EXIT.ok;
  if (game.error !== null) {
    const none = game.mainline.moves.length === 0;
    messages.push(
      `${where}: ${escapeText(game.error.message)}; ${
        none ? "left out" : "the moves before it are searched"
      }`,
    );
    code = game.error.name === "PgnMoveError"
      ? EXIT.illegalMove
      : EXIT.invalidFen;
    if (none) return { text: "", messages, code, unread: true };
  }
  const work = gameJobs(game, false);
  if (work.refused !== null) {
    messages.push(`${where}: not searched: ${escapeText(work.refused)}`);
    return { text: "", messages, code: EXIT.illegalPosition };
  }
  const results = await Promise.all(
    work.jobs.map((job) => engines.evaluator.evaluate(job)),
  );
  const failed = results.find((r) => r.error !== null);
  if (failed !== undefined) {
    messages.push(`${where}: not searched: ${escapeText(failed.error!)}`);
    return { text: "", messages, code: EXIT_NOT_SEARCHED };
  }
  let found: TaggedPuzzle | null;
  try {
    found = await gamePuzzle(game, {
      work,
      evals: results.map((r) => r.eval),
      engines,
      settings,
    });
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    messages.push(`${where}: not searched: ${escapeText(error.message)}`);
    return { text: "", messages, code: EXIT_NOT_SEARCHED };
  }
  if (found === null) return { text: "", messages, code };
  const row = puzzleRow(game, found.puzzle, {
    startPly: work.startPly,
    themes: found.themes,
  });
  return { text: await write(row), messages, code };
}

/** A found puzzle as a row: its id from the game and ply, the game's URL at the ply. */
function puzzleRow(
  game: PgnGame,
  found: FoundPuzzle,
  { startPly, themes }: { startPly: number; themes: readonly string[] },
): PuzzleRow {
  const ply = startPly + found.index + 1;
  const site = game.tags.get("Site") ?? "";
  const identity = ["Site", "Event", "Date", "Round", "White", "Black"]
    .map((tag) => game.tags.get(tag) ?? "").join("\n") +
    "\n" +
    found.fen + "\n" + found.moves.join(" ");
  return {
    id: puzzleId(`${identity}\n${ply}`),
    fen: found.fen,
    moves: found.moves,
    rating: null,
    ratingDeviation: null,
    popularity: null,
    nbPlays: null,
    themes,
    gameUrl: /^https?:\/\//.test(site) ? `${site}#${ply}` : "",
    openingTags: [],
  };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Eight characters of a 48-bit FNV-1a digest of `text`: the same game and
 * ply give the same id, in any run and any order.
 */
export function puzzleId(text: string): string {
  let a = 0x811c9dc5, b = 0x01000193 ^ 0x5bd1e995;
  for (const byte of new TextEncoder().encode(text)) {
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte, 0x000193a7) >>> 0;
  }
  let n = (a * 0x10000) + (b & 0xffff);
  let id = "";
  for (let i = 0; i < 8; i++) {
    id += BASE62[n % 62];
    n = Math.floor(n / 62);
  }
  return id;
}

/** Finds a puzzle in each game, in input order, a window of games searched at once. */
async function findPuzzles(
  settings: PuzzlesSettings,
  io: CliIo,
  write: RowWriter,
): Promise<number> {
  const run = new PuzzleRun(settings, io, write);
  io.addSignalListener?.("SIGINT", run.stop);
  try {
    return await run.run();
  } catch (error) {
    if (error instanceof PuzzleRowError) {
      throw new ProgramError(escapeText(error.message), EXIT.internal);
    }
    throw error;
  } finally {
    io.removeSignalListener?.("SIGINT", run.stop);
    await run.close();
  }
}

/** One run over the games: its engines (started with the first game), its output, its exit code. */
class PuzzleRun {
  readonly #settings: PuzzlesSettings;
  readonly #io: CliIo;
  readonly #out: RowsOut;
  readonly #writer: RowWriter;
  readonly #bad = new BadRun();
  #engines: Engines | null = null;
  #code: number = EXIT.ok;
  #finished = false;
  #games = 0;

  constructor(settings: PuzzlesSettings, io: CliIo, write: RowWriter) {
    this.#settings = settings;
    this.#io = io;
    this.#writer = write;
    this.#out = new RowsOut(
      (text) => writeText(io.stdout, text),
      settings.format,
    );
  }

  /** Ctrl-C: the engines stopped, the searches under way answered. */
  readonly stop = (): void => this.#engines?.pool.stop();

  /** The games read, searched a window ahead, written in order; the exit code. */
  async run(): Promise<number> {
    const items = gamesOf(this.#settings.inputs, this.#io);
    const ahead = Math.max(4, this.#settings.jobs * 2);
    const window: Promise<GameOutcome>[] = [];
    for (let next = await items.next();;) {
      while (!next.done && window.length < ahead) {
        const started = await this.#start(next.value);
        if (typeof started === "number") return started;
        window.push(started.outcome);
        next = await items.next();
      }
      const pending = window.shift();
      if (pending === undefined) break;
      const stopped = this.#write(await pending);
      if (stopped !== null) return stopped;
    }
    this.#out.end(this.#code !== EXIT.ioError);
    this.#finished = true;
    return this.#code;
  }

  /** A game's search begun (the engines started first), or the exit code of engines that did not start. */
  async #start(
    item: GameItem,
  ): Promise<{ outcome: Promise<GameOutcome> } | number> {
    if ("message" in item) {
      const { message, code } = item;
      return {
        outcome: Promise.resolve({ text: "", messages: [message], code }),
      };
    }
    if (this.#engines === null) {
      const started = await startEngines(this.#settings, this.#io);
      if (typeof started === "number") return started;
      this.#engines = started;
    }
    const where = `${escapeText(item.source)}: game ${++this.#games}`;
    return {
      outcome: gameOutcome(item.game, where, {
        engines: this.#engines,
        settings: this.#settings,
        write: this.#writer,
      }),
    };
  }

  /** A game's outcome written; the exit code when it ends the run, else `null`. */
  #write(outcome: GameOutcome): number | null {
    if (outcome.code === EXIT_NOT_SEARCHED && this.#engines?.pool.stopped) {
      // Ctrl-C killed the engines under this game's searches: the games
      // before it are written (a CSV file still, its header at least), this
      // one is not a failure of its own.
      this.#out.end(true);
      return this.#code;
    }
    if (outcome.unread !== true) this.#bad.good();
    else if (this.#bad.bad()) {
      say(this.#io, NOT_GAMES);
      return EXIT.invalidFen;
    }
    for (const message of outcome.messages) say(this.#io, message);
    this.#out.write(outcome.text);
    this.#code = worse(this.#code, outcome.code);
    if (this.#engines?.pool.gaveUp) {
      say(this.#io, "the engine failed 3 times in a row; gave up");
      return EXIT.ioError;
    }
    return null;
  }

  /** Engines quit when the run is done, and are killed when it is not. */
  async close(): Promise<void> {
    if (this.#engines === null) return;
    if (!this.#finished) this.#engines.pool.stop();
    await this.#engines.pool.close();
  }
}

/** The worse of two exit codes. */
export function worse(a: number, b: number): number {
  const rank = (code: number) =>
    [
      EXIT.ok,
      EXIT.illegalPosition,
      EXIT.invalidFen,
      EXIT.illegalMove,
      EXIT_NOT_SEARCHED,
      EXIT.ioError,
    ].indexOf(code as 0);
  return rank(b) > rank(a) ? b : a;
}

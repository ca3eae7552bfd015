/**
 * `fen analyse`: games (PGN) and positions (FEN, EPD) analysed with UCI
 * engines and annotated the way lichess does. Loaded only by
 * `fen analyse`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { lowered, osReason } from "../program/messages.ts";
import { OutputError, writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { EnginePool, FAULTS_IN_ROW } from "../engine/pool.ts";
import { EngineError, isScriptEngine } from "../engine/uci.ts";
import { escapeText } from "../_quote.ts";
import { BadRun, notInputMessage } from "../program/bad_input.ts";
import { NamesWritten } from "../program/out_files.ts";
import { CacheFormatError, EvalCache } from "./cache.ts";
import type { AnalyseSettings } from "./_options.ts";
import { type InputItem, readInputs } from "./_input.ts";
import { Evaluator } from "./_evaluate.ts";
import { Progress } from "./_progress.ts";
import { analyseItem, type ItemContext, type ItemOutcome } from "./_item.ts";

// The parts `fen puzzles` analyses games with (lib/puzzle), as this run does.
export { type Evaluated, Evaluator, type PositionJob } from "./_evaluate.ts";
export { type GameJobs, gameJobs } from "./_jobs.ts";
export { EvalCache } from "./cache.ts";

export {
  ANALYSE_FORMATS,
  type AnalyseFormat,
  type AnalyseSettings,
  defaultTimeout,
} from "./_options.ts";

/** Exit code: some positions could not be analysed (the engine failed on them). */
export const EXIT_NOT_ANALYSED = 6;

/**
 * Exit code: the `--cache` file holds something other than cache lines
 * (it is not written to), as a line that is not a record is 2.
 */
const EXIT_NOT_A_CACHE = EXIT.invalidFen;

/**
 * Engines tried when --engine is not given, in order: Stockfish on the PATH,
 * then where Debian's package puts it (the installed command may run these).
 */
export const DEFAULT_ENGINES: readonly string[] = [
  "stockfish",
  "/usr/games/stockfish",
];

/** A diagnostic in the command's one style: `fen: analyse: what: why`. */
function say(io: CliIo, text: string): void {
  writeText(io.stderr, `fen: analyse: ${lowered(text)}\n`);
}

/** The pool on the first engine that starts; a missing one is one message. */
async function startPool(
  settings: AnalyseSettings,
  io: CliIo,
  { onGiveUp }: { onGiveUp: () => void },
): Promise<EnginePool | null> {
  const candidates = settings.engine === null
    ? DEFAULT_ENGINES
    : [settings.engine];
  let last: EngineError | null = null;
  for (const path of candidates) {
    try {
      return await EnginePool.start({
        path,
        options: settings.engineOptions,
        jobs: settings.jobs,
        limit: settings.limit,
        multipv: settings.multipv,
        timeoutMs: settings.timeoutMs,
        onFault: (error, retry) =>
          say(
            io,
            `${error.message}${retry ? "; restarted, trying again" : ""}`,
          ),
        onGiveUp,
      });
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      last = error;
      // Only a binary that is not there sends us to the next candidate.
      if (!error.message.endsWith(": not found")) break;
    }
  }
  const why = last?.message ?? "no engine";
  say(
    io,
    settings.engine === null && last?.message.endsWith(": not found")
      ? `no UCI engine: neither "stockfish" on the PATH nor /usr/games/stockfish runs; name one with --engine PATH`
      : escapeText(
        last?.kind === "refused" ? `${why}; ${allowRun(settings.engine)}` : why,
      ),
  );
  return null;
}

/**
 * How to let the command run `engine` (the default ones when `null`): a user
 * cannot give an installed command a permission, so its install says it.
 */
function allowRun(engine: string | null): string {
  const word = (text: string) =>
    /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
  // a WASM engine's script is run by Deno itself
  const program = engine !== null && isScriptEngine(engine)
    ? Deno.execPath()
    : engine;
  const grant = word(program ?? DEFAULT_ENGINES.join(","));
  const install = program === null ? "" : ` --engine ${word(program)}`;
  return `allow it with deno run --allow-run=${grant}, or install fen with it allowed: deno task install${install} (in fen's clone)`;
}

/** The worse of two exit codes, for this command's outcomes. */
function worse(a: number, b: number): number {
  const rank = (code: number) =>
    [
      0,
      EXIT.illegalPosition,
      EXIT.invalidFen,
      EXIT.illegalMove,
      EXIT_NOT_ANALYSED,
      EXIT.ioError,
    ]
      .indexOf(code);
  return rank(b) > rank(a) ? b : a;
}

/**
 * Runs `fen analyse` with the settings its front end read
 * (lib/subcommands/analyse.ts).
 *
 * @param settings What the run is asked to do.
 * @param io The standard streams, files and signals.
 * @returns The exit code: 0, 1 (usage), 2 (a line is not a record, a game
 * not PGN, the --cache file not a cache), 3 (a position refused by the
 * legality check, a variant game), 4 (no engine, the engine given up after
 * failing 3 times in a row, or input, output or the cache failed), 5 (a
 * game's move cannot be played), 6 (some positions not analysed), 130
 * (interrupted).
 */
export async function analyse(
  settings: AnalyseSettings,
  io: CliIo,
): Promise<number> {
  try {
    return await analyseWith(settings, io);
  } catch (error) {
    if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
    const output = error instanceof OutputError;
    say(
      io,
      output
        ? `cannot write output: ${escapeText(error.message)}`
        : `internal error (a bug in fen: please report it): ${
          escapeText(String(error instanceof Error ? error.message : error))
        }`,
    );
    return output ? EXIT.ioError : EXIT.internal;
  }
}

/** The cache, the inputs' first item and the chart folder, or an exit code. */
async function prepare(
  settings: AnalyseSettings,
  io: CliIo,
): Promise<
  | {
    cache: EvalCache | null;
    items: AsyncGenerator<InputItem>;
    first: InputItem;
  }
  | number
> {
  let cache: EvalCache | null = null;
  try {
    if (settings.cache !== null) cache = await EvalCache.open(settings.cache);
  } catch (error) {
    const name = escapeText(settings.cache!);
    if (error instanceof CacheFormatError) {
      say(
        io,
        `--cache ${name} is not a cache file: ${error.message}; it was left as it is`,
      );
      return EXIT_NOT_A_CACHE;
    }
    say(io, `cannot read ${name}: ${osReason(error)}`);
    return EXIT.ioError;
  }
  const items = readInputs(settings.inputs, settings.from, io);
  // The first item before any engine starts: a usage error costs no engine.
  const first = await items.next();
  if (first.done) return EXIT.ok;
  if (settings.format === "pgn" && first.value.kind === "record") {
    say(io, "--format pgn writes games: records go with --format epd or json");
    return EXIT.usage;
  }
  if (settings.graph !== null) {
    try {
      io.mkdirSync(settings.graph, { recursive: true });
    } catch (error) {
      say(
        io,
        `cannot make ${escapeText(settings.graph)}: ${
          escapeText((error as Error).message)
        }`,
      );
      return EXIT.ioError;
    }
  }
  return { cache, items, first: first.value };
}

/** The run once the settings are read: engines started, items written in order. */
async function analyseWith(
  settings: AnalyseSettings,
  io: CliIo,
): Promise<number> {
  const prepared = await prepare(settings, io);
  if (typeof prepared === "number") return prepared;
  const { cache, items, first } = prepared;
  const stop = new Stop(items);
  const pool = await startPool(settings, io, {
    onGiveUp: () => stop.halt("engine"),
  });
  if (pool === null) return EXIT.ioError;
  stop.attach(pool);
  const evaluator = new Evaluator(pool, cache, settings);
  io.addSignalListener?.("SIGINT", stop.signal);
  const progress = new Progress(io, evaluator.counts, settings.progress);
  const context = { evaluator, settings, io, charts: new NamesWritten() };
  let end: RunEnd = { code: EXIT.ok, written: 0, partial: null };
  let finished = false;
  try {
    end = await writeItems(first, { stop, progress, context });
    finished = stop.reason === null;
  } finally {
    progress.stop();
    io.removeSignalListener?.("SIGINT", stop.signal);
    // Engines quit when the run is done, and are killed when it is not.
    if (!finished) pool.stop();
    await pool.close();
  }
  let code = end.code;
  if (cache?.writeError) {
    say(io, cacheFailure(settings.cache!, cache.writeError));
    code = worse(code, EXIT.ioError);
  }
  if (stop.reason === null) return code;
  say(io, stoppedMessage(stop.reason, end));
  return stop.reason === "interrupted"
    ? EXIT.interrupted
    : stop.reason === "not input"
    ? EXIT.invalidFen
    : EXIT.ioError;
}

/** What a run wrote: its exit code, the items written whole, a game written in part. */
interface RunEnd {
  code: number;
  written: number;
  partial: ItemOutcome["partial"] | null;
}

/**
 * Analyses the items and writes each in input order, until the end or a
 * stop; a game the stop cut is written up to where it was analysed.
 */
async function writeItems(
  first: InputItem,
  { stop, progress, context }: {
    stop: Stop;
    progress: Progress;
    context: ItemContext;
  },
): Promise<RunEnd> {
  const { settings, io } = context;
  // Items are started a window ahead of the one being written: engines
  // stay busy, output stays in input order, memory stays bounded.
  const ahead = Math.max(16, settings.jobs * 8);
  const window: Promise<ItemOutcome>[] = [];
  const end: RunEnd = { code: EXIT.ok, written: 0, partial: null };
  const bad = new BadRun();
  let games = 0, next: InputItem | null = first;
  for (;;) {
    while (next !== null && window.length < ahead && stop.reason === null) {
      window.push(
        analyseItem(next, next.kind === "game" ? ++games : 0, context),
      );
      next = await stop.next();
    }
    const pending = window.shift();
    if (pending === undefined) return end;
    const outcome = await pending;
    progress.clear();
    if (notInput(outcome, bad)) {
      // the items still being analysed are nobody's now
      for (const item of window) item.catch(() => {});
      stop.halt("not input");
      end.code = EXIT.invalidFen;
      return end;
    }
    for (const message of outcome.messages) say(io, message);
    if (outcome.text !== "") writeText(io.stdout, outcome.text);
    end.code = worse(end.code, outcome.code);
    if (outcome.stopped) {
      end.partial = outcome.partial ?? null;
      return end;
    }
    if (outcome.text !== "") end.written++;
  }
}

/**
 * Whether an item that could not be read (written nothing, exit 2) is the
 * last of the bad run that stops an input taken for something else.
 */
function notInput(outcome: ItemOutcome, bad: BadRun): boolean {
  if (outcome.text !== "") bad.good();
  return outcome.text === "" && outcome.code === EXIT.invalidFen &&
    bad.bad();
}

/** The last line of a run that was stopped: what it wrote, exactly. */
function stoppedMessage(reason: StopReason, end: RunEnd): string {
  if (reason === "not input") {
    return notInputMessage({
      items: "items that cannot be read",
      kind: "FEN or EPD records or PGN games",
    });
  }
  const why = reason === "interrupted"
    ? "interrupted"
    : `the engine failed ${FAULTS_IN_ROW} times in a row; gave up`;
  const part = end.partial;
  if (part === null || part === undefined) {
    return end.written === 0
      ? `${why}: nothing was analysed to the end, so nothing has been written`
      : `${why}: what was analysed has been written`;
  }
  return `${why}: what was analysed has been written; game ${part.game} up to ply ${part.plies} of ${part.of}, as an unfinished game (result *)`;
}

/** The warning for a cache that could not be written to. */
function cacheFailure(path: string, error: Error): string {
  return `cannot write to the cache ${escapeText(path)}: ${
    osReason(error)
  }; the analysis is written, this run's evaluations are not all kept`;
}

/**
 * Why a run stopped early: Ctrl-C, an engine that kept failing, or an
 * input that holds no records or games.
 */
type StopReason = "interrupted" | "engine" | "not input";

/**
 * Ctrl-C or an engine given up: stops the engines and ends the read being
 * awaited (one promise per read: a race against one never-settling
 * promise would keep a reaction per item).
 */
class Stop {
  reason: StopReason | null = null;
  #pool: EnginePool | null = null;
  readonly #items: AsyncGenerator<InputItem>;
  #wake: ((value: null) => void) | null = null;

  constructor(items: AsyncGenerator<InputItem>) {
    this.#items = items;
  }

  /** The engines to stop. */
  attach(pool: EnginePool): void {
    this.#pool = pool;
  }

  readonly signal = (): void => this.halt("interrupted");

  /** Stops the run (the first reason is kept). */
  halt(reason: StopReason): void {
    this.reason ??= reason;
    this.#pool?.stop();
    this.#wake?.(null);
  }

  /** The next item, or `null` at the end or once stopped. */
  async next(): Promise<InputItem | null> {
    const read = await new Promise<IteratorResult<InputItem> | null>(
      (resolve, reject) => {
        this.#wake = resolve;
        this.#items.next().then(resolve, reject);
      },
    );
    return read === null || read.done ? null : read.value;
  }
}

// The command's general path: every option, stream, format and check. The
// front (main.ts) loads it only when the command line is more than a plain
// classic diagram of one record, so a one-shot diagram does not pay for it.

import type { BoardTextReader } from "../board_text.ts";
import { FenReader } from "../fen/reader.ts";
import type { PngRenderer } from "../png.ts";
import { renderSvg } from "../svg/mod.ts";
import { INITIAL_FEN } from "../types.ts";
import { escapeText } from "../_quote.ts";
import { type CliIo, InputError, Output, writeText } from "./_io.ts";
import { Job, type JobParts, type Mover } from "./batch.ts";
import { EXIT, type ExitCode } from "./exit.ts";
import { Current, type RunOptions } from "./formats.ts";
import { renderHelp, USAGE } from "./help.ts";
import { parseArgv, type ParsedArgs, UsageError } from "./options.ts";
import { checkPattern, granted, prepareOutDir, reason } from "./out_dir.ts";
import { markBytes, type Settings, settle, shown } from "./settings.ts";
import { VERSION } from "./version.ts";

/** Runs the command: `main` without the plain-diagram shortcut. */
export async function runCommand(args: string[], io: CliIo): Promise<number> {
  const out = new Output(io.stdout);
  try {
    const settings = readCommandLine(args, io);
    if (typeof settings === "number") return settings;
    const code = await run(settings, io, out);
    out.flush();
    return code;
  } catch (error) {
    return failure(error, io);
  }
}

/** The settings, or the exit code when the command line says to stop. */
function readCommandLine(args: string[], io: CliIo): Settings | ExitCode {
  const terminal = io.stderr.isTerminal?.() === true;
  let parsed: ParsedArgs;
  try {
    parsed = parseArgv(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The classic script prints the usage line alone; people get the reason.
    const explain = terminal || args.includes("--verbose");
    writeText(
      io.stderr,
      (explain ? `fen: ${escapeText(error.message)} (see fen --help)\n` : "") +
        USAGE,
    );
    return EXIT.usage;
  }
  if (parsed.values.has("help")) {
    writeText(io.stdout, renderHelp());
    return EXIT.ok;
  }
  if (parsed.values.has("version")) {
    writeText(io.stdout, `fen ${VERSION}\n`);
    return EXIT.ok;
  }
  try {
    const settings = settle(parsed);
    checkOutput(settings, io);
    return settings;
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof RangeError)) {
      throw error;
    }
    writeText(
      io.stderr,
      error.message === "" ? USAGE : `fen: ${lower(error.message)}\n`,
    );
    return EXIT.usage;
  }
}

/** Checks what can only be checked with the settings and the streams. */
function checkOutput(settings: Settings, io: CliIo): void {
  renderSvg("8/8/8/8/8/8/8/8", settings.svg); // RangeError for a bad option
  const problem = checkPattern(settings.name);
  if (problem !== null) {
    throw new UsageError(`--name ${shown(settings.name)} ${problem}`);
  }
  if (
    settings.format === "png" && settings.outDir === null &&
    io.stdout.isTerminal?.() === true
  ) {
    throw new UsageError(
      "not writing a PNG image to a terminal: redirect stdout (> board.png) or use --out-dir",
    );
  }
}

/** Converts every record of every source. */
async function run(
  settings: Settings,
  io: CliIo,
  out: Output,
): Promise<ExitCode> {
  if (settings.outDir !== null && !prepareOutDir(settings.outDir, io)) {
    return EXIT.ioError;
  }
  const job = new Job(await jobParts(settings, io, out));
  const operands = settings.sources.filter((s) => s.kind === "operand").length;
  if (settings.sources.length === 0) {
    job.record(INITIAL_FEN, 0, INITIAL_FEN.length, {
      number: 1,
      prefix: "",
      stream: false,
    });
  }
  for (const source of settings.sources) {
    if (source.kind === "operand") {
      const prefix = operands > 1 ? `record ${source.number}: ` : "";
      const where = { number: source.number, prefix, stream: false };
      if (settings.from === "grid") await job.board(source.text, where);
      else job.record(source.text, 0, source.text.length, where);
    } else if (source.kind === "stdin") {
      await job.stream(io.stdin, "");
    } else {
      const code = await streamFile(job, source.path, io);
      if (code !== EXIT.ok) return code;
    }
    if (job.status === EXIT.interrupted || job.status === EXIT.terminated) {
      break;
    }
  }
  job.finish();
  return job.status;
}

async function streamFile(
  job: Job,
  path: string,
  io: CliIo,
): Promise<ExitCode> {
  const label = escapeText(path, 0, path.length, 80);
  if (!granted(io, "read", path)) {
    writeText(
      io.stderr,
      `fen: --input needs permission to read ${label} (run deno with --allow-read=${label})\n`,
    );
    return EXIT.ioError;
  }
  let file;
  try {
    file = await io.open(path, { read: true });
  } catch (error) {
    writeText(io.stderr, `fen: cannot read ${label}: ${reason(error)}\n`);
    return EXIT.ioError;
  }
  try {
    await job.stream(file, label);
  } finally {
    file.close();
  }
  return EXIT.ok;
}

/** What the job needs; the optional parts load only when asked for. */
async function jobParts(
  settings: Settings,
  io: CliIo,
  out: Output,
): Promise<JobParts> {
  const reader = new FenReader(settings.parse);
  const current = new Current(reader);
  const run: RunOptions = {
    flip: settings.flip,
    mark: markBytes(settings),
    svg: settings.svg,
    sideToMove: settings.sideToMove,
    png: settings.format === "png" ? await loadPng() : null,
  };
  const checker = settings.check
    ? new (await import("../legality/mod.ts")).PositionChecker(
      settings.parse.chess960 ? { chess960: true } : {},
    )
    : null;
  const status = settings.check
    ? (await import("../moves/mod.ts")).positionStatus
    : null;
  const boards = settings.from === "grid" ? await boardReaders(settings) : null;
  const explainer = settings.explain
    ? (await import("./explain.ts")).explainer(settings.parse)
    : null;
  return {
    settings,
    io,
    out,
    current,
    run,
    checker,
    mover: settings.moves === null ? null : await mover(settings),
    explainer,
    status,
    boards,
    verbose: settings.verbose ?? io.stderr.isTerminal?.() === true,
  };
}

/** A run that cannot go on: its message and exit code. */
class Stop extends Error {
  constructor(message: string, readonly code: ExitCode) {
    super(message);
    this.name = "Stop";
  }
}

/**
 * The PNG renderer. The one-file bundle leaves the rasterizer out (esbuild
 * cannot bundle its WebAssembly import), so it says where PNG works.
 */
async function loadPng(): Promise<PngRenderer> {
  let png: typeof import("../png.ts");
  try {
    png = await import("../png.ts");
  } catch (error) {
    throw new Stop(
      `--format png needs the rasterizer, which this build of fen leaves out: run cli.ts or the compiled binary (${
        reason(error).split("\n")[0]
      })`,
      EXIT.usage,
    );
  }
  try {
    return await png.createPngRenderer();
  } catch (error) {
    throw new Stop(
      `cannot load the PNG rasterizer (npm:@resvg/resvg-wasm): ${
        reason(error)
      }`,
      EXIT.ioError,
    );
  }
}

/** Readers of text boards for `--from grid`, with the `--empty` mark. */
async function boardReaders(
  settings: Settings,
): Promise<() => BoardTextReader> {
  const { BoardTextReader } = await import("../board_text.ts");
  const options = settings.emptyGiven ? { empty: settings.empty } : {};
  return () => new BoardTextReader(options);
}

/** Plays `--moves` on each record: the position after them, the last move. */
async function mover(settings: Settings): Promise<Mover> {
  const { playMoves } = await import("../moves/mod.ts");
  const moves = settings.moves!;
  const chess960 = settings.parse.chess960 === true;
  return (current) => {
    const result = playMoves(current.position(), moves, { chess960 });
    current.setMoved(result.position);
    const last = result.moves.at(-1);
    return last === undefined ? null : `${last.from}${last.to}`;
  };
}

/** The exit code and message for what stopped a run. */
export function failure(error: unknown, io: CliIo): ExitCode {
  if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
  if (error instanceof Stop) {
    writeText(io.stderr, `fen: ${escapeText(error.message)}\n`);
    return error.code;
  }
  const message = error instanceof Error ? error.message : String(error);
  try {
    if (error instanceof InputError) {
      writeText(io.stderr, `fen: cannot read input: ${escapeText(message)}\n`);
      return EXIT.ioError;
    }
    if (error instanceof Error && /\(os error \d+\)$/.test(message)) {
      writeText(
        io.stderr,
        `fen: cannot write output: ${escapeText(message)}\n`,
      );
      return EXIT.ioError;
    }
    writeText(
      io.stderr,
      `fen: internal error: ${escapeText(message)} (please report it)\n`,
    );
  } catch {
    // stderr is gone too: the exit code is all that is left to say it
  }
  return EXIT.internal;
}

function lower(message: string): string {
  return message.replace(/^Cannot /, "cannot ");
}

// The command's general path: every option, stream, format and check. The
// front (main.ts) loads it only when the command line is more than a plain
// classic diagram of one record, so a one-shot diagram does not pay for it.
// Here the command line becomes settings, then a pipeline (sources,
// transforms, one sink) assembled once (run_assemble.ts, run_sources.ts);
// what stops a run becomes its message and exit code.

import { escapeText } from "../_quote.ts";
import { type CliIo, isFile, OutputError, writeText } from "../program/io.ts";
import { Output } from "./io.ts";
import { InputError } from "../program/io.ts";
import type { RecordSource } from "./pipeline.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import { MORE_HELP, renderHelp, USAGE } from "./option_help.ts";
import type { ParsedArgs } from "./option_table.ts";
import { RepeatedOptionError, UsageError } from "../program/usage_error.ts";
import { checkPattern } from "./sink_out_dir.ts";
import { type Settings, settle, shown } from "./option_settings.ts";
import { VERSION } from "../program/version.ts";
import { NotARecordError } from "../program/operands.ts";
import { nearestSubcommand } from "./option_subcommands.ts";
import { RunProgress, runProgressMode } from "./source_progress.ts";
import type { StreamPart } from "./source_jobs_io.ts";
import { Stop } from "./libraries.ts";
import { assemble, type Assembled } from "./run_assemble.ts";
import { partSource, sources } from "./run_sources.ts";
import { FORMAT_TABLE } from "./format_table.ts";

/** Runs a parsed command line: `main` without the plain-diagram shortcut. */
export async function runCommand(
  parsed: ParsedArgs,
  given: CliIo,
): Promise<number> {
  // While the progress line shows, output goes through streams that erase
  // it first; its timer stops however the run ends.
  const progress = new RunProgress(given, runProgressMode(parsed));
  const io = progress.line.io;
  const out = new Output(io.stdout);
  try {
    return await flushed(io, out, async () => {
      const settings = readSettings(parsed, io);
      if (typeof settings === "number") return settings;
      const jobs = await import("./source_jobs.ts");
      if (jobs.parallel(settings)) {
        return await jobs.runJobs(settings, {
          parsed,
          io,
          out,
          partConverter,
          progress,
        });
      }
      return await run(settings, io, out, { progress });
    });
  } finally {
    progress.line.stop();
  }
}

/**
 * Runs `body` and writes what it converted, however it ended: whatever
 * stopped it, what was converted before is written first (unless writing is
 * what failed: then it fails again, quietly, and the failure says why).
 */
async function flushed(
  io: CliIo,
  out: Output,
  body: () => Promise<ExitCode>,
): Promise<ExitCode> {
  try {
    const code = await body();
    out.flush();
    return code;
  } catch (error) {
    try {
      out.flush();
    } catch {
      // the failure below says what went wrong with stdout
    }
    return failure(error, io);
  }
}

/** A command line the parser refused: the classic usage line, and why. */
export function usageFailure(
  error: UsageError,
  args: readonly string[],
  io: CliIo,
): ExitCode {
  // The classic script prints the usage line alone; people get the reason,
  // and so does a script for an option given twice, which the classic
  // script took (its last value winning unseen).
  const explain = io.stderr.isTerminal?.() === true ||
    args.includes("--verbose") || error instanceof RepeatedOptionError;
  writeText(
    io.stderr,
    (explain ? `fen: ${escapeText(error.message)} (see fen --help)\n` : "") +
      USAGE,
  );
  return EXIT.usage;
}

/** The settings, or the exit code when the command line says to stop. */
function readSettings(parsed: ParsedArgs, io: CliIo): Settings | ExitCode {
  if (parsed.values.has("help")) {
    writeText(io.stdout, renderHelp());
    return EXIT.ok;
  }
  if (parsed.values.has("version")) {
    writeText(io.stdout, `fen ${VERSION}\n`);
    return EXIT.ok;
  }
  try {
    const settings = settle(parsed, { isFile: (path) => isFile(io, path) });
    checkOutput(settings, io);
    return settings;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // Bare `fen`: the classic usage line; someone at a terminal is told more.
    const more = io.stderr.isTerminal?.() === true ? MORE_HELP : "";
    writeText(
      io.stderr,
      error.message === "" ? USAGE + more : `fen: ${misspelt(error)}\n`,
    );
    return EXIT.usage;
  }
}

/**
 * A usage error's message, naming the subcommand an operand is near
 * (`fen sevre`: "did you mean fen serve?").
 */
function misspelt(error: UsageError): string {
  if (!(error instanceof NotARecordError)) return error.message;
  const near = nearestSubcommand(error.word);
  return near === null
    ? error.message
    : `"${
      escapeText(error.word, 0, error.word.length, 40)
    }" is neither a FEN-string, an option nor a subcommand: did you mean fen ${near}? (see fen --help)`;
}

/** Checks what can only be checked with the settings and the streams. */
function checkOutput(settings: Settings, io: CliIo): void {
  const pattern = checkPattern(settings.name);
  if (pattern !== null) {
    throw new UsageError(`--name ${shown(settings.name)} ${pattern}`);
  }
  if (
    FORMAT_TABLE[settings.format].raster && settings.outDir === null &&
    io.stdout.isTerminal?.() === true
  ) {
    const kind = settings.format.toUpperCase();
    throw new UsageError(
      `not writing a ${kind} image to a terminal: redirect stdout (> board.${settings.format}) or use --out-dir`,
    );
  }
}

/**
 * The converter of parts of streams for `--jobs` in one thread: the
 * pipeline is made once, over `io` (whose stdin is the current part), and
 * each part runs through it from the state its predecessor left.
 */
export function partConverter(
  settings: Settings,
  io: CliIo,
): (part: StreamPart) => Promise<ExitCode> {
  const out = new Output(io.stdout);
  let made: Assembled | null = null;
  // The last part's source, kept until the next is made: while one reader
  // of its classes lives, their hidden classes do, and the optimized code
  // that checks for them is not thrown away at a full collection.
  const kept: { previous: RecordSource | null } = { previous: null };
  return (part) =>
    flushed(io, out, async () => {
      const assembled = made ?? await assemble(settings, { io, out });
      if (typeof assembled === "number") return assembled; // no --out-dir here
      made = assembled;
      const { pipeline, diagnostics, reader, openings } = made;
      diagnostics.status = EXIT.ok;
      diagnostics.stopped = false;
      diagnostics.run = part.state;
      const source = await partSource(settings, {
        io,
        out,
        reader,
        part,
        line: openings,
      });
      const code = await pipeline.run([source]).catch((error) => {
        // a read that failed names the stream, as --jobs 1's file source does
        if (error instanceof InputError && error.source === "") {
          throw new InputError(error.cause, part.label);
        }
        throw error;
      });
      kept.previous = source;
      part.state = diagnostics.run;
      part.report.stopped = diagnostics.stopped;
      return code;
    });
}

/** Assembles the pipeline and runs it over every source. */
async function run(
  settings: Settings,
  io: CliIo,
  out: Output,
  { progress = null }: { progress?: RunProgress | null } = {},
): Promise<ExitCode> {
  const made = await assemble(settings, { io, out });
  if (typeof made === "number") return made;
  const meter = progress?.begin(settings, io) ?? null;
  return await made.pipeline.run(
    await sources(settings, {
      io,
      out,
      reader: made.reader,
      line: made.openings,
      meter,
    }),
  );
}

/** The exit code and message for what stopped a run, by its class. */
export function failure(error: unknown, io: CliIo): ExitCode {
  if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
  if (error instanceof UsageError) {
    // Found once the run's parts load (a diagram option the drawing refuses).
    writeText(io.stderr, `fen: ${escapeText(error.message)}\n`);
    return EXIT.usage;
  }
  const [code, message] = error instanceof Stop
    ? [error.code, error.message]
    : error instanceof InputError
    ? [EXIT.ioError, `cannot read ${error.source || "input"}: ${error.message}`]
    : error instanceof OutputError
    ? [EXIT.ioError, `cannot write output: ${error.message}`]
    : [
      EXIT.internal,
      `internal error: ${
        error instanceof Error ? error.message : String(error)
      } (please report it)`,
    ];
  try {
    writeText(io.stderr, `fen: ${escapeText(message)}\n`);
  } catch {
    // stderr is gone too: the exit code is all that is left to say it
  }
  return code;
}

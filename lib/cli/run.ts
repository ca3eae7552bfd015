// The command's general path: every option, stream, format and check. The
// front (main.ts) loads it only when the command line is more than a plain
// classic diagram of one record, so a one-shot diagram does not pay for it.
// Here the command line becomes a pipeline (sources, transforms, one sink),
// assembled once; what stops a run becomes its message and exit code.

import { FenReader } from "../fen/reader.ts";
import { INITIAL_FEN } from "../types.ts";
import { escapeText } from "../_quote.ts";
import { Diagnostics } from "./diagnostics.ts";
import { type CliIo, isFile, OutputError, writeText } from "../program/io.ts";
import { InputError, Output } from "./io.ts";
import {
  Pipeline,
  type RecordSink,
  type RecordSource,
  type Transform,
} from "./pipeline.ts";
import { Current } from "./record.ts";
import { CheckSink } from "./sink_check.ts";
import {
  DiagramSink,
  type Explainer,
  OutDirSink,
  StdoutSink,
} from "./sink_stdout.ts";
import {
  FileSource,
  OperandSource,
  type Reading,
  StreamSource,
} from "./source_text.ts";
import { MovesTransform } from "./transform_moves.ts";
import type { GameOpening } from "./format_data.ts";
import { matchesGames, needsDataStages } from "./option_settings_data.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import {
  type Format,
  FORMATS,
  type FormatWriter,
  OWN_FORM,
  type RunOptions,
} from "./format_registry.ts";
import { MORE_HELP, renderHelp, USAGE } from "./option_help.ts";
import type { ParsedArgs } from "./option_table.ts";
import { UsageError } from "../program/usage_error.ts";
import { checkPattern, prepareOutDir } from "./sink_out_dir.ts";
import {
  keyingOption,
  markBytes,
  type Settings,
  settle,
  shown,
} from "./option_settings.ts";
import { VERSION } from "../program/version.ts";
import type { StreamMeter } from "../program/progress.ts";
import { RunProgress, runProgressMode } from "./source_progress.ts";
import type { Shard } from "./option_settings_scale.ts";
import type { StreamPart } from "./source_jobs_io.ts";
import {
  boardReaders,
  loadLibraries,
  loadOpenings,
  Stop,
} from "./libraries.ts";

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
  // The classic script prints the usage line alone; people get the reason.
  const explain = io.stderr.isTerminal?.() === true ||
    args.includes("--verbose");
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
      error.message === "" ? USAGE + more : `fen: ${error.message}\n`,
    );
    return EXIT.usage;
  }
}

/** Checks what can only be checked with the settings and the streams. */
function checkOutput(settings: Settings, io: CliIo): void {
  const pattern = checkPattern(settings.name);
  if (pattern !== null) {
    throw new UsageError(`--name ${shown(settings.name)} ${pattern}`);
  }
  if (
    (settings.format === "png" || settings.format === "gif") &&
    settings.outDir === null && io.stdout.isTerminal?.() === true
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
      const code = await pipeline.run([source]);
      kept.previous = source;
      part.state = diagnostics.run;
      part.report.stopped = diagnostics.stopped;
      return code;
    });
}

/** A run's pipeline and what its sources need. */
interface Assembled {
  pipeline: Pipeline;
  diagnostics: Diagnostics;
  reader: FenReader;
  openings: GameOpening | null;
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

/** The pipeline of a run, or the exit code when `--out-dir` cannot be made. */
async function assemble(
  settings: Settings,
  { io, out }: { io: CliIo; out: Output },
): Promise<Assembled | ExitCode> {
  // What the format needs loads (and the diagram options are checked)
  // before anything is written or made.
  const openings = await loadOpenings(settings);
  const writer = writesFormat(settings)
    ? await formatWriter(settings, openings)
    : null;
  if (settings.outDir !== null && !prepareOutDir(settings.outDir, io)) {
    return EXIT.ioError;
  }
  const interactive = io.stdout.isTerminal?.() === true ||
    io.stdin.isTerminal?.() === true;
  const diagnostics = new Diagnostics(io, out, {
    json: settings.format === "json",
    verbose: settings.verbose ?? io.stderr.isTerminal?.() === true,
    interactive,
  });
  const reader = new FenReader(settings.parse);
  const pipeline = new Pipeline({
    reader,
    record: new Current(reader),
    transforms: await transforms(settings, { diagnostics, out }),
    sink: writer === null
      ? await reportSink(settings, { out, diagnostics })
      : await formatSink(settings, { io, out, diagnostics, writer }),
    diagnostics,
    out,
    interactive,
    passInvalid: settings.data.only === "invalid" &&
      settings.format !== "json",
  });
  return { pipeline, diagnostics, reader, openings };
}

/** The source of a part of a stream: io.stdin, named as its stream. */
async function partSource(
  settings: Settings,
  { io, out, reader, part, line }: {
    io: CliIo;
    out: Output;
    reader: FenReader;
    part: StreamPart;
    line: GameOpening | null;
  },
): Promise<RecordSource> {
  const names = { label: part.label, file: part.file };
  if (settings.from === "pgn") {
    const { PgnSource } = await import("./source_pgn.ts");
    return new PgnSource(io.stdin, {
      ...pgnParts(settings, { io, out, line }),
      ...names,
      part,
      report: part.report,
    });
  }
  return new StreamSource(io.stdin, {
    ...names,
    reading: {
      boards: null,
      skipped: (text, start, end) => reader.isSkippedLine(text, start, end),
    },
    io,
    out,
    part,
  });
}

/** Whether the run writes a format (not the report of --check or --perft). */
function writesFormat(settings: Settings): boolean {
  return !settings.check && settings.data.perft === null &&
    !settings.data.statsOnly;
}

/** The run's format with the libraries it declares, loaded. */
async function formatWriter(
  settings: Settings,
  openings: GameOpening | null,
): Promise<FormatWriter> {
  const format: Format = settings.ownForm ? OWN_FORM : FORMATS[settings.format];
  const libraries = await loadLibraries(format.needs, { settings, openings });
  const run: RunOptions = {
    flip: settings.flip,
    mark: markBytes(settings),
    svg: settings.svg,
    sideToMove: settings.sideToMove,
    json: settings.data.jsonFields,
    fen: settings.write,
  };
  return {
    format,
    write: (out, current) => format.write(out, current, run, libraries),
  };
}

/** The sources, in order; the initial position when none is given. */
async function sources(
  settings: Settings,
  { io, out, reader, line, meter }: {
    io: CliIo;
    out: Output;
    reader: FenReader;
    line: GameOpening | null;
    meter: StreamMeter | null;
  },
): Promise<RecordSource[]> {
  const reading: Reading = {
    boards: settings.from === "grid" ? await boardReaders(settings) : null,
    skipped: (text, start, end) => reader.isSkippedLine(text, start, end),
  };
  if (settings.from === "pgn") {
    return pgnSources(settings, { io, out, line, meter });
  }
  const operands = settings.sources.filter((s) => s.kind === "operand").length;
  const shard = recordShard(settings);
  const found: RecordSource[] = settings.sources.map((source) => {
    if (source.kind === "stdin") {
      return new StreamSource(io.stdin, {
        label: "",
        file: "",
        reading,
        io,
        out,
        shard,
        meter,
      });
    }
    if (source.kind === "file") {
      return new FileSource(source.path, {
        io,
        meter,
        open: (file, names) =>
          new StreamSource(file, { ...names, reading, io, out, shard, meter }),
      });
    }
    const prefix = operands > 1 ? `record ${source.number}: ` : "";
    const where = { number: source.number, prefix, stream: false, file: "" };
    return new OperandSource(source.text, { where, reading });
  });
  if (found.length > 0) return found;
  const where = { number: 1, prefix: "", stream: false, file: "" };
  return [
    new OperandSource(INITIAL_FEN, {
      where,
      reading: { ...reading, boards: null },
    }),
  ];
}

/** `--shard I/N` by record: kept at the source, by line or game number. */
function recordShard(settings: Settings): Shard | null {
  const shard = settings.scale.shard;
  return shard !== null && shard.by === "record" ? shard : null;
}

/** How every PGN source of a run reads, but its name. */
function pgnParts(
  settings: Settings,
  { io, out, line }: { io: CliIo; out: Output; line: GameOpening | null },
) {
  return {
    line,
    select: settings.select,
    strict: settings.parse.strict === true,
    moves: FORMATS[settings.format].moves,
    match: matchesGames(settings) ? settings.data.match : null,
    rules: settings.parse.rules ??
      (settings.parse.chess960 === true ? "chess960" as const : "chess"),
    keyed: keyingOption(settings),
    io,
    out,
  };
}

/** Games as sources (`--from pgn`): operands, stdin and files. */
async function pgnSources(
  settings: Settings,
  { io, out, line, meter }: {
    io: CliIo;
    out: Output;
    line: GameOpening | null;
    meter: StreamMeter | null;
  },
): Promise<RecordSource[]> {
  const { PgnSource } = await import("./source_pgn.ts");
  const common = {
    ...pgnParts(settings, { io, out, line }),
    shard: recordShard(settings),
    meter,
  };
  return settings.sources.map((source) => {
    if (source.kind === "operand") {
      // An operand's error names the operand, as a file's names the file.
      const label = `argument ${source.number}`;
      return new PgnSource(source.text, { ...common, label, file: "" });
    }
    if (source.kind === "stdin") {
      return new PgnSource(io.stdin, { ...common, label: "", file: "" });
    }
    return new FileSource(source.path, {
      io,
      meter,
      open: (file, names) => new PgnSource(file, { ...common, ...names }),
    });
  });
}

/**
 * The transforms: the data stages that see a record as read (`--stats`,
 * `--repair`), `--moves`, then those that see what is written; each
 * loaded only when asked for.
 */
async function transforms(
  settings: Settings,
  { diagnostics, out }: { diagnostics: Diagnostics; out: Output },
): Promise<Transform[]> {
  const stages = needsDataStages(settings)
    ? (await import("./transform_data.ts")).dataStages(settings, {
      diagnostics,
      out,
    })
    : { before: [], after: [] };
  const shard = settings.scale.shard;
  if (shard !== null && shard.by === "key") {
    const { KeyShardTransform } = await import("./transform_shard.ts");
    stages.before.unshift(new KeyShardTransform(shard));
  }
  if (settings.moves === null) return [...stages.before, ...stages.after];
  const module = await import("../moves/mod.ts");
  // Formats of games (PGN, an animated GIF) need the game the moves make.
  const games = settings.format === "pgn" || settings.format === "gif"
    ? await import("../pgn/mod.ts")
    : null;
  return [
    ...stages.before,
    new MovesTransform(settings.moves, {
      rules: settings.parse.rules ??
        (settings.parse.chess960 === true ? "chess960" : "chess"),
      module,
      diagnostics,
      games,
    }),
    ...stages.after,
  ];
}

/** The sink of a run that writes a report, not a format: --check, --perft. */
async function reportSink(
  settings: Settings,
  { out, diagnostics }: { out: Output; diagnostics: Diagnostics },
): Promise<RecordSink> {
  if (!settings.check) {
    return (await import("./sink_perft.ts")).dataSink(settings, {
      out,
      diagnostics,
    });
  }
  const { PositionChecker } = await import("../legality/mod.ts");
  const { checkEpdMoves } = await import("../data/epd_moves.ts");
  const chess960 = settings.parse.chess960 === true;
  const rules = settings.parse.rules;
  const played = rules ?? (chess960 ? "chess960" : "chess");
  return new CheckSink(out, {
    checker: new PositionChecker(
      rules !== undefined ? { rules } : chess960 ? { chess960: true } : {},
    ),
    json: settings.format === "json",
    rules: played,
    checkerFor: (rules) => new PositionChecker({ rules }),
    diagnostics,
    quiet: settings.data.quiet,
    epdMoves: (text) => checkEpdMoves(text, { rules: played }),
  });
}

/** The sink of a format: stdout, a lone diagram, or --out-dir files. */
async function formatSink(
  settings: Settings,
  { io, out, diagnostics, writer }: {
    io: CliIo;
    out: Output;
    diagnostics: Diagnostics;
    writer: FormatWriter;
  },
): Promise<RecordSink> {
  const file = writer.format.file;
  if (file !== undefined) {
    if (settings.outDir === null) {
      return new DiagramSink(out, { writer, diagnostics });
    }
    return new OutDirSink(io, {
      dir: settings.outDir,
      pattern: settings.name,
      writer,
      file,
      diagnostics,
    });
  }
  // With --repair, --explain tells the repairs (which the canonical form's
  // changes would only repeat).
  const explain: Explainer | null = settings.explain && !settings.data.repair
    ? (await import("../fen/explain.ts")).explainer({
      ...settings.parse,
      ...settings.write,
    })
    : null;
  return new StdoutSink(out, { writer, explain, diagnostics });
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

// The command's general path: every option, stream, format and check. The
// front (main.ts) loads it only when the command line is more than a plain
// classic diagram of one record, so a one-shot diagram does not pay for it.
// Here the command line becomes a pipeline (sources, transforms, one sink),
// assembled once; what stops a run becomes its message and exit code.

import { FenReader } from "../fen/reader.ts";
import { INITIAL_FEN } from "../types.ts";
import { escapeText } from "../_quote.ts";
import { Diagnostics } from "./_diagnostics.ts";
import {
  type CliIo,
  InputError,
  Output,
  OutputError,
  writeText,
} from "./_io.ts";
import { Pipeline } from "./_pipeline.ts";
import { Current } from "./_record.ts";
import {
  CheckSink,
  DiagramSink,
  type Explainer,
  OutDirSink,
  type RecordSink,
  StdoutSink,
} from "./_sinks.ts";
import {
  FileSource,
  OperandSource,
  type Reading,
  type RecordSource,
  StreamSource,
} from "./_sources.ts";
import { MovesTransform, type Transform } from "./_transforms.ts";
import { type DataWriters, loadDataWriters } from "./_data_formats.ts";
import { needsDataStages } from "./_data_settings.ts";
import { EXIT, type ExitCode } from "./exit.ts";
import { FORMATS, type RunOptions } from "./formats.ts";
import { renderHelp, USAGE } from "./help.ts";
import { type ParsedArgs, UsageError } from "./options.ts";
import { checkPattern, prepareOutDir } from "./out_dir.ts";
import { markBytes, type Settings, settle, shown } from "./settings.ts";
import { VERSION } from "./version.ts";
import type { Shard } from "./_scale_settings.ts";
import {
  boardReaders,
  loadDrawing,
  loadGif,
  loadPng,
  Stop,
} from "./_optional.ts";

/** Runs a parsed command line: `main` without the plain-diagram shortcut. */
export async function runCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const out = new Output(io.stdout);
  try {
    const settings = readSettings(parsed, io);
    if (typeof settings === "number") return settings;
    const jobs = await import("./_jobs.ts");
    if (jobs.parallel(settings)) {
      return await jobs.runJobs(settings, { parsed, io, out, runPart });
    }
    const code = await run(settings, io, out);
    out.flush();
    return code;
  } catch (error) {
    // Whatever stopped the run, what was converted before it is written
    // first (unless writing is what failed: then it fails again, quietly).
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
    const settings = settle(parsed);
    checkOutput(settings, io);
    return settings;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeText(
      io.stderr,
      error.message === "" ? USAGE : `fen: ${error.message}\n`,
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
 * A part of one stream, converted by a worker of `--jobs`: where it is in
 * the stream, the state of the run before it, and (filled by the run) what
 * it read.
 */
export interface StreamPart {
  /** The stream's name in messages, and as given to `--input`. */
  label: string;
  file: string;
  /** Lines and (`--from pgn`) games of the stream before the part. */
  lines: number;
  games: number;
  /** Whether the part continues a stream (no byte order mark, compression or UTF-16 at its start). */
  continued: boolean;
  /** Whether the run had read a record, and its run of invalid lines. */
  state: { anyValid: boolean; invalidRun: number };
  /** Filled by the run: the games read (the reader's last number). */
  report: { games: number; stopped: boolean };
  /** The stream's read failed after the part's bytes: what it said. */
  fault?: string;
}

/** Runs the command over one part of a stream (io.stdin), for `--jobs`. */
export async function runPart(
  settings: Settings,
  io: CliIo,
  part: StreamPart,
): Promise<ExitCode> {
  const out = new Output(io.stdout);
  try {
    const code = await run(settings, io, out, part);
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

/** Assembles the pipeline and runs it over every source (or `part`). */
async function run(
  settings: Settings,
  io: CliIo,
  out: Output,
  part: StreamPart | null = null,
): Promise<ExitCode> {
  // The drawing loads (and its options are checked) only for diagrams.
  const draw = "file" in FORMATS[settings.format]
    ? await loadDrawing(settings)
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
  const data = await loadDataWriters(settings);
  const pipeline = new Pipeline({
    reader,
    record: new Current(reader),
    transforms: await transforms(settings, { diagnostics, out, data }),
    sink: await sink(settings, { io, out, diagnostics, data, draw }),
    diagnostics,
    out,
    interactive,
    passInvalid: settings.data.only === "invalid" &&
      settings.format !== "json",
  });
  if (part === null) {
    return await pipeline.run(await sources(settings, { io, out, reader }));
  }
  diagnostics.run = part.state;
  const code = await pipeline.run([
    await partSource(settings, { io, out, reader, part }),
  ]);
  part.state = diagnostics.run;
  part.report.stopped = diagnostics.stopped;
  return code;
}

/** The source of a part of a stream: io.stdin, named as its stream. */
async function partSource(
  settings: Settings,
  { io, out, reader, part }: {
    io: CliIo;
    out: Output;
    reader: FenReader;
    part: StreamPart;
  },
): Promise<RecordSource> {
  const names = { label: part.label, file: part.file };
  if (settings.from === "pgn") {
    const { PgnSource } = await import("./_pgn_source.ts");
    return new PgnSource(io.stdin, {
      ...names,
      select: settings.select,
      strict: settings.parse.strict === true,
      moves: FORMATS[settings.format].moves,
      io,
      out,
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

/** The sources, in order; the initial position when none is given. */
async function sources(
  settings: Settings,
  { io, out, reader }: { io: CliIo; out: Output; reader: FenReader },
): Promise<RecordSource[]> {
  const reading: Reading = {
    boards: settings.from === "grid" ? await boardReaders(settings) : null,
    skipped: (text, start, end) => reader.isSkippedLine(text, start, end),
  };
  if (settings.from === "pgn") return pgnSources(settings, { io, out });
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
      });
    }
    if (source.kind === "file") {
      return new FileSource(source.path, {
        io,
        open: (file, names) =>
          new StreamSource(file, { ...names, reading, io, out, shard }),
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

/** Games as sources (`--from pgn`): operands, stdin and files. */
async function pgnSources(
  settings: Settings,
  { io, out }: { io: CliIo; out: Output },
): Promise<RecordSource[]> {
  const { PgnSource } = await import("./_pgn_source.ts");
  const common = {
    select: settings.select,
    strict: settings.parse.strict === true,
    moves: FORMATS[settings.format].moves,
    io,
    out,
    shard: recordShard(settings),
  };
  return settings.sources.map((source) => {
    if (source.kind === "operand") {
      return new PgnSource(source.text, { ...common, label: "", file: "" });
    }
    if (source.kind === "stdin") {
      return new PgnSource(io.stdin, { ...common, label: "", file: "" });
    }
    return new FileSource(source.path, {
      io,
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
  { diagnostics, out, data }: {
    diagnostics: Diagnostics;
    out: Output;
    data: DataWriters | null;
  },
): Promise<Transform[]> {
  const stages = needsDataStages(settings)
    ? (await import("./_data.ts")).dataStages(settings, {
      diagnostics,
      out,
      data,
    })
    : { before: [], after: [] };
  const shard = settings.scale.shard;
  if (shard !== null && shard.by === "key") {
    const { KeyShardTransform } = await import("./_shard.ts");
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
      chess960: settings.parse.chess960 === true,
      module,
      diagnostics,
      games,
    }),
    ...stages.after,
  ];
}

/** The one sink of the run, its optional parts loaded only as needed. */
async function sink(
  settings: Settings,
  { io, out, diagnostics, data, draw }: {
    io: CliIo;
    out: Output;
    diagnostics: Diagnostics;
    data: DataWriters | null;
    draw: RunOptions["draw"];
  },
): Promise<RecordSink> {
  if (settings.check) {
    const { PositionChecker } = await import("../legality/mod.ts");
    const { checkEpdMoves } = await import("../data/epd_moves.ts");
    const chess960 = settings.parse.chess960 === true;
    return new CheckSink(out, {
      checker: new PositionChecker(chess960 ? { chess960: true } : {}),
      json: settings.format === "json",
      diagnostics,
      quiet: settings.data.quiet,
      epdMoves: (text) => checkEpdMoves(text, { chess960 }),
    });
  }
  if (settings.data.perft !== null || settings.data.statsOnly) {
    return (await import("./_data.ts")).dataSink(settings, {
      out,
      diagnostics,
    });
  }
  const format = FORMATS[settings.format];
  const run: RunOptions = {
    flip: settings.flip,
    mark: markBytes(settings),
    svg: settings.svg,
    draw,
    sideToMove: settings.sideToMove,
    png: settings.format === "png" ? await loadPng() : null,
    pgn: settings.format === "pgn" ? await import("../pgn/mod.ts") : null,
    gif: settings.format === "gif" ? await loadGif(settings) : null,
    data,
  };
  if ("file" in format) {
    if (settings.outDir === null) {
      return new DiagramSink(out, { format, run, diagnostics });
    }
    return new OutDirSink(io, {
      dir: settings.outDir,
      pattern: settings.name,
      format,
      run,
      diagnostics,
    });
  }
  // With --repair, --explain tells the repairs (which the canonical form's
  // changes would only repeat).
  const explain: Explainer | null = settings.explain && !settings.data.repair
    ? (await import("./explain.ts")).explainer(settings.parse)
    : null;
  return new StdoutSink(out, { format, run, explain, diagnostics });
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

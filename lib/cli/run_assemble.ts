// A run's pipeline, assembled once from its settings before anything is
// written: the format's writer with the libraries it declares, the
// transforms (each loaded only when asked for), and the sink (a format's,
// or the report of --check, --perft, --stats).

import { FenReader } from "../fen/reader.ts";
import { Diagnostics } from "./diagnostics.ts";
import type { CliIo } from "../program/io.ts";
import type { Output } from "./io.ts";
import { Pipeline, type RecordSink, type Transform } from "./pipeline.ts";
import { Current } from "./record.ts";
import { CheckSink } from "./sink_check.ts";
import {
  DiagramSink,
  type Explainer,
  OutDirSink,
  StdoutSink,
} from "./sink_stdout.ts";
import { MovesTransform } from "./transform_moves.ts";
import type { GameOpening } from "./format_data.ts";
import { needsDataStages } from "./option_settings_data.ts";
import { EXIT, type ExitCode } from "../program/exit.ts";
import {
  type Format,
  FORMATS,
  type FormatWriter,
  OWN_FORM,
  type RunOptions,
} from "./format_registry.ts";
import { prepareOutDir } from "./sink_out_dir.ts";
import { markBytes, type Settings } from "./option_settings.ts";
import { loadLibraries, loadOpenings } from "./libraries.ts";

/** A run's pipeline and what its sources need. */
export interface Assembled {
  pipeline: Pipeline;
  diagnostics: Diagnostics;
  reader: FenReader;
  openings: GameOpening | null;
}

/** The pipeline of a run, or the exit code when `--out-dir` cannot be made. */
export async function assemble(
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
    json: FORMATS[settings.format].json === true,
    verbose: settings.verbose ?? io.stderr.isTerminal?.() === true,
    interactive,
    keyShard: settings.scale.shard?.by === "key" ? settings.scale.shard : null,
  });
  const reader = new FenReader({ ...settings.parse, rules: settings.rules });
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
      !FORMATS[settings.format].json,
  });
  return { pipeline, diagnostics, reader, openings };
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
  const games = FORMATS[settings.format].games
    ? await import("../pgn/mod.ts")
    : null;
  return [
    ...stages.before,
    new MovesTransform(settings.moves, {
      rules: settings.rules,
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
  const played = settings.rules;
  return new CheckSink(out, {
    checker: new PositionChecker(
      settings.castlingBy === "rules" ? { rules: played } : {},
    ),
    json: FORMATS[settings.format].json === true,
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
      rules: settings.rules,
      ...settings.write,
    })
    : null;
  return new StdoutSink(out, { writer, explain, diagnostics });
}

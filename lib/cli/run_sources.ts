// A run's sources, in order: records from streams, files and operands (the
// initial position when none is given), or games (`--from pgn`); and the
// source of a part of a stream for `--jobs`.

import type { FenReader } from "../fen/reader.ts";
import { INITIAL_FEN } from "../types.ts";
import type { CliIo } from "../program/io.ts";
import type { Output } from "./io.ts";
import type { RecordSource } from "./pipeline.ts";
import {
  FileSource,
  OperandSource,
  type Reading,
  StreamSource,
} from "./source_text.ts";
import type { GameOpening } from "./format_data.ts";
import { FORMATS } from "./format_registry.ts";
import { matchesGames } from "./option_settings_data.ts";
import { keyingOption, type Settings } from "./option_settings.ts";
import type { Shard } from "./option_settings_scale.ts";
import type { StreamMeter } from "../program/progress.ts";
import type { StreamPart } from "./source_jobs_io.ts";
import { boardReaders } from "./libraries.ts";

/** The sources, in order; the initial position when none is given. */
export async function sources(
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
    rules: settings.rules,
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

/** The source of a part of a stream: io.stdin, named as its stream. */
export async function partSource(
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
    report: part.report,
  });
}

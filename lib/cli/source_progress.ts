// A run's progress line (lib/program/progress.ts): `--progress` and
// `--no-progress`, the inputs' size for the percent, and the counts the
// sources keep (lines of a text stream, games of PGN).

import {
  filesSize,
  ProgressLine,
  type ProgressMode,
  StreamMeter,
  streamText,
} from "../program/progress.ts";
import type { CliIo } from "../program/io.ts";
import { progressMode } from "../program/progress_options.ts";
import type { ParsedArgs } from "./option_table.ts";
import type { Settings } from "./option_settings.ts";

/** What `--progress` and `--no-progress` ask for. */
export function runProgressMode(parsed: ParsedArgs): ProgressMode {
  return progressMode((name) => parsed.values.has(name));
}

/** The progress of one run: its line, and its counts once the sources are known. */
export class RunProgress {
  readonly line: ProgressLine;
  #meter: StreamMeter | null = null;

  constructor(io: CliIo, mode: ProgressMode) {
    this.line = new ProgressLine(io, {
      mode,
      text: (seconds) =>
        this.#meter === null
          ? "fen: starting"
          : streamText(this.#meter, seconds),
    });
  }

  /**
   * The sources are made: the counts and the timer start. `null` when the
   * line is not shown (nothing is counted then).
   */
  begin(settings: Settings, io: CliIo): StreamMeter | null {
    if (!this.line.shows) return null;
    const unit = settings.from === "pgn" ? "games" : "lines";
    this.#meter = new StreamMeter(unit, inputSize(settings, io));
    this.line.start();
    return this.#meter;
  }
}

/** The total size of the run's files (`null` with stdin among them). */
function inputSize(settings: Settings, io: CliIo): number | null {
  const paths = settings.sources.flatMap((source) =>
    source.kind === "stdin"
      ? [null]
      : source.kind === "file"
      ? [source.path]
      : []
  );
  return filesSize(paths, io);
}

// A run's progress line (lib/program/progress.ts): `--progress` and
// `--no-progress`, the inputs' size for the percent, and the counts the
// sources keep (lines of a text stream, games of PGN).

import {
  ProgressLine,
  type ProgressMode,
  StreamMeter,
  streamText,
} from "../program/progress.ts";
import type { CliIo } from "../program/io.ts";
import type { ParsedArgs } from "./option_table.ts";
import type { Settings } from "./option_settings.ts";

/** `--no-progress` wins over `--progress`; neither: at a terminal. */
export function progressMode(parsed: ParsedArgs): ProgressMode {
  if (parsed.values.has("no-progress")) return "off";
  return parsed.values.has("progress") ? "on" : "auto";
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

/**
 * The total size of the run's files, or `null` when a stream of unknown
 * size (stdin) is read or a size cannot be had without asking.
 */
function inputSize(settings: Settings, io: CliIo): number | null {
  let size = 0;
  for (const source of settings.sources) {
    if (source.kind === "stdin") return null;
    if (source.kind !== "file") continue;
    const query = io.permissions.querySync;
    const path = source.path;
    if (
      query?.call(io.permissions, { name: "read", path }).state !== "granted"
    ) {
      return null;
    }
    try {
      const found = io.statSync?.(path).size;
      if (found === undefined) return null;
      size += found;
    } catch {
      return null;
    }
  }
  return size;
}

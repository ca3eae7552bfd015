// What the subcommands share beyond their command line (which every
// program reads with lib/program/args.ts): the progress options' rows, and
// their inputs, read in chunks.

import { UnkeyedVariantError } from "../data/polyglot/rules.ts";
import type { CliIo, Source } from "../program/io.ts";
export { writeAll, writeText } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { osReason } from "../program/messages.ts";

import { PgnMoveError, PgnSyntaxError } from "../pgn/errors.ts";
import { escapeText } from "../_quote.ts";

import type { OptionSpec, ParsedArgs } from "../program/args.ts";
import {
  bytesText,
  filesSize,
  ProgressLine,
  type ProgressMode,
  StreamMeter,
} from "../program/progress.ts";
import { PROGRESS_HELP, progressMode } from "../program/progress_options.ts";

/** The rows of `--progress` and `--no-progress`, for a subcommand's table. */
export const PROGRESS_OPTIONS: readonly OptionSpec[] = [
  { name: "progress", help: PROGRESS_HELP["progress"] },
  { name: "no-progress", help: PROGRESS_HELP["no-progress"] },
];

/** What a subcommand's `--progress` and `--no-progress` ask for. */
export function progressOf(args: ParsedArgs): ProgressMode {
  return progressMode((name) => args.values.has(name));
}

/** An input that cannot be read, or a file that is not what it should be: its message and exit code. */
export class SubcommandError extends Error {
  /** The exit code it means. */
  readonly exit: number;
  /**
   * @param message What went wrong, for `fen: <subcommand>: `.
   * @param exit The exit code (an input or output error by default).
   */
  constructor(message: string, exit: number = EXIT.ioError) {
    super(message);
    this.name = "SubcommandError";
    this.exit = exit;
  }
}

/**
 * Reads each input (a file, or `-` for stdin; stdin when none is given) in
 * chunks, a newline between files so that a game cannot run into the next.
 */
export async function eachInput(
  operands: readonly string[],
  io: CliIo,
  push: (bytes: Uint8Array) => void,
  progress: ProgressMode = "off",
): Promise<void> {
  const names = operands.length === 0 ? ["-"] : operands;
  const line: ProgressLine = new ProgressLine(io, {
    mode: progress,
    text: (seconds): string => bytesText(meter, seconds),
  });
  const meter = new StreamMeter(
    "bytes",
    line.shows ? filesSize(names.map((n) => n === "-" ? null : n), io) : null,
  );
  line.start();
  try {
    await readEach(names, { io, push, meter: line.shows ? meter : null });
  } finally {
    line.stop();
  }
}

/** {@linkcode eachInput}'s reading, its bytes counted for the progress line. */
async function readEach(
  names: readonly string[],
  { io, push, meter }: {
    io: CliIo;
    push: (bytes: Uint8Array) => void;
    meter: StreamMeter | null;
  },
): Promise<void> {
  // 1 MiB reads: with 64 KiB ones, a book of a large file spent a sixth of
  // its time in the reads themselves.
  const chunk = new Uint8Array(1 << 20);
  for (const [index, name] of names.entries()) {
    if (index > 0) push(NEWLINE);
    let source: Source & { close?(): void };
    try {
      source = name === "-" ? io.stdin : await io.open(name, { read: true });
    } catch (error) {
      throw new SubcommandError(
        `cannot open ${JSON.stringify(escapeText(name))}: ${osReason(error)}`,
      );
    }
    const counted = meter?.counted(source) ?? source;
    try {
      // A file is read in step (Deno's files can) unless a progress line
      // counts its reads: an asynchronous read waits on another thread for
      // each chunk, which a loaded machine makes slow, and nothing else
      // runs meanwhile.
      const file = name === "-" || meter !== null
        ? null
        : source as { readSync?: Reader };
      const read = file?.readSync?.bind(file);
      for (
        let n: number | null;
        (n = read !== undefined ? read(chunk) : await counted.read(chunk)) !==
          null;
      ) {
        push(chunk.subarray(0, n));
      }
    } catch (error) {
      if (
        error instanceof PgnMoveError || error instanceof PgnSyntaxError ||
        error instanceof UnkeyedVariantError
      ) {
        throw error;
      }
      throw new SubcommandError(
        `cannot read ${JSON.stringify(escapeText(name))}: ${osReason(error)}`,
      );
    } finally {
      if (name !== "-") source.close?.();
    }
  }
}

const NEWLINE = new Uint8Array([10]);

/** A file's `readSync`. */
type Reader = (buffer: Uint8Array) => number | null;

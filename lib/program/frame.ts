// The one input/output frame of every subcommand (`fen tree`, `book make`,
// `md`, `merge`, `analyse`, `completions`, `serve`): the command's dispatch
// runs each inside `runFramed`, which gives it
// - its inputs (file operands, `-` or none for stdin) through the sniffer
//   the command reads with (sniff.ts: gzip and zstd read, xz, bzip2 and
//   UTF-16 refused, binary data stopped), each a `TextInput`;
// - stdout and stderr whose failures are an `OutputError`;
// - SIGINT and SIGTERM that end the read being awaited, so that the
//   program writes what it read and exits 130 or 143;
// - one line for whatever ends it (`fen: tree: cannot write output: ...`,
//   exit 4; `internal error`, exit 70), never a stack trace.
// The command's own pipeline reads and writes with the same parts
// (sniff.ts, signals.ts, io.ts) through lib/cli.

import {
  type CliIo,
  InputError,
  OutputError,
  programPrefix,
  type Sink,
  type Source,
  writeText,
} from "./io.ts";
import { EXIT, type ExitCode, worse } from "./exit.ts";
import { osReason } from "./messages.ts";
import { UsageError } from "./usage_error.ts";
import { Signals } from "./signals.ts";
import { notTextReason, SniffedSource } from "./sniff.ts";
import { escapeText } from "../_quote.ts";
import {
  bytesText,
  filesSize,
  ProgressLine,
  type ProgressMode,
  StreamMeter,
} from "./progress.ts";

/**
 * A failure a program words itself (an input that cannot be read, a file
 * that is not what it should be): its message, after `fen: PROGRAM: `
 * (echoed input already escaped), and its exit code.
 */
export class ProgramError extends Error {
  /** The exit code it means. */
  readonly exit: number;

  /**
   * @param message What went wrong, for `fen: PROGRAM: `.
   * @param exit The exit code (an input or output error by default).
   */
  constructor(message: string, exit: number = EXIT.ioError) {
    super(message);
    this.name = "ProgramError";
    this.exit = exit;
  }
}

/** An input as messages name it: quoted, escaped and shortened; stdin. */
export function inputName(name: string): string {
  return name === "-"
    ? "stdin"
    : JSON.stringify(escapeText(name, 0, name.length, 80));
}

/** A subcommand's surroundings inside the frame: its `io` and its frame. */
export interface FramedIo extends CliIo {
  readonly program: string;
  /** The frame's inputs and signals. */
  readonly frame: Frame;
}

/**
 * The frame of one run of a subcommand: its streams, its inputs and the
 * signals that stop them. Made by {@linkcode runFramed}; a program run
 * outside it (a test calling it in-process) gets one from
 * {@linkcode frameOf}.
 */
export class Frame {
  /** The subcommand's words, for its messages. */
  readonly program: string;
  /** The streams and files, with the frame's stdout, stderr and name. */
  readonly io: FramedIo;
  readonly #base: CliIo;
  #signals: Signals | null = null;
  readonly #defers: boolean;
  /** Inputs cut short by binary data after some text, said at the end. */
  readonly #deferred: ProgramError[] = [];

  /**
   * @param program The subcommand's words (`tree`, `book make`).
   * @param io The surroundings it runs in.
   * @param options `defers`: an input cut short by binary data after some
   * text ends as its end would, and is said once the program is done
   * ({@linkcode runFramed}); otherwise it is thrown at once.
   */
  constructor(
    program: string,
    io: CliIo,
    { defers = false }: { defers?: boolean } = {},
  ) {
    this.program = program;
    this.#defers = defers;
    this.#base = io;
    // Everything else is io's own (Deno's members are not all plain
    // properties a spread would copy).
    this.io = Object.assign(Object.create(io) as CliIo, {
      program,
      frame: this,
      stdout: guarded(io.stdout),
      stderr: guarded(io.stderr),
    });
  }

  /** SIGINT's or SIGTERM's exit code once one came while reading, else null. */
  get signal(): ExitCode | null {
    return this.#signals?.code ?? null;
  }

  /**
   * Opens an input as text: `-` is stdin, anything else a file. Compressed
   * input is read decompressed; one that cannot be read as text is a
   * {@linkcode ProgramError} saying so.
   *
   * @param name The operand.
   * @param options `meter`: counts the bytes read, for a progress line.
   * @returns The text's source; close it when done.
   * @throws {ProgramError} When it cannot be opened or is not text.
   */
  async open(
    name: string,
    { meter = null }: { meter?: StreamMeter | null } = {},
  ): Promise<TextInput> {
    const io = this.#base;
    let source: Source & { close?(): void };
    try {
      source = name === "-"
        ? io.stdin
        : inStep(await io.open(name, { read: true }));
    } catch (error) {
      throw new ProgramError(
        `cannot open ${inputName(name)}: ${osReason(error)}`,
      );
    }
    // Signals are listened to once a program reads (not by `fen serve`,
    // which has its own, nor by a program that reads nothing).
    this.#signals ??= new Signals(io);
    if (meter !== null) source = countedClosable(meter, source);
    const input = new TextInput(source, {
      name,
      program: this.program,
      signals: this.#signals,
      defer: this.#defers ? (error) => this.#deferred.push(error) : null,
    });
    try {
      await input.open();
    } catch (error) {
      input.close();
      throw error;
    }
    return input;
  }

  /**
   * Reads each input in chunks, a newline between two so that a game
   * cannot run into the next; stdin when there are none. A signal ends the
   * reading early, as the end of the input would.
   *
   * @param names The operands (`-` is stdin).
   * @param push Takes each chunk (it is the caller's only until it returns;
   * a promise it returns is awaited before the next read).
   * @param options `progress`: the `--progress` mode (bytes read, of the
   * files' total size when known).
   */
  async read(
    names: readonly string[],
    push: (bytes: Uint8Array) => unknown,
    { progress = "off" }: { progress?: ProgressMode } = {},
  ): Promise<void> {
    const all = names.length === 0 ? ["-"] : names;
    const line: ProgressLine = new ProgressLine(this.io, {
      mode: progress,
      text: (seconds): string => bytesText(meter, seconds),
    });
    const meter = new StreamMeter(
      "bytes",
      line.shows
        ? filesSize(all.map((n) => n === "-" ? null : n), this.io)
        : null,
    );
    // 1 MiB reads: with 64 KiB ones, a book of a large file spent a sixth
    // of its time in the reads themselves.
    const chunk = new Uint8Array(1 << 20);
    line.start();
    try {
      for (const [index, name] of all.entries()) {
        if (this.signal !== null) return;
        if (index > 0) await push(NEWLINE);
        const input = await this.open(name, {
          meter: line.shows ? meter : null,
        });
        try {
          for (let n; (n = await input.read(chunk)) !== null;) {
            await push(chunk.subarray(0, n));
          }
        } finally {
          input.close();
        }
      }
    } finally {
      line.stop();
    }
  }

  /** The failures said once the program is done (see the constructor). */
  get deferred(): readonly ProgramError[] {
    return this.#deferred;
  }

  /** Stops listening for signals. */
  close(): void {
    this.#signals?.close();
  }

  /**
   * Says what ended the run, in one line, and gives its exit code: a
   * closed stdout ends it quietly (141); an output failure is 4; a
   * program's own error its code; anything else an internal error (70).
   *
   * @param error What the program threw.
   * @returns The exit code.
   */
  failure(error: unknown): number {
    if (error instanceof Deno.errors.BrokenPipe) return EXIT.brokenPipe;
    const [code, message] = error instanceof ProgramError
      ? [error.exit, error.message]
      : error instanceof OutputError
      ? [EXIT.ioError, `cannot write output: ${escapeText(error.message)}`]
      : error instanceof InputError
      ? [EXIT.ioError, `cannot read input: ${escapeText(error.message)}`]
      : error instanceof UsageError
      ? [EXIT.usage, escapeText(error.message)]
      : [
        EXIT.internal,
        `internal error: ${
          escapeText(error instanceof Error ? error.message : String(error))
        } (please report it)`,
      ];
    try {
      writeText(this.#base.stderr, `${programPrefix(this.io)}${message}\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left to say it
    }
    return code;
  }
}

/**
 * Runs a subcommand inside its frame: `body` gets the framed `io`; what it
 * throws is worded in one line; a signal that stopped its reading gives
 * 130 or 143 once it has written what it read, and so does binary data
 * found after some text (exit 4, said last).
 *
 * @param program The subcommand's words (`tree`, `book make`).
 * @param io The surroundings.
 * @param body The subcommand's run; its exit code.
 * @returns The exit code.
 */
export async function runFramed(
  program: string,
  io: CliIo,
  body: (io: FramedIo) => Promise<number>,
): Promise<number> {
  const frame = new Frame(program, io, { defers: true });
  let code: number;
  try {
    code = await body(frame.io);
  } catch (error) {
    code = frame.failure(error);
  } finally {
    frame.close();
  }
  // What was read before binary data has been written: now the why.
  for (const error of frame.deferred) {
    code = worse(code as ExitCode, frame.failure(error) as ExitCode);
  }
  // A failed write says more than the signal that came meanwhile.
  const signal = frame.signal;
  return signal !== null && code !== EXIT.ioError ? signal : code;
}

/**
 * The frame `io` runs in, or a new one for `program` (a program called
 * in-process, outside the command's dispatch).
 */
export function frameOf(io: CliIo, program: string): Frame {
  return (io as Partial<FramedIo>).frame ?? new Frame(program, io);
}

/**
 * A program's input as text: its first chunk sniffed ({@linkcode open}),
 * then read (decompressed when it is gzip or zstd); binary data ends it
 * with a {@linkcode ProgramError}, a signal ends it as its end would.
 */
export class TextInput implements Source {
  readonly #source: Source & { close?(): void };
  readonly #sniffed: SniffedSource;
  readonly #name: string;
  readonly #program: string;
  readonly #signals: Signals;
  readonly #defer: ((error: ProgramError) => void) | null;
  #stopped = false;

  /**
   * @param source The input's bytes.
   * @param options `name`: its operand (`-` for stdin); `program`: the
   * subcommand, for the advice of a refusal; `signals`: what stops it;
   * `defer`: takes the refusal of binary data found after some text, which
   * then ends the input as its end would (else it is thrown).
   */
  constructor(
    source: Source & { close?(): void },
    options: {
      name: string;
      program: string;
      signals: Signals;
      defer: ((error: ProgramError) => void) | null;
    },
  ) {
    this.#source = source;
    this.#sniffed = new SniffedSource(source);
    this.#name = options.name;
    this.#program = options.program;
    this.#signals = options.signals;
    this.#defer = options.defer;
  }

  /** Reads the first chunk: a refusal (not text) is thrown. */
  async open(): Promise<void> {
    const refused = await this.#guard(this.#sniffed.open());
    if (refused === false || refused === null) return;
    throw this.#refusal(refused);
  }

  async read(buffer: Uint8Array): Promise<number | null> {
    if (this.#stopped) return null;
    const n = await this.#guard(this.#sniffed.read(buffer));
    if (n !== null && n !== false) return n;
    this.#stopped = true;
    const binary = this.#sniffed.binary;
    if (n !== null || binary === null) return null;
    const refusal = this.#refusal(binary);
    if (
      this.#defer === null || binary.kind !== "binary" || binary.before === 0
    ) {
      throw refusal;
    }
    this.#defer(refusal);
    return null;
  }

  isTerminal(): boolean {
    return this.#source.isTerminal?.() === true;
  }

  /** Closes a file (never stdin). */
  close(): void {
    if (this.#name !== "-") this.#source.close?.();
  }

  /** A read raced against the signals, its failure worded. */
  async #guard<T>(read: Promise<T>): Promise<T | false> {
    try {
      const result = await this.#signals.race(read);
      if (result === false) this.#stopped = true;
      return result;
    } catch (error) {
      throw new ProgramError(
        `cannot read ${inputName(this.#name)}: ${
          osReason(error instanceof InputError ? error.cause : error)
        }`,
      );
    }
  }

  #refusal(why: Parameters<typeof notTextReason>[0]): ProgramError {
    const { message, code } = notTextReason(why, inputName(this.#name), {
      program: this.#program,
    });
    return new ProgramError(message, EXIT[code]);
  }
}

/**
 * A file read in step where it can be (Deno's files can): an asynchronous
 * read waits on another thread for each chunk, which a loaded machine
 * makes slow, and nothing else runs meanwhile.
 */
function inStep(file: Source & { close(): void }): Source & { close(): void } {
  const readSync = (file as { readSync?(buffer: Uint8Array): number | null })
    .readSync;
  if (readSync === undefined) return file;
  return {
    read: (buffer) => Promise.resolve(readSync.call(file, buffer)),
    isTerminal: () => file.isTerminal?.() === true,
    close: () => file.close(),
  };
}

/** `source` with its bytes counted by `meter`, still closable. */
function countedClosable(
  meter: StreamMeter,
  source: Source & { close?(): void },
): Source & { close?(): void } {
  return Object.assign(meter.counted(source), {
    close: () => source.close?.(),
  });
}

/** A sink whose failures are an {@linkcode OutputError} (a closed pipe aside). */
function guarded(sink: Sink): Sink {
  return {
    writeSync(data: Uint8Array): number {
      try {
        return sink.writeSync(data);
      } catch (error) {
        if (
          error instanceof Deno.errors.BrokenPipe ||
          error instanceof OutputError
        ) throw error;
        throw new OutputError(error);
      }
    },
    isTerminal: () => sink.isTerminal?.() === true,
  };
}

const NEWLINE = new Uint8Array([10]);

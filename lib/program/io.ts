// What a program of this package (the command, the service) needs from its
// surroundings and writes diagnostics with: streams as interfaces, so tests
// and embedders pass their own, and the one way to write text to them. It
// sits below both programs; the command's buffered output and line reader
// stay in lib/cli.

import { osReason } from "./messages.ts";

/** A sink the command writes to; `Deno.stdout` is one. */
export interface Sink {
  /** Writes some of `data` and says how many bytes it wrote. */
  writeSync(data: Uint8Array): number;
  /** Whether it is a terminal (people are reading). */
  isTerminal?(): boolean;
}

/** A source of bytes; `Deno.stdin` and an opened file are ones. */
export interface Source {
  /** Reads into `buffer`; the number of bytes read, `null` at the end. */
  read(buffer: Uint8Array): Promise<number | null>;
  /** Whether it is a terminal (someone is typing). */
  isTerminal?(): boolean;
}

/** What the command needs from its surroundings; `Deno` itself is one. */
export interface CliIo {
  /**
   * The subcommand being run (`tree`, `book make`), whose name its
   * diagnostics carry (`fen: tree: ...`); absent for the command itself.
   * The frame (frame.ts) sets it.
   */
  readonly program?: string;
  /** Standard input, read in chunks. */
  stdin: Source;
  /** Standard output. */
  stdout: Sink;
  /** Standard error, for diagnostics. */
  stderr: Sink;
  /** Writes a file (`--out-dir`). */
  writeFileSync(path: string, data: Uint8Array): void;
  /**
   * Removes a file (a temporary `.part` file whose write failed). Without
   * it, such a file is left behind.
   */
  removeSync?(path: string): void;
  /** Renames a file (`--out-dir` writes to a temporary name first). */
  renameSync(from: string, to: string): void;
  /** Makes a folder and its parents (`--out-dir`). */
  mkdirSync(path: string, options: { recursive: boolean }): void;
  /** Opens a file for reading (`--input`). */
  open(
    path: string,
    options: { read: true },
  ): Promise<Source & { close(): void }>;
  /**
   * Tells a file's kind: whether an operand names a file (PGN reads it;
   * FEN says how to). Without it, no operand is taken for a file. Its
   * size, when given, is the progress line's 100%.
   */
  statSync?(path: string): { isFile: boolean; size?: number };
  /** Asks for a permission (`--out-dir`, `--input`). */
  permissions: {
    requestSync(
      descriptor: { name: "read" | "write"; path: string },
    ): { state: string };
    /**
     * Tells a permission's state without asking (a look that must never
     * prompt). Without it, no permission is taken as granted to look.
     */
    querySync?(
      descriptor: { name: "read" | "write"; path: string },
    ): { state: string };
  };
  /** Signals: SIGINT and SIGTERM stop a stream cleanly when available. */
  addSignalListener?(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  /** Stops listening for a signal. */
  removeSignalListener?(
    signal: "SIGINT" | "SIGTERM",
    handler: () => void,
  ): void;
}

const encoder = new TextEncoder();

/**
 * Writes all of `data`, however many calls it takes. What the sink throws
 * is an {@linkcode OutputError}, except a closed pipe (the reader went
 * away), which stays `Deno.errors.BrokenPipe`.
 */
export function writeAll(sink: Sink, data: Uint8Array): void {
  let offset = 0;
  try {
    while (offset < data.length) {
      offset += sink.writeSync(data.subarray(offset));
    }
  } catch (error) {
    // A framed program's sink (frame.ts) has worded its failure already.
    if (
      error instanceof Deno.errors.BrokenPipe || error instanceof OutputError
    ) throw error;
    throw new OutputError(error);
  }
}

/**
 * Whether `path` names a file, as far as the run may look (no permission
 * to read it, or no such file, is "no": nothing is asked or thrown). Only a
 * read permission already granted counts: at a terminal, Deno would stop
 * the run to ask for any other, for an operand that is most often a FEN.
 */
export function isFile(io: CliIo, path: string): boolean {
  if (io.statSync === undefined || path === "" || /[\s\u00a0]/.test(path)) {
    return false;
  }
  const query = io.permissions.querySync;
  if (query?.call(io.permissions, { name: "read", path }).state !== "granted") {
    return false;
  }
  try {
    return io.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * A failure to write output (stdout, stderr), told apart by where it arose;
 * its message is the failure in plain words ({@linkcode osReason}).
 */
export class OutputError extends Error {
  /**
   * Wraps what the write threw.
   *
   * @param cause The error of the write.
   */
  constructor(cause: unknown) {
    super(osReason(cause), { cause });
    this.name = "OutputError";
  }
}

/** How a diagnostic of the program `io` runs starts: `fen: ` or `fen: tree: `. */
export function programPrefix(io: Pick<CliIo, "program">): string {
  return io.program === undefined ? "fen: " : `fen: ${io.program}: `;
}

/** Writes `text` to `sink` at once, unbuffered (diagnostics). */
export function writeText(sink: Sink, text: string): void {
  writeAll(sink, encoder.encode(text));
}

/**
 * A failure to read input, told apart from a failure to write output; its
 * message is the failure in plain words ({@linkcode osReason}).
 */
export class InputError extends Error {
  /** The input's name in messages (an `--input` file), or "" for stdin. */
  readonly source: string;

  /**
   * Wraps what the read threw.
   *
   * @param cause The error of the read.
   * @param source The input's name in messages, "" for stdin.
   */
  constructor(cause: unknown, source = "") {
    super(osReason(cause), { cause });
    this.name = "InputError";
    this.source = source;
  }
}

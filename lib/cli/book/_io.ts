// The book subcommands' inputs and outputs: PGN inputs read in chunks,
// book files opened for random access, bytes and text written whole.

import type { CliIo, Sink, Source } from "../_io.ts";
import { EXIT } from "../exit.ts";
import { UsageError } from "../options.ts";
import { PgnMoveError, PgnSyntaxError } from "../../pgn/errors.ts";
import { escapeText } from "../../_quote.ts";
import { PolyglotBook } from "../../book/probe.ts";

/** An input that cannot be read, or a book file that is not one. */
export class BookInputError extends Error {
  readonly exit: number;
  constructor(message: string, exit: number = EXIT.ioError) {
    super(message);
    this.name = "BookInputError";
    this.exit = exit;
  }
}

/** A book is bytes: not for a terminal. */
export function refuseTerminal(stdout: Sink): void {
  if (stdout.isTerminal?.() === true) {
    throw new UsageError(
      "the book is binary: send standard output to a file (> book.bin)",
    );
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
): Promise<void> {
  const names = operands.length === 0 ? ["-"] : operands;
  const chunk = new Uint8Array(1 << 16);
  for (const [index, name] of names.entries()) {
    if (index > 0) push(NEWLINE);
    let source: Source & { close?(): void };
    try {
      source = name === "-" ? io.stdin : await io.open(name, { read: true });
    } catch (error) {
      throw new BookInputError(
        `cannot open ${JSON.stringify(escapeText(name))}: ${
          error instanceof Error ? error.message : error
        }`,
      );
    }
    try {
      for (let n: number | null; (n = await source.read(chunk)) !== null;) {
        push(chunk.subarray(0, n));
      }
    } catch (error) {
      if (error instanceof PgnMoveError || error instanceof PgnSyntaxError) {
        throw error;
      }
      throw new BookInputError(
        `cannot read ${JSON.stringify(escapeText(name))}: ${
          error instanceof Error ? error.message : error
        }`,
      );
    } finally {
      if (name !== "-") source.close?.();
    }
  }
}

const NEWLINE = new Uint8Array([10]);

/** Writes all of `bytes`. */
export function writeAll(sink: Sink, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) {
    at += sink.writeSync(bytes.subarray(at));
  }
}

/** Writes text. */
export function writeText(sink: Sink, text: string): void {
  writeAll(sink, new TextEncoder().encode(text));
}

const BLOCK = 1 << 16;

/** Opens a book file for random access: binary search reads 16 bytes at a time. */
export function openBook(path: string): { book: PolyglotBook; close(): void } {
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true });
  } catch (error) {
    throw new BookInputError(
      `cannot open ${JSON.stringify(escapeText(path))}: ${
        error instanceof Error ? error.message : error
      }`,
    );
  }
  const size = file.statSync().size;
  const block = new Uint8Array(BLOCK);
  let blockStart = 0, blockEnd = 0;
  try {
    const book = new PolyglotBook({
      size,
      // Through a block of 64 KiB: merge and dump read in order, probes
      // by binary search.
      readAt(offset, buffer) {
        if (offset < blockStart || offset + buffer.length > blockEnd) {
          blockStart = offset - (offset % BLOCK);
          file.seekSync(blockStart, Deno.SeekMode.Start);
          let got = 0;
          while (got < Math.min(BLOCK, size - blockStart)) {
            const n = file.readSync(block.subarray(got));
            if (n === null) break;
            got += n;
          }
          blockEnd = blockStart + got;
          if (offset + buffer.length > blockEnd) {
            throw new BookInputError(
              `${JSON.stringify(escapeText(path))} ends early`,
            );
          }
        }
        buffer.set(
          block.subarray(
            offset - blockStart,
            offset - blockStart + buffer.length,
          ),
        );
      },
    });
    return { book, close: () => file.close() };
  } catch (error) {
    file.close();
    if (error instanceof RangeError) {
      throw new BookInputError(
        `${
          JSON.stringify(escapeText(path))
        } is not a Polyglot book: ${size} bytes is not a whole number of 16-byte entries`,
        EXIT.usage,
      );
    }
    throw error;
  }
}

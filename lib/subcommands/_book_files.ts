// The book subcommands' files: a book opened for random access, and
// standard output refused when it is a terminal.

import type { Sink } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { SubcommandError } from "./args.ts";
import { escapeText } from "../_quote.ts";
import { osReason } from "../program/messages.ts";
import { BookFormatError, PolyglotBook } from "../book/probe.ts";

/** Reads up to `length` bytes into `block`; a failed read is said for `path`. */
function readBlock(
  file: Deno.FsFile,
  block: Uint8Array,
  { length, path }: { length: number; path: string },
): number {
  let got = 0;
  try {
    while (got < length) {
      const n = file.readSync(block.subarray(got));
      if (n === null) break;
      got += n;
    }
  } catch (error) {
    // a folder, a device that fails: the frame's words for a read
    throw new SubcommandError(
      `cannot read ${JSON.stringify(escapeText(path))}: ${osReason(error)}`,
    );
  }
  return got;
}

/** A book is bytes: not for a terminal. */
export function refuseTerminal(stdout: Sink): void {
  if (stdout.isTerminal?.() === true) {
    throw new UsageError(
      "the book is binary: send standard output to a file (> book.bin)",
    );
  }
}

const BLOCK = 1 << 16;

/**
 * Opens a book file for random access (binary search reads 16 bytes at a
 * time), after reading it through once to check it is a book: one that is
 * not (text, a size that is not whole entries, entries out of key order)
 * is an error of exit code 2, as invalid input is.
 */
export function openBook(path: string): { book: PolyglotBook; close(): void } {
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true });
  } catch (error) {
    throw new SubcommandError(
      `cannot open ${JSON.stringify(escapeText(path))}: ${osReason(error)}`,
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
          const got = readBlock(file, block, {
            length: Math.min(BLOCK, size - blockStart),
            path,
          });
          blockEnd = blockStart + got;
          if (offset + buffer.length > blockEnd) {
            throw new SubcommandError(
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
    // Read through once: binary search over entries out of order, or
    // over text, would answer wrongly without a word.
    book.verify();
    return { book, close: () => file.close() };
  } catch (error) {
    file.close();
    if (error instanceof BookFormatError) {
      throw new SubcommandError(
        `${JSON.stringify(escapeText(path))} is not a Polyglot book: ${
          escapeText(error.detail)
        }`,
        EXIT.invalidFen,
      );
    }
    throw error;
  }
}

// `fen book merge` and `fen book dump`, as polyglot merge-book and
// dump-book have them.

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { writeAll, writeText } from "./args.ts";
import { type ParsedArgs, valueOf } from "../program/args.ts";
import { openBook, refuseTerminal } from "./_book_files.ts";
import { mergeBooks } from "../book/merge.ts";
import { dumpBook } from "../book/dump.ts";

/** Runs `fen book merge a.bin b.bin`. */
export function mergeCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.operands.length !== 2) {
    throw new UsageError("two book files are needed");
  }
  refuseTerminal(io.stdout);
  const first = openBook(args.operands[0]);
  try {
    const second = openBook(args.operands[1]);
    try {
      const saturated = mergeBooks(
        first.book,
        second.book,
        (bytes) => writeAll(io.stdout, bytes),
      );
      if (saturated > 0) {
        writeText(
          io.stderr,
          `fen: book merge: ${saturated} summed weight${
            saturated === 1 ? "" : "s"
          } passed 65,535 and ${
            saturated === 1 ? "was" : "were"
          } kept at 65,535 (polyglot merge-book wraps them)\n`,
        );
      }
    } finally {
      second.close();
    }
  } finally {
    first.close();
  }
  return Promise.resolve(EXIT.ok);
}

/** Runs `fen book dump book.bin --color white|black`. */
export function dumpCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.operands.length !== 1) {
    throw new UsageError("one book file is needed");
  }
  const color = valueOf(args, "color");
  if (color === undefined) {
    throw new UsageError("--color white or black is needed");
  }
  const { book, close } = openBook(args.operands[0]);
  try {
    dumpBook(book, {
      color: color as "white" | "black",
      name: args.operands[0],
      write: (text) => writeText(io.stdout, text),
    });
  } finally {
    close();
  }
  return Promise.resolve(EXIT.ok);
}

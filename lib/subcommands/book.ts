/**
 * `fen book`: Polyglot opening books made from games (`make`), probed for
 * positions (`probe`), merged (`merge`) and dumped as lines (`dump`).
 * Loaded only by `fen book`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UnkeyedVariantError } from "../data/polyglot/rules.ts";
import type { ParsedArgs, ProgramSpec } from "../program/args.ts";
import { progressOf, SubcommandError, writeAll, writeText } from "./args.ts";
import { PgnMoveError, PgnSyntaxError } from "../pgn/errors.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import { lowered } from "../program/messages.ts";
import { BookMaker } from "../book/make.ts";
import { BOOK_SPECS, bookMakeOptions, type BookWord } from "./_book_specs.ts";
import { refuseTerminal } from "./_book_files.ts";
import type { Program, ProgramGroup, Subcommand } from "./front_end.ts";

/** The book subcommands' tables (the shell completions are made from them). */
export { BOOK_SPECS } from "./_book_specs.ts";

/**
 * A book subcommand: its table, and its run with the errors of books and
 * games worded.
 */
function bookProgram(
  word: BookWord,
  run: (parsed: ParsedArgs, io: CliIo) => Promise<number>,
): Program {
  const spec = BOOK_SPECS[word];
  return {
    spec,
    run: async (parsed, io) => {
      try {
        return await run(parsed, io);
      } catch (error) {
        return failure(error, spec, io);
      }
    },
  };
}

// The other subcommands' modules (the FEN parser, the book reader) are
// loaded only when called: `make` starts sooner without them.
const BOOK_SUBCOMMANDS: Readonly<Record<BookWord, Subcommand>> = {
  make: {
    about: "a Polyglot opening book made from games",
    load: () => Promise.resolve(bookProgram("make", make)),
  },
  probe: {
    about: "a Polyglot book's moves for each position",
    load: async () =>
      bookProgram("probe", (await import("./_book_probe.ts")).probeCommand),
  },
  merge: {
    about: "two Polyglot books merged into one",
    load: async () =>
      bookProgram("merge", (await import("./_book_merge.ts")).mergeCommand),
  },
  dump: {
    about: "a Polyglot book's lines for one side",
    load: async () =>
      bookProgram("dump", (await import("./_book_merge.ts")).dumpCommand),
  },
};

/** `fen book`'s front end: its subcommands. */
export const BOOK: ProgramGroup = {
  spec: {
    name: "book",
    about:
      "Polyglot opening books: made from games as polyglot make-book makes them,\n" +
      "probed for positions, merged and dumped as polyglot does.",
  },
  subcommands: BOOK_SUBCOMMANDS,
};

/** Words an error of a book subcommand, with the exit code it means. */
function failure(error: unknown, spec: ProgramSpec, io: CliIo): number {
  const prefix = `fen: ${spec.name}: `;
  if (error instanceof SubcommandError) {
    writeText(io.stderr, `${prefix}${error.message}\n`);
    return error.exit;
  }
  if (error instanceof UnkeyedVariantError) {
    writeText(io.stderr, `${prefix}${escapeText(error.message)}\n`);
    return EXIT.usage;
  }
  if (error instanceof PgnMoveError || error instanceof PgnSyntaxError) {
    writeText(
      io.stderr,
      `${prefix}${escapeText(lowered(error.message))}; no book written ` +
        `(polyglot make-book stops at such a game too)\n`,
    );
    return EXIT.invalidFen;
  }
  // A usage error is worded by the runner, as every program's is; output
  // failures, a closed pipe and anything unforeseen are the frame's one line
  // (lib/program/frame.ts).
  throw error;
}

async function make(args: ParsedArgs, io: CliIo): Promise<number> {
  const options = bookMakeOptions(args);
  refuseTerminal(io.stdout);
  const maker = new BookMaker(options);
  await frameOf(io, "book make").read(
    args.operands,
    (bytes) => maker.push(bytes),
    { progress: progressOf(args) },
  );
  maker.finish((bytes) => writeAll(io.stdout, bytes));
  return EXIT.ok;
}

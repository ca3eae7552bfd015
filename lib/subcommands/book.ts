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
import { UsageError } from "../program/usage_error.ts";
import {
  parseSubcommand,
  progressOf,
  type SubcommandArgs,
  SubcommandError,
  subcommandHelp,
  type SubcommandSpec,
  writeAll,
  writeText,
} from "./args.ts";
import { PgnMoveError, PgnSyntaxError } from "../pgn/errors.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import { lowered } from "../program/messages.ts";
import { BookMaker } from "../book/make.ts";
import { BOOK_SPECS, bookMakeOptions } from "./_book_specs.ts";
import { refuseTerminal } from "./_book_files.ts";

/** The book subcommands' tables (the shell completions are made from them). */
export { BOOK_SPECS } from "./_book_specs.ts";

/** What `fen book` answers to, before any subcommand. */
const BOOK_USAGE = "Usage: fen book make|probe|merge|dump [options] ...\n\n" +
  Object.values(BOOK_SPECS).map((spec) =>
    `  fen ${spec.name} ${spec.operands}\n      ${spec.about.split("\n")[0]}`
  ).join("\n") +
  "\n\n'fen book <subcommand> --help' lists its options.\n";

/**
 * Runs `fen book` with `args` (after the word `book`) and returns the exit
 * code.
 *
 * @param args The arguments after `book`.
 * @param io The standard streams and files.
 * @returns The exit code.
 */
export async function book(args: string[], io: CliIo): Promise<number> {
  const name = args[0];
  if (name === undefined || name === "--help" || name === "-h") {
    writeText(name === undefined ? io.stderr : io.stdout, BOOK_USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const spec = BOOK_SPECS[name as keyof typeof BOOK_SPECS];
  if (spec === undefined) {
    writeText(
      io.stderr,
      `fen: book: no subcommand ${
        JSON.stringify(escapeText(name))
      }\n${BOOK_USAGE}`,
    );
    return EXIT.usage;
  }
  let parsed: SubcommandArgs;
  try {
    parsed = parseSubcommand(spec, args.slice(1));
    if (parsed.values.has("help")) {
      writeText(io.stdout, subcommandHelp(spec));
      return EXIT.ok;
    }
    return await run(name, parsed, io);
  } catch (error) {
    return failure(error, spec, io);
  }
}

// The other subcommands' modules (the FEN parser, the book reader) are
// loaded only when called: `make` starts sooner without them.
async function run(
  name: string,
  args: SubcommandArgs,
  io: CliIo,
): Promise<number> {
  switch (name) {
    case "make":
      return await make(args, io);
    case "probe":
      return (await import("./_book_probe.ts")).probeCommand(args, io);
    case "merge":
      return (await import("./_book_merge.ts")).mergeCommand(args, io);
    default:
      return (await import("./_book_merge.ts")).dumpCommand(args, io);
  }
}

/** Words an error of a book subcommand, with the exit code it means. */
function failure(error: unknown, spec: SubcommandSpec, io: CliIo): number {
  const prefix = `fen: ${spec.name}: `;
  if (error instanceof UsageError) {
    writeText(
      io.stderr,
      `${prefix}${error.message}\nUsage: fen ${spec.name} [options] ${spec.operands}\n` +
        `'fen ${spec.name} --help' lists the options.\n`,
    );
    return EXIT.usage;
  }
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
  // Output failures, a closed pipe and anything unforeseen: the frame's
  // one line (lib/program/frame.ts).
  throw error;
}

async function make(args: SubcommandArgs, io: CliIo): Promise<number> {
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

// What a subcommand declares (lib/subcommands/mod.ts lists them): its front
// end, a table and a run, and what the command gives it. Apart from the list,
// so that a front end names these types without importing the list that
// loads it.

import type { CliIo } from "../program/io.ts";
import type { OptionSpec, ParsedArgs, ProgramSpec } from "../program/args.ts";
import type { BlockReader } from "../markdown/options.ts";
import type { FrameUse } from "../program/frame_use.ts";

/** A front end: its table, and its run once the command line is parsed. */
export interface Program {
  /** Its table: options, operands, usage and what it does. */
  readonly spec: ProgramSpec;
  /**
   * Runs with the parsed command line; the exit code. A `UsageError` it
   * throws is worded as the parser's are.
   */
  run(parsed: ParsedArgs, io: CliIo): Promise<number>;
}

/** A front end of subcommands of its own (`fen book make`). */
export interface ProgramGroup {
  /** Its words and what it does. */
  readonly spec: Pick<ProgramSpec, "name" | "about">;
  /** Its subcommands by word, declared as the registry's are. */
  readonly subcommands: Readonly<Record<string, Subcommand>>;
}

/** What the command gives its subcommands (they read nothing of lib/cli). */
export interface CommandParts {
  /** `fen md`'s picture options: the command's own. */
  pictures(): Promise<PictureOptions>;
  /** The command's own table, for `fen completions`. */
  command(): Promise<ProgramSpec>;
}

/** A subcommand: one line about it, and its front end. */
export interface Subcommand {
  /** One line, for `fen --help`, its group's help and the shells. */
  readonly about: string;
  /** Its front end, loaded (with its libraries) when it is called. */
  load(parts: CommandParts): Promise<Program | ProgramGroup>;
}

/**
 * A subcommand of `fen` itself (a row of lib/subcommands/mod.ts): also what
 * it reads and writes, which the frame's tests run it with.
 */
export interface Registered extends Subcommand {
  /** Its input/output, as sample invocations (lib/program/frame_use.ts). */
  readonly frame: FrameUse;
}

/**
 * The picture options `fen md` takes, which the command gives it (its own
 * option table, lib/cli/option_blocks.ts): every block's defaults as rows
 * of `fen md`'s table, and the reader of a block's options.
 */
export interface PictureOptions {
  /** The rows of `fen md`'s table for the picture options. */
  readonly rows: readonly OptionSpec[];
  /**
   * The reader of a block's options, with the command line's picture
   * options (`--flip`, `--size=240`) as every block's defaults.
   *
   * @throws {UsageError} For a bad default.
   */
  reader(argv: readonly string[]): BlockReader;
}

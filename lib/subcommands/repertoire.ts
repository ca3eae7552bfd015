/**
 * `fen repertoire`: an opening repertoire checked against games (`check`),
 * its gaps and rare lines counted in games or a database (`gaps`,
 * `prune`), its size (`stats`). Loaded only by `fen repertoire`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import type { ParsedArgs } from "../program/args.ts";
import { wordedProgram } from "./args.ts";
import { RepertoireError } from "../tree/repertoire.ts";
import { REPERTOIRE_SPECS, type RepertoireWord } from "./_repertoire_specs.ts";
import type { Program, ProgramGroup, Subcommand } from "./front_end.ts";

/** The repertoire subcommands' tables (the shell completions are made from them). */
export { REPERTOIRE_SPECS } from "./_repertoire_specs.ts";

/** A repertoire subcommand: its table, and its run with a repertoire's errors worded. */
function repertoireProgram(
  word: RepertoireWord,
  run: (parsed: ParsedArgs, io: CliIo) => Promise<number>,
): Program {
  return wordedProgram(REPERTOIRE_SPECS[word], {
    run,
    said: (error) =>
      error instanceof RepertoireError
        ? { message: error.message, code: EXIT.invalidFen }
        : null,
  });
}

const REPERTOIRE_SUBCOMMANDS: Readonly<Record<RepertoireWord, Subcommand>> = {
  check: {
    about: "where each game left the repertoire, and a summary",
    load: async () =>
      repertoireProgram(
        "check",
        (await import("./_repertoire_check.ts")).checkCommand,
      ),
  },
  gaps: {
    about: "the opponents' moves, often played, with no answer prepared",
    load: async () =>
      repertoireProgram(
        "gaps",
        (await import("./_repertoire_counts.ts")).gapsCommand,
      ),
  },
  prune: {
    about: "the repertoire without the lines games rarely reach",
    load: async () =>
      repertoireProgram(
        "prune",
        (await import("./_repertoire_counts.ts")).pruneCommand,
      ),
  },
  stats: {
    about: "a repertoire's size, depth, branches and transpositions",
    load: async () =>
      repertoireProgram(
        "stats",
        (await import("./_repertoire_counts.ts")).statsCommand,
      ),
  },
};

/** `fen repertoire`'s front end: its subcommands. */
export const REPERTOIRE: ProgramGroup = {
  spec: {
    name: "repertoire",
    about:
      "Opening repertoires (PGN with variations, a Polyglot book, a tree):\n" +
      "games checked against them, their gaps and rare lines counted in games\n" +
      "or a database, their size.",
  },
  subcommands: REPERTOIRE_SUBCOMMANDS,
};

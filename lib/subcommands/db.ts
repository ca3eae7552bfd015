/**
 * `fen db`: a game database in one SQLite file: games imported from PGN
 * (`import`), the explorer's answers and games chosen (`query`), games
 * written back as PGN (`export`), databases merged (`merge`). Loaded only
 * by `fen db`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import type { ParsedArgs } from "../program/args.ts";
import { wordedProgram } from "./args.ts";
import { DbError } from "../db/database.ts";
import { DB_EXITS } from "./_db_open.ts";
import { DB_SPECS, type DbWord } from "./_db_specs.ts";
import type { Program, ProgramGroup, Subcommand } from "./front_end.ts";

/** The db subcommands' tables (the shell completions are made from them). */
export { DB_SPECS } from "./_db_specs.ts";

/** A db subcommand: its table, and its run with a database's errors worded. */
function dbProgram(
  word: DbWord,
  run: (parsed: ParsedArgs, io: CliIo) => Promise<number>,
): Program {
  return wordedProgram(DB_SPECS[word], {
    run,
    said: (error) =>
      error instanceof DbError
        ? { message: error.message, code: DB_EXITS[error.reason] }
        : null,
  });
}

const DB_SUBCOMMANDS: Readonly<Record<DbWord, Subcommand>> = {
  import: {
    about: "import PGN games into a database, with the explorer index",
    load: async () =>
      dbProgram("import", (await import("./_db_import.ts")).importCommand),
  },
  query: {
    about: "the explorer's answer for a position, or the games chosen",
    load: async () =>
      dbProgram("query", (await import("./_db_query.ts")).queryCommand),
  },
  export: {
    about: "a database's games as PGN",
    load: async () =>
      dbProgram("export", (await import("./_db_query.ts")).exportCommand),
  },
  merge: {
    about: "databases merged into one",
    load: async () =>
      dbProgram("merge", (await import("./_db_import.ts")).mergeCommand),
  },
};

/** `fen db`'s front end: its subcommands. */
export const DB: ProgramGroup = {
  spec: {
    name: "db",
    about:
      "A game database in one SQLite file: games imported from PGN with an\n" +
      "opening explorer index as lichess keeps it, queried by position and by\n" +
      "tags, written back as PGN.",
  },
  subcommands: DB_SUBCOMMANDS,
};

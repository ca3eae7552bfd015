/**
 * `fen db`: a game database in one SQLite file: games imported from PGN
 * (`import`), the explorer's answers and games chosen (`query`), games
 * written back as PGN (`export`), databases merged (`merge`). Loaded only
 * by `fen db`.
 *
 * @module
 */

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import type { ParsedArgs, ProgramSpec } from "../program/args.ts";
import { SubcommandError } from "./args.ts";
import { escapeText } from "../_quote.ts";
import { DbError, type DbErrorReason, GameDatabase } from "../db/database.ts";
import { granted } from "../program/out_files.ts";
import { DB_SPECS, type DbWord } from "./_db_specs.ts";
import type { Program, ProgramGroup, Subcommand } from "./front_end.ts";

/** The db subcommands' tables (the shell completions are made from them). */
export { DB_SPECS } from "./_db_specs.ts";

/** The exit code of each way a database fails. */
export const DB_EXITS: Readonly<Record<DbErrorReason, number>> = {
  missing: EXIT.ioError,
  open: EXIT.ioError,
  locked: EXIT.ioError,
  "read-only": EXIT.ioError,
  "not-database": EXIT.invalidFen,
  schema: EXIT.invalidFen,
};

/**
 * Opens the database `path` for a subcommand: Deno is asked for the
 * access it needs first (read, and write to import), and a refusal is
 * said in one line (exit 4), as for any file.
 *
 * @param io The subcommand's surroundings (its permissions).
 * @param path The database.
 * @param options `write`: to import or merge into it.
 * @returns The database.
 * @throws {SubcommandError} When the access is refused.
 */
export function openDatabase(
  io: CliIo,
  path: string,
  { write }: { write: boolean },
): Promise<GameDatabase> {
  if (path !== ":memory:") {
    const kinds = write ? ["read", "write"] as const : ["read"] as const;
    if (!kinds.every((kind) => granted(io, kind, path))) {
      const shown = escapeText(path, 0, path.length, 80);
      throw new SubcommandError(
        `needs permission to ${kinds.join(" and ")} ${
          JSON.stringify(shown)
        } (run deno with ${
          kinds.map((k) => `--allow-${k}=${shown}`).join(" ")
        })`,
        EXIT.ioError,
      );
    }
  }
  return GameDatabase.open(path, { write });
}

/** A db subcommand: its table, and its run with a database's errors worded. */
function dbProgram(
  word: DbWord,
  run: (parsed: ParsedArgs, io: CliIo) => Promise<number>,
): Program {
  const spec: ProgramSpec = DB_SPECS[word];
  return {
    spec,
    run: async (parsed, io) => {
      try {
        return await run(parsed, io);
      } catch (error) {
        if (error instanceof DbError) {
          throw new SubcommandError(
            escapeText(error.message),
            DB_EXITS[error.reason],
          );
        }
        // The frame words the rest in one line (lib/program/frame.ts).
        throw error;
      }
    },
  };
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

// Opening a database for a db subcommand (and for `fen serve --db`):
// Deno's permission asked first, and each way a database fails given its
// exit code.

import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { SubcommandError } from "./args.ts";
import { escapeText } from "../_quote.ts";
import { type DbErrorReason, GameDatabase } from "../db/database.ts";
import { granted } from "../program/out_files.ts";

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
 * @param options `write`: to import or merge into it; `explorerOnly`:
 * only the explorer's counts are read.
 * @returns The database.
 * @throws {SubcommandError} When the access is refused.
 */
export function openDatabase(
  io: CliIo,
  path: string,
  { write, explorerOnly = false }: { write: boolean; explorerOnly?: boolean },
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
  return GameDatabase.open(path, { write, explorerOnly });
}

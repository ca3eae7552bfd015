// `fen serve`'s front end: its table, and the service started on the port
// and address asked (lib/serve, loaded only then).

import type { CliIo } from "../program/io.ts";
import { UsageError } from "../program/usage_error.ts";
import { escapeText } from "../_quote.ts";
import {
  HELP_OPTION,
  type ParsedArgs,
  type ProgramSpec,
  valueOf,
} from "../program/args.ts";
import type { Program } from "./front_end.ts";
import type { ServedDatabase } from "../serve/mod.ts";
import { SubcommandError } from "./args.ts";

const PORT = "8080";
const HOSTNAME = "127.0.0.1";

/** `fen serve`'s table. */
export const SERVE_SPEC: ProgramSpec = {
  name: "serve",
  operands: "",
  operandKind: "none",
  about:
    "Serves board images, games and checks over HTTP, and a playground at /.\n" +
    "Stops on SIGINT or SIGTERM once the requests in flight are answered.",
  options: [
    {
      name: "port",
      value: "<port>",
      default: PORT,
      help: "the TCP port (0: any free one)",
    },
    {
      name: "hostname",
      value: "<hostname>",
      default: HOSTNAME,
      help: "the address to listen on (0.0.0.0: every interface)",
    },
    {
      name: "db",
      value: "<file>",
      help: "answer /lichess as the lichess opening explorer, from this " +
        "database (fen db import)",
    },
    HELP_OPTION,
  ],
};

/** `fen serve`'s front end. */
export const SERVE: Program = { spec: SERVE_SPEC, run: serve };

async function serve(parsed: ParsedArgs, io: CliIo): Promise<number> {
  if (parsed.operands.length > 0) {
    const [first] = parsed.operands;
    throw new UsageError(
      `takes no operands, not "${escapeText(first, 0, first.length, 40)}"`,
    );
  }
  const port = valueOf(parsed, "port") ?? PORT;
  if (!/^[0-9]{1,5}$/.test(port) || Number(port) > 65535) {
    throw new UsageError(
      `--port "${
        escapeText(port, 0, port.length, 40)
      }" is not a port from 0 to 65535`,
    );
  }
  const hostname = valueOf(parsed, "hostname") ?? HOSTNAME;
  const path = valueOf(parsed, "db");
  const db = path === undefined ? null : await openServed(io, path);
  try {
    // The specifier as scripts/command.ts names the service's bundle.
    const { serve } = await import("../serve/mod.ts");
    const options = { port: Number(port), hostname };
    return await serve(
      db === null ? options : { ...options, database: db.served },
      io,
    );
  } finally {
    db?.close();
  }
}

/**
 * The database `--db` names, opened to read: its explorer, its game count
 * and its games by id (as `fen db query --id ID` writes them).
 */
async function openServed(
  io: CliIo,
  path: string,
): Promise<{ served: ServedDatabase; close(): void }> {
  const { openDatabase, DB_EXITS } = await import("./_db_open.ts");
  const { Explorer } = await import("../db/explorer.ts");
  const { DbError } = await import("../db/database.ts");
  const { selectGames } = await import("../db/select.ts");
  const { gameOfRow } = await import("../db/game_row.ts");
  const { MovesReplay } = await import("../db/moves.ts");
  const { stringifyPgn } = await import("../pgn/stringify.ts");
  try {
    const db = await openDatabase(io, path, { write: false });
    const served: ServedDatabase = {
      explorer: new Explorer(db, {
        openingOf: (await import("../data/openings/mod.ts")).openingOf,
      }),
      gameCount: () => db.gameCount(),
      gamePgn(id) {
        for (const row of selectGames(db, { ids: [id] })) {
          return stringifyPgn(gameOfRow(row, new MovesReplay())) + "\n";
        }
        return null;
      },
    };
    return { served, close: () => db.close() };
  } catch (error) {
    if (!(error instanceof DbError)) throw error;
    throw new SubcommandError(
      escapeText(error.message),
      DB_EXITS[error.reason],
    );
  }
}

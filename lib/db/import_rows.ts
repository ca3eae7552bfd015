/**
 * What `fen db import --jobs`' thread and its writing worker tell each
 * other (lib/db/import_jobs.ts, lib/db/import_worker.ts).
 *
 * @module
 */

import type { DbErrorReason } from "./database.ts";
import type { ParsedGame } from "./game_parser.ts";

/** A message to the worker: the database, games read, the end. */
export type ToWorker =
  | { open: string }
  | { games: ParsedGame[] }
  | { end: true };

/** The worker's answer to each message, in order. */
export type FromWorker =
  | { ready: true }
  | { added: number; duplicates: number }
  | { failed: string; reason: DbErrorReason | null };

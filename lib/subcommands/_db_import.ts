// `fen db import` and `fen db merge`: games into a database, through the
// frame (lib/program/frame.ts) as every program reads its inputs.

import { whyNoWorkers } from "../program/workers.ts";
import type { CliIo } from "../program/io.ts";
import { EXIT } from "../program/exit.ts";
import { UsageError } from "../program/usage_error.ts";
import { type ParsedArgs, valueOf, wholeOption } from "../program/args.ts";
import { progressOf, SubcommandError, writeText } from "./args.ts";
import { escapeText } from "../_quote.ts";
import { frameOf } from "../program/frame.ts";
import { BadRun, notInputMessage } from "../program/bad_input.ts";
import { lowered } from "../program/messages.ts";
import type { GameDatabase } from "../db/database.ts";
import { openDatabase } from "./_db_open.ts";
import {
  DEFAULT_INDEX_PLIES,
  GameImporter,
  type ImportCounts,
  type ImportOptions,
} from "../db/import.ts";
import { ImportJobs, WORKER } from "../db/import_jobs.ts";
import { mergeDatabase } from "../db/merge.ts";

/** The database `--db` names, opened to write. */
function openTarget(parsed: ParsedArgs, io: CliIo): Promise<GameDatabase> {
  const path = valueOf(parsed, "db");
  if (path === undefined) throw new UsageError("--db <file> is needed");
  return openDatabase(io, path, { write: true });
}

/**
 * The plies indexed: the database's own once it has some; `--index-plies`
 * that says otherwise is refused (the index would not add up).
 */
function indexPlies(parsed: ParsedArgs, db: GameDatabase): number {
  const stored = db.meta("index_plies");
  const given = parsed.values.has("index-plies")
    ? wholeOption(parsed, "index-plies", { fallback: 0, min: 0, max: 1024 })
    : null;
  if (stored === null) {
    const plies = given ?? DEFAULT_INDEX_PLIES;
    db.setMeta("index_plies", plies);
    return plies;
  }
  if (given !== null && given !== Number(stored)) {
    throw new UsageError(
      `--index-plies ${given}: the database indexes ${stored} plies`,
    );
  }
  return Number(stored);
}

/** `--shard I/N`, as the command reads it, or null. */
function shardOf(parsed: ParsedArgs): { index: number; count: number } | null {
  const value = valueOf(parsed, "shard");
  if (value === undefined) return null;
  const match = /^([1-9][0-9]{0,5})\/([1-9][0-9]{0,5})$/.exec(value);
  if (match === null || Number(match[1]) > Number(match[2])) {
    throw new UsageError(
      `--shard ${
        JSON.stringify(escapeText(value, 0, value.length, 40))
      } must be I/N with 1 <= I <= N, such as 2/8`,
    );
  }
  return { index: Number(match[1]), count: Number(match[2]) };
}

/** The summary line of an import. */
function summary(path: string, counts: ImportCounts): string {
  const name = JSON.stringify(escapeText(path, 0, path.length, 80));
  return `${name}: ${counts.read} games read, ${counts.added} added, ` +
    `${counts.duplicates} already there (skipped), ${counts.failed} left out\n`;
}

/**
 * Runs `fen db import`.
 *
 * @param parsed Its options and operands.
 * @param io The standard streams and files.
 * @returns The exit code.
 */
export async function importCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const db = await openTarget(parsed, io);
  try {
    const run = new BadRun();
    const leftOut = (what: string): void => {
      if (importer.counts.read > importer.counts.failed) run.good();
      if (run.bad()) {
        throw new SubcommandError(
          notInputMessage({
            items: "games that cannot be read",
            kind: "PGN games",
          }),
          EXIT.invalidFen,
        );
      }
      writeText(io.stderr, `fen: db import: ${what}; left out\n`);
    };
    const shard = shardOf(parsed);
    const importer = importerOf(db, {
      ...(shard === null ? {} : { shard }),
      jobs: jobsOf(parsed),
      io,
      indexPlies: indexPlies(parsed, db),
      annotations: !parsed.values.has("no-annotations"),
      onError: (error) => leftOut(escapeText(lowered(error.message))),
    });
    try {
      await frameOf(io, "db import").read(
        parsed.operands,
        (bytes) => importer.push(bytes),
        { progress: progressOf(parsed) },
      );
      await importer.end();
    } finally {
      importer.close();
    }
    writeText(io.stdout, summary(db.path, importer.counts));
    return importer.counts.failed > 0 ? EXIT.invalidFen : EXIT.ok;
  } finally {
    db.close();
  }
}

/** An import in this thread (`--jobs 1`) or on workers. */
interface Importer {
  readonly counts: ImportCounts;
  push(bytes: Uint8Array): void | Promise<void>;
  end(): void | Promise<void>;
  close(): void;
}

function importerOf(
  db: GameDatabase,
  options: ImportOptions & { jobs: number; io: CliIo },
): Importer {
  // a database in memory is this thread's alone
  const why = options.jobs > 1 && db.path !== ":memory:"
    ? whyNoWorkers(options.io, WORKER)
    : null;
  if (why !== null) {
    writeText(
      options.io.stderr,
      `fen: db import: ${why}: importing on one core\n`,
    );
  } else if (options.jobs > 1 && db.path !== ":memory:") {
    return new ImportJobs(db.path, options);
  }
  const importer = new GameImporter(db, options);
  return {
    get counts() {
      return importer.counts;
    },
    push: (bytes) => importer.push(bytes),
    end: () => importer.end(),
    close: () => {},
  };
}

/** `--jobs N` (0: one per core). */
function jobsOf(parsed: ParsedArgs): number {
  const jobs = wholeOption(parsed, "jobs", { fallback: 1, min: 0, max: 256 });
  return jobs === 0 ? Math.max(1, navigator.hardwareConcurrency) : jobs;
}

/**
 * Runs `fen db merge`.
 *
 * @param parsed Its options and operands.
 * @param io The standard streams and files.
 * @returns The exit code.
 */
export async function mergeCommand(
  parsed: ParsedArgs,
  io: CliIo,
): Promise<number> {
  if (parsed.operands.length === 0) {
    throw new UsageError("give the databases to merge");
  }
  const db = await openTarget(parsed, io);
  try {
    const totals: ImportCounts = {
      read: 0,
      added: 0,
      duplicates: 0,
      failed: 0,
    };
    for (const path of parsed.operands) {
      const source = await openDatabase(io, path, { write: false });
      try {
        const counts = mergeDatabase(db, source);
        totals.read += counts.read;
        totals.added += counts.added;
        totals.duplicates += counts.duplicates;
      } finally {
        source.close();
      }
    }
    writeText(io.stdout, summary(db.path, totals));
    return EXIT.ok;
  } finally {
    db.close();
  }
}

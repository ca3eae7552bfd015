// `--stats=json`: a run's counts as one JSON object, and their sum over the
// parts of a job split with --shard (fen merge). Internal to the command
// and fen merge (not exported by the package). Every count adds up across
// parts; the uniques add up to the whole input's only when the parts were
// split by position key, which the object records.

import type { StatsSummary } from "./position_stats.ts";

/** The part of an input a summary counted (`--shard I/N`, by record or key). */
export interface Shard {
  /** The part, from 1. */
  index: number;
  /** How many parts. */
  count: number;
  /** What split the parts: `record` (place) or `key` (position). */
  by: string;
}

/** The counts of `--stats=json`: a `--stats` summary, what the filters dropped, the part. */
export interface StatsObject extends StatsSummary {
  /** Records `--unique` dropped, if it was given. */
  duplicates?: number;
  /** Records `--only` dropped, if it was given. */
  not_selected?: number;
  /** The part of the input counted (`--shard`), if any. */
  shard?: Shard;
  /** After fen merge: how many summaries were added. */
  parts?: number;
}

/** The summary as one JSON line. */
export function statsJson(
  summary: StatsSummary,
  { duplicates, notSelected, shard }: {
    duplicates: number | null;
    notSelected: number | null;
    shard: Shard | null;
  },
): string {
  const object: StatsObject = { ...summary };
  if (duplicates !== null) object.duplicates = duplicates;
  if (notSelected !== null) object.not_selected = notSelected;
  if (shard !== null) object.shard = shard;
  return `${JSON.stringify(object)}\n`;
}

/** The counts that add up, at the top of the object. */
const COUNTS = [
  "records",
  "invalid",
  "legal",
  "illegal",
  "checks",
  "checkmates",
  "stalemates",
  "duplicates",
  "not_selected",
] as const;

/**
 * Reads one `--stats=json` object (a line of stdout, or of stderr after
 * `fen: stats: `); throws a SyntaxError naming what is missing.
 */
export function parseStats(line: string): StatsObject {
  const text = line.startsWith("fen: stats: ") ? line.slice(12) : line;
  const object = JSON.parse(text);
  if (
    typeof object !== "object" || object === null ||
    typeof object.records !== "number" || typeof object.unique !== "object"
  ) {
    throw new SyntaxError("not a --stats=json summary");
  }
  return object as StatsObject;
}

/**
 * The sum of summaries: each count added, uniques and overflows level by
 * level; `exact` says whether the uniques are the whole input's (every
 * part split by key, of one N, each part once and all of them there).
 */
export function addStats(
  parts: readonly StatsObject[],
): { sum: StatsObject; exact: boolean } {
  const sum = structuredClone(parts[0]);
  delete sum.shard;
  for (const part of parts.slice(1)) {
    for (const name of COUNTS) {
      if (part[name] !== undefined || sum[name] !== undefined) {
        sum[name] = (sum[name] ?? 0) + (part[name] ?? 0);
      }
    }
    for (const table of ["unique", "overflow"] as const) {
      const into = sum[table] as Record<string, number>;
      for (const [level, n] of Object.entries(part[table])) {
        into[level] = (into[level] ?? 0) + n;
      }
    }
  }
  sum.parts = parts.length;
  const shards = parts.map((p) => p.shard);
  const count = shards[0]?.count;
  const indexes = new Set(shards.map((s) => s?.index));
  const exact = parts.length === 1 ||
    (shards.every((s) => s?.by === "key" && s.count === count) &&
      indexes.size === parts.length && parts.length === count);
  return { sum, exact };
}

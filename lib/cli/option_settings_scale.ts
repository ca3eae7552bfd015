// The settings of work at scale: `--jobs`, `--shard` and `--shard-by`,
// checked; what they go with is decided here, once.

import { choice, shown, text } from "./option_settings_diagram.ts";
import type { ParsedArgs } from "./option_table.ts";
import { UsageError } from "../program/usage_error.ts";
import type { SHARD_KEYS } from "./option_table_scale.ts";

/** `--shard I/N`: the part kept, and what decides a record's part. */
export interface Shard {
  /** The part kept, from 1. */
  index: number;
  /** How many parts. */
  count: number;
  /** `record`: by place in the input; `key`: by the position's key. */
  by: typeof SHARD_KEYS[number];
}

/** The scale settings of a command line. */
export interface ScaleSettings {
  /** Worker count: 1 converts in the command's own thread. */
  jobs: number;
  shard: Shard | null;
}

/** The most workers `--jobs` starts. */
export const MAX_JOBS = 256;

/** Reads `--jobs`, `--shard` and `--shard-by`; throws a UsageError. */
export function scaleSettings(
  args: ParsedArgs,
  cores: number = navigator.hardwareConcurrency,
): ScaleSettings {
  const jobs = text(args, "jobs");
  const shard = text(args, "shard");
  if (args.values.has("shard-by") && shard === undefined) {
    throw new UsageError("--shard-by goes with --shard");
  }
  return {
    jobs: jobs === undefined ? 1 : jobsOf(jobs, cores),
    shard: shard === undefined ? null : {
      ...shardOf(shard),
      by: choice<Shard["by"]>(args, "shard-by") ?? "record",
    },
  };
}

function jobsOf(value: string, cores: number): number {
  if (!/^(0|[1-9][0-9]{0,2})$/.test(value) || Number(value) > MAX_JOBS) {
    throw new UsageError(
      `--jobs ${
        shown(value)
      } must be a number of workers from 1 to ${MAX_JOBS}, or 0 for one per core`,
    );
  }
  return value === "0" ? Math.max(1, cores) : Number(value);
}

function shardOf(value: string): { index: number; count: number } {
  const match = /^([1-9][0-9]{0,5})\/([1-9][0-9]{0,5})$/.exec(value);
  if (match === null || Number(match[1]) > Number(match[2])) {
    throw new UsageError(
      `--shard ${shown(value)} must be I/N with 1 <= I <= N, such as 2/8`,
    );
  }
  return { index: Number(match[1]), count: Number(match[2]) };
}

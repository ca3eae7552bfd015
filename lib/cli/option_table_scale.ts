// The options of work at scale (every core, many machines), apart from the
// rest of the option table (lib/cli/options.ts spreads them in, before
// --verbose), as the data options are.

import type { OptionSpec } from "./option_spec.ts";

/** What `--shard-by` splits on. */
export const SHARD_KEYS = ["record", "key"] as const;

/** The options of work at scale, in the order `--help` lists them. */
export const SCALE_OPTIONS = [
  {
    name: "jobs",
    value: "<n>",
    default: "1",
    group: "scale",
    help:
      "convert streams on n worker threads (0: one per core), output as with 1 (speed: docs/scale.md)",
  },
  {
    name: "shard",
    value: "<i/n>",
    group: "scale",
    help: "keep the i-th of n parts of the records (games: of the games)",
  },
  {
    name: "shard-by",
    value: "<what>",
    choices: SHARD_KEYS,
    default: "record",
    group: "scale",
    help: "--shard: by place, or by position key (--unique per part is global)",
  },
] as const satisfies readonly OptionSpec[];

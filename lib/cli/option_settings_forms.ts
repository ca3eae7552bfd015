// `--castling`, `--pockets` and `--checks` choose how FEN writes a field:
// given where no FEN is written, or under rules that have no such field,
// they are refused as `--empty` is, never ignored. A PGN stream keeps them:
// its games' Variant tags choose each game's rules, whatever `--variant`
// says, so any of them may write pockets or counters.

import type { Rules } from "../types.ts";
import { VARIANT_MOVES, variantIndex } from "../chess/variant.ts";
import { UsageError } from "../program/usage_error.ts";
import { outputName } from "./option_settings_data.ts";
import type { ParsedArgs } from "./option_table.ts";

/** One FEN-writing option: what it writes, and the rules that have it. */
interface FormOption {
  readonly name: "castling" | "pockets" | "checks";
  /** The formats that write the field it chooses. */
  readonly formats: readonly string[];
  /** Whether records of these rules have the field. */
  has(rules: Rules): boolean;
  /** Why records of other rules do not. */
  readonly why: (rules: Rules) => string;
}

const FORM_OPTIONS: readonly FormOption[] = [
  {
    name: "castling",
    formats: ["fen", "epd"],
    has: (rules) => VARIANT_MOVES[variantIndex(rules)].castling,
    why: (rules) => `${rules} positions have no castling rights`,
  },
  {
    name: "pockets",
    formats: ["fen", "epd"],
    has: (rules) => rules === "crazyhouse",
    why: () => "only crazyhouse positions have pockets (--variant crazyhouse)",
  },
  {
    name: "checks",
    formats: ["fen"],
    has: (rules) => rules === "threecheck",
    why: () =>
      "only three-check positions have check counters (--variant threecheck)",
  },
];

/**
 * What of the settings the check reads (a shape, not `Settings` itself,
 * which option_settings.ts defines and imports this file for).
 */
export interface FormSettings {
  readonly format: Parameters<typeof outputName>[0]["format"];
  readonly check: boolean;
  readonly data: Parameters<typeof outputName>[0]["data"] & {
    readonly perft: unknown;
    readonly statsOnly: boolean;
  };
  readonly ownForm: boolean;
  readonly rules: Rules;
  readonly from: string;
}

/**
 * Refuses `--castling`, `--pockets` or `--checks` where it would change
 * nothing: with a format that writes no FEN (or `--check`, `--perft`,
 * `--stats`), or, for FEN and EPD records, under rules without the field.
 */
export function checkFenForms(
  settings: FormSettings,
  args: ParsedArgs,
): void {
  const { format, check, data } = settings;
  const writes = !check && data.perft === null && !data.statsOnly;
  for (const option of FORM_OPTIONS) {
    const value = args.values.get(option.name);
    if (value === undefined) continue;
    const shown = `--${option.name} ${value}`;
    if (!writes || !(settings.ownForm || option.formats.includes(format))) {
      const output = outputName({
        format,
        check,
        formatGiven: args.values.has("format"),
        data,
      });
      throw new UsageError(
        `${shown} goes with --format ${
          option.formats.join(" or ")
        }, not ${output}`,
      );
    }
    const rules = settings.rules;
    if (settings.from !== "pgn" && !option.has(rules)) {
      throw new UsageError(`${shown}: ${option.why(rules)}`);
    }
  }
}

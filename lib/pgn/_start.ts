// A game's start from its tags: the variant's start position, or the FEN
// tag's (with or without SetUp "1", as the peers read it), under the rules
// the Variant tag names (read as lichess and python-chess write it).

import { parseFen } from "../fen/mod.ts";
import type { Position, Rules } from "../types.ts";
import { FenSyntaxError } from "../errors.ts";
import {
  type Variant,
  variantNamed,
  variantOf,
  VARIANTS,
} from "../chess/variant_names.ts";

// Each variant's start (the variant table's FEN), read when first needed and
// then shared (frozen: loading a board only reads it).
const starts = new Map<Rules, Readonly<Position>>();

function startPosition(rules: Rules): Position {
  let start = starts.get(rules);
  if (start === undefined) {
    const { start: fen } = VARIANTS.find((v) => v.rules === rules)!;
    start = Object.freeze(parseFen(fen, { rules }));
    starts.set(rules, start);
  }
  return start as Position;
}

/** The standard start, from the variant table; loading a board only reads it. */
export const START_POSITION: Readonly<Position> = startPosition("chess");

/** Where a game starts, under which rules, and what is wrong. */
export interface Start {
  /** The FEN tag's position, or the variant's start (also when `problem`). */
  start: Position;
  /** The rules the Variant tag names (`"chess"` without one). */
  rules: Rules;
  /** Why the tags give no start this library can play from, or "". */
  problem: string;
}

/**
 * The start the tags give; a game without a Variant tag is played under
 * `rules` (`--variant`).
 */
export function startOf(
  tags: Map<string, string>,
  rules: Rules = "chess",
): Start {
  const tag = tags.get("Variant");
  const variant = tag === undefined ? variantOf(rules) : variantNamed(tag);
  return startUnder(tags, variant, tag ?? "");
}

/** The start under `variant` (undefined when the tag names none). */
function startUnder(
  tags: Map<string, string>,
  variant: Variant | undefined,
  tag: string,
): Start {
  const rules = variant?.rules ?? "chess";
  const start = startPosition(rules);
  if (variant === undefined) {
    return {
      start,
      rules,
      problem: `the variant "${tag}" is not supported`,
    };
  }
  const fen = tags.get("FEN");
  if (fen === undefined) return { start, rules, problem: "" };
  try {
    return {
      start: parseFen(fen.trim(), { rules }),
      rules,
      problem: "",
    };
  } catch (error) {
    if (!(error instanceof FenSyntaxError)) throw error;
    return {
      start,
      rules,
      problem: `the FEN tag: ${
        error.hinted((rules) => `[Variant "${variantOf(rules).name}"]`)
      } at column ${error.column}`,
    };
  }
}

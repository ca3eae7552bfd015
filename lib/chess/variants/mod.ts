/**
 * Every variant's descriptor, in `VARIANT_RULES` order (a
 * board's `variant` index): the one list the move rows, the game ends, the
 * insufficient-material rules and the names are built from. A new variant
 * is a file here, a line below and its name in `Rules`.
 *
 * @module
 */

import type { Rules } from "../../types.ts";
import type { VariantDescriptor } from "./descriptor.ts";
import { ANTICHESS } from "./antichess.ts";
import { ATOMIC } from "./atomic.ts";
import { CHESS } from "./chess.ts";
import { CHESS960 } from "./chess960.ts";
import { CRAZYHOUSE } from "./crazyhouse.ts";
import { HORDE } from "./horde.ts";
import { KINGOFTHEHILL } from "./kingofthehill.ts";
import { RACINGKINGS } from "./racingkings.ts";
import { THREECHECK } from "./threecheck.ts";

/** The descriptors, standard chess first, in `VARIANT_RULES` order. */
export const DESCRIPTORS: readonly VariantDescriptor[] = Object.freeze([
  CHESS,
  CHESS960,
  CRAZYHOUSE,
  THREECHECK,
  KINGOFTHEHILL,
  ATOMIC,
  ANTICHESS,
  HORDE,
  RACINGKINGS,
]);

/**
 * The descriptors by rules: looked up for every position keyed (an
 * import's keys asked 1.3 million times for 100,000 games, where a search
 * of the list took 123 ms).
 */
const BY_RULES: ReadonlyMap<Rules, VariantDescriptor> = new Map(
  DESCRIPTORS.map((d) => [d.rules, d]),
);

/**
 * The descriptor of `rules`.
 *
 * @throws {TypeError} If `rules` is not a rules value.
 */
export function descriptorOf(rules: Rules): VariantDescriptor {
  const found = BY_RULES.get(rules);
  if (found === undefined) {
    throw new TypeError(
      `No rules ${JSON.stringify(String(rules)).slice(0, 40)}`,
    );
  }
  return found;
}

/**
 * The variants by name: each {@linkcode Rules} value with the `Variant` tag
 * lichess writes in PGN, the other names games and people use for it (the
 * aliases python-chess reads), and its starting position. `--variant NAME`
 * and the PGN `Variant` tag are both read here. Each variant's names are
 * written in its descriptor (`variants/`).
 *
 * @module
 */

import { type Rules, VARIANT_RULES } from "../types.ts";
import { DESCRIPTORS } from "./variants/mod.ts";

/** One variant: its rules, names and start. */
export interface Variant {
  /** The rules value. */
  readonly rules: Rules;
  /** Its PGN `Variant` tag as lichess writes it (`"King of the Hill"`). */
  readonly name: string;
  /** Other names read for it, compared without case. */
  readonly aliases: readonly string[];
  /** Its starting position (FEN, in lichess's convention). */
  readonly start: string;
}

/**
 * Every variant, standard chess first, in {@linkcode VARIANT_RULES} order:
 * each variant's descriptor's names and start.
 *
 * @example
 * ```ts
 * import { VARIANTS, VARIANT_RULES } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(VARIANTS.map((v) => v.rules), VARIANT_RULES);
 * assert.equal(VARIANTS[4].name, "King of the Hill");
 * ```
 */
export const VARIANTS: readonly Variant[] = Object.freeze(
  DESCRIPTORS.map((d): Variant => ({
    rules: d.rules,
    name: d.tag,
    aliases: d.aliases,
    start: d.start,
  })),
);

/**
 * The variant a name means: a {@linkcode Rules} value (`"threecheck"`),
 * lichess's `Variant` tag (`"Three-check"`, `"fromPosition"`) or another
 * common name (`"3check"`, `"Fischerandom"`), without regard to case, spaces
 * around it, `-` or `_`; `undefined` for an unknown name.
 *
 * @example
 * ```ts
 * import { variantNamed } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(variantNamed("King of the Hill")?.rules, "kingofthehill");
 * assert.equal(variantNamed("threeCheck")?.rules, "threecheck");
 * assert.equal(variantNamed(" Fischerandom ")?.rules, "chess960");
 * assert.equal(variantNamed("Suicide"), undefined);
 * ```
 *
 * @param name The name.
 * @returns Its variant, or `undefined`.
 */
export function variantNamed(name: string): Variant | undefined {
  const key = squash(name);
  return VARIANTS.find((variant) =>
    squash(variant.rules) === key || squash(variant.name) === key ||
    variant.aliases.some((alias) => squash(alias) === key)
  );
}

/** A name compared without case, outer spaces, or `-`/`_`/inner spaces. */
function squash(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_-]+/g, "");
}

/**
 * The variant of a {@linkcode Rules} value.
 *
 * @example
 * ```ts
 * import { variantOf } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(variantOf("racingkings").name, "Racing Kings");
 * ```
 *
 * @param rules The rules.
 * @returns Its variant.
 * @throws {TypeError} If `rules` is not a rules value.
 */
export function variantOf(rules: Rules): Variant {
  const variant = VARIANTS.find((v) => v.rules === rules);
  if (variant === undefined) {
    throw new TypeError(
      `No rules ${JSON.stringify(String(rules)).slice(0, 40)}`,
    );
  }
  return variant;
}

/**
 * Whether the moves of a rules value are implemented (it is in
 * {@linkcode VARIANT_RULES}): games, `--moves` and perft need them. Every variant's
 * are now; it stays for the code that asks.
 *
 * @example
 * ```ts
 * import { hasMoves } from "@fen/fen";
 * import assert from "node:assert/strict";
 *
 * assert.equal(hasMoves("chess960"), true);
 * assert.equal(hasMoves("crazyhouse"), true);
 * ```
 *
 * @param rules The rules.
 * @returns `true` when its moves are implemented.
 */
export function hasMoves(rules: Rules): boolean {
  return VARIANT_RULES.includes(rules);
}

/**
 * The classes the lichess opening explorer counts games by: the speed of a
 * time control (estimated duration = base + 40 x increment, in seconds,
 * as lichess computes it) and the rating group of the players' average.
 *
 * @module
 */

/** The speeds, in lichess's order; `unknown` for games with no time control. */
export const SPEEDS = [
  "ultraBullet",
  "bullet",
  "blitz",
  "rapid",
  "classical",
  "correspondence",
  "unknown",
] as const;

/** A speed class. */
export type Speed = typeof SPEEDS[number];

/** Each speed's index in {@linkcode SPEEDS}. */
export const SPEED_INDEX: Readonly<Record<Speed, number>> = Object.fromEntries(
  SPEEDS.map((speed, index) => [speed, index]),
) as Record<Speed, number>;

/** The upper bounds (exclusive) of the estimated duration of each speed. */
const SPEED_LIMITS: readonly (readonly [number, Speed])[] = [
  [29, "ultraBullet"],
  [179, "bullet"],
  [479, "blitz"],
  [1499, "rapid"],
];

/**
 * The speed of a `TimeControl` tag as lichess classes it: `-` is
 * correspondence; `base+increment` (seconds) by its estimated duration;
 * anything else (missing, `?`, several periods) `unknown`.
 *
 * @example
 * ```ts
 * import { speedOf } from "./speed.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(speedOf("180+2"), "blitz"); // 180 + 80 s
 * assert.equal(speedOf("15+0"), "ultraBullet");
 * assert.equal(speedOf("-"), "correspondence");
 * assert.equal(speedOf(undefined), "unknown");
 * ```
 *
 * @param timeControl The tag's value, if any.
 * @returns The speed.
 */
export function speedOf(timeControl: string | undefined): Speed {
  if (timeControl === "-") return "correspondence";
  const match = /^([0-9]{1,6})(?:\+([0-9]{1,5}))?$/.exec(timeControl ?? "");
  if (match === null) return "unknown";
  const estimate = Number(match[1]) + 40 * Number(match[2] ?? 0);
  for (const [limit, speed] of SPEED_LIMITS) {
    if (estimate < limit) return speed;
  }
  return "classical";
}

/**
 * The lower bounds of lichess's rating groups (a game's group is that of
 * its players' average rating); games without both ratings are in a group
 * of their own, {@linkcode UNRATED}.
 */
export const RATING_GROUPS: readonly number[] = [
  0,
  1000,
  1200,
  1400,
  1600,
  1800,
  2000,
  2200,
  2500,
];

/** The group of games without both players' ratings. */
export const UNRATED: number = RATING_GROUPS.length;

/** How many groups: the rating groups and the unrated. */
export const GROUP_COUNT: number = RATING_GROUPS.length + 1;

/**
 * The rating group of an average rating, or {@linkcode UNRATED} for `null`.
 *
 * @example
 * ```ts
 * import { groupOf, RATING_GROUPS } from "./speed.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(RATING_GROUPS[groupOf(1999.5)], 1800);
 * assert.equal(RATING_GROUPS[groupOf(2650)], 2500);
 * ```
 *
 * @param average The players' average rating, or `null`.
 * @returns The group's index.
 */
export function groupOf(average: number | null): number {
  if (average === null) return UNRATED;
  let group = 0;
  while (
    group + 1 < RATING_GROUPS.length && average >= RATING_GROUPS[group + 1]
  ) group++;
  return group;
}

/** A game's cell: its speed and rating group as one small number. */
export function cellOf(speed: number, group: number): number {
  return speed * GROUP_COUNT + group;
}

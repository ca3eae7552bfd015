import assert from "node:assert/strict";
import {
  groupOf,
  RATING_GROUPS,
  speedOf,
  UNRATED,
} from "../../../lib/db/speed.ts";

Deno.test("speeds are lichess's: base + 40 x increment against 29, 179, 479 and 1499 s", () => {
  const cases: [string | undefined, string][] = [
    ["0+1", "bullet"], // 40 s
    ["15+0", "ultraBullet"],
    ["28+0", "ultraBullet"],
    ["29+0", "bullet"],
    ["60+0", "bullet"],
    ["120+1", "bullet"], // 160 s
    ["180+0", "blitz"],
    ["180+2", "blitz"],
    ["300+3", "blitz"], // 420 s
    ["480+0", "rapid"],
    ["600+5", "rapid"],
    ["900+10", "rapid"], // 1300 s
    ["1500+0", "classical"],
    ["1800+20", "classical"],
    ["-", "correspondence"],
    ["?", "unknown"],
    [undefined, "unknown"],
    ["40/7200:3600", "unknown"],
  ];
  for (const [tc, speed] of cases) assert.equal(speedOf(tc), speed, tc);
});

Deno.test("rating groups are lichess's, by the players' average; no ratings is a group of its own", () => {
  assert.deepEqual(RATING_GROUPS, [
    0,
    1000,
    1200,
    1400,
    1600,
    1800,
    2000,
    2200,
    2500,
  ]);
  assert.equal(RATING_GROUPS[groupOf(999)], 0);
  assert.equal(RATING_GROUPS[groupOf(1000)], 1000);
  assert.equal(RATING_GROUPS[groupOf(2499.5)], 2200);
  assert.equal(RATING_GROUPS[groupOf(3100)], 2500);
  assert.equal(groupOf(null), UNRATED);
});

// The explorer's key of a position under any rules
// (lib/data/polyglot/variant_key.ts): the Polyglot key for standard chess
// and Chess960, and for a variant one of its own that tells its pockets,
// promoted pieces and remaining checks apart, as lichess's explorer keys
// them.

import assert from "node:assert/strict";
import { parseFen } from "../../../../lib/fen/mod.ts";
import { polyglotKey } from "../../../../lib/data/polyglot/mod.ts";
import { variantKeyHalves } from "../../../../lib/data/polyglot/variant_key.ts";
import { recordViewOf } from "../../../../lib/record_view.ts";
import { variantOf } from "../../../../lib/chess/variant_names.ts";
import { type Rules, VARIANT_RULES } from "../../../../lib/types.ts";
import { DESCRIPTORS } from "../../../../lib/chess/variants/mod.ts";

function key(fen: string, rules: Rules): bigint {
  const out = new Uint32Array(2);
  variantKeyHalves(recordViewOf(parseFen(fen, { rules })), rules, out);
  return BigInt(out[0]) << 32n | BigInt(out[1]);
}

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

Deno.test("standard chess and Chess960 keep the Polyglot key; each variant's start has a key of its own", () => {
  const fen = `${START} w KQkq - 0 1`;
  assert.equal(key(fen, "chess"), polyglotKey(parseFen(fen)));
  assert.equal(key(fen, "chess960"), polyglotKey(parseFen(fen)));
  const starts = VARIANT_RULES.filter((r) => r !== "chess960").map((r) =>
    key(variantOf(r).start, r)
  );
  assert.equal(new Set(starts).size, starts.length);
});

Deno.test("a crazyhouse key tells pockets and promoted pieces apart; a three-check key the checks given", () => {
  const zh = (rest: string) =>
    key(`${START}${rest} w KQkq - 0 1`, "crazyhouse");
  const pockets = ["[]", "[P]", "[p]", "[PP]", "[N]", "[Pp]"].map(zh);
  assert.equal(new Set(pockets).size, pockets.length);
  const queen = "4k3/8/8/8/8/8/8/3QK3";
  assert.notEqual(
    key(`${queen}[] w - - 0 1`, "crazyhouse"),
    key(`${queen.replace("Q", "Q~")}[] w - - 0 1`, "crazyhouse"),
  );
  const checks = ["+0+0", "+1+0", "+0+1", "+2+1"].map((given) =>
    key(`${START} w KQkq - 0 1 ${given}`, "threecheck")
  );
  assert.equal(new Set(checks).size, checks.length);
});

Deno.test("each variant with an index of its own has a slot no other has, and keeps it", () => {
  const slots = DESCRIPTORS.filter((d) => d.keySlot !== undefined)
    .map((d) => [d.rules, d.keySlot]);
  // Stored keys depend on these: a change is a new database format.
  assert.deepEqual(Object.fromEntries(slots), {
    crazyhouse: 0,
    atomic: 1,
    antichess: 2,
    kingofthehill: 3,
    threecheck: 4,
    horde: 5,
    racingkings: 6,
  });
});

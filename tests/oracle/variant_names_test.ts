// The variant table's names as python-chess reads them: its aliases, run
// from its source when present, mean the same variants here.

import assert from "node:assert/strict";
import { variantNamed } from "../../mod.ts";
import { pythonChess } from "../_shared.ts";

Deno.test("python-chess's variant names mean the same variants here", async (t) => {
  const found = await pythonChess();
  if ("skip" in found) {
    console.log(`skipped: ${found.skip}`);
    return;
  }
  const script = `
import json, chess, chess.pgn, chess.variant
names = []
for board in chess.variant.VARIANTS:
    for alias in board.aliases:
        names.append([alias, board.uci_variant])
for alias in ["Chess960", "chess 960", "Fischerandom", "fischerrandom", "Fischer Random"]:
    if chess.pgn.Headers({"Variant": alias}).is_chess960():
        names.append([alias, "chess960"])
print(json.dumps(names))`;
  const { stdout, success } = await new Deno.Command("python3", {
    args: ["-c", script],
    env: { PYTHONPATH: found.path },
  }).output();
  assert.ok(success);
  const names: [string, string][] = JSON.parse(
    new TextDecoder().decode(stdout),
  );
  const ours: Record<string, string | undefined> = {
    chess: "chess",
    chess960: "chess960",
    crazyhouse: "crazyhouse",
    "3check": "threecheck",
    kingofthehill: "kingofthehill",
    atomic: "atomic",
    antichess: "antichess",
    horde: "horde",
    racingkings: "racingkings",
    suicide: undefined,
    giveaway: undefined,
  };
  await t.step(`${names.length} names`, () => {
    for (const [alias, uci] of names) {
      assert.ok(uci in ours, uci);
      assert.equal(variantNamed(alias)?.rules, ours[uci], alias);
    }
  });
});

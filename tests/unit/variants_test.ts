// The variant table: names as lichess writes the PGN Variant tag and as
// python-chess reads it (its aliases, run from its source when present).

import assert from "node:assert/strict";
import {
  hasMoves,
  parseFen,
  RULES,
  VARIANT_RULES,
  variantNamed,
  variantOf,
  VARIANTS,
} from "../../mod.ts";
import { pythonChess } from "../_shared.ts";

Deno.test("variantNamed() reads lichess's Variant tags and the rules names", () => {
  const lichess: [string, string][] = [
    ["Standard", "chess"],
    ["From Position", "chess"],
    ["fromPosition", "chess"],
    ["Chess960", "chess960"],
    ["Crazyhouse", "crazyhouse"],
    ["Three-check", "threecheck"],
    ["threeCheck", "threecheck"],
    ["King of the Hill", "kingofthehill"],
    ["kingOfTheHill", "kingofthehill"],
    ["Atomic", "atomic"],
    ["Antichess", "antichess"],
    ["Horde", "horde"],
    ["Racing Kings", "racingkings"],
    ["racingKings", "racingkings"],
  ];
  for (const [tag, rules] of lichess) {
    assert.equal(variantNamed(tag)?.rules, rules, tag);
  }
  for (const rules of VARIANT_RULES) {
    assert.equal(variantNamed(rules)?.rules, rules);
    assert.equal(variantOf(rules).rules, rules);
  }
  // Suicide and giveaway are other rules (stalemate, castling): not these.
  for (const name of ["Suicide", "Giveaway", "Shogi", ""]) {
    assert.equal(variantNamed(name), undefined, name);
  }
  assert.deepEqual(VARIANTS.map((v) => v.rules), VARIANT_RULES);
  assert.ok(RULES.every((rules) => VARIANT_RULES.includes(rules)));
  assert.deepEqual(RULES, VARIANT_RULES);
  assert.ok(VARIANT_RULES.every(hasMoves));
  assert.throws(() => variantOf("shogi" as never), TypeError);
});

Deno.test("each variant's start is read under its rules", () => {
  for (const variant of VARIANTS) {
    const position = parseFen(variant.start, { rules: variant.rules });
    const pieces = position.board.filter((p) => p !== null).length;
    assert.equal(
      pieces,
      variant.rules === "horde"
        ? 52
        : variant.rules === "racingkings"
        ? 16
        : 32,
      variant.rules,
    );
  }
});

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

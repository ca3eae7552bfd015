// The variant table: names as lichess writes the PGN Variant tag (python-chess's
// reading of them is tests/oracle/variant_names_test.ts).

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

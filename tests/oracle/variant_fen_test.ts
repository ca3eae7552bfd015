// Variant FEN against python-chess: every position of random crazyhouse,
// three-check, king of the hill, atomic, antichess, horde and racing kings
// games (and python-chess's variant perft positions) is read under its
// rules and written back in python-chess's convention (pockets in brackets,
// promoted pieces `Q~`, remaining checks `3+3` before the clocks) to the
// same text; then through lichess's convention (`+0+0` after the clocks)
// and the ninth-rank pockets back to the same position.

import assert from "node:assert/strict";
import { parseFen, stringifyFen } from "../../mod.ts";
import { judgedPositions } from "./_variant_positions.ts";

Deno.test("variant FEN: python-chess's positions read and written back the same, in both conventions", async () => {
  const positions = await judgedPositions(20);
  if ("skip" in positions) {
    console.log(`skipped: ${positions.skip}`);
    return;
  }
  const counts = new Map<string, number>();
  for (const { variant: rules, fen, written } of positions) {
    const position = parseFen(fen, { rules });
    if (fen !== written && position.castling.length > 0) continue; // cleaned
    assert.equal(stringifyFen(position, { checks: "remaining" }), written, fen);
    const lichess = stringifyFen(position);
    assert.deepEqual(parseFen(lichess, { rules }), position, lichess);
    const ninth = stringifyFen(position, { pockets: "rank" });
    assert.deepEqual(parseFen(ninth, { rules }), position, ninth);
    counts.set(rules, (counts.get(rules) ?? 0) + 1);
  }
  console.log([...counts].map(([rules, n]) => `${rules}: ${n}`).join(", "));
  assert.ok(counts.size === 7);
});

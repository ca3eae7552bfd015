import assert from "node:assert/strict";
import {
  FILES,
  PIECES,
  pieceSide,
  RANKS,
  type Square,
  squareIndex,
  squareName,
} from "../../mod.ts";

Deno.test("squareIndex() and squareName() are inverse over the 64 squares", () => {
  for (let index = 0; index < 64; index++) {
    assert.equal(squareIndex(squareName(index)), index);
  }
  const names = FILES.flatMap((f) => RANKS.map((r) => `${f}${r}` as Square));
  assert.equal(new Set(names.map(squareIndex)).size, 64);
  assert.equal(squareIndex("h1"), 63);
  assert.equal(squareName(7), "h8");
});

Deno.test("squareIndex() and squareName() refuse what is not a square", () => {
  for (const bad of ["i1", "a0", "a9", "A1", "a", "a10", ""]) {
    assert.throws(() => squareIndex(bad as Square), RangeError, bad);
  }
  for (const bad of [-1, 64, 1.5, NaN]) {
    assert.throws(() => squareName(bad), RangeError, String(bad));
  }
});

Deno.test("pieceSide() tells White's upper case from Black's lower case", () => {
  assert.deepEqual(PIECES.map(pieceSide), [..."wwwwwwbbbbbb"]);
});

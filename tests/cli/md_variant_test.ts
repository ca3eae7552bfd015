// `fen md`'s `variant` block option, through the real program: a variant's
// FEN and games drawn with their pockets and counters, a variant record
// without it refused in the block's own words.

import assert from "node:assert/strict";
import { runFen } from "./_harness.ts";

const T = "`".repeat(3);
const HOUSE = "r3k3/8/8/8/8/8/8/4K3[QRbpp] w - - 0 1";

Deno.test("fen md: variant= reads a block's FEN and game by that variant's rules, pockets and counters drawn", async () => {
  const doc = [
    `${T}fen variant=crazyhouse size=200`,
    HOUSE,
    T,
    "",
    `${T}{.fen variant="Three-check" size=200}`,
    "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *",
    T,
    "",
  ].join("\n");
  const run = await runFen(["md", "-"], { stdin: doc });
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  const svgs = run.stdout.match(/<svg[^>]*>/g) ?? [];
  // Both pictures grow by the two rows of pockets or counters (a quarter each).
  assert.deepEqual(svgs.map((s) => /height="(\d+)"/.exec(s)?.[1]), [
    "250",
    "250",
  ]);
  assert.match(run.stdout, /pocket-w/);
  assert.match(
    run.stdout,
    /White has given 1 check\. Black has given 0 checks/,
  );
});

Deno.test("fen md: a variant record without variant= is refused with the block option that reads it; an unknown variant by name", async () => {
  const doc = [
    `${T}fen`,
    HOUSE,
    T,
    "",
    `${T}fen variant=suicide`,
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    T,
    "",
  ].join("\n");
  const run = await runFen(["md", "-"], { stdin: doc });
  assert.deepEqual([run.code, run.stdout], [1, doc]);
  assert.equal(
    run.stderr,
    `fen: md: <stdin>:2:21: cannot parse FEN: "[" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 (crazyhouse's pockets and promoted pieces are read under its rules: variant=crazyhouse)\n` +
      `fen: md: <stdin>:5:8: variant "suicide" is not a variant: chess, chess960, crazyhouse, threecheck, kingofthehill, atomic, antichess, horde, racingkings\n`,
  );
});

Deno.test("fen md --pandoc: a CodeBlock's variant attribute reads it by that variant's rules", async () => {
  const block = (attrs: [string, string][]) => ({
    t: "CodeBlock",
    c: [["", ["fen"], attrs], HOUSE],
  });
  const input = JSON.stringify({
    "pandoc-api-version": [1, 22, 2, 1],
    meta: {},
    blocks: [block([["variant", "crazyhouse"]]), block([])],
  });
  const run = await runFen(["md", "--pandoc", "html"], { stdin: input });
  assert.equal(run.code, 2);
  assert.equal(
    run.stderr,
    `fen: md: fen block 2: cannot parse FEN: "[" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 (crazyhouse's pockets and promoted pieces are read under its rules: variant=crazyhouse) (line 1, column 21)\n`,
  );
  const out = JSON.parse(run.stdout);
  assert.equal(out.blocks[0].t, "RawBlock");
  assert.match(out.blocks[0].c[1], /White in hand: 1 rook, 1 queen\./);
  assert.equal(out.blocks[1].t, "CodeBlock");
});

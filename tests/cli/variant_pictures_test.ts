// Pictures of variant positions through the real program: crazyhouse's
// pockets in the diagram, the hill on request.

import assert from "node:assert/strict";
import { spawnFen } from "./_harness.ts";

const HOUSE = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Qp] w KQkq - 0 1";

Deno.test("fen --variant crazyhouse --format svg draws both pockets with their counts", async () => {
  const run = await spawnFen([
    "--variant",
    "crazyhouse",
    "--format",
    "svg",
    HOUSE,
  ]);
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  assert.match(run.stdout, /height="488" viewBox="-1 -1.99 9 10.98"/);
  const white = run.stdout.slice(run.stdout.indexOf('<g class="fen-pocket-w"'));
  assert.match(white, /<text class="piece" x="4" y="0">&#9813;<\/text>/);
  assert.match(white, />1<\/text>/);
  assert.match(
    run.stdout,
    /<g class="fen-pocket-b"[^>]*>\n<text class="piece" x="0" y="0">&#9823;/,
  );
});

Deno.test("fen --mark-hill tints d4 e4 d5 e5", async () => {
  const run = await spawnFen([
    "--mark-hill",
    "--highlight-color",
    "red",
    "8/8/8/8/8/8/8/4K2k",
  ]);
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  assert.ok(run.stdout.includes(
    '<path d="M2.5 2.5h1v1h-1zM3.5 2.5h1v1h-1zM2.5 3.5h1v1h-1zM3.5 3.5h1v1h-1z" fill="red"/>',
  ));
});

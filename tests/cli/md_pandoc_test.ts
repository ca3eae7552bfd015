// `fen md --pandoc`, the Pandoc JSON filter, in-process and as a process:
// Pandoc's JSON in, the fen CodeBlocks replaced, every other node as it was.

import assert from "node:assert/strict";
import { runMain, spawnFen } from "./_harness.ts";

const KINGS = "8/8/8/8/8/8/8/K6k w - - 0 1";

/** A Pandoc document: a fen block in a block quote, one with attributes, one bad, a js block. */
function document(): unknown {
  const code = (attr: unknown, text: string) => ({
    t: "CodeBlock",
    c: [attr, text],
  });
  return {
    "pandoc-api-version": [1, 22, 2, 1],
    meta: {},
    blocks: [
      { t: "Header", c: [1, ["t", [], []], [{ t: "Str", c: "T" }]] },
      { t: "BlockQuote", c: [code(["", ["fen"], []], KINGS)] },
      code(
        ["b", ["fen", "flip"], [["ply", "1"], ["size", "240"]]],
        "1. e4 e5 *",
      ),
      code(["", ["fen"], []], "8/8/8/8/8/8/8/K6x w"),
      code(["", ["js"], [["ply", "1"]]], "let x;"),
    ],
  };
}

Deno.test("fen md --pandoc turns fen CodeBlocks into raw HTML with inline SVG, leaves the rest, reports the bad block", async () => {
  const input = JSON.stringify(document());
  const run = await runMain(["md", "--pandoc", "html"], { stdin: input });
  assert.equal(run.code, 2);
  assert.equal(
    run.stderr,
    'fen: md: fen block 3: cannot parse FEN: "x" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 (line 1, column 17)\n',
  );
  const out = JSON.parse(run.stdout);
  const expected = document() as { blocks: unknown[] };
  assert.deepEqual(out.blocks[0], expected.blocks[0]);
  assert.deepEqual(out.blocks[3], expected.blocks[3]); // the bad block, as it was
  assert.deepEqual(out.blocks[4], expected.blocks[4]);
  const quoted = out.blocks[1].c[0];
  assert.equal(quoted.t, "RawBlock");
  assert.equal(quoted.c[0], "html");
  assert.match(
    quoted.c[1],
    /^<div class="fen-diagram">\n<svg [^]*<\/svg>\n<\/div>$/,
  );
  const [format, html] = out.blocks[2].c;
  assert.equal(format, "html");
  assert.match(html, /^<div class="fen-diagram" id="b">/);
  assert.match(html, /width="240"/);
  assert.match(html, /Last move e2 to e4\..*<\/desc>/);
  assert.match(html, /seen from Black/);
});

Deno.test("fen md --pandoc: a target without HTML needs --out-dir, and gets PNG Images", async () => {
  const input = JSON.stringify(document());
  const refused = await runMain(["md", "--pandoc", "latex"], { stdin: input });
  assert.equal(refused.code, 1);
  assert.match(
    refused.stderr,
    /^fen: md: Pandoc's latex documents cannot hold inline SVG: give --out-dir <dir>/,
  );
  const run = await runMain(["md", "--pandoc", "--out-dir", "img", "latex"], {
    stdin: input,
  });
  assert.equal(run.code, 2);
  const image = JSON.parse(run.stdout).blocks[1].c[0];
  assert.equal(image.t, "Para");
  const [attr, alt, [url]] = image.c[0].c;
  assert.deepEqual(attr, ["", ["fen-diagram"], []]);
  assert.equal(
    alt.filter((i: { t: string }) => i.t === "Str").map((i: { c: string }) =>
      i.c
    ).join(" "),
    `Chess diagram: ${KINGS}`,
  );
  assert.match(url, /^img\/fen-[0-9a-f]{16}\.png$/);
  assert.ok(run.files.has(url));
});

Deno.test("fen md --pandoc as a process: stdout is the JSON, a second operand or bad JSON refused", async () => {
  const ok = await spawnFen(["md", "--pandoc", "html5"], {
    stdin: JSON.stringify({
      "pandoc-api-version": [1, 23],
      meta: {},
      blocks: [],
    }),
  });
  assert.deepEqual(ok, {
    code: 0,
    stdout: '{"pandoc-api-version":[1,23],"meta":{},"blocks":[]}',
    stderr: "",
  });
  const two = await spawnFen(["md", "--pandoc", "html", "x"], { stdin: "{}" });
  assert.equal(two.code, 1);
  assert.match(two.stderr, /--pandoc takes one operand/);
  const bad = await spawnFen(["md", "--pandoc"], { stdin: "# not json" });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^fen: md: --pandoc reads Pandoc's JSON on stdin: /);
});

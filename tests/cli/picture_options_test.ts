// Picture options that do not go together are usage errors naming both
// options, before anything is drawn or read (they were the renderer's
// "cannot render SVG/PNG/GIF" refusals).

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { INITIAL_FEN } from "../../mod.ts";
import { runFen, runMain } from "./_harness.ts";

const CONFLICTS: [string[], string][] = [
  [
    ["--format", "gif", "--coordinates", "outside", "--frame", "thin"],
    "fen: --coordinates outside draws the labels in --frame labels: not --frame thin\n",
  ],
  [
    ["--format", "png", "--coordinates", "outside", "--frame", "none"],
    "fen: --coordinates outside draws the labels in --frame labels: not --frame none\n",
  ],
  [
    ["--style", "vector", "-n", "--frame", "thin"],
    "fen: -n draws the labels in --frame labels: not --frame thin\n",
  ],
  [
    ["--format", "png", "-n", "--frame", "none"],
    "fen: -n draws the labels in --frame labels: not --frame none\n",
  ],
];

Deno.test("coordinates outside with a frame other than labels is a usage error naming both options", async () => {
  for (const [options, stderr] of CONFLICTS) {
    const run = await runMain([...options, INITIAL_FEN], { stdin: "" });
    assert.deepEqual(
      [run.code, run.stdout, run.stderr],
      [EXIT.usage, "", stderr],
      options.join(" "),
    );
  }
  // The labels frame, or none named, draws them.
  for (const frame of [["--frame", "labels"], []]) {
    const run = await runMain(
      ["--format", "svg", "--style", "vector", "-n", ...frame, INITIAL_FEN],
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^<svg/);
  }
});

Deno.test("the command refuses coordinates outside in a thin frame as a usage error", async () => {
  const run = await runFen(
    ["--format", "gif", "--coordinates", "outside", "--frame", "thin", "-"],
    { stdin: `${INITIAL_FEN}\n` },
  );
  assert.deepEqual([run.code, run.stdout, run.stderr], [
    EXIT.usage,
    "",
    "fen: --coordinates outside draws the labels in --frame labels: not --frame thin\n",
  ]);
});

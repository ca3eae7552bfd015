// `fen analyse`'s option table: the settings it gives, and docs/analyse.md
// naming every option the table has (and none it lacks).

import assert from "node:assert/strict";
import {
  ANALYSE_SPEC,
  analyseSettings,
} from "../../../lib/subcommands/analyse.ts";

Deno.test("defaults: lichess's node budget, one job, lichess's judgement", () => {
  const s = analyseSettings(["games.pgn"]);
  assert.deepEqual(s.limit, { nodes: 1_000_000 });
  assert.equal(s.jobs, 1);
  assert.equal(s.multipv, 1);
  assert.equal(s.rules, "lichess");
  assert.deepEqual(s.inputs, ["games.pgn"]);
  assert.equal(s.timeoutMs, 20_000 + 1_000_000 / 20);
});

Deno.test("--input names a file as an operand does, read after the operands", () => {
  const s = analyseSettings(["--input", "b.pgn", "a.pgn", "--input=-"]);
  assert.deepEqual(s.inputs, ["a.pgn", "b.pgn", "-"]);
});

Deno.test("limits, repeatable engine options, jobs 0 as one per core", () => {
  const s = analyseSettings([
    "--depth=12",
    "--engine-option",
    "Threads=1",
    "--engine-option",
    "Hash = 64",
    "--jobs",
    "0",
    "--judgement",
    "cp",
  ]);
  assert.deepEqual(s.limit, { depth: 12 });
  assert.deepEqual(s.engineOptions, [["Threads", "1"], ["Hash", "64"]]);
  assert.equal(s.jobs, navigator.hardwareConcurrency);
  assert.equal(s.rules, "cp");
  assert.throws(() => analyseSettings(["--engine-option", "Threads"]), {
    message: '--engine-option needs NAME=VALUE, not "Threads"',
  });
  assert.throws(() => analyseSettings(["--nodes", "1", "--nodes", "2"]), {
    message: '--nodes was given twice ("1", then "2"): give it once',
  });
  assert.throws(() => analyseSettings(["--format", "png"]), {
    message: '--format "png" must be one of pgn, epd or json',
  });
});

Deno.test("docs/analyse.md's option table is the option table", async () => {
  const doc = await Deno.readTextFile(
    new URL("../../../docs/analyse.md", import.meta.url),
  );
  const rows = [...doc.matchAll(/^\| `--([a-z-]+)/gm)].map((m) => m[1]);
  assert.deepEqual(rows, ANALYSE_SPEC.options.map((o) => o.name));
});

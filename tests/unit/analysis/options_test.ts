// `fen analyse`'s option table: the settings it gives, and docs/analyse.md
// naming every option the table has (and none it lacks).

import assert from "node:assert/strict";
import {
  ANALYSE_OPTIONS,
  analyseSettings,
} from "../../../lib/analysis/_options.ts";

Deno.test("defaults: lichess's node budget, one job, lichess's judgement", () => {
  const s = analyseSettings(["games.pgn"]);
  assert.deepEqual(s.limit, { nodes: 1_000_000 });
  assert.equal(s.jobs, 1);
  assert.equal(s.multipv, 1);
  assert.equal(s.rules, "lichess");
  assert.deepEqual(s.inputs, ["games.pgn"]);
  assert.equal(s.timeoutMs, 20_000 + 1_000_000 / 20);
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
    message: "--nodes was given twice",
  });
  assert.throws(() => analyseSettings(["--format", "png"]), {
    message: '--format must be one of pgn, epd, json, not "png"',
  });
});

Deno.test("docs/analyse.md's option table is the option table", async () => {
  const doc = await Deno.readTextFile(
    new URL("../../../docs/analyse.md", import.meta.url),
  );
  const rows = [...doc.matchAll(/^\| `--([a-z-]+)/gm)].map((m) => m[1]);
  assert.deepEqual(rows, Object.keys(ANALYSE_OPTIONS));
});

// An option of one value is given once: the last of two never wins unseen,
// in the command's argv reader and in the subcommands'.

import assert from "node:assert/strict";
import { runFen, runMain } from "./_harness.ts";

const USAGE = "Usage: fen [-n] [-l <color>] [-d <color>] <FEN-string>\n";
const KINGS = "8/8/8/8/8/8/8/K6k";

Deno.test("an option of one value given twice is a usage error naming it and both values", async () => {
  const cases: [string[], string][] = [
    [
      ["--format", "fen", "--format=epd", KINGS],
      '--format was given twice ("fen", then "epd")',
    ],
    [
      ["--size", "100", "--size=200", KINGS],
      '--size was given twice ("100", then "200")',
    ],
    [
      ["--lastmove", "e2e4", "--last-move=d2d4", KINGS],
      '--last-move was given twice ("e2e4", then "d2d4")',
    ],
    [
      ["--unique", "--unique=epd", "-"],
      '--unique was given twice (with no value, then "epd")',
    ],
    [
      ["--shard", "1/2", "--shard", "2/2", "-"],
      '--shard was given twice ("1/2", then "2/2")',
    ],
  ];
  for (const [args, said] of cases) {
    // Piped too: the classic script's bare usage line would not say why.
    const spawned = await runFen(args, { stdin: "" });
    assert.deepEqual(spawned, {
      code: 1,
      stdout: "",
      stderr: `fen: ${said}: give it once (see fen --help)\n${USAGE}`,
    }, args.join(" "));
    assert.deepEqual(await runMain(args), { ...spawned, files: new Map() });
  }
});

Deno.test("repeatable options, flags and the classic -l and -d may still be given again", async () => {
  const once = await runFen(["--arrow", "e2e4,d2d4", KINGS]);
  assert.equal(once.code, 0);
  assert.deepEqual(
    await runFen(["--arrow", "e2e4", "--arrow", "d2d4", KINGS]),
    once,
  );
  const flag = await runFen(["-n", KINGS]);
  assert.equal(flag.code, 0);
  assert.deepEqual(await runFen(["-nn", "--labels", KINGS]), flag);
  // the classic script's getopts let the last -l win: a drop-in keeps it
  const red = await runFen(["-l", "red", KINGS]);
  assert.equal(red.code, 0);
  assert.deepEqual(await runFen(["-l", "blue", "--light=red", KINGS]), red);
});

Deno.test("a subcommand's option of one value given twice names both values", async () => {
  const tree = await runFen(["tree", "--max-ply", "3", "--max-ply=4"], {
    stdin: "",
  });
  assert.equal(tree.code, 1);
  assert.match(
    tree.stderr,
    /^fen: tree: --max-ply was given twice \("3", then "4"\): give it once\n/,
  );
  const merge = await runFen(
    ["merge", "--min-games", "1", "--min-games", "2", "-"],
    { stdin: "" },
  );
  assert.deepEqual(merge, {
    code: 1,
    stdout: "",
    stderr:
      'fen: merge: --min-games was given twice ("1", then "2"): give it once\n' +
      "Usage: fen merge [options] FILE...\n" +
      "'fen merge --help' lists the options.\n",
  });
  const serve = await runFen(["serve", "--port=1", "--port", "2"]);
  assert.equal(serve.code, 1);
  assert.match(
    serve.stderr,
    /^fen: serve: --port was given twice \("1", then "2"\): give it once\n/,
  );
});

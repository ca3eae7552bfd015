// The oracles' python3 runs are kept by what they read (tests/_python.ts):
// the same inputs give the kept answer without running python3 again; a
// changed input file, a changed stdin or FEN_ORACLE_CACHE=0 runs it.

import assert from "node:assert/strict";
import { holdEnv } from "../_env_lock.ts";
import { runPython } from "../_python.ts";
import { pythonChess } from "../_shared.ts";

const python = await pythonChess();

Deno.test({
  name:
    "an oracle's python3 run is kept by the content of what it reads, and runs again when that changes",
  ignore: "skip" in python,
  async fn() {
    if ("skip" in python) return;
    const dir = await Deno.makeTempDir({ prefix: "fen-oracle-" });
    try {
      // Prints a fresh random number, and the input file's first line.
      const script = `${dir}/oracle.py`;
      await Deno.writeTextFile(
        script,
        "import sys, random\n" +
          "print(random.random(), open(sys.argv[1]).readline().strip(), sys.stdin.read())\n",
      );
      const input = `${dir}/input.txt`;
      await Deno.writeTextFile(input, "first\n");
      // Kept answers asked for, whatever the run was started with (a run
      // with FEN_ORACLE_CACHE=0 tests this too).
      const run = { path: python.path, stdin: "a", cache: true };
      await cacheKeeps({ script, input, dir }, run);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

/** The answers kept and run again, as the header says. */
async function cacheKeeps(
  { script, input, dir }: { script: string; input: string; dir: string },
  run: { path: string; stdin: string; cache: boolean },
): Promise<void> {
  const answer = await runPython([script, input], run);
  assert.match(answer, / first a\n$/);
  assert.equal(await runPython([script, input], run), answer);
  // The same content under another name is the same input.
  const copy = `${dir}/copy.txt`;
  await Deno.copyFile(input, copy);
  assert.equal(await runPython([script, copy], run), answer);
  await Deno.writeTextFile(input, "second\n");
  const changed = await runPython([script, input], run);
  assert.match(changed, / second a\n$/);
  const otherStdin = await runPython([script, input], {
    ...run,
    stdin: "b",
  });
  assert.match(otherStdin, / second b\n$/);
  const release = await holdEnv({ FEN_ORACLE_CACHE: "0" });
  try {
    const { cache: _, ...asSet } = run;
    assert.notEqual(await runPython([script, input], asSet), changed);
  } finally {
    release();
  }
  await assert.rejects(
    runPython([script, `${dir}/missing.txt`], run),
    /No such file/,
  );
}

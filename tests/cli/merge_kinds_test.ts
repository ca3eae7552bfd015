// fen merge puts together one kind of output: given two kinds, it says so
// and merges nothing, rather than merging one and leaving the rest out.

import assert from "node:assert/strict";
import { runFen } from "./_harness.ts";

const RW = ["--allow-read", "--allow-write"];
const GAMES = new URL("../testdata/stockfish_games.pgn", import.meta.url)
  .pathname;
const KINGS = "8/8/8/8/8/8/8/K6k w - - 0 1";

Deno.test("fen merge: files of different kinds are a usage error naming both, and nothing is written", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const write = async (name: string, args: string[], stdin = "") => {
      const run = await runFen(args, { permissions: RW, stdin });
      assert.equal(run.code, 0, run.stderr);
      await Deno.writeTextFile(`${dir}/${name}`, run.stdout);
      return `${dir}/${name}`;
    };
    const stats = await write("stats.json", ["--stats=json", "-"], KINGS);
    const tree = await write("tree.json", ["tree", GAMES]);
    const records = await write(
      "records.json",
      ["--format", "json", "-"],
      KINGS,
    );
    // a part's stdout and stderr in one file: records and a summary
    const both = `${dir}/both.json`;
    await Deno.writeTextFile(
      both,
      (await Deno.readTextFile(records)) + "fen: stats: " +
        (await Deno.readTextFile(stats)),
    );
    const cases: [string[], string][] = [
      [
        [stats, tree],
        `${stats} holds --stats=json summaries and ${tree} fen tree positions`,
      ],
      [
        [tree, stats],
        `${tree} holds fen tree positions and ${stats} --stats=json summaries`,
      ],
      [
        [records, stats],
        `${records} holds --format json records and ${stats} --stats=json summaries`,
      ],
      [
        [tree, records],
        `${tree} holds fen tree positions and ${records} --format json records`,
      ],
    ];
    for (const [files, said] of cases) {
      assert.deepEqual(
        await runFen(["merge", ...files], { permissions: RW }),
        {
          code: 1,
          stdout: "",
          stderr: `fen: merge: ${said}: merge files of one kind\n`,
        },
        files.join(" "),
      );
    }
    assert.deepEqual(await runFen(["merge", both], { permissions: RW }), {
      code: 1,
      stdout: "",
      stderr:
        `fen: merge: ${both} holds --stats=json summaries and --format json records: merge each kind apart\n`,
    });
    // one kind still merges; a summary with the rest of a part's stderr too
    const stderr = `${dir}/stderr.txt`;
    await Deno.writeTextFile(
      stderr,
      "fen: line 2: invalid FEN-string: x\nfen: stats: " +
        (await Deno.readTextFile(stats)),
    );
    const summed = await runFen(["merge", stats, stderr], {
      permissions: RW,
    });
    assert.equal(summed.code, 0, summed.stderr);
    assert.equal(JSON.parse(summed.stdout).records, 2);
    const trees = await runFen(["merge", tree, tree], { permissions: RW });
    assert.equal(trees.code, 0, trees.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// --shard, --shard-by, --stats=json and fen merge through the real program:
// the parts of a job put together are what one process writes.

import assert from "node:assert/strict";
import { runFen } from "../cli/_harness.ts";

const RW = ["--allow-read", "--allow-write"];
const SAMPLE = new URL("../testdata/sample.fen", import.meta.url).pathname;
const GAMES = new URL("../testdata/stockfish_games.pgn", import.meta.url)
  .pathname;

function sorted(text: string): string[] {
  return text.split("\n").filter((l) => l !== "").sort();
}

async function parts(
  args: string[],
  n: number,
  by = "record",
): Promise<string[]> {
  const outs: string[] = [];
  for (let i = 1; i <= n; i++) {
    const run = await runFen([
      ...args,
      "--shard",
      `${i}/${n}`,
      "--shard-by",
      by,
    ], {
      permissions: RW,
    });
    assert.equal(run.code, 0, run.stderr);
    outs.push(run.stdout);
  }
  return outs;
}

Deno.test("--shard: the parts of records and of games are the whole output, each record once", async () => {
  for (
    const args of [["--format", "key", "--input", SAMPLE], [
      "--from",
      "pgn",
      "--ply",
      "all",
      "--format",
      "epd",
      "--input",
      GAMES,
    ]]
  ) {
    const whole = await runFen(args, { permissions: RW });
    for (const by of ["record", "key"]) {
      const outs = await parts(args, 3, by);
      assert.deepEqual(
        sorted(outs.join("")),
        sorted(whole.stdout),
        `${args[1]} by ${by}`,
      );
      assert.ok(
        outs.every((o) => o.length > whole.stdout.length / 6),
        "every part has its share",
      );
    }
  }
});

Deno.test("--shard-by key: each part's --unique and --stats=json add up to the whole input's, through fen merge", async () => {
  const unique = ["--format", "fen", "--unique=side", "--input", SAMPLE];
  const whole = await runFen(unique, { permissions: RW });
  assert.deepEqual(
    sorted((await parts(unique, 4, "key")).join("")),
    sorted(whole.stdout),
  );

  const dir = await Deno.makeTempDir();
  try {
    const stats = ["--stats=json", "--input", SAMPLE];
    const outs = await parts(stats, 3, "key");
    const files = outs.map((_, i) => `${dir}/part${i}.json`);
    for (let i = 0; i < outs.length; i++) {
      await Deno.writeTextFile(files[i], outs[i]);
    }
    const merged = await runFen(["merge", ...files], { permissions: RW });
    const one = await runFen(stats, { permissions: RW });
    assert.equal(merged.stderr, "");
    assert.deepEqual({ ...JSON.parse(merged.stdout), parts: undefined }, {
      ...JSON.parse(one.stdout),
      parts: undefined,
    });
    assert.equal(JSON.parse(merged.stdout).parts, 3);
    // split by record, the uniques are only bounds, and fen merge says so
    const byRecord = await parts(stats, 3);
    for (let i = 0; i < outs.length; i++) {
      await Deno.writeTextFile(files[i], byRecord[i]);
    }
    const bounds = await runFen(["merge", ...files], { permissions: RW });
    assert.equal(
      JSON.parse(bounds.stdout).records,
      JSON.parse(one.stdout).records,
    );
    assert.match(bounds.stderr, /unique counts are upper bounds/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen merge: JSON records of parts split by record come back in input order", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (
      const args of [["--format", "json", "--input", SAMPLE], [
        "--from",
        "pgn",
        "--format",
        "json",
        "--input",
        GAMES,
      ]]
    ) {
      const outs = await parts(args, 3);
      const files = outs.map((_, i) => `${dir}/part${i}.json`);
      for (let i = 0; i < outs.length; i++) {
        await Deno.writeTextFile(files[i], outs[i]);
      }
      const merged = await runFen(["merge", ...files], { permissions: RW });
      const whole = await runFen(args, { permissions: RW });
      assert.deepEqual(merged, whole, args.join(" "));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--shard and --jobs refuse bad values with one message each", async () => {
  const cases: [string[], string][] = [
    [
      ["--shard", "0/3"],
      '--shard "0/3" must be I/N with 1 <= I <= N, such as 2/8',
    ],
    [
      ["--shard", "4/3"],
      '--shard "4/3" must be I/N with 1 <= I <= N, such as 2/8',
    ],
    [["--shard-by", "key"], "--shard-by goes with --shard"],
    [
      ["--jobs", "-1"],
      '--jobs "-1" must be a number of workers from 1 to 256, or 0 for one per core',
    ],
  ];
  for (const [args, message] of cases) {
    assert.deepEqual(
      await runFen(["--format", "key", ...args, "-"], { stdin: "" }),
      { code: 1, stdout: "", stderr: `fen: ${message}\n` },
      args.join(" "),
    );
  }
});

Deno.test("--shard of games: each part's positions and messages are the whole run's for its games, unkept games skimmed", async () => {
  // games glued with no empty line before their tags, broken moves, and a
  // comment holding a line that looks like tags
  const games = (await Deno.readTextFile(GAMES)).repeat(3).split("\n\n[")
    .map((game, i) =>
      i === 0 ? game : (i % 2 === 0 ? "\n[" : "\n\n[") +
        (i % 7 === 3 ? game.replace(/ [a-h][1-8] /, " Kz9 ") : game)
    ).join("") +
    '\n\n1. e4 {a comment\n\n[Event "x"]} e5 *\n\n[Event "y"]\n1. d4 (1. c4\n\n) d5 *\n';
  const file = await Deno.makeTempFile({ suffix: ".pgn" });
  await Deno.writeTextFile(file, games);
  const args = ["--from", "pgn", "--ply", "all", "--format", "json", file];
  const whole = await runFen(args, { permissions: RW });
  assert.equal(whole.code, 2);
  const gameOf = (line: string): number =>
    Number((/"game":(\d+)/.exec(line) ?? / game (\d+)/.exec(line))![1]);
  const messages = whole.stderr.split("\n").filter((l) => l !== "");
  const records = whole.stdout.split("\n").filter((l) => l !== "");
  assert.ok(messages.length >= 10, whole.stderr);
  for (let i = 1; i <= 3; i++) {
    const part = await runFen([...args, "--shard", `${i}/3`], {
      permissions: RW,
    });
    const mine = (line: string) => (gameOf(line) - 1) % 3 === i - 1;
    assert.deepEqual(
      part.stdout.split("\n").filter((l) => l !== ""),
      records.filter(mine),
      `part ${i}: positions`,
    );
    assert.deepEqual(
      part.stderr.split("\n").filter((l) => l !== ""),
      messages.filter(mine),
      `part ${i}: messages`,
    );
    assert.equal(part.code, messages.some(mine) ? 2 : 0);
  }
  await Deno.remove(file);
});

Deno.test("--shard-by key: a record with no key goes to one part, by its line or game number, so the parts add up to one process", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // invalid lines, a line over the length limit and a bad game among
    // valid records: each has no key, and belongs to one part alone
    const lines = (await Deno.readTextFile(SAMPLE)).split("\n")
      .filter((l) => l !== "");
    const fens = `${dir}/mixed.fen`;
    await Deno.writeTextFile(
      fens,
      lines.flatMap((l, i) =>
        i % 5 === 2
          ? [l, `not a record ${i}`]
          : i === 7
          ? [l, "x".repeat(5000)]
          : [l]
      ).join("\n") + "\n",
    );
    const games = `${dir}/games.pgn`;
    await Deno.writeTextFile(
      games,
      (await Deno.readTextFile(GAMES)) + '\n[Event "bad"]\n\n1. e4 Kz9 *\n',
    );
    for (
      const args of [
        ["--stats=json", "--input", fens],
        ["--stats=json", "--from", "pgn", "--ply", "all", "--input", games],
      ]
    ) {
      const one = await runFen(args, { permissions: RW });
      assert.equal(one.code, 2);
      const files: string[] = [];
      const said: string[] = [];
      for (let i = 1; i <= 3; i++) {
        const part = await runFen(
          [...args, "--shard", `${i}/3`, "--shard-by", "key"],
          { permissions: RW },
        );
        files.push(`${dir}/part${i}.json`);
        await Deno.writeTextFile(files[i - 1], part.stdout);
        said.push(...part.stderr.split("\n").filter((l) => l !== ""));
      }
      // each message once, in one part
      assert.deepEqual(
        said.sort(),
        one.stderr.split("\n").filter((l) => l !== "").sort(),
      );
      const merged = await runFen(["merge", ...files], { permissions: RW });
      assert.equal(merged.stderr, "");
      const whole = JSON.parse(one.stdout);
      assert.ok(whole.invalid > 0 || args.includes("pgn"), one.stdout);
      assert.deepEqual({ ...JSON.parse(merged.stdout), parts: undefined }, {
        ...whole,
        parts: undefined,
      });
    }
    // --only invalid writes each invalid line in one part
    const only = ["--only", "invalid", "--input", fens];
    const all = await runFen(only, { permissions: RW });
    const written: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const part = await runFen(
        [...only, "--shard", `${i}/3`, "--shard-by", "key"],
        { permissions: RW },
      );
      written.push(...part.stdout.split("\n").filter((l) => l !== ""));
    }
    assert.deepEqual(written.sort(), sorted(all.stdout));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

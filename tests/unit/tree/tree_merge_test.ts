// Trees of parts of a collection added up with fen merge: the tree of the
// whole, byte for byte, on real games (the test data's Stockfish games with
// players, dates and, for most, ratings) split in two.

import assert from "node:assert/strict";
import { runMain } from "../../cli/_harness.ts";
import { stockfishGamesWithPlayers } from "../../_books.ts";

/** The games, and the same games cut in two after game `at`. */
function split(at: number): { whole: string; halves: [string, string] } {
  const games = stockfishGamesWithPlayers().trim().split(/\n\n(?=\[)/);
  const join = (part: string[]) => part.join("\n\n") + "\n";
  return {
    whole: join(games),
    halves: [join(games.slice(0, at)), join(games.slice(at))],
  };
}

async function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "fen-tree-merge-" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * `fen merge ARGS` in-process, the files it names given to it as the
 * command's surroundings (it reads them through them, as every program).
 */
async function merge(
  args: string[],
): Promise<Awaited<ReturnType<typeof runMain>>> {
  const files: Record<string, string> = {};
  for (const arg of args) {
    if (arg.startsWith("/")) files[arg] = await Deno.readTextFile(arg);
  }
  return await runMain(["merge", ...args], { files });
}

/** `fen tree ARGS` of `games`: its output, also written to `path` for fen merge. */
async function tree(
  args: string[],
  games: string,
  path = "",
): Promise<string> {
  const run = await runMain(["tree", ...args, "games.pgn"], {
    files: { "games.pgn": games },
  });
  assert.equal(run.stderr, "");
  assert.equal(run.code, 0);
  if (path !== "") await Deno.writeTextFile(path, run.stdout);
  return run.stdout;
}

Deno.test("fen merge adds trees of two halves of the games into the whole's tree, byte for byte", async () => {
  const { whole, halves } = split(43);
  await withDir(async (dir) => {
    for (const args of [[], ["--max-ply", "16"], ["--player", "ann"]]) {
      const one = await tree(args, whole);
      await tree(args, halves[0], `${dir}/a.json`);
      await tree(args, halves[1], `${dir}/b.json`);
      const merged = await merge([`${dir}/a.json`, `${dir}/b.json`]);
      assert.equal(merged.stderr, "");
      assert.equal(merged.code, 0);
      assert.ok(one.split("\n").length > 100, args.join(" "));
      assert.equal(merged.stdout, one, args.join(" "));
    }
    // the halves overlap: the start's moves have rated games from both
    const start = JSON.parse((await tree([], halves[0])).split("\n")[0]);
    const all = JSON.parse((await tree([], whole)).split("\n")[0]);
    const rated = (node: { moves: { ratedGames: number }[] }) =>
      node.moves.reduce((sum, move) => sum + move.ratedGames, 0);
    assert.ok(rated(all) > rated(start) && rated(start) > 0);
  });
});

Deno.test("fen merge --min-games filters the sum: parts made with the default list every position", async () => {
  const { whole, halves } = split(50);
  await withDir(async (dir) => {
    const one = await tree(["--max-ply", "12", "--min-games", "3"], whole);
    const parts = [`${dir}/a.json`, `${dir}/b.json`];
    await tree(["--max-ply", "12"], halves[0], parts[0]);
    await tree(["--max-ply", "12"], halves[1], parts[1]);
    const merged = await merge(["--min-games", "3", ...parts]);
    assert.equal(merged.code, 0);
    assert.equal(merged.stdout, one);
    // filtered before the sum, the positions a part left out are lost
    await tree(["--max-ply", "12", "--min-games", "3"], halves[0], parts[0]);
    await tree(["--max-ply", "12", "--min-games", "3"], halves[1], parts[1]);
    const lossy = await merge(["--min-games", "3", ...parts]);
    assert.equal(lossy.code, 0);
    assert.notEqual(lossy.stdout, one);
  });
});

Deno.test("fen merge refuses a tree line it cannot read, and a bad --min-games", async () => {
  await withDir(async (dir) => {
    const bad = `${dir}/bad.json`;
    await Deno.writeTextFile(
      bad,
      '{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","white":1}\n',
    );
    {
      const run = await merge([bad]);
      assert.equal(run.code, 2);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /^fen: merge: not a position of fen tree/);
      const usage = await merge(["--min-games", "x", bad]);
      assert.equal(usage.code, 1);
      assert.equal(
        usage.stderr,
        'fen: merge: --min-games takes a whole number from 0 to 1000000000, not "x"\n' +
          "Usage: fen merge [options] FILE...\n" +
          "'fen merge --help' lists the options.\n",
      );
    }
  });
});

Deno.test("a position only games left out reached is not listed: the first game that counts there gives its FEN", async () => {
  // no Result tag and `*`: read, not counted
  const left = "1. e4 e5 2. Nf3 Nc6 *\n\n";
  const counted = '[Result "1-0"]\n\n1. Nf3 Nc6 2. e4 e5 1-0\n';
  const nodes = (await tree(["--min-games", "0"], left + counted)).trim()
    .split("\n").map((line) => JSON.parse(line));
  assert.equal(nodes.length, 5);
  assert.equal(
    nodes[4].fen,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq e6 0 3",
  );
  await withDir(async (dir) => {
    await tree([], left, `${dir}/a.json`);
    await tree([], counted, `${dir}/b.json`);
    const merged = await merge([`${dir}/a.json`, `${dir}/b.json`]);
    assert.equal(merged.stdout, await tree([], left + counted));
  });
});

import assert from "node:assert/strict";
import { runMain } from "../../cli/_harness.ts";
import { TREE_SPEC } from "../../../lib/subcommands/tree.ts";

const GAMES =
  '[Result "1-0"]\n[WhiteElo "2000"]\n[BlackElo "2100"]\n\n1. e4 e5 2. Nf3 1-0\n\n' +
  '[Result "0-1"]\n\n1. e4 c5 0-1\n\n' +
  '[Result "*"]\n\n1. d4 *\n\n' + // unknown result: left out
  '[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nxe5 1/2-1/2\n';
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

Deno.test("tree --at lists the positions asked for, in order, with zeros for one no game reached", async () => {
  const { code, stdout, stderr } = await runMain(
    ["tree", "--at", AFTER_E4, "--at", "8/8/8/8/8/8/8/K6k w - - 0 1"],
    { stdin: GAMES },
  );
  assert.equal(stderr, "");
  assert.equal(code, 0);
  const [e4, none] = stdout.trim().split("\n").map((line) => JSON.parse(line));
  assert.deepEqual(e4, {
    fen: AFTER_E4,
    white: 1,
    draws: 1,
    black: 1,
    moves: [
      {
        uci: "e7e5",
        san: "e5",
        white: 1,
        draws: 1,
        black: 0,
        averageRating: 2050,
        ratedGames: 1,
        ratingSum: 2050,
      },
      {
        uci: "c7c5",
        san: "c5",
        white: 0,
        draws: 0,
        black: 1,
        averageRating: null,
        ratedGames: 0,
        ratingSum: 0,
      },
    ],
  });
  assert.deepEqual(none, {
    fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
    white: 0,
    draws: 0,
    black: 0,
    moves: [],
  });
});

Deno.test("tree --min-games leaves out positions fewer games reached", async () => {
  const { code, stdout } = await runMain(["tree", "--min-games", "3"], {
    stdin: GAMES,
  });
  assert.equal(code, 0);
  const nodes = stdout.trim().split("\n").map((line) => JSON.parse(line));
  // the start and 1. e4: three games each (the unknown result is not counted)
  assert.deepEqual(nodes.map((n) => n.white + n.draws + n.black), [3, 3]);
});

Deno.test("tree reports a game it cannot read, leaves it out, and lists the others", async () => {
  const { code, stdout, stderr } = await runMain(["tree", "--max-ply", "1"], {
    stdin: '[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Result "1-0"]\n\n1. e5 1-0\n',
  });
  assert.equal(code, 2);
  assert.match(
    stderr,
    /^fen: tree: cannot read PGN: game 2 .*"e5".*; left out\n$/,
  );
  assert.equal(JSON.parse(stdout.split("\n")[0]).white, 1);
});

Deno.test("tree refuses bad options with its usage", async () => {
  const cases: [string[], RegExp][] = [
    [["tree", "--color", "white"], /--color needs --player/],
    [["tree", "--since", "2020-01-01"], /--since takes a date as YYYY.MM.DD/],
    [["tree", "--at", "nonsense"], /--at "nonsense"/],
    [["tree", "--min-rating", "high"], /--min-rating takes a whole number/],
    [
      ["tree", "--color", "red", "--player", "x"],
      /--color "red" must be white or black/,
    ],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await runMain(args, { stdin: GAMES });
    assert.equal(code, 1, args.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, message);
    assert.match(stderr, /Usage: fen tree/);
  }
  const help = await runMain(["tree", "--help"]);
  for (const option of TREE_SPEC.options) {
    assert.ok(help.stdout.includes(`--${option.name}`));
  }
});

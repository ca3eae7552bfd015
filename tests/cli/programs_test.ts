// Every program of `fen` on the one option spec and parser
// (lib/program/args.ts), from the sources and as built (the modules a
// process runs, tests/e2e spawns them): the forms the parser
// takes (--x=v and --x v), the nearest name for a mistyped option or
// subcommand, and a --help of at most 80 columns for every program the
// registry declares (so that a new subcommand is held to it by being
// declared).

import assert from "node:assert/strict";
import { PLAIN_FAKE_ENGINE } from "../_fake_engine.ts";
import { type Run, runFen, runMain } from "./_harness.ts";
import {
  COMMAND_PARTS,
  SUBCOMMANDS,
} from "../../lib/cli/option_subcommands.ts";
import type { Subcommand } from "../../lib/subcommands/mod.ts";

/**
 * Both runs of a command line: the sources with fake files, then the built
 * program over the real ones.
 */
async function bothRuns(
  args: string[],
  options: { stdin?: string; files?: Record<string, string> } = {},
): Promise<Run[]> {
  const inProcess = await runMain(args, options);
  const built = await runFen(args, {
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
    permissions: ["--allow-all"],
  });
  return [
    {
      code: inProcess.code,
      stdout: inProcess.stdout,
      stderr: inProcess.stderr,
    },
    built,
  ];
}

const GAMES = '[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n' +
  '[Result "0-1"]\n\n1. e4 c5 0-1\n\n' +
  '[Result "1/2-1/2"]\n\n1. d4 d5 1/2-1/2\n';

Deno.test("fen merge --min-games=2 is --min-games 2, from the sources and as built", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-programs-" });
  try {
    const tree = await runMain(["tree"], { stdin: GAMES });
    assert.equal(tree.code, 0);
    const part = `${dir}/part.jsonl`;
    await Deno.writeTextFile(part, tree.stdout);
    // In-process, merge reads the part through the command's surroundings.
    const files = { [part]: tree.stdout };
    const spaced = await runMain(["merge", "--min-games", "2", part], {
      files,
    });
    assert.equal(spaced.code, 0);
    // The start position and 1. e4 (two games); not the ones reached once.
    assert.equal(spaced.stdout.split("\n").filter(Boolean).length, 2);
    for (
      const run of await bothRuns(["merge", "--min-games=2", part], { files })
    ) {
      assert.deepEqual(run, { code: 0, stdout: spaced.stdout, stderr: "" });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen analyse --input FILE reads the file, as an operand is read", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-programs-" });
  try {
    const games = `${dir}/games.pgn`;
    await Deno.writeTextFile(games, GAMES);
    const engine = ["--engine", PLAIN_FAKE_ENGINE, "--nodes", "1"];
    const operand = await runFen(["analyse", ...engine, games], {
      permissions: ["--allow-all"],
    });
    assert.equal(operand.code, 0, operand.stderr);
    assert.match(operand.stdout, /\[%eval /);
    const runs = await bothRuns(["analyse", ...engine, "--input", games], {
      files: { [games]: GAMES },
    });
    for (const run of runs) {
      assert.deepEqual(run, operand);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a mistyped subcommand, book subcommand or subcommand option is told the nearest name", async () => {
  const cases: [string[], string][] = [
    [
      ["analyze"],
      'fen: "analyze" is neither a FEN-string, an option nor a subcommand: did you mean fen analyse? (see fen --help)\n',
    ],
    [
      ["sevre"],
      'fen: "sevre" is neither a FEN-string, an option nor a subcommand: did you mean fen serve? (see fen --help)\n',
    ],
    [
      ["book", "mkae"],
      'fen: book: no subcommand "mkae"; did you mean make?\n' +
      "Usage: fen book make|probe|merge|dump [options] ...\n" +
      "'fen book --help' lists its subcommands.\n",
    ],
    [
      ["md", "--sise", "300"],
      "fen: md: unknown option --sise; did you mean --size?\n" +
      "Usage: fen md [options] [<markdown-file>...]\n" +
      "'fen md --help' lists the options.\n",
    ],
    [
      ["tree", "--max-pli=3"],
      "fen: tree: unknown option --max-pli=3; did you mean --max-ply?\n" +
      "Usage: fen tree [options] [<pgn-file>...]\n" +
      "'fen tree --help' lists the options.\n",
    ],
  ];
  for (const [args, stderr] of cases) {
    for (const run of await bothRuns(args, { stdin: "" })) {
      assert.deepEqual(run, { code: 1, stdout: "", stderr }, args.join(" "));
    }
  }
});

/** Every program's words (`["book", "make"]`), as the registry declares them. */
async function programPaths(
  subcommands: Readonly<Record<string, Subcommand>> = SUBCOMMANDS,
  path: readonly string[] = [],
): Promise<string[][]> {
  const paths: string[][] = [];
  for (const [word, sub] of Object.entries(subcommands)) {
    const program = await sub.load(COMMAND_PARTS);
    paths.push([...path, word]);
    if ("subcommands" in program) {
      paths.push(...await programPaths(program.subcommands, [...path, word]));
    }
  }
  return paths;
}

Deno.test("every program's --help fits in 80 columns, from the sources and as built", async () => {
  const paths = [[], ...await programPaths()];
  assert.ok(paths.length >= 12, "the command, 7 subcommands, 4 book ones");
  for (const path of paths) {
    for (const run of await bothRuns([...path, "--help"])) {
      const name = ["fen", ...path].join(" ");
      assert.equal(run.code, 0, name);
      assert.equal(run.stderr, "", name);
      assert.ok(run.stdout.startsWith(`Usage: ${name} `), name);
      for (const line of run.stdout.split("\n")) {
        assert.ok(line.length <= 80, `${name}: ${line.length}: ${line}`);
      }
    }
  }
});

Deno.test("fen --help names every subcommand with what it does", async () => {
  for (const run of await bothRuns(["--help"])) {
    assert.equal(run.code, 0);
    for (const [word, sub] of Object.entries(SUBCOMMANDS)) {
      assert.ok(
        run.stdout.includes(`\n  ${word} `) && run.stdout.includes(sub.about),
        word,
      );
    }
  }
});

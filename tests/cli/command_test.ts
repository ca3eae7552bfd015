// The command as a new user meets it: file operands, lists in options,
// limits, records written in their own form, quiet checks and the help's
// width. Each through the real program and through `main` in-process.

import assert from "node:assert/strict";
import {
  type Run,
  runFen,
  runFenBytes,
  runMain,
  spawnFen,
} from "./_harness.ts";

function assertRun(actual: Run, expected: Run): void {
  assert.deepEqual(
    { code: actual.code, stdout: actual.stdout, stderr: actual.stderr },
    expected,
  );
}

const GAME = '[Event "x"]\n\n1. e4 e5 *\n';
const AFTER_E5 =
  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";

async function inTempDir<T>(
  files: Record<string, string>,
  body: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    return await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("file operands: fen --from pgn games.pgn reads the file", async () => {
  await inTempDir({ "games.pgn": GAME }, async (cwd) => {
    assertRun(
      await spawnFen(["--from", "pgn", "--format", "fen", "games.pgn"], {
        cwd,
        permissions: ["--allow-read"],
      }),
      { code: 0, stdout: AFTER_E5, stderr: "" },
    );
  });
  assertRun(
    await runMain(
      ["--from", "pgn", "--format", "fen", "games.pgn", "1.", "d4"],
      {
        files: { "games.pgn": GAME },
      },
    ),
    {
      code: 0,
      stdout: AFTER_E5 +
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n",
      stderr: "",
    },
  );
});

Deno.test("file operands: an error in a PGN operand names the operand, not stdin", async () => {
  assertRun(
    await runFen(["--from", "pgn", "--format", "fen", "1. e4 e5 2. Qh9"]),
    {
      code: 2,
      stdout: "",
      stderr:
        'fen: argument 1:1:13: game 1, move 2. "Qh9": no such square h9\n',
    },
  );
});

Deno.test("file operands: a FEN file as operand keeps the classic bytes piped, and says how to read it when asked", async () => {
  await inTempDir({ "one.fen": START }, async (cwd) => {
    const options = { cwd, permissions: ["--allow-read"] };
    assertRun(await spawnFen(["one.fen"], options), {
      code: 2,
      stdout: "",
      stderr: "fen: invalid FEN-string\n",
    });
    assertRun(await spawnFen(["--verbose", "one.fen"], options), {
      code: 2,
      stdout: "",
      stderr:
        'fen: invalid FEN-string: "o" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 at column 1\n' +
        "  one.fen\n  ^\n" +
        "fen: one.fen is a file: read its records with --input one.fen or < one.fen\n",
    });
  });
  const atTerminal = await runMain(["one.fen"], {
    files: { "one.fen": START },
    terminal: { stderr: true },
  });
  assert.equal(atTerminal.code, 2);
  assert.match(
    atTerminal.stderr,
    /\nfen: one\.fen is a file: read its records with --input one\.fen or < one\.fen\n$/,
  );
});

Deno.test("--moves takes commas as --arrow does", async () => {
  const spaced = await runFen(["--moves", "e4 e5 Nf3", "--format", "fen"]);
  assertRun(await runFen(["--moves", "e4,e5,Nf3", "--format", "fen"]), {
    code: 0,
    stdout: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n",
    stderr: "",
  });
  assertRun(
    await runMain(["--moves", "e4, e5,Nf3", "--format", "fen"]),
    spaced,
  );
});

Deno.test("--perft refuses depths no one can wait for, before any work", async () => {
  assertRun(await runFen(["--perft", "99", "-"], { stdin: START }), {
    code: 1,
    stdout: "",
    stderr:
      "fen: --perft 99 would run for years: depths go from 1 to 12 plies (the start position has 6.3e16 leaves at 12)\n",
  });
  assertRun(await runMain(["--perft", "13", "-"], { stdin: START }), {
    code: 1,
    stdout: "",
    stderr:
      "fen: --perft 13 would run for years: depths go from 1 to 12 plies (the start position has 6.3e16 leaves at 12)\n",
  });
  assertRun(await runMain(["--perft", "2", "-"], { stdin: START }), {
    code: 0,
    stdout: "400\n",
    stderr: "",
  });
});

Deno.test("--moves suffixes badge a GIF's moves as a game's do", async () => {
  const fromMoves = await runFenBytes([
    "--moves",
    "e4 e5 Qh5?! Nc6",
    "--format",
    "gif",
  ]);
  const fromGame = await runFenBytes([
    "--from",
    "pgn",
    "--format",
    "gif",
    "-",
  ], {
    stdin: "1. e4 e5 2. Qh5?! Nc6 *\n",
  });
  const plain = await runFenBytes([
    "--moves",
    "e4 e5 Qh5 Nc6",
    "--format",
    "gif",
  ]);
  assert.deepEqual([fromMoves.code, fromMoves.stderr], [0, ""]);
  assert.deepEqual(fromMoves.stdout, fromGame.stdout);
  assert.notDeepEqual(fromMoves.stdout, plain.stdout, "the badge is drawn");
  const pgn = await runMain([
    "--moves",
    "e4 e5 Qh5?! Nc6 Bc4!!",
    "--format",
    "pgn",
  ]);
  assert.match(pgn.stdout, /\n1\. e4 e5 2\. Qh5 \$6 Nc6 3\. Bc4 \$3 \*\n/);
});

Deno.test("filters and repairs without --format write records in their own form, not diagrams", async () => {
  const lines = [
    START.trimEnd(),
    START.trimEnd(),
    '4k3/8/8/8/8/8/8/4K3 w - - id "bare";',
    '4k3/8/8/8/8/8/8/4K3 w - - id "bare";',
    "4k3/8/8/8/8/8/8/4K3",
  ].join("\n") + "\n";
  assertRun(await runFen(["--unique", "-"], { stdin: lines }), {
    code: 0,
    stdout: START + '4k3/8/8/8/8/8/8/4K3 w - - id "bare";\n',
    stderr: "",
  });
  assertRun(await runMain(["--only", "legal", "-"], { stdin: lines }), {
    code: 0,
    stdout: START + START + '4k3/8/8/8/8/8/8/4K3 w - - id "bare";\n'.repeat(2) +
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    stderr: "",
  });
  assertRun(
    await runMain(["--repair", "-"], {
      stdin: "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1\n",
    }),
    { code: 0, stdout: "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", stderr: "" },
  );
  assertRun(
    await runMain(["--en-passant", "legal", "-"], { stdin: START }),
    { code: 0, stdout: START, stderr: "" },
  );
  // A game's positions as FEN.
  assertRun(
    await runMain(["--from", "pgn", "--ply", "all", "--unique", "-"], {
      stdin: "1. e4 e5 *\n",
    }),
    {
      code: 0,
      stdout: START +
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n" +
        AFTER_E5,
      stderr: "",
    },
  );
});

Deno.test("--check --quiet prints problems only; an illegal EPD move has one wording in --check and --uci", async () => {
  const epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
  const stdin = `${epd} bm e4;\n${epd} bm e5;\n`;
  const wording = "bm e5 at column 57: not a legal move in the position";
  assertRun(await runFen(["--check", "--quiet", "-"], { stdin }), {
    code: 5,
    stdout: `line 2: error epd-move: ${wording}\n`,
    stderr:
      "fen: 2 records checked: 2 legal, 0 illegal, 0 invalid, 1 with EPD move issues\n",
  });
  assertRun(await runMain(["--format", "epd", "--uci", "-"], { stdin }), {
    code: 5,
    stdout: `${epd} bm e2e4;\n`,
    stderr: `fen: line 2: cannot write the moves in UCI: ${wording}\n`,
  });
});

Deno.test("--help fits 80 columns and every format name has its space", async () => {
  const help = await runFen(["--help"]);
  assert.deepEqual([help.code, help.stderr], [0, ""]);
  const wide = help.stdout.split("\n").filter((line) => line.length > 80);
  assert.deepEqual(wide, []);
  assert.match(help.stdout, /\n {2}placement the placement alone/);
  assert.match(help.stdout, /\n {2}svg {7}the diagram/);
});

Deno.test("bare fen: the classic usage line piped, a pointer to --help at a terminal", async () => {
  const usage = "Usage: fen [-n] [-l <color>] [-d <color>] <FEN-string>\n";
  assertRun(await runFen([]), { code: 1, stdout: "", stderr: usage });
  assertRun(await runMain([], { terminal: { stderr: true } }), {
    code: 1,
    stdout: "",
    stderr: `${usage}(fen --help for everything else)\n`,
  });
  assertRun(await runMain([]), { code: 1, stdout: "", stderr: usage });
});

Deno.test("a game's opening is the deepest named position up to the chosen ply", async () => {
  const game = '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 ' +
    "5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 h6 10. d4 Re8 " +
    "11. Nbd2 Bf8 12. a3 *\n";
  const args = ["--from", "pgn", "--format", "opening", "-"];
  assertRun(await runFen(args, { stdin: game }), {
    code: 0,
    stdout: "C93\tRuy Lopez: Closed, Smyslov Defense\n",
    stderr: "",
  });
  assertRun(await runMain(["--ply", "4", ...args], { stdin: game }), {
    code: 0,
    stdout: "C44\tKing's Knight Opening: Normal Variation\n",
    stderr: "",
  });
  const json = await runMain(
    ["--from", "pgn", "--format", "json", "--opening", "-"],
    { stdin: game },
  );
  assert.equal(json.code, 0);
  assert.deepEqual(JSON.parse(json.stdout).opening, {
    eco: "C93",
    name: "Ruy Lopez: Closed, Smyslov Defense",
  });
});

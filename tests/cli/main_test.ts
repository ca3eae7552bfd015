import assert from "node:assert/strict";
import { SaxesParser } from "saxes";
import { EXIT, VERSION } from "../../cli.ts";
import { CLI, type Run, runFen, runMain } from "./_harness.ts";
import { fen2grid, renderSvg } from "../../mod.ts";

const CLASSIC_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const USAGE = "Usage: fen [-n] [-l <color>] [-d <color>] <FEN-string>\n";
const INVALID = "fen: invalid FEN-string\n";
const GOLDEN = await Deno.readTextFile(
  new URL("../testdata/chess.01.svg", import.meta.url),
);
const encoder = new TextEncoder();

/** Runs the real program's modules (as built) in-process, over real files. */
const built = runFen;

/** Runs `main` in-process with fake streams and file system. */
function run(
  args: string[],
  stdin = "",
  granted = true,
): Promise<Run & { files: Map<string, string> }> {
  return runMain(args, { stdin, granted });
}

function assertRun(actual: Run, expected: Run, why = ""): void {
  assert.deepEqual(
    { code: actual.code, stdout: actual.stdout, stderr: actual.stderr },
    expected,
    why,
  );
}

// The classic `fen` shell script's documented session, line by line, against
// the real program.

Deno.test("classic session: fen -n FEN > chess.01.svg gives the golden file", async () => {
  assertRun(await built(["-n", CLASSIC_FEN]), {
    code: 0,
    stdout: GOLDEN,
    stderr: "",
  });
});

Deno.test("classic session: fen -n -l '#c9b458' -d '#6aaa64' starts the board in those colors", async () => {
  const fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
  const result = await built(["-n", "-l", "#c9b458", "-d", "#6aaa64", fen]);
  assertRun(result, {
    code: 0,
    stdout: renderSvg(fen, { labels: true, light: "#c9b458", dark: "#6aaa64" }),
    stderr: "",
  });
  assert.ok(
    result.stdout.includes(
      '<rect x="-0.5" y="-0.5" width="8" height="8" fill="#6aaa64"/>',
    ),
  );
  assert.equal(result.stdout.split('stroke="#c9b458"').length, 3);
});

Deno.test("classic session: the usage and invalid-FEN errors", async () => {
  const cases: [string[], Run][] = [
    [["-x", CLASSIC_FEN], { code: 1, stdout: "", stderr: USAGE }],
    [["-n"], { code: 1, stdout: "", stderr: USAGE }],
    [["-n", "4r3/2P3R1"], { code: 2, stdout: "", stderr: INVALID }],
    [["-n", "2r1/8/8/8/8/8/8/8"], { code: 2, stdout: "", stderr: INVALID }],
    [["-n", "4X3/8/8/8/8/8/8/8"], { code: 2, stdout: "", stderr: INVALID }],
  ];
  for (const [args, expected] of cases) {
    assertRun(await built(args), expected, args.join(" "));
    assertRun(await run(args), expected, `in-process ${args.join(" ")}`);
  }
});

// The flexibility of Unix options.

Deno.test("options go in any order, combined, with attached or separate arguments", async () => {
  const fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
  const expected = renderSvg(fen, {
    labels: true,
    light: "red",
    dark: "#6aaa64",
  });
  for (
    const args of [
      ["-n", "-l", "red", "-d", "#6aaa64", fen],
      ["-d", "#6aaa64", fen, "-l", "red", "-n"],
      ["-nl", "red", "-d#6aaa64", fen],
      ["-nlred", "-d", "#6aaa64", fen],
      ["-lred", "-nd#6aaa64", fen],
      ["--labels", "--light=red", "--dark", "#6aaa64", fen],
      ["-n", "-l", "blue", "-l", "red", "-d#6aaa64", fen], // the last one wins
    ]
  ) {
    assertRun(
      await run(args),
      { code: 0, stdout: expected, stderr: "" },
      args.join(" "),
    );
  }
});

Deno.test("usage errors: unknown options, missing arguments, no operand", async () => {
  for (
    const args of [
      [],
      ["-n"],
      ["-l"],
      ["-n", "-l"],
      ["-d"],
      ["-x"],
      ["--nope", CLASSIC_FEN],
      ["-nx", CLASSIC_FEN],
      ["-l", CLASSIC_FEN],
      ["--flip=yes", CLASSIC_FEN],
    ]
  ) {
    assertRun(
      await run(args),
      { code: 1, stdout: "", stderr: USAGE },
      args.join(" "),
    );
  }
  const verbose = await run(["--verbose", "-x", CLASSIC_FEN]);
  assert.equal(verbose.code, 1);
  assert.equal(
    verbose.stderr,
    `fen: unknown option -x (see fen --help)\n${USAGE}`,
  );
  assert.ok(verbose.stderr.endsWith(USAGE));
});

Deno.test("colors are checked, and nothing can break out of the attribute", async () => {
  for (
    const color of [
      'red"/><script>alert(1)</script>',
      "#12",
      "<b>",
      "a&b",
      "url(#x)",
      "",
    ]
  ) {
    for (const flag of ["-l", "-d"]) {
      const result = await run([flag, color, CLASSIC_FEN]);
      assert.equal(result.code, EXIT.usage, color);
      assert.equal(result.stdout, "");
      assert.match(
        result.stderr,
        /^fen: --(light|dark) ".*" is not a color/,
      );
    }
  }
  for (
    const color of [
      "#fff",
      "#FFFA",
      "#c9b458cc",
      "teal",
      "rgb(1 2 3 / 50%)",
      "hsl(120, 50%, 50%)",
    ]
  ) {
    const result = await run(["-l", color, CLASSIC_FEN]);
    assert.equal(result.code, 0, color);
    assert.ok(result.stdout.includes(`stroke="${color}"`));
  }
});

Deno.test("--verbose says why a FEN-string is invalid and points at it", async () => {
  assertRun(await run(["--verbose", "-n", "2r1/8/8/8/8/8/8/8"]), {
    code: 2,
    stdout: "",
    stderr:
      "fen: invalid FEN-string: rank 8 has 4 squares, expected 8 at column 1\n" +
      "  2r1/8/8/8/8/8/8/8\n  ^\n",
  });
  const result = await run([
    "--verbose",
    "8/8/8/8/8/8/8/8",
    "w",
    "KQkq",
    "e4",
    "0",
    "1",
  ]);
  assert.equal(result.code, 2);
  assert.match(
    result.stderr,
    /en-passant square e4 cannot follow a double pawn push/,
  );
  assert.ok(result.stderr.endsWith(`\n  ${" ".repeat(23)}^\n`));
});

Deno.test("a full record is accepted quoted or unquoted, and all six fields are checked", async () => {
  const record = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
  const expected = renderSvg(record);
  assertRun(await run([record]), { code: 0, stdout: expected, stderr: "" });
  assertRun(await run(record.split(" ")), {
    code: 0,
    stdout: expected,
    stderr: "",
  });
  assertRun(await run(["-n", ...record.replace("e3", "e4").split(" ")]), {
    code: 2,
    stdout: "",
    stderr: INVALID,
  });
  assertRun(await run([record + " 7"]), {
    code: 2,
    stdout: "",
    stderr: INVALID,
  });
  assertRun(await run(["--strict", CLASSIC_FEN]), {
    code: 2,
    stdout: "",
    stderr: INVALID,
  });
});

Deno.test("--help and --version print to stdout and exit 0", async () => {
  for (const flag of ["-h", "--help"]) {
    const result = await run([flag]);
    assert.equal(result.code, 0);
    assert.equal(result.stderr, "");
    assert.ok(result.stdout.startsWith(USAGE));
    for (
      const option of [
        "-n, --labels",
        "-l, --light",
        "-d, --dark",
        "--flip",
        "--format",
        "--empty",
        "--out-dir",
        "--check",
        "--strict",
        "--chess960",
        "--verbose",
        "--version",
      ]
    ) assert.ok(result.stdout.includes(option), option);
    for (const code of ["0 ", "1 ", "2 ", "3 ", "4 ", "141"]) {
      assert.match(
        result.stdout,
        new RegExp(`^  ${code}`, "m"),
        `exit code ${code}`,
      );
    }
  }
  assertRun(await run(["--version"]), {
    code: 0,
    stdout: `fen ${VERSION}\n`,
    stderr: "",
  });
});

// Other formats.

Deno.test("--format board, grid, fen, json and unicode", async () => {
  const record =
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
  assertRun(await run(["--format", "board", record]), {
    code: 0,
    stdout: fen2grid(record, ".") + "\n",
    stderr: "",
  });
  assertRun(await run(["--format", "grid", record]), {
    code: 0,
    stdout: fen2grid(record) + "\n",
    stderr: "",
  });
  assertRun(await run(["--format", "grid", "--empty", "·", record]), {
    code: 0,
    stdout: fen2grid(record, "·") + "\n",
    stderr: "",
  });
  assertRun(
    await run([
      "--format",
      "fen",
      "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R",
    ]),
    {
      code: 0,
      stdout: "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 0 1\n",
      stderr: "",
    },
  );
  const json = JSON.parse(
    (await run(["--format", "json", "--json-fields", "board", record])).stdout,
  );
  assert.equal(json.turn, "b");
  assert.equal(json.halfmoveClock, 1);
  assert.equal(json.board[45], "N");
  const unicode = (await run(["--format", "unicode", record])).stdout.split(
    "\n",
  );
  assert.equal(unicode[0], "8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
  assert.equal(unicode[8], "  a b c d e f g h");
});

Deno.test("--flip turns every board format around", async () => {
  const fen = "k7/8/8/8/8/8/8/6QK";
  assert.equal(
    (await run(["--flip", "--format", "board", fen])).stdout,
    "KQ......\n" + "........\n".repeat(6) + ".......k\n",
  );
  assert.equal(
    (await run(["--flip", "--format", "grid", fen])).stdout,
    "KQ******\n" + "********\n".repeat(6) + "*******k\n",
  );
  assert.ok(
    (await run(["--flip", "--format", "unicode", fen])).stdout.startsWith(
      "1 ♔ ♕",
    ),
  );
  assert.equal(
    (await run(["--flip", "-n", fen])).stdout,
    renderSvg(fen, { flip: true, labels: true }),
  );
});

Deno.test("options that do not fit together are refused with a reason", async () => {
  const cases: [string[], RegExp][] = [
    [["--format", "gif2", CLASSIC_FEN], /--format "gif2" must be one of svg/],
    [
      ["--empty", "+", CLASSIC_FEN],
      /--empty goes with --format grid or --from grid/,
    ],
    [
      ["--format", "grid", "--empty", "K", CLASSIC_FEN],
      /--empty "K" must be one character/,
    ],
    [
      ["--format", "grid", "--empty", "ab", CLASSIC_FEN],
      /--empty "ab" must be one character/,
    ],
    [["--flip", "--format", "fen", CLASSIC_FEN], /--flip draws boards/],
    [["--check", "--format", "board", CLASSIC_FEN], /--check writes a report/],
    [["--check", "--format", "fen", CLASSIC_FEN], /--check writes a report/],
    [
      ["--out-dir", "x", "--format", "board", CLASSIC_FEN],
      /--out-dir writes diagram files/,
    ],
    [["--out-dir", "", CLASSIC_FEN], /--out-dir needs a folder name/],
    [["-", "-"], /stdin \(-\) can be read only once/],
    [["help"], /"help" is neither a FEN-string nor an option/],
    [["--name", "x", "--out-dir", "d", CLASSIC_FEN], /--name "x" must contain/],
    [["--size", "0", CLASSIC_FEN], /--size "0" must be a whole number/],
    [["--highlight", "e9", CLASSIC_FEN], /--highlight "e9" is not a square/],
    [["--arrow", "e2", CLASSIC_FEN], /--arrow "e2" is not a move/],
    [["--explain", CLASSIC_FEN], /--explain goes with --format fen/],
  ];
  for (const [args, message] of cases) {
    const result = await run(args);
    assert.equal(result.code, EXIT.usage, args.join(" "));
    assert.equal(result.stdout, "");
    assert.match(result.stderr, message);
    assert.ok(result.stderr.startsWith("fen: "));
  }
});

// Batch mode.

const BOARDS_INPUT = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
  "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
  "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
];
const BOARDS_OUTPUT = [
  "rnbqkbnr pppppppp ........ ........ ........ ........ PPPPPPPP RNBQKBNR",
  "rnbqkbnr pppppppp ........ ........ ....P... ........ PPPP.PPP RNBQKBNR",
  "rnbqkbnr pp.ppppp ........ ..p..... ....P... ........ PPPP.PPP RNBQKBNR",
  "rnbqkbnr pp.ppppp ........ ..p..... ....P... .....N.. PPPP.PPP RNBQKB.R",
].map((board) => board.replaceAll(" ", "\n") + "\n").join("\n");

Deno.test("batch: the FEN-to-board exercise's sample gives its boards exactly", async () => {
  const stdin = BOARDS_INPUT.join("\n") + "\n";
  assertRun(await run(["--format", "board", "-"], stdin), {
    code: 0,
    stdout: BOARDS_OUTPUT,
    stderr: "",
  });
  assertRun(await built(["--format", "board", "-"], { stdin }), {
    code: 0,
    stdout: BOARDS_OUTPUT,
    stderr: "",
  });
});

Deno.test("batch: blank lines, CRLF and a last line without newline", async () => {
  const stdin = "\n  \n" + BOARDS_INPUT.join("\r\n\r\n\t\r\n");
  assertRun(await run(["--format", "board", "-"], stdin), {
    code: 0,
    stdout: BOARDS_OUTPUT,
    stderr: "",
  });
  assertRun(await run(["--format", "board", "-"], ""), {
    code: 0,
    stdout: "",
    stderr: "",
  });
});

Deno.test("batch: an invalid line is reported, the others still converted, exit 2 at the end", async () => {
  const stdin = [
    BOARDS_INPUT[0],
    "2r1/8/8/8/8/8/8/8",
    BOARDS_INPUT[1],
    "x",
    BOARDS_INPUT[2],
    BOARDS_INPUT[3],
  ].join("\n");
  const result = await run(["--format", "board", "-"], stdin);
  assert.equal(result.code, EXIT.invalidFen);
  assert.equal(result.stdout, BOARDS_OUTPUT);
  assert.equal(
    result.stderr,
    "fen: line 2: invalid FEN-string: rank 8 has 4 squares, expected 8 at column 1\n" +
      'fen: line 4: invalid FEN-string: "x" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 at column 1\n',
  );
});

Deno.test("batch: every format streams, one record per line", async () => {
  const stdin = BOARDS_INPUT.join("\n");
  const fen = await run(["--format", "fen", "-"], stdin);
  assert.equal(fen.stdout, BOARDS_INPUT.map((line) => line + "\n").join(""));
  const json = (await run(["--format", "json", "-"], stdin)).stdout.trimEnd()
    .split(
      "\n",
    ).map((l) => JSON.parse(l));
  assert.deepEqual(json.map((p) => p.enPassant), [null, "e3", "c6", null]);
  const grid = (await run(["--format", "grid", "--empty", "□", "-"], stdin))
    .stdout;
  assert.equal(grid, BOARDS_OUTPUT.replaceAll(".", "□"));
  const flipped =
    (await run(["--format", "board", "--flip", "-"], stdin)).stdout;
  assert.equal(flipped.split("\n")[0], "RNBKQBNR");
  const unicode = (await run(["--format", "unicode", "-"], stdin)).stdout;
  assert.equal(unicode.split("\n\n").length, 4);
});

Deno.test("batch: a long input keeps every record, across read and write chunks", async () => {
  const records = Array.from({ length: 3000 }, (_, i) => BOARDS_INPUT[i % 4]);
  const result = await run(
    ["--format", "board", "-"],
    records.join("\n") + "\n",
  );
  assert.equal(result.code, 0);
  assert.equal(result.stdout.length, 3000 * 72 + 2999);
  assert.equal(result.stdout.split("\n\n").length, 3000);
});

Deno.test("--out-dir writes one SVG per record, named by line number, padded to sort", async () => {
  const stdin = [CLASSIC_FEN, "", "bad", BOARDS_INPUT[0]].join("\n");
  const result = await run(["-n", "--out-dir", "diagrams", "-"], stdin);
  assert.equal(result.code, EXIT.invalidFen);
  assert.deepEqual([...result.files.keys()], [
    "diagrams/000001.svg",
    "diagrams/000004.svg",
  ]);
  assert.equal(result.files.get("diagrams/000001.svg"), GOLDEN);
  assert.match(result.stderr, /^fen: line 3: invalid FEN-string/);
  const single = await run(["--out-dir", "d", CLASSIC_FEN]);
  assert.equal(single.code, 0);
  assert.equal(single.files.get("d/000001.svg"), renderSvg(CLASSIC_FEN));
  const named = await run(
    ["--out-dir", "wac", "--name", "{id}-{n}", "-"],
    '8/8/8/8/8/8/8/K6k w - - id "WAC.001";\n8/8/8/8/8/8/8/K6k b - - id "../x y";\n',
  );
  assert.deepEqual([...named.files.keys()], [
    "wac/WAC.001-000001.svg",
    "wac/__x_y-000002.svg",
  ]);
  const denied = await run(["--out-dir", "d", "-"], CLASSIC_FEN, false);
  assert.equal(denied.code, EXIT.ioError);
  assert.equal(
    denied.stderr,
    "fen: --out-dir needs permission to read and write d (run deno with --allow-read=d --allow-write=d)\n",
  );
});

Deno.test("--out-dir for real: files on disk, and a clear message without permission", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const ok = await built(["--out-dir", dir, "-"], {
      stdin: BOARDS_INPUT.join("\n"),
      permissions: [`--allow-read=${dir}`, `--allow-write=${dir}`],
    });
    assertRun(ok, { code: 0, stdout: "", stderr: "" });
    for (const [i, fen] of BOARDS_INPUT.entries()) {
      assert.equal(
        await Deno.readTextFile(`${dir}/00000${i + 1}.svg`),
        renderSvg(fen),
      );
    }
    const denied = await built(["--out-dir", `${dir}/more`, "-"], {
      stdin: CLASSIC_FEN,
    });
    assertRun(denied, {
      code: EXIT.ioError,
      stdout: "",
      stderr:
        `fen: --out-dir needs permission to read and write ${dir}/more (run deno with --allow-read=${dir}/more --allow-write=${dir}/more)\n`,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("stdin and stdout work need no permission at all", async () => {
  const result = await built(["--format", "board", "-"], {
    stdin: BOARDS_INPUT.join("\n"),
  });
  assertRun(result, { code: 0, stdout: BOARDS_OUTPUT, stderr: "" });
});

Deno.test("a reader that goes away ends the program quietly", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", CLI, "--format", "board", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Enough input to fill any pipe buffer, then read a little and hang up.
  const writer = child.stdin.getWriter();
  const writing = (async () => {
    try {
      for (let i = 0; i < 200; i++) {
        await writer.write(
          encoder.encode((BOARDS_INPUT.join("\n") + "\n").repeat(50)),
        );
      }
      await writer.close();
    } catch {
      // the program may stop reading before we stop writing
    }
  })();
  const reader = child.stdout.getReader();
  const first = await reader.read();
  assert.ok(first.value && first.value.length > 0);
  await reader.cancel();
  const [status, stderr] = await Promise.all([
    child.status,
    new Response(child.stderr).text(),
    writing,
  ]);
  assert.equal(stderr, "");
  assert.equal(status.code, EXIT.brokenPipe);
});

// Legality from the command line.

Deno.test("--check: legal, warnings only, illegal, invalid", async () => {
  assertRun(await run(["--check", BOARDS_INPUT[0]]), {
    code: 0,
    stdout: "legal\n",
    stderr: "",
  });
  const warning = await run([
    "--check",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
  ]);
  assert.equal(warning.code, 0);
  assert.match(warning.stdout, /^warning [a-z-]+: /m);
  assert.doesNotMatch(warning.stdout, /^error/m);
  const illegal = await run(["--check", "8/8/8/8/8/8/8/8 w - - 0 1"]);
  assert.equal(illegal.code, EXIT.illegalPosition);
  assert.match(illegal.stdout, /^error empty-board: /m);
  assert.match(illegal.stdout, /^error no-king: /m);
  assertRun(await run(["--check", "8/8"]), {
    code: 2,
    stdout: "",
    stderr: INVALID,
  });
});

Deno.test("--check --format json, and batch checking one result per line", async () => {
  const json = JSON.parse(
    (await run(["--check", "--format", "json", "8/8/8/8/8/8/8/8"])).stdout,
  );
  assert.equal(json.legal, false);
  assert.ok(
    json.problems.some((p: { code: string }) => p.code === "empty-board"),
  );
  const stdin = [BOARDS_INPUT[0], "", "8/8/8/8/8/8/8/8 w - - 0 1", "bad"]
    .join("\n");
  const text = await run(["--check", "-"], stdin);
  assert.equal(text.code, EXIT.invalidFen);
  assert.match(text.stdout, /^line 1: legal$/m);
  assert.match(text.stdout, /^line 3: error empty-board: /m);
  assert.match(text.stderr, /^fen: line 4: invalid FEN-string/);
  const lines = (await run(["--check", "--format", "json", "-"], stdin)).stdout
    .trimEnd().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => [l.line, l.legal ?? l.error.field]), [
    [1, true],
    [3, false],
    [4, "placement"],
  ]);
  const illegalOnly = await run(
    ["--check", "-"],
    "8/8/8/8/8/8/8/8\n" + BOARDS_INPUT[0],
  );
  assert.equal(illegalOnly.code, EXIT.illegalPosition);
});

// Every output is well-formed XML, however the options combine.
Deno.test("every SVG the command writes is well-formed XML", async () => {
  for (
    const args of [["-n"], [], ["--flip"], ["-nl", "teal", "-d", "rgb(1,2,3)"]]
  ) {
    const { stdout } = await run([...args, CLASSIC_FEN]);
    const parser = new SaxesParser();
    parser.on("error", (error) => {
      throw error;
    });
    parser.write(stdout).close();
  }
});

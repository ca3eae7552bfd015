// What outside testing found, each through the real program as a user meets
// it: stdout, stderr and the exit code asserted together, so that no test
// passes by checking one stream while another says something else.

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { type Run, runFen } from "../cli/_harness.ts";

const K = "8/8/8/8/8/8/8/K6k";
const ITALIAN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R";
const RW = ["--allow-read", "--allow-write"];

function expect(run: Run, expected: Run, what: string): void {
  assert.deepEqual(run, expected, what);
}

Deno.test("an unquoted record keeps its '-' fields and its counters", async () => {
  expect(
    await runFen(["--format", "fen", K, "w", "-", "-", "0", "1"]),
    { code: 0, stdout: `${K} w - - 0 1\n`, stderr: "" },
    "six arguments",
  );
  expect(
    await runFen(["--format", "fen", ITALIAN, "w", "KQkq", "-", "2", "3"]),
    { code: 0, stdout: `${ITALIAN} w KQkq - 2 3\n`, stderr: "" },
    "counters after a '-'",
  );
  // After a whole record, '-' is where a record starts: stdin.
  expect(
    await runFen(["--format", "fen", K, "w", "-", "-", "0", "1", "-"], {
      stdin: `${K} b - - 3 9\n`,
    }),
    { code: 0, stdout: `${K} w - - 0 1\n${K} b - - 3 9\n`, stderr: "" },
    "a record, then stdin",
  );
});

Deno.test("--out-dir never overwrites a file it wrote: repeated, dotted and empty ids", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const lines = [
      `${K} w - - id "x";`,
      `${K} b - - id "x";`,
      `${K} w - - id ".";`,
      `${K} w - - id "..";`,
      `${K} w - - id "";`,
    ].join("\n");
    const run = await runFen(
      ["--out-dir", dir, "--name", "{id}", "-"],
      { stdin: `${lines}\n`, permissions: RW },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      "fen: line 2: x.svg was already written by this run: writing x-2.svg\n" +
        "fen: line 4: _.svg was already written by this run: writing _-2.svg\n",
    );
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names.sort(), [
      "5.svg",
      "_-2.svg",
      "_.svg",
      "x-2.svg",
      "x.svg",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("options are never silently ignored: an explicit one wins or the combination is refused", async () => {
  const vector = await runFen([
    "--style",
    "vector",
    "--moves",
    "e4",
    "--last-move",
    "d2d4",
  ]);
  assert.equal(vector.code, 0, vector.stderr);
  assert.equal(vector.stderr, "");
  assert.match(vector.stdout, /Last move d2 to d4\./);
  assert.doesNotMatch(vector.stdout, /Last move e2 to e4/);
  // The old spelling still works.
  const old = await runFen(["--style", "vector", "--lastmove", "d2d4", K]);
  assert.equal(old.code, 0, old.stderr);
  assert.match(old.stdout, /Last move d2 to d4\./);
  const refused: [string[], string][] = [
    [
      ["--style", "classic", "--format", "png", K],
      "fen: --format png draws the vector style: --style classic does not go with it\n",
    ],
    [["--name", "x-{n}", K], "fen: --name goes with --out-dir\n"],
    [
      ["--size", "300", "--format", "fen", K],
      "fen: --size is a diagram option: it goes with --format svg, png or gif, not --format fen\n",
    ],
    [
      ["--arrow", "e2e4", "--check", K],
      "fen: --arrow is a diagram option: it goes with --format svg, png or gif, not --check\n",
    ],
  ];
  for (const [args, stderr] of refused) {
    expect(
      await runFen(args),
      { code: EXIT.usage, stdout: "", stderr },
      args.join(" "),
    );
  }
});

Deno.test("--format json: every record's object says where it came from, what was given and what it became", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.fen`, `${K} b - - 3 9\n# note\nnope\n`);
    const run = await runFen(
      ["--format", "json", "--json-fields", "input", "--input", `${dir}/a.fen`],
      { permissions: RW },
    );
    assert.equal(run.code, EXIT.invalidFen);
    assert.equal(
      run.stderr,
      `fen: ${dir}/a.fen:3: invalid FEN-string: "o" is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8 at column 2\n`,
    );
    const [first, second] = run.stdout.trimEnd().split("\n").map((line) =>
      JSON.parse(line)
    );
    assert.deepEqual(
      [first.line, first.file, first.fen, first.input],
      [1, `${dir}/a.fen`, `${K} b - - 3 9`, `${K} b - - 3 9`],
    );
    assert.deepEqual(
      [second.line, second.file, second.input, second.error.field],
      [3, `${dir}/a.fen`, "nope", "placement"],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--check names each file's lines, and says legal before its warnings", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.fen`, `${K} w - - 0 1\n`);
    // A pointless en-passant square: legal, with a warning.
    await Deno.writeTextFile(
      `${dir}/b.fen`,
      "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1\n",
    );
    const run = await runFen(
      ["--check", "--input", `${dir}/a.fen`, "--input", `${dir}/b.fen`],
      { permissions: RW },
    );
    expect(run, {
      code: 0,
      stdout: `${dir}/a.fen:1: legal\n` +
        `${dir}/a.fen:1: info insufficient-material: neither side has mating material: a draw\n` +
        `${dir}/b.fen:1: legal\n` +
        `${dir}/b.fen:1: warning pointless-en-passant: no black pawn can capture en passant on e3 (allowed by the PGN standard, omitted by most programs)\n`,
      stderr: "",
    }, "two files");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lone diagram of no record is an error, not an empty file", async () => {
  expect(
    await runFen(["-"], { stdin: "\n" }),
    {
      code: EXIT.invalidFen,
      stdout: "",
      stderr: "fen: the input holds no record: no diagram written\n",
    },
    "empty stdin",
  );
});

Deno.test("compressed and binary input: gzip is read, others named, a binary refused at once, a PGN file stopped after 20 lines", async () => {
  const gzip = new Blob([`${K} w - - 0 1\n${K} b - - 0 1\n`]).stream()
    .pipeThrough(new CompressionStream("gzip"));
  const gzipped = new Uint8Array(await new Response(gzip).arrayBuffer());
  expect(
    await runFen(["--format", "fen", "-"], { stdin: gzipped }),
    { code: 0, stdout: `${K} w - - 0 1\n${K} b - - 0 1\n`, stderr: "" },
    "gzip",
  );
  expect(
    await runFen(
      ["--format", "fen", "-"],
      { stdin: Uint8Array.of(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 1, 2, 3) },
    ),
    {
      code: EXIT.ioError,
      stdout: "",
      stderr:
        "fen: stdin is xz-compressed: decompress it first (xz -dc FILE | fen ...)\n",
    },
    "xz",
  );
  // An executable: binary data (a NUL in its first line), refused at once
  // with one message, not a run of invalid lines.
  const binary = await Deno.readFile(Deno.execPath());
  const refused = await runFen(
    ["--format", "fen", "-"],
    { stdin: binary.subarray(0, 200_000) },
  );
  assert.equal(refused.code, EXIT.ioError);
  assert.equal(refused.stdout, "");
  assert.match(
    refused.stderr,
    /^fen: stdin is binary data, not text \(a NUL byte at byte \d+\): nothing read\n$/,
  );
  // A PGN file given as FEN: a run of invalid lines stops the stream.
  const junk = Array.from({ length: 500 }, (_, i) => `[Event "game ${i}"]`);
  const stopped = await runFen(["--format", "fen", "-"], {
    stdin: `${junk.join("\n")}\n`,
  });
  assert.equal(stopped.code, EXIT.invalidFen);
  assert.equal(stopped.stdout, "");
  const said = stopped.stderr.trimEnd().split("\n");
  assert.equal(said.length, 20);
  assert.equal(
    said.at(-1),
    "fen: line 20: 20 invalid lines and no record: this input does not hold FEN records; stopping",
  );
});

Deno.test("smaller: one exit code per mistake, named inputs, did-you-mean, the side to move in the title", async () => {
  for (const placement of ["rnbqkbnr", "RNBQKBNR"]) {
    expect(
      await runFen(["-n", placement]),
      {
        code: EXIT.invalidFen,
        stdout: "",
        stderr: "fen: invalid FEN-string\n",
      },
      placement,
    );
  }
  expect(
    await runFen(["--input", ""], { permissions: ["--allow-all"] }),
    {
      code: EXIT.usage,
      stdout: "",
      stderr: "fen: --input needs a file name\n",
    },
    "--input ''",
  );
  const dir = await Deno.makeTempDir();
  try {
    expect(
      await runFen(["--input", dir], { permissions: RW }),
      {
        code: EXIT.ioError,
        stdout: "",
        stderr: `fen: cannot read ${dir}: it is a directory\n`,
      },
      "a directory",
    );
  } finally {
    await Deno.remove(dir);
  }
  const misspelt = await runFen(["--verbose", "--fromat", "fen", K]);
  assert.equal(misspelt.code, EXIT.usage);
  assert.equal(misspelt.stdout, "");
  assert.match(
    misspelt.stderr,
    /^fen: unknown option --fromat; did you mean --format\? \(see fen --help\)\n/,
  );
  const titled = await runFen(["--style", "vector", `${K} b - - 0 1`]);
  assert.equal(titled.code, 0, titled.stderr);
  assert.match(
    titled.stdout,
    /<title>Chess diagram: [^<]*, Black to move<\/title>/,
  );
  // A placement alone gives no side to move: the title claims none.
  const untitled = await runFen(["--style", "vector", K]);
  assert.match(
    untitled.stdout,
    /<title>Chess diagram: 8\/8\/8\/8\/8\/8\/8\/K6k<\/title>/,
  );
});

// An operand that names a file is read as the file (as --input reads it) on
// any command line but the classic script's, whose bytes stay as they were.

import assert from "node:assert/strict";
import { runFen, runMain, spawnFen } from "./_harness.ts";

const KINGS = "8/8/8/8/8/8/8/K6k w - - 0 1";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

async function inTempDir(
  files: Record<string, string>,
  body: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("file operands: fen --check positions.fen in a pipe checks the file, as --input does", async () => {
  await inTempDir({ "positions.fen": `${KINGS}\n${START}\n` }, async (cwd) => {
    const options = { cwd, permissions: ["--allow-read"], stdin: "" };
    const operand = await spawnFen(["--check", "positions.fen"], options);
    assert.deepEqual(operand, {
      code: 0,
      stdout: "positions.fen:1: legal\n" +
        "positions.fen:1: info insufficient-material: neither side has mating material: a draw\n" +
        "positions.fen:2: legal\n",
      stderr: "",
    });
    assert.deepEqual(
      await spawnFen(["--check", "--input", "positions.fen"], options),
      operand,
    );
    // files and records in order, and a file with no extension
    await Deno.copyFile(`${cwd}/positions.fen`, `${cwd}/positions`);
    assert.deepEqual(
      await spawnFen(
        [
          "--format",
          "fen",
          "positions",
          "4k3/8/8/8/8/8/8/4K3",
          "positions.fen",
        ],
        options,
      ),
      {
        code: 0,
        stdout: `${KINGS}\n${START}\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n` +
          `${KINGS}\n${START}\n`,
        stderr: "",
      },
    );
  });
  const inProcess = await runMain(["--format", "epd", "one.fen"], {
    files: { "one.fen": START },
  });
  assert.deepEqual(
    { code: inProcess.code, stdout: inProcess.stdout },
    {
      code: 0,
      stdout: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n",
    },
  );
});

Deno.test("file operands: a missing *.fen or *.epd is said so, not read as a record", async () => {
  for (const name of ["missing.fen", "missing.EPD", "missing.fen.gz"]) {
    const run = await runFen(["--check", name], {
      permissions: ["--allow-read"],
    });
    assert.equal(run.code, 4, name);
    assert.equal(run.stdout, "");
    assert.match(
      run.stderr,
      new RegExp(`^fen: cannot read ${name.replace(".", "\\.")}: `),
    );
  }
});

Deno.test("file operands: the classic command line keeps the classic bytes", async () => {
  await inTempDir({ "one.fen": START }, async (cwd) => {
    const options = { cwd, permissions: ["--allow-read"] };
    for (
      const args of [["one.fen"], ["-n", "-l", "red", "one.fen"], [
        "--flip",
        "one.fen",
      ]]
    ) {
      assert.deepEqual(await spawnFen(args, options), {
        code: 2,
        stdout: "",
        stderr: "fen: invalid FEN-string\n",
      }, args.join(" "));
    }
  });
});

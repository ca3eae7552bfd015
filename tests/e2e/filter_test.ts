// The command as a real process meets what only a real process meets: a
// terminal, endless input, a file read with narrow permissions. (A directory
// as stdin, a full disk and signals are in fault_test.ts, for every format.)

import assert from "node:assert/strict";
import { EXIT } from "../../cli.ts";
import { CLI, spawnFen } from "../cli/_harness.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const decoder = new TextDecoder();

/** Runs a shell line (for redirections the harness cannot make). */
async function sh(
  line: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await new Deno.Command("bash", {
    args: ["-c", line],
    env: { NO_COLOR: "1", FEN: `${Deno.execPath()} run --no-config ${CLI}` },
  }).output();
  return {
    code,
    stdout: decoder.decode(stdout),
    stderr: decoder.decode(stderr),
  };
}

function assertNoTrace(stderr: string): void {
  assert.doesNotMatch(stderr, /error:|\n\s+at |Uncaught|Stack backtrace/);
  for (const line of stderr.split("\n").filter((l) => l !== "")) {
    assert.match(line, /^(fen: |Usage: fen )/, line);
  }
}

Deno.test("at a terminal the reason is shown; in a pipe the classic line", async () => {
  const script = await sh(`script -qec "$FEN -n 4r3/2P3R1" /dev/null`);
  assert.match(
    script.stdout,
    /fen: invalid FEN-string: placement has 2 ranks, expected 8 at column 10/,
  );
  assert.match(script.stdout, /\^/);
  const piped = await spawnFen(["-n", "4r3/2P3R1"]);
  assert.deepEqual(piped, {
    code: EXIT.invalidFen,
    stdout: "",
    stderr: "fen: invalid FEN-string\n",
  });
});

Deno.test("endless input without a newline: flat memory (linear time is counted in tests/cli)", async () => {
  // Letters, not NULs: a NUL makes the input binary, refused before a line.
  const result = await sh(
    `head -c 200000000 /dev/zero | tr '\\0' x | /usr/bin/time -f '%M %e' $FEN --format fen - 2>&1 >/dev/null | grep -v '^Command exited'`,
  );
  const [line, times] = result.stdout.trimEnd().split("\n");
  assert.equal(
    line,
    "fen: line 1: too long (200000000 bytes; a record has at most 4096)",
  );
  const [kb] = times.split(" ").map(Number);
  assert.ok(kb < 150_000, `peak ${kb} KB`);
});

Deno.test("--input reads a real file with read permission for it alone", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/games.fen`, `${START}\n`);
    const ok = await spawnFen([
      "--format",
      "fen",
      "--input",
      `${dir}/games.fen`,
    ], {
      permissions: [`--allow-read=${dir}/games.fen`],
    });
    assert.deepEqual(ok, { code: 0, stdout: `${START}\n`, stderr: "" });
    const denied = await spawnFen([
      "--format",
      "fen",
      "--input",
      `${dir}/games.fen`,
    ]);
    assert.equal(denied.code, EXIT.ioError);
    assertNoTrace(denied.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

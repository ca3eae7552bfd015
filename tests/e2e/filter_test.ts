// The command as a real process meets real faults: a directory as stdin, a
// full disk, a signal mid-stream, a terminal, endless input.

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

Deno.test("a directory as stdin: a message and exit 4, no stack trace", async () => {
  const result = await sh('$FEN --format board - < "$(mktemp -d)"');
  assert.equal(result.code, EXIT.ioError);
  assert.match(result.stderr, /^fen: cannot read input: Is a directory/);
  assertNoTrace(result.stderr);
});

Deno.test("a full disk as stdout: a message and exit 4, one-shot and streaming", async () => {
  const one = await sh(`$FEN -n '${START}' > /dev/full`);
  assert.equal(one.code, EXIT.ioError);
  assert.match(
    one.stderr,
    /^fen: cannot write output: No space left on device/,
  );
  assertNoTrace(one.stderr);
  const many = await sh(
    `yes '${START}' | head -n 5000 | $FEN --format board - > /dev/full`,
  );
  assert.equal(many.code, EXIT.ioError);
  assertNoTrace(many.stderr);
});

Deno.test("SIGINT and SIGTERM mid-stream: everything converted is written, conventional codes", async () => {
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-config", CLI, "--format", "fen", "-"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(`${START}\n`.repeat(100)));
    // Wait until all 100 records have come out: nothing is held back while
    // the program waits for more input.
    const reader = child.stdout.getReader();
    let out = "";
    while (out.split("\n").length <= 100) {
      const { value, done } = await reader.read();
      if (done) break;
      out += decoder.decode(value);
    }
    assert.equal(out, `${START}\n`.repeat(100));
    child.kill(signal);
    const status = await child.status;
    reader.releaseLock();
    await child.stdout.cancel();
    await writer.close().catch(() => {});
    const stderr = decoder.decode(
      (await new Response(child.stderr).arrayBuffer()) as ArrayBuffer,
    );
    assert.equal(status.code, code, signal);
    assertNoTrace(stderr);
  }
});

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

Deno.test("endless input without a newline: flat memory, linear time", async () => {
  const result = await sh(
    `head -c 200000000 /dev/zero | /usr/bin/time -f '%M %e' $FEN --format fen - 2>&1 >/dev/null | grep -v '^Command exited'`,
  );
  const [line, times] = result.stdout.trimEnd().split("\n");
  assert.equal(
    line,
    "fen: line 1: too long (200000000 bytes; a record has at most 4096)",
  );
  const [kb, seconds] = times.split(" ").map(Number);
  assert.ok(kb < 150_000, `peak ${kb} KB`);
  assert.ok(seconds < 20, `${seconds} s`);
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

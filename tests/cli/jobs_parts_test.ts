// `--jobs` converts a stream's parts after the first as its middle, not as
// a stream's start, and a read that fails loses none of the bytes before it,
// within a stream's first 64 KiB (watched for a NUL) or after them:
// in-process through `main` (the parts converted in this thread, read
// permission denied to the workers' module), against one process over the
// same stdin, which fails where a cut stream does.

import assert from "node:assert/strict";
import { main } from "../../lib/cli/main.ts";
import type { CliIo } from "../../lib/program/io.ts";
import { Collected } from "./_harness.ts";

const GAMES = await Deno.readTextFile(
  new URL("../testdata/stockfish_games.pgn", import.meta.url),
);
const SAMPLE = await Deno.readTextFile(
  new URL("../testdata/sample.fen", import.meta.url),
);
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** What `--jobs` says when its workers cannot start (read is denied here). */
const ONE_CORE =
  "fen: --jobs needs --allow-read to start its workers (their code is read from a file): converting on one core\n";

/** stdin: `bytes` 64 KiB a read, then `fault` (a read that fails) or the end. */
function stdin(bytes: Uint8Array, fault: string | null): CliIo["stdin"] {
  let at = 0;
  return {
    read(buffer: Uint8Array): Promise<number | null> {
      if (at >= bytes.length) {
        return fault === null
          ? Promise.resolve(null)
          : Promise.reject(new Error(fault));
      }
      const n = Math.min(buffer.length, bytes.length - at, 1 << 16);
      buffer.set(bytes.subarray(at, at + n));
      at += n;
      return Promise.resolve(n);
    },
  };
}

/** `main` on `args` over `input`, with the workers' module not readable. */
async function run(
  args: string[],
  input: { text: string; fault: string | null },
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  const out = new Collected(), err = new Collected();
  const refuse = (): never => {
    throw new Error("not in this test");
  };
  const io: CliIo = {
    stdin: stdin(encoder.encode(input.text), input.fault),
    stdout: out,
    stderr: err,
    writeFileSync: refuse,
    renameSync: refuse,
    mkdirSync: refuse,
    open: refuse,
    permissions: { requestSync: () => ({ state: "denied" }) },
  };
  const code = await main(args, io);
  return { code, stdout: out.bytes(), stderr: decoder.decode(err.bytes()) };
}

/** `--jobs 3` and one process over `input`: the same stdout, stderr and exit code. */
async function same(
  args: string[],
  input: { text: string; fault: string | null },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const one = await run(["--jobs", "1", ...args], input);
  const three = await run(["--jobs", "3", ...args], input);
  assert.equal(three.code, one.code, "exit code");
  assert.ok(three.stderr.startsWith(ONE_CORE), three.stderr);
  assert.equal(three.stderr.slice(ONE_CORE.length), one.stderr);
  const [a, b] = [decoder.decode(one.stdout), decoder.decode(three.stdout)];
  assert.equal(b.length, a.length, "stdout's length");
  assert.ok(a === b, "stdout");
  return { code: one.code, stdout: a, stderr: one.stderr };
}

const EPD = ["--from", "pgn", "--ply", "all", "--format", "epd", "-"];

/**
 * Whole games to at least `size` bytes, and them followed by the next game
 * cut after a move of its movetext (then a move number's first digit).
 */
function cutGame(size: number): { whole: string; text: string } {
  const games = GAMES.repeat(2);
  const whole = games.slice(0, games.indexOf("\n[Event", size) + 1);
  const next = games.slice(whole.length);
  const moves = next.indexOf("\n1. ");
  const cut = next.indexOf(" ", moves + 1_000);
  return { whole, text: whole + next.slice(0, cut + 1) + "3" };
}

/**
 * A stream of games cut inside the last game's moves by a read that fails:
 * the positions before the cut are written (those of the same bytes at the
 * stream's end), then the failure (exit 4).
 */
async function cutShort(size: number): Promise<void> {
  const { whole, text } = cutGame(size);
  const fault = "truncated zstd data: the input ends inside frame 1";
  const run = await same(EPD, { text, fault });
  assert.equal(run.code, 4);
  assert.equal(run.stderr, `fen: cannot read input: ${fault}\n`);
  const ended = await same(EPD, { text, fault: null });
  assert.equal(run.stdout, ended.stdout);
  const complete = await same(EPD, { text: whole, fault: null });
  const cut = run.stdout.slice(complete.stdout.length).split("\n");
  assert.ok(cut.length > 20, `${cut.length} positions of the cut game`);
}

Deno.test("--jobs: a read that fails inside the last game's moves, after the first part, writes that game's positions before it, as one process", async () => {
  await cutShort(280_000); // more than a part (256 KiB)
});

Deno.test("a read that fails inside the last game's moves, in the stream's first 64 KiB (watched for a NUL), writes that game's positions before it", async () => {
  await cutShort(20_000);
});

Deno.test("--jobs: NUL bytes in games after the stream's first 64 KiB are read as one process reads them, not as a part's binary start", async () => {
  // a NUL in a comment of every game from 70 kB on: in each part's start
  const games = GAMES.split("\n\n[Event");
  let at = 0;
  const text = games.map((game) => {
    at += game.length + 8;
    return at > 70_000 ? game.replace("{ ", "{ \0") : game;
  }).join("\n\n[Event");
  const run = await same(EPD, { text, fault: null });
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
});

Deno.test("--jobs: FEN lines cut inside a line by a read that fails: the partial line as one process takes it", async () => {
  const whole = SAMPLE.repeat(5);
  const text = whole + SAMPLE.slice(0, SAMPLE.indexOf(" ", 5_000));
  const fault = "the input ends inside frame 1";
  const run = await same(["--format", "key", "-"], { text, fault });
  assert.equal(run.code, 4);
  assert.equal(run.stderr, `fen: cannot read input: ${fault}\n`);
});

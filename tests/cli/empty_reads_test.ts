/**
 * A read of no bytes is not the end of a stream (Deno's readers may return
 * one, and the zstd reader did at the end of each frame it streamed): every
 * reader of the command reads on, and writes what one run without such
 * reads writes. Taken for the end, it cut a lichess dump at its first large
 * frame, silently when the cut fell between games.
 */

import assert from "node:assert/strict";
import { gzipSync, zstdCompressSync } from "node:zlib";
import { runFen, runMain } from "./_harness.ts";

const encoder = new TextEncoder();
const GAMES = await Deno.readTextFile(
  new URL("../testdata/lichess_style.pgn", import.meta.url),
);
const FENS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
  "not a fen",
  "8/8/8/8/8/8/8/K6k b - - 3 40",
].join("\n").repeat(2000) + "\n";

/** The command's output with and without reads of no bytes. */
async function both(
  args: string[],
  options: { stdin?: Uint8Array | string; files?: Record<string, string> },
): Promise<void> {
  const plain = await runMain(args, options);
  const stuttering = await runMain(args, { ...options, emptyReads: true });
  assert.ok(plain.stdout.length > 1000, `${args}: ${plain.stderr}`);
  assert.deepEqual(
    {
      code: stuttering.code,
      stdout: stuttering.stdout,
      stderr: stuttering.stderr,
    },
    { code: plain.code, stdout: plain.stdout, stderr: plain.stderr },
    args.join(" "),
  );
}

Deno.test("a read of no bytes is not the end: FEN lines, on stdin and from --input", async () => {
  await both(["--format", "epd", "-"], { stdin: FENS });
  await both(["--format", "key", "--input", "a.fen"], {
    files: { "a.fen": FENS },
  });
});

Deno.test("a read of no bytes is not the end: games", async () => {
  await both(["--from", "pgn", "--ply", "all", "--format", "epd", "-"], {
    stdin: GAMES,
  });
});

Deno.test("a read of no bytes is not the end: gzip and zstd input", async () => {
  const args = ["--from", "pgn", "--ply", "all", "--format", "epd", "-"];
  await both(args, { stdin: new Uint8Array(gzipSync(encoder.encode(GAMES))) });
  await both(args, {
    stdin: new Uint8Array(zstdCompressSync(encoder.encode(GAMES))),
  });
  await both(["--format", "fen", "-"], {
    stdin: new Uint8Array(zstdCompressSync(encoder.encode(FENS))),
  });
});

Deno.test("a read of no bytes is not the end: --jobs and fen merge", async () => {
  // --jobs from the built command (runFen): its workers load one bundled
  // module, where lib/'s workers load every module of lib/ they import.
  const args = ["--format", "key", "--jobs", "2", "-"];
  const plain = await runFen(args, { stdin: FENS });
  assert.ok(plain.stdout.length > 1000, plain.stderr);
  assert.deepEqual(
    await runFen(args, { stdin: FENS, emptyReads: true }),
    plain,
  );
  const stats = await runMain(["--stats=json", "--from", "pgn", "-"], {
    stdin: GAMES,
  });
  assert.equal(stats.code, 0, stats.stderr);
  const merged = await runMain(["merge", "-"], { stdin: stats.stdout });
  const stuttering = await runMain(["merge", "-"], {
    stdin: stats.stdout,
    emptyReads: true,
  });
  assert.equal(merged.code, 0, merged.stderr);
  assert.ok(merged.stdout.includes('"records":6'), merged.stdout);
  assert.deepEqual(stuttering, merged);
});

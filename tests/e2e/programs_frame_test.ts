// Every program through the same hostile cases: the rows are the programs'
// own declarations (the subcommands' registry and the command's), so that a
// program joins this table by being declared. What only a process meets (a
// full disk, a closed pipe, SIGINT and SIGTERM) is run as a real process;
// the other cases run the built program in-process over the real files
// (a process each cost 73 s of CPU for the eleven programs).
// Each case is held to one diagnostic line (`fen: PROGRAM: ...`, no stack
// trace) and the documented exit code, a stream of bad items to the
// bad-input stop; what a program reads compressed, or until a signal, must
// be what it reads plain.

import assert from "node:assert/strict";
import {
  COMMAND_FRAME,
  SUBCOMMANDS,
} from "../../lib/cli/option_subcommands.ts";
import { EXIT } from "../../lib/program/exit.ts";
import { INVALID_RUN } from "../../lib/program/bad_input.ts";
import type {
  FrameFiles,
  FrameRead,
  FrameUse,
  FrameWrite,
} from "../../lib/program/frame_use.ts";
import { programWords } from "../../lib/program/frame_use.ts";
import { CLI, runArgs, runFenBytes, spawnProcess } from "../cli/_harness.ts";

const PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-env",
];
const FEN = [Deno.execPath(), ...runArgs(PERMISSIONS), CLI];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface Outcome {
  code: number;
  stdout: Uint8Array;
  stderr: string;
}

/**
 * Runs the program with `args` (stdin empty unless given): the built
 * program in-process (tests/cli/_harness.ts), over the real files. What
 * only a process meets (a full disk, a closed pipe, a signal) spawns.
 */
function run(args: readonly string[], stdin?: string): Promise<Outcome> {
  return runFenBytes(
    [...args],
    stdin === undefined
      ? { permissions: PERMISSIONS }
      : { stdin, permissions: PERMISSIONS },
  );
}

/** Runs the program with its stdout on a full disk. */
function runToFullDisk(
  args: readonly string[],
  stdin?: string,
): Promise<Outcome> {
  return spawnProcess(
    "sh",
    ["-c", 'exec "$@" > /dev/full', "sh", ...FEN, ...args],
    stdin === undefined ? {} : { stdin },
  );
}

/** Runs the program with its stdout's reader gone before it writes. */
async function runToClosedPipe(
  args: readonly string[],
  stdin?: string,
): Promise<Outcome> {
  const child = new Deno.Command(FEN[0], {
    args: [...FEN.slice(1), ...args],
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  await child.stdout.cancel();
  if (stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(encoder.encode(stdin)).catch(() => {});
    await writer.close().catch(() => {});
  }
  const { code } = await child.status;
  const stderr = decoder.decode(
    await new Response(child.stderr).arrayBuffer(),
  );
  return { code, stdout: new Uint8Array(), stderr };
}

/**
 * Runs the program reading stdin, which stays open once `input` is written
 * (the program waits for more), then stops it with `signal`: once it has
 * written `expected` bytes (all it will write for the input), or after
 * 2.5 s for a program that writes only at the end.
 */
async function runInterrupted(
  args: readonly string[],
  { input, signal, expected }: {
    input: string;
    signal: "SIGINT" | "SIGTERM";
    expected: number;
  },
): Promise<Outcome> {
  const child = new Deno.Command(FEN[0], {
    args: [...FEN.slice(1), ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let written = 0;
  let caughtUp: () => void = () => {};
  const ready = new Promise<void>((resolve) => caughtUp = resolve);
  const out = (async () => {
    for await (const chunk of child.stdout) {
      chunks.push(chunk);
      written += chunk.length;
      if (expected > 0 && written >= expected) caughtUp();
    }
  })();
  const err = new Response(child.stderr).arrayBuffer();
  const writer = child.stdin.getWriter();
  await writer.write(encoder.encode(input));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 2500);
  });
  await Promise.race([waited, ready]);
  clearTimeout(timer);
  child.kill(signal);
  const { code } = await child.status;
  await writer.close().catch(() => {});
  await out;
  return {
    code,
    stdout: new Uint8Array(await new Blob(chunks).arrayBuffer()),
    stderr: decoder.decode(await err),
  };
}

/** Holds a run to one diagnostic line of the program and an exit code. */
function assertOneLine(
  outcome: Outcome,
  { prefix, code, says, what }: {
    prefix: string;
    code: number;
    says: RegExp | null;
    what: string;
  },
): void {
  const lines = outcome.stderr.split("\n").filter((line) => line !== "");
  assert.equal(
    lines.length,
    1,
    `${what}: one line on stderr, not:\n${outcome.stderr.slice(0, 600)}`,
  );
  assert.ok(
    lines[0].startsWith(prefix),
    `${what}: ${JSON.stringify(lines[0])} starts with ${prefix}`,
  );
  if (says !== null) assert.match(lines[0], says, what);
  assert.equal(outcome.code, code, `${what}: exit code (${lines[0]})`);
}

/** No diagnostic, or one line of the program; never a stack trace. */
function assertQuiet(outcome: Outcome, prefix: string, what: string): void {
  const lines = outcome.stderr.split("\n").filter((line) => line !== "");
  assert.ok(
    lines.length <= 1 && lines.every((line) => line.startsWith(prefix)),
    `${what}: at most one line of the program on stderr, not:\n${
      outcome.stderr.slice(0, 600)
    }`,
  );
}

/** The hostile inputs, made once in a folder of their own. */
async function hostileFiles(dir: string, sample: string): Promise<{
  plain: string;
  gzip: string;
  zstd: string;
  pzstd: string;
}> {
  const plain = `${dir}/input.txt`;
  await Deno.writeTextFile(plain, sample);
  const gzip = `${plain}.gz`;
  await Deno.writeFile(
    gzip,
    new Uint8Array(
      await new Response(
        new Blob([sample]).stream().pipeThrough(
          new CompressionStream("gzip"),
        ),
      ).arrayBuffer(),
    ),
  );
  const zstd = `${plain}.zst`;
  const pzstd = `${dir}/input.pzstd.zst`;
  for (
    const [tool, args] of [
      ["zstd", ["-q", "-f", plain, "-o", zstd]],
      ["pzstd", ["-q", "-f", plain, "-o", pzstd]],
    ] as const
  ) {
    const { success } = await new Deno.Command(tool, { args: [...args] })
      .output();
    assert.ok(success, `${tool} made its file`);
  }
  return { plain, gzip, zstd, pzstd };
}

/** `args` with FILE standing for `file`. */
function withFile(args: readonly string[], file: string): string[] {
  return args.map((arg) => arg === "FILE" ? file : arg);
}

/** The cases of a way the program reads an input; its failures. */
async function readCases(
  read: FrameRead,
  { prefix, dir }: { prefix: string; dir: string },
): Promise<string[]> {
  const what = (name: string) => `${read.args.join(" ")}, ${name}`;
  const failures: string[] = [];
  await attempt(failures, async () => {
    const missing = await run(withFile(read.args, `${dir}/no such file`));
    assertOneLine(missing, {
      prefix,
      code: EXIT.ioError,
      says: /no such file/,
      what: what("a missing file"),
    });
  });
  await attempt(failures, async () => {
    const folder = await run(withFile(read.args, dir));
    assertOneLine(folder, {
      prefix,
      code: EXIT.ioError,
      says: /directory/,
      what: what("a directory"),
    });
  });
  // An executable: binary data, or (a file of the program's own format)
  // not that format.
  await attempt(failures, async () => {
    const binary = await run(withFile(read.args, Deno.execPath()));
    assertOneLine(binary, {
      prefix,
      code: read.input === "text" ? EXIT.ioError : EXIT.invalidFen,
      says: read.input === "text" ? /binary data/ : null,
      what: what("an executable"),
    });
  });
  if (read.input !== "text" || read.sample === undefined) return failures;
  // Text that is not what it reads, one bad item after another: stopped
  // after INVALID_RUN of them (or at the first), never a line each.
  await attempt(failures, async () => {
    const junk = `${dir}/junk.txt`;
    await Deno.writeTextFile(
      junk,
      Array.from({ length: 100 }, (_, i) => `junk ${i} ]\n\n`).join(""),
    );
    const flood = await run(withFile(read.args, junk));
    const lines = flood.stderr.split("\n").filter((line) => line !== "");
    assert.ok(
      lines.length <= INVALID_RUN && lines.every((l) => l.startsWith(prefix)),
      `${
        what("100 bad items")
      }: at most ${INVALID_RUN} lines, not ${lines.length}`,
    );
    assert.ok(
      [EXIT.ok, EXIT.invalidFen].includes(flood.code as 0 | 2),
      `${what("100 bad items")}: exit 0 or 2, not ${flood.code}`,
    );
  });
  const files = await hostileFiles(dir, read.sample);
  const plain = await run(withFile(read.args, files.plain));
  assert.equal(plain.code, EXIT.ok, `${what("plain")}: ${plain.stderr}`);
  assert.ok(plain.stdout.length > 0, what("plain: writes something"));
  for (const name of ["gzip", "zstd", "pzstd"] as const) {
    await attempt(failures, async () => {
      const compressed = await run(withFile(read.args, files[name]));
      assert.equal(compressed.stderr, "", what(name));
      assert.equal(compressed.code, EXIT.ok, what(name));
      assert.deepEqual(compressed.stdout, plain.stdout, what(`${name}: read`));
    });
  }
  // Binary data after the text: what was read before it is written, then
  // the one line (exit 4).
  await attempt(failures, async () => {
    const tail = `${dir}/tail.bin`;
    await Deno.writeFile(
      tail,
      new Uint8Array([...encoder.encode(read.sample!), 0, 1, 2, 10, 65, 10]),
    );
    const cut = await run(withFile(read.args, tail));
    assertOneLine(cut, {
      prefix,
      code: EXIT.ioError,
      says: /binary data, not text .*: read up to the line it is on$/,
      what: what("binary data after the text"),
    });
    assert.deepEqual(
      decoder.decode(cut.stdout),
      decoder.decode(plain.stdout),
      what("binary data after the text: what was read is written"),
    );
  });
  // Both signals at once: each run mostly waits.
  await Promise.all(
    ([["SIGINT", EXIT.interrupted], ["SIGTERM", EXIT.terminated]] as const)
      .map(([signal, code]) =>
        attempt(failures, async () => {
          const cut = await runInterrupted(withFile(read.args, "-"), {
            input: read.sample!,
            signal,
            expected: plain.stdout.length,
          });
          assertQuiet(cut, prefix, what(signal));
          assert.equal(cut.code, code, what(`${signal}: ${cut.stderr}`));
          assert.deepEqual(
            decoder.decode(cut.stdout),
            decoder.decode(plain.stdout),
            what(`${signal}: what was read is written`),
          );
        })
      ),
  );
  return failures;
}

/** Runs a case; its failure, if any, joins `failures` (the others go on). */
async function attempt(
  failures: string[],
  body: () => Promise<void>,
): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!(error instanceof assert.AssertionError)) throw error;
    failures.push(error.message.split("\n").slice(0, 3).join("\n"));
  }
}

/** The cases of a way the program writes to stdout; its failures. */
async function writeCases(
  write: FrameWrite,
  prefix: string,
): Promise<string[]> {
  const what = (name: string) => `${write.args.join(" ")}, ${name}`;
  const failures: string[] = [];
  await attempt(failures, async () => {
    const full = await runToFullDisk(write.args, write.stdin);
    assertOneLine(full, {
      prefix,
      code: EXIT.ioError,
      says: /cannot write output: no space left on the device$/,
      what: what("stdout on a full disk"),
    });
  });
  await attempt(failures, async () => {
    const closed = await runToClosedPipe(write.args, write.stdin);
    assertQuiet(closed, prefix, what("stdout closed"));
    assert.equal(closed.code, EXIT.brokenPipe, what(`stdout closed`));
  });
  return failures;
}

/**
 * The cases of a way the program writes files: one that cannot be written
 * (a folder is in its way) is said in one line, exit 4, and leaves no
 * `.part` file behind.
 */
async function fileCases(
  files: FrameFiles,
  { prefix, dir }: { prefix: string; dir: string },
): Promise<string[]> {
  const what = `${files.args.join(" ")}, a file that cannot be written`;
  const failures: string[] = [];
  const out = `${dir}/out`;
  await Deno.mkdir(`${out}/${files.name}/in the way`, { recursive: true });
  await attempt(failures, async () => {
    const blocked = await run(
      files.args.map((arg) => arg === "DIR" ? out : arg),
      files.stdin,
    );
    assertOneLine(blocked, {
      prefix,
      code: EXIT.ioError,
      says: /cannot write .*: it is a directory$/,
      what,
    });
    const left = (await Array.fromAsync(Deno.readDir(out))).map((e) => e.name);
    assert.deepEqual(
      left.filter((name) => name.endsWith(".part")),
      [],
      `${what}: no .part file left`,
    );
  });
  await Deno.remove(out, { recursive: true });
  return failures;
}

/** The programs as declared: the command, and each subcommand. */
const PROGRAMS: readonly { word: string | null; use: FrameUse }[] = [
  { word: null, use: COMMAND_FRAME },
  ...Object.entries(SUBCOMMANDS).map(([word, sub]) => ({
    word,
    use: sub.frame,
  })),
];

for (const { word, use } of PROGRAMS) {
  const name = word === null ? "fen" : `fen ${word}`;
  Deno.test(`${name}: every input and output it declares meets the frame (compressed, binary, a directory, a missing file, a full disk, a closed pipe, SIGINT, SIGTERM, a file that cannot be written, text that is not its input)`, async () => {
    assert.ok(use.writes.length > 0, `${name} declares how it writes`);
    const dir = await Deno.makeTempDir({ prefix: "fen-frame-" });
    const failures: string[] = [];
    try {
      for (const read of use.reads) {
        const args = word === null ? read.args : [word, ...read.args];
        const prefix = word === null
          ? "fen: "
          : `fen: ${programWords(word, use, read.args)}: `;
        failures.push(...await readCases({ ...read, args }, { prefix, dir }));
      }
      for (const files of use.files ?? []) {
        const args = word === null ? files.args : [word, ...files.args];
        const prefix = word === null
          ? "fen: "
          : `fen: ${programWords(word, use, files.args)}: `;
        failures.push(...await fileCases({ ...files, args }, { prefix, dir }));
      }
      for (const write of use.writes) {
        const args = word === null ? write.args : [word, ...write.args];
        const prefix = word === null
          ? "fen: "
          : `fen: ${programWords(word, use, write.args)}: `;
        failures.push(...await writeCases({ ...write, args }, prefix));
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
    assert.deepEqual(failures, [], `${name}: ${failures.length} cases failed`);
  });
}

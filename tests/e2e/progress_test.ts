// deno-lint-ignore-file no-control-regex -- the terminal's erase: CR, ESC [K
// Progress on stderr: drawn in place at a terminal (under a real
// pseudo-terminal, and in-process with streams that say they are one),
// never on stdout, nothing when stderr is not a terminal, plain lines when
// --progress forces it into a pipe, --no-progress silences it, and the
// line is erased however the run ends (Ctrl-C too).

import assert from "node:assert/strict";
import { main } from "../../cli.ts";
import type { CliIo } from "../../cli.ts";
import { duration, streamText } from "../../lib/program/progress.ts";
import { CLI, spawnFen, spawnFenBytes } from "../cli/_harness.ts";

const SAMPLE = new URL("../testdata/sample.fen", import.meta.url).pathname;
const GAMES = new URL("../testdata/stockfish_games.pgn", import.meta.url)
  .pathname;
const decoder = new TextDecoder();
const DRAWN = /\r\x1b\[Kfen: [\d,]+ lines, [\d,]+\/s, \d+%, [^\r\x1b]* left/;

/**
 * A run of `main` whose file `big.fen` (of known size) is read a chunk
 * every `pause` ms: long enough for the line's timer to tick.
 */
async function slowRun(
  args: string[],
  { terminal, pause = 120, failAfter = Infinity }: {
    terminal: boolean;
    pause?: number;
    /** The read that fails (a disk error), after this many bytes. */
    failAfter?: number;
  },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const bytes = await Deno.readFile(SAMPLE);
  const out: number[] = [], err: number[] = [];
  const sink = (into: number[], isTerminal: boolean) => ({
    writeSync(data: Uint8Array): number {
      into.push(...data);
      return data.length;
    },
    isTerminal: () => isTerminal,
  });
  const io: CliIo = {
    stdin: { read: () => Promise.resolve(null) },
    stdout: sink(out, false),
    stderr: sink(err, terminal),
    writeFileSync() {},
    renameSync() {},
    mkdirSync() {},
    open() {
      let offset = 0;
      return Promise.resolve({
        async read(buffer: Uint8Array): Promise<number | null> {
          await new Promise((resolve) => setTimeout(resolve, pause));
          if (offset >= bytes.length) return null;
          if (offset >= failAfter) throw new Error("Input/output error");
          const n = Math.min(buffer.length, bytes.length - offset, 8000);
          buffer.set(bytes.subarray(offset, offset + n));
          offset += n;
          return n;
        },
        close() {},
      });
    },
    statSync: () => ({ isFile: true, size: bytes.length }),
    permissions: {
      requestSync: () => ({ state: "granted" }),
      querySync: () => ({ state: "granted" }),
    },
  };
  const code = await main(args, io);
  return {
    code,
    stdout: decoder.decode(new Uint8Array(out)),
    stderr: decoder.decode(new Uint8Array(err)),
  };
}

const ARGS = ["--format", "fen", "--input", "big.fen"];

Deno.test("the line's text: count, rate, percent and time left of a file of known size", () => {
  assert.equal(
    streamText({ done: 120000, unit: "lines", bytes: 250, size: 1000 }, 3),
    "fen: 120,000 lines, 40,000/s, 25%, 9 s left",
  );
  assert.equal(
    streamText({ done: 5, unit: "games", bytes: 9, size: null }, 2),
    "fen: 5 games, 3/s",
  );
  assert.equal(
    streamText({ done: 7, unit: "lines", bytes: 10, size: 10 }, 1),
    "fen: 7 lines, 7/s, 100%",
  );
  assert.equal(duration(200), "3 min 20 s");
  assert.equal(duration(7500), "2 h 5 min");
});

Deno.test("at a terminal: the line is redrawn on stderr, never on stdout, and erased at the end", async () => {
  const quiet = await slowRun(ARGS, { terminal: false, pause: 0 });
  // 1000 lines in 8000-byte chunks: 8 reads, about 1.1 s.
  const run = await slowRun([...ARGS, "--progress"], { terminal: true });
  assert.equal(run.code, 0);
  assert.equal(run.stdout, quiet.stdout, "stdout is the same as without it");
  assert.ok(!run.stdout.includes("fen:") && !run.stdout.includes("\r"));
  assert.match(run.stderr, DRAWN);
  assert.ok(run.stderr.endsWith("\r\x1b[K"), "erased at the end");
  assert.equal(quiet.stderr, "");
});

Deno.test("a read that fails: the line erased before the message, the timer stopped", async () => {
  const run = await slowRun([...ARGS, "--progress"], {
    terminal: true,
    failAfter: 40000,
  });
  assert.equal(run.code, 4);
  assert.match(run.stderr, DRAWN);
  assert.ok(
    run.stderr.endsWith(
      "\r\x1b[Kfen: cannot read big.fen: input/output error\n",
    ),
    JSON.stringify(run.stderr.slice(-80)),
  );
  // Deno's test sanitizer fails the test if the line's timer outlived the run.
});

Deno.test("stderr not a terminal: nothing; --no-progress at a terminal: nothing", async () => {
  const piped = await slowRun(ARGS, { terminal: false });
  assert.equal(piped.code, 0);
  assert.equal(piped.stderr, "");
  const off = await slowRun([...ARGS, "--progress", "--no-progress"], {
    terminal: true,
  });
  assert.equal(off.stderr, "");
  assert.equal(off.stdout, piped.stdout);
});

Deno.test("--progress into a pipe: plain lines for a log, the totals last", async () => {
  const run = await spawnFen(
    ["--progress", "--format", "fen", "--input", SAMPLE],
    { permissions: [`--allow-read=${SAMPLE}`] },
  );
  assert.equal(run.code, 0);
  assert.equal(run.stdout.split("\n").length, 1001);
  assert.ok(!/[\r\x1b]/.test(run.stderr), "no carriage return, no escape");
  assert.match(run.stderr, /^fen: 1,000 lines, [\d,]+\/s, 100%\n$/);
  const games = await spawnFen(
    ["--progress", "--from", "pgn", "--format", "fen", GAMES],
    { permissions: [`--allow-read=${GAMES}`] },
  );
  assert.equal(games.code, 0);
  assert.match(games.stderr, /^fen: 100 games, [\d,]+\/s, 100%\n$/);
  // A compressed file: the percent is of its own (compressed) bytes.
  const dir = await Deno.makeTempDir();
  try {
    const gz = `${dir}/sample.fen.gz`;
    await Deno.writeFile(
      gz,
      await new Response(
        (await Deno.open(SAMPLE)).readable.pipeThrough(
          new CompressionStream("gzip"),
        ),
      ).bytes(),
    );
    const zipped = await spawnFen(
      ["--progress", "--format", "fen", "--input", gz],
      { permissions: [`--allow-read=${dir}`] },
    );
    assert.equal(zipped.stdout, run.stdout);
    assert.match(zipped.stderr, /^fen: 1,000 lines, [\d,]+\/s, 100%\n$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--progress into a log: a plain line every five seconds while the job runs, then the totals", async () => {
  // 8 reads 700 ms apart: about 5.6 s, one line on the way.
  const run = await slowRun([...ARGS, "--progress"], {
    terminal: false,
    pause: 700,
  });
  assert.equal(run.code, 0);
  const lines = run.stderr.split("\n");
  assert.equal(lines.pop(), "", "whole lines");
  assert.ok(lines.length >= 2, run.stderr);
  for (const line of lines.slice(0, -1)) {
    assert.match(line, /^fen: [\d,]+ lines, [\d,]+\/s, \d+%, .+ left$/);
  }
  assert.match(lines.at(-1)!, /^fen: 1,000 lines, [\d,]+\/s, 100%$/);
});

Deno.test("--jobs 2: the line drawn at a terminal and logged into a pipe, as --jobs 1 shows it", async () => {
  const quiet = await slowRun(ARGS, { terminal: false, pause: 0 });
  const jobs = [...ARGS, "--jobs", "2", "--progress"];
  const drawn = await slowRun(jobs, { terminal: true });
  assert.equal(drawn.code, 0);
  assert.equal(drawn.stdout, quiet.stdout);
  assert.match(drawn.stderr, DRAWN);
  assert.ok(drawn.stderr.endsWith("\r\x1b[K"), "erased at the end");
  // 8 reads 700 ms apart: a line on the way (the bytes read), then the totals
  const logged = await slowRun(jobs, { terminal: false, pause: 700 });
  assert.equal(logged.code, 0);
  const lines = logged.stderr.split("\n");
  assert.equal(lines.pop(), "", "whole lines");
  assert.ok(lines.length >= 2, logged.stderr);
  for (const line of lines.slice(0, -1)) {
    assert.match(line, /^fen: [\d,]+ lines, [\d,]+\/s, \d+%, .+ left$/);
  }
  assert.match(lines.at(-1)!, /^fen: 1,000 lines, [\d,]+\/s, 100%$/);
});

Deno.test("--progress --jobs 2 into a pipe: the totals of --jobs 1 over files of several parts, lines and games", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const sample = await Deno.readTextFile(SAMPLE);
    // a blank line and a comment after the last record: not counted
    await Deno.writeTextFile(`${dir}/a.fen`, sample.repeat(20) + "\n# end\n");
    await Deno.writeTextFile(`${dir}/b.fen`, sample.repeat(3));
    await Deno.writeTextFile(
      `${dir}/g.pgn`,
      (await Deno.readTextFile(GAMES)).repeat(4),
    );
    const runs = [
      [[
        "--format",
        "key",
        "--input",
        `${dir}/a.fen`,
        "--input",
        `${dir}/b.fen`,
      ], /^fen: 23,000 lines, R\/s, 100%\n$/],
      [
        ["--from", "pgn", "--format", "fen", "--input", `${dir}/g.pgn`],
        /^fen: 400 games, R\/s, 100%\n$/,
      ],
    ] as const;
    for (const [args, totals] of runs) {
      const stderr = [];
      for (const jobs of ["1", "2"]) {
        const run = await spawnFenBytes(
          ["--progress", "--jobs", jobs, ...args],
          {
            permissions: [`--allow-read`],
          },
        );
        assert.equal(run.code, 0, run.stderr);
        stderr.push(run.stderr.replace(/[\d,]+\/s/g, "R/s"));
      }
      assert.match(stderr[0], totals);
      assert.equal(stderr[1], stderr[0], `--jobs 2 ${args.join(" ")}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fen tree and fen book make: --progress into a pipe counts the bytes of the files; --no-progress nothing", async () => {
  const permissions = [`--allow-read=${GAMES}`];
  for (const args of [["tree"], ["book", "make"]]) {
    const run = await spawnFenBytes([...args, "--progress", GAMES], {
      permissions,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^fen: 0\.3 MB read, [\d.]+ MB\/s, 100%\n$/);
    const quiet = await spawnFenBytes([...args, "--no-progress", GAMES], {
      permissions,
    });
    assert.deepEqual(quiet, { ...run, stderr: "" }, "the same output");
  }
});

const hasScript = (() => {
  try {
    return new Deno.Command("script", { args: ["--version"] }).outputSync()
      .success;
  } catch {
    return false;
  }
})();

/**
 * Runs `shell` under a pseudo-terminal (`script` from util-linux): what the
 * terminal showed, with stdout redirected by the command line itself.
 */
async function underTerminal(shell: string, cwd: string): Promise<string> {
  const { stdout } = await new Deno.Command("script", {
    args: ["-qfec", shell, "/dev/null"],
    cwd,
    env: { NO_COLOR: "1" },
  }).output();
  return decoder.decode(stdout);
}

const deno = `${Deno.execPath()} run --no-config --allow-read ${CLI}`;

Deno.test({
  name:
    "the real program under a pseudo-terminal: the line on the terminal, stdout clean; piped stderr: nothing",
  ignore: !hasScript,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      // 300 lines, a pause, 700 more: the line shows what was read so far.
      const input =
        `{ head -n 300 ${SAMPLE}; sleep 2; tail -n 700 ${SAMPLE}; }`;
      const screen = await underTerminal(
        `${input} | ${deno} --format fen - > out.fen; echo "exit=$?"`,
        dir,
      );
      assert.match(screen, /\r\x1b\[Kfen: 300 lines, [\d,]+\/s/);
      assert.match(
        screen,
        /\r\x1b\[Kexit=0/,
        "erased before the shell goes on",
      );
      const out = await Deno.readTextFile(`${dir}/out.fen`);
      assert.equal(out.split("\n").length, 1001);
      assert.ok(!out.includes("fen:"));
      // The same with stderr into a file: nothing there.
      const piped = await underTerminal(
        `${input} | ${deno} --format fen - > out.fen 2> err.txt; echo "exit=$?"`,
        dir,
      );
      assert.equal(await Deno.readTextFile(`${dir}/err.txt`), "");
      assert.ok(!piped.includes("fen:"));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "Ctrl-C under a pseudo-terminal: the line erased, exit 130, what was read written",
  ignore: !hasScript,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const screen = await underTerminal(
        `{ head -n 300 ${SAMPLE}; sleep 6; } | ${deno} --format fen - > out.fen & ` +
          `sleep 3; kill -INT $!; wait $!; echo "exit=$?"`,
        dir,
      );
      assert.match(screen, /\r\x1b\[Kfen: 300 lines/);
      assert.match(screen, /\r\x1b\[K(?:[^\r]*\n)?exit=130/);
      const out = await Deno.readTextFile(`${dir}/out.fen`);
      assert.equal(out.split("\n").length, 301);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

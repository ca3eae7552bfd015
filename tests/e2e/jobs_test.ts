// --jobs N against one process, through the real program: stdout, stderr
// and the exit code byte for byte, over inputs of several parts (a part is
// cut at 256 KiB, lib/cli/source_jobs.ts) with the faults that make a part's start matter: bad
// lines and games across parts (their numbers), a stream that starts with
// a megabyte of blank lines before lines that are not FEN (the run of
// invalid lines that stops a stream), a missing file between two, and a
// zstd file cut short.

import assert from "node:assert/strict";
import { runArgs, spawnFenBytes } from "../cli/_harness.ts";

const RW = ["--allow-read", "--allow-write"];
/** Every position of the games on stdin, as FEN. */
const EVERY_POSITION = [
  "--from",
  "pgn",
  "--ply",
  "all",
  "--format",
  "fen",
  "-",
];
const CLI = new URL("../../cli.ts", import.meta.url).pathname;
const SAMPLE = await Deno.readTextFile(
  new URL("../testdata/sample.fen", import.meta.url),
);
const GAMES = await Deno.readTextFile(
  new URL("../testdata/stockfish_games.pgn", import.meta.url),
);

/**
 * Runs `args` with --jobs 1 and --jobs 3 and holds the runs equal. A
 * `stdin` of megabytes is given as a file on stdin (the harness writes
 * stdin whole before reading stdout, which a pipe cannot hold).
 */
async function same(
  args: string[],
  options: { stdin?: Uint8Array | string; what: string },
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  const runs = [];
  for (const jobs of ["1", "3"]) {
    runs.push(await spawnWith(["--jobs", jobs, ...args], options.stdin));
  }
  const [one, three] = runs;
  assert.equal(three.code, one.code, `${options.what}: exit code`);
  assert.equal(three.stderr, one.stderr, `${options.what}: stderr`);
  assert.ok(
    three.stdout.length === one.stdout.length &&
      three.stdout.every((b, i) => b === one.stdout[i]),
    `${options.what}: stdout (${one.stdout.length} and ${three.stdout.length} bytes)`,
  );
  return one;
}

/** The command on `args` as a process, stdout and stderr piped. */
function fenProcess(
  args: readonly string[],
  stdin: "piped" | "null" = "piped",
): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: [...runArgs(RW), CLI, ...args],
    stdin,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
}

async function spawnWith(
  args: string[],
  stdin: Uint8Array | string | undefined,
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  if (stdin === undefined) {
    return await spawnFenBytes(args, { permissions: RW });
  }
  const file = await Deno.makeTempFile();
  try {
    if (typeof stdin === "string") await Deno.writeTextFile(file, stdin);
    else await Deno.writeFile(file, stdin);
    const child = fenProcess(args);
    const input = await Deno.open(file);
    const [output] = await Promise.all([
      child.output(),
      input.readable.pipeTo(child.stdin).catch(() => {}),
    ]);
    return {
      code: output.code,
      stdout: output.stdout,
      stderr: new TextDecoder().decode(output.stderr),
    };
  } finally {
    await Deno.remove(file);
  }
}

/**
 * `SAMPLE` repeated to about 730 kB (three parts) with bad lines spread
 * over it.
 */
function badFen(): string {
  const lines = SAMPLE.repeat(12).split("\n");
  for (const at of [7, 5_000, 7_500, 11_800]) lines[at] = `not a fen ${at}`;
  lines[9_500] = "x".repeat(5000); // too long
  return lines.join("\n");
}

/** The games repeated to about 1.1 MB (four parts), some moves broken. */
function badGames(): string {
  const games = GAMES.repeat(4).split("\n\n");
  for (const k of [3, 210, 290]) {
    games[2 * k + 1] = games[2 * k + 1].replace(/ [a-h][1-8] /, " Kz9 ");
  }
  return games.join("\n\n");
}

Deno.test("--jobs: FEN streams as one process writes them, messages numbered as one process numbers them", async () => {
  const input = badFen();
  for (const format of ["fen", "key", "json", "epd"]) {
    const run = await same(["--format", format, "-"], {
      stdin: input,
      what: format,
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^fen: line 7501: invalid FEN-string/m);
    assert.match(run.stderr, /^fen: line 9501: too long \(5000 bytes/m);
  }
  await same(["--check", "-"], { stdin: input, what: "--check" });
  // no record in the first megabyte: the run of invalid lines after it stops the stream
  const stops = await same(["--format", "key", "-"], {
    stdin: "\n".repeat(1_500_000) + "junk\n".repeat(30) + SAMPLE,
    what: "blank megabyte",
  });
  assert.match(stops.stderr, /20 invalid lines and no record/);
});

Deno.test("--jobs: games across parts, their errors and numbers; files in order, a missing one between", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.pgn`, badGames());
    await Deno.writeTextFile(`${dir}/b.pgn`, GAMES.repeat(5));
    for (
      const format of [["--ply", "all", "--format", "epd"], [
        "--ply",
        "30",
        "--format",
        "json",
      ], ["--format", "fen"]]
    ) {
      const run = await same(
        [
          "--from",
          "pgn",
          ...format,
          "--input",
          `${dir}/a.pgn`,
          "--input",
          `${dir}/b.pgn`,
        ],
        { what: format.join(" ") },
      );
      assert.equal(run.code, 2);
      assert.match(run.stderr, /a\.pgn:\d+:\d+: game 292, /);
    }
    const missing = await same(
      [
        "--format",
        "key",
        "--from",
        "pgn",
        "--input",
        `${dir}/a.pgn`,
        "--input",
        `${dir}/none.pgn`,
        "--input",
        `${dir}/b.pgn`,
      ],
      { what: "a missing file" },
    );
    assert.equal(missing.code, 4);
    assert.match(missing.stderr, /cannot read .*none\.pgn: /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--jobs: a zstd stream cut short ends as in one process, on stdin and as a named file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/all.fen`, SAMPLE.repeat(15));
    await Deno.writeTextFile(`${dir}/all.pgn`, GAMES.repeat(3));
    const zstd = await new Deno.Command("zstd", {
      args: ["-q", "-3", `${dir}/all.fen`, `${dir}/all.pgn`],
    }).output().catch(() => null);
    if (zstd === null || !zstd.success) {
      console.log("skipped: the cut zstd case, because zstd is not installed");
      return;
    }
    const bytes = await Deno.readFile(`${dir}/all.fen.zst`);
    const cut = bytes.subarray(0, bytes.length - 5);
    const run = await same(["--format", "key", "-"], {
      stdin: cut,
      what: "cut zstd",
    });
    assert.equal(run.code, 4);
    assert.ok(run.stdout.length > 150_000);
    await Deno.writeFile(`${dir}/cut.fen.zst`, cut);
    const games = await Deno.readFile(`${dir}/all.pgn.zst`);
    await Deno.writeFile(
      `${dir}/cut.pgn.zst`,
      games.subarray(0, games.length - 5),
    );
    for (
      const [kind, args] of [["fen", ["--format", "key"]], [
        "pgn",
        ["--from", "pgn", "--ply", "all", "--format", "epd"],
      ]]
    ) {
      const file = `${dir}/cut.${kind}.zst`;
      const named = await same([...args, "--input", file], {
        what: `cut zstd file of ${kind}`,
      });
      assert.equal(named.code, 4);
      assert.ok(named.stdout.length > 150_000);
      assert.equal(
        named.stderr,
        `fen: cannot read ${file}: truncated zstd data: the input ends inside frame 1\n`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--jobs without --allow-read: said, and converted on one core", async () => {
  const input = SAMPLE.repeat(3);
  const run = await spawnFenBytes(["--jobs", "2", "--format", "key", "-"], {
    stdin: input,
  });
  const one = await spawnFenBytes(["--format", "key", "-"], { stdin: input });
  assert.equal(run.code, 0);
  assert.equal(
    run.stderr,
    "fen: --jobs needs --allow-read to start its workers (their code is read from a file): converting on one core\n",
  );
  assert.deepEqual(run.stdout, one.stdout);
});

Deno.test("--jobs: a bad value is a usage error", async () => {
  const run = await spawnFenBytes(["--jobs", "x", "--format", "key", "-"], {
    stdin: "",
  });
  assert.equal(run.code, 1);
  assert.equal(
    run.stderr,
    'fen: --jobs "x" must be a number of workers from 1 to 256, or 0 for one per core\n',
  );
});

Deno.test("--jobs: SIGINT while waiting for input writes every line read before it, in order, and exits 130", async () => {
  const input = new TextEncoder().encode(SAMPLE.repeat(40));
  const full = await spawnWith(["--format", "key", "-"], input);
  const child = fenProcess(["--jobs", "2", "--format", "key", "-"]);
  const writer = child.stdin.getWriter();
  // stdout is read all along, while stdin is written (a pipe holds neither
  // whole: a reader that paused would leave the command blocked on its
  // output and never reading the rest of its input); then stdin stays open:
  // the command waits for more
  const written = writer.write(input);
  const seen: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  let flowing: () => void = () => {};
  const started = new Promise<void>((resolve) => flowing = resolve);
  const drained = (async () => {
    for await (const chunk of child.stdout) {
      seen.push(chunk);
      size += chunk.length;
      // a part is converted and written: input is flowing
      if (size >= 500_000) flowing();
    }
    flowing();
  })();
  await started;
  await written;
  // everything is written to the pipe: give the command a moment to read it
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = size;
  child.kill("SIGINT");
  await drained;
  await writer.close().catch(() => {});
  const { code } = await child.status;
  const stdout = new Uint8Array(await new Blob(seen).arrayBuffer());
  assert.equal(code, 130);
  assert.equal(
    new TextDecoder().decode(await new Response(child.stderr).arrayBuffer()),
    "",
  );
  assert.ok(stdout.length >= before);
  assert.deepEqual(stdout, full.stdout, "every line read before the signal");
});

Deno.test("--jobs: games with no empty line before their tags, and a line longer than a part, as one process", async () => {
  // every other game glued to the one before: not a place to cut, and
  // numbered as one process numbers it
  const games = badGames().split("\n\n[").map((game, i) =>
    i === 0 ? game : (i % 2 === 0 ? "\n[" : "\n\n[") + game
  ).join("");
  for (
    const format of [["--ply", "all", "--format", "epd"], ["--format", "json"]]
  ) {
    const run = await same(["--from", "pgn", ...format, "-"], {
      stdin: games,
      what: `glued games, ${format.join(" ")}`,
    });
    assert.equal(run.code, 2);
  }
  // a line of 600 kB (more than two parts) between records: read whole, reported once
  const lines = SAMPLE.repeat(8).split("\n");
  lines.splice(6_000, 0, "8".repeat(600_000));
  const long = await same(["--format", "key", "-"], {
    stdin: lines.join("\n"),
    what: "a line longer than a part",
  });
  assert.equal(long.code, 2);
  assert.match(long.stderr, /^fen: line 6001: too long \(600000 bytes/m);
});

Deno.test("--jobs: no part starts where the PGN reader reads on: a tag in a comment after a tag or a lone-CR ; comment, a blank line among a game's tags", async () => {
  // more than a part of what looks like games but is not
  const hidden = '\n\n[Event "hidden"]\n\n1. d4 d5 *\n'.repeat(20_000);
  const tags = Array.from({ length: 40_000 }, (_, k) => `[T${k} "v"]\n\n`)
    .join("");
  const last = '\n\n[Event "b"]\n\n1. c4 *\n';
  for (
    const [what, text] of [
      [
        "a comment opened on a tag's line",
        `[Event "a"] {${hidden}}\n\n1. e4 e5 *${last}`,
      ],
      [
        "a comment after a lone-CR ; comment",
        `[Event "a"]\n\n1. e4 ;x\r{${hidden}} e5 *${last}`,
      ],
      [
        "a blank line among a game's tags",
        `[Event "a"]\n\n${tags}1. e4 e5 *${last}`,
      ],
    ]
  ) {
    const run = await same(EVERY_POSITION, {
      stdin: text,
      what,
    });
    assert.equal(run.code, 0, what);
    // two games, as one reader reads them: 1. e4 e5 and 1. c4
    assert.equal(
      new TextDecoder().decode(run.stdout).split("\n").length,
      6,
      what,
    );
  }
});

Deno.test("--jobs: no part starts at a tag the PGN reader reads as the game's before it, when that game's tags went wrong", async () => {
  // Game 2's first tag is wrong: the reader skips its tags, counting only
  // their names, so a tag after a blank line that never repeats one never
  // starts a game, for more than a part. Read from one of those tags, a
  // reader would keep it, and end its game at the next blank line and tag.
  const blocks = (name: (k: number) => string) =>
    Array.from({ length: 20_000 }, (_, k) => `[${name(k)} "h"]\n\n1. [ {\n\n`)
      .join("");
  const text = (swallowed: string) =>
    `[Event "a"]\n\n1. e4 * [ *\n\n${swallowed}1. d4 *\n\n` +
    '[Event "b"]\n\n1. c4 *\n';
  const run = await same(EVERY_POSITION, {
    stdin: text(blocks((k) => `Tag${k}`)),
    what: "a game whose tags went wrong, then tags it never repeats",
  });
  assert.equal(run.code, 2);
  // one error, game 2's: no game starts in what follows it
  assert.equal(run.stderr, "fen: stdin:3:11: game 2, a tag name expected\n");
  // A name it met, after a blank line, starts the next game (whose stray
  // [ is its own error), as in a game read without error.
  const again = await same(EVERY_POSITION, {
    stdin: text(blocks(() => "Event")),
    what: "a game whose tags went wrong, then a tag it met again",
  });
  const errors = again.stderr.split("\n").slice(0, -1);
  assert.equal(errors.length, 20_000);
  assert.deepEqual(
    [errors[0], errors[1], errors.at(-1)],
    [
      "fen: stdin:3:11: game 2, a tag name expected",
      "fen: stdin:11:6: game 3, a tag name expected",
      "fen: stdin:80003:6: game 20001, a tag name expected",
    ],
  );
});

Deno.test("--jobs: a message after every other record, stdout and stderr each in order", async () => {
  const good = SAMPLE.split("\n").filter((line) => line.trim() !== "");
  const lines = [];
  for (let i = 0; i < 40_000; i++) {
    lines.push(i % 2 === 0 ? good[i % good.length] : `bad ${i}`);
  }
  const run = await same(["--format", "key", "-"], {
    stdin: lines.join("\n"),
    what: "alternating",
  });
  assert.equal(run.code, 2);
  assert.equal(run.stderr.split("\n").length - 1, 20_000);
});

/** Starts the command on `args`, stdout read as it comes and stdin closed. */
function started(args: string[]): {
  child: Deno.ChildProcess;
  /** Resolves once stdout has `bytes` bytes (or has ended). */
  written(bytes: number): Promise<void>;
  /** All of stdout, once it ends. */
  stdout: Promise<Uint8Array>;
} {
  const child = fenProcess(args, "null");
  const seen: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const waiting: [number, () => void][] = [];
  const stdout = (async () => {
    for await (const chunk of child.stdout) {
      seen.push(chunk);
      size += chunk.length;
      for (const [at, resolve] of waiting) if (size >= at) resolve();
    }
    for (const [, resolve] of waiting) resolve();
    return new Uint8Array(await new Blob(seen).arrayBuffer());
  })();
  return {
    child,
    written: (bytes) =>
      new Promise<void>((resolve) => {
        if (size >= bytes) resolve();
        else waiting.push([bytes, resolve]);
      }),
    stdout,
  };
}

Deno.test("--jobs: SIGINT or SIGTERM while an --input file is converted, ten times: 130 or 143, nothing on stderr, a clean prefix of the output", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/games.pgn`;
    await Deno.writeTextFile(file, GAMES.repeat(16)); // 4.5 MB
    const args = ["--from", "pgn", "--ply", "all", "--format", "epd"];
    const full = await spawnFenBytes([...args, "--input", file], {
      permissions: RW,
    });
    assert.equal(full.code, 0);
    for (let round = 0; round < 10; round++) {
      const signal = round % 2 === 0 ? "SIGINT" : "SIGTERM";
      const run = started(["--jobs", "2", ...args, "--input", file]);
      // a part is written: the command's thread is reading the file, or
      // waiting for a worker with the next part in hand
      await run.written(1);
      run.child.kill(signal);
      const [stdout, stderr, { code }] = await Promise.all([
        run.stdout,
        new Response(run.child.stderr).text(),
        run.child.status,
      ]);
      const what = `round ${round + 1}, ${signal}`;
      assert.equal(stderr, "", what);
      assert.equal(code, signal === "SIGINT" ? 130 : 143, what);
      assert.ok(stdout.length < full.stdout.length, `${what}: stopped early`);
      assert.deepEqual(
        stdout,
        full.stdout.subarray(0, stdout.length),
        `${what}: a prefix of the output`,
      );
      assert.ok(
        stdout.length === 0 || stdout[stdout.length - 1] === 10,
        `${what}: whole lines`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--jobs: SIGINT before the input's first byte ends the run with 130, the input still open", async () => {
  const child = fenProcess(["--jobs", "2", "--format", "key", "-"]);
  // time to start and wait for its input, as someone at a terminal would
  await new Promise((resolve) => setTimeout(resolve, 5000));
  child.kill("SIGINT");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ended = await Promise.race([
    child.status.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), 30_000);
    }),
  ]);
  clearTimeout(timer);
  await child.stdin.close(); // what a run that kept waiting is ended by
  const { code } = await child.status;
  const stderr = await new Response(child.stderr).text();
  await child.stdout.cancel();
  assert.ok(ended, "ended by the signal, not by the end of its input");
  assert.equal(code, 130);
  assert.equal(stderr, "");
});

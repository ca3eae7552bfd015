// examples/dask/fen_dask.py on a 2-worker dask.distributed LocalCluster over
// a small .pgn.zst (made by pzstd at test time): the parts' records are the
// whole output and the merged summary is one process's. Skipped, saying why,
// without a Python that has dask.distributed (Debian: python3-distributed)
// or without zstd.

import assert from "node:assert/strict";
import { spawnFen } from "../cli/_harness.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CLI = `${ROOT}cli.ts`;
const GAMES = `${ROOT}tests/testdata/stockfish_games.pgn`;

function works(command: string, args: string[]): boolean {
  try {
    return new Deno.Command(command, { args, stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

/** A Python with dask.distributed: Debian's first (pyenv's may lack it). */
const python =
  ["/usr/bin/python3", "python3"].find((p) =>
    works(p, ["-c", "import dask.distributed"])
  ) ?? null;
const zstd = works("pzstd", ["--version"]);
const reason = python === null
  ? "no python3 with dask.distributed (apt-get install python3-distributed)"
  : !zstd
  ? "pzstd is not installed (apt-get install zstd)"
  : null;
if (reason !== null) {
  console.log(`skipped: the Dask example's test, because ${reason}`);
}

Deno.test({
  name:
    "examples/dask: two workers over a .pgn.zst, merged, give what one process gives",
  ignore: reason !== null,
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(
        `${dir}/games.pgn`,
        (await Deno.readTextFile(GAMES)).repeat(3),
      );
      const made = await new Deno.Command("pzstd", {
        args: [
          "-q",
          "-p",
          "2",
          "-3",
          `${dir}/games.pgn`,
          "-o",
          `${dir}/games.pgn.zst`,
        ],
      }).output();
      assert.ok(made.success);
      const job = [
        "--from",
        "pgn",
        "--ply",
        "all",
        "--format",
        "epd",
        "--shard-by",
        "key",
        "--unique=epd",
      ];
      const run = await new Deno.Command(python!, {
        args: [
          `${ROOT}examples/dask/fen_dask.py`,
          `${dir}/games.pgn.zst`,
          `${dir}/out`,
          "--parts",
          "3",
          "--workers",
          "2",
          "--fen",
          `${Deno.execPath()} run --no-config -A ${CLI}`,
          "--",
          ...job,
        ],
        env: { NO_COLOR: "1" },
      }).output();
      const stderr = new TextDecoder().decode(run.stderr);
      assert.equal(run.code, 0, stderr);
      const merged = JSON.parse(new TextDecoder().decode(run.stdout));

      const one = await spawnFen(
        [
          ...job.filter((a) => a !== "--shard-by" && a !== "key"),
          "--stats=json",
          "--input",
          `${dir}/games.pgn.zst`,
        ],
        { permissions: ["--allow-read"] },
      );
      assert.equal(one.code, 0);
      const stats = JSON.parse(one.stderr.replace(/^fen: stats: /, ""));
      assert.deepEqual({ ...merged, parts: undefined }, {
        ...stats,
        parts: undefined,
      });
      assert.equal(merged.parts, 3);
      assert.ok(
        merged.duplicates > 0,
        "the parts dropped repeats, and the sum is the whole input's",
      );

      const parts: string[] = [];
      for (let i = 1; i <= 3; i++) {
        parts.push(await Deno.readTextFile(`${dir}/out/part-${i}-of-3.txt`));
      }
      const lines = (text: string) =>
        text.split("\n").filter((l) => l !== "").sort();
      assert.deepEqual(lines(parts.join("")), lines(one.stdout));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "examples/dask --db: two workers import three parts, merged into the database one import gives",
  ignore: reason !== null,
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(
        `${dir}/games.pgn`,
        await Deno.readTextFile(GAMES) +
          await Deno.readTextFile(`${ROOT}tests/testdata/lichess_style.pgn`),
      );
      const made = await new Deno.Command("pzstd", {
        args: [
          "-q",
          "-p",
          "2",
          "-3",
          `${dir}/games.pgn`,
          "-o",
          `${dir}/games.pgn.zst`,
        ],
      }).output();
      assert.ok(made.success);
      const run = await new Deno.Command(python!, {
        args: [
          `${ROOT}examples/dask/fen_dask.py`,
          `${dir}/games.pgn.zst`,
          `${dir}/out`,
          "--parts",
          "3",
          "--workers",
          "2",
          "--db",
          `${dir}/merged.db`,
          "--fen",
          `${Deno.execPath()} run --no-config -A ${CLI}`,
          "--",
          "--index-plies",
          "8",
        ],
        env: { NO_COLOR: "1" },
      }).output();
      const stderr = new TextDecoder().decode(run.stderr);
      assert.equal(run.code, 0, stderr);
      assert.match(
        new TextDecoder().decode(run.stdout),
        /: 106 games read, 106 added, 0 already there \(skipped\), 0 left out\n$/,
      );
      const permissions = ["--allow-read", `--allow-write=${dir}`];
      const one = await spawnFen(
        [
          "db",
          "import",
          "--index-plies",
          "8",
          "--db",
          `${dir}/one.db`,
          `${dir}/games.pgn.zst`,
        ],
        { permissions },
      );
      assert.equal(one.code, 0, one.stderr);
      const sorted = (text: string) =>
        text.trim().split(/\n\n(?=\[Event )/).sort();
      const exported = await Promise.all(
        ["merged", "one"].map((name) =>
          spawnFen(["db", "export", `${dir}/${name}.db`], { permissions })
        ),
      );
      assert.deepEqual(sorted(exported[0].stdout), sorted(exported[1].stdout));
      for (const moves of ["", "d3", "e4 e5", "d3 Na6 e4"]) {
        const [a, b] = await Promise.all(
          ["merged", "one"].map((name) =>
            spawnFen(["db", "query", `${dir}/${name}.db`, "--moves", moves], {
              permissions,
            })
          ),
        );
        const counts = (text: string) => {
          const { white, draws, black, moves } = JSON.parse(text);
          return [
            white,
            draws,
            black,
            moves.map((
              m: Record<string, number>,
            ) => [m.uci, m.white, m.draws, m.black]),
          ];
        };
        assert.deepEqual(counts(a.stdout), counts(b.stdout), moves);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

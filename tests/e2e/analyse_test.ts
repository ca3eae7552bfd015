// `fen analyse` through the real program: Stockfish on real games (read
// back by python-chess and pgn-extract), and a fake engine
// (tests/_fake_uci.ts) for counting searches, the cache, and the faults:
// an engine that dies, hangs or answers garbage, a missing binary,
// records that crash engines, Ctrl-C. Skipped, saying why, without
// Stockfish, python-chess or pgn-extract.

import { FAKE_ENGINE, interruptedAfter, SIX_GAMES } from "../_fake_engine.ts";
import { holdEnv } from "../_env_lock.ts";
import assert from "node:assert/strict";
import { CLI, type Run, runFen, runMain, spawnFen } from "../cli/_harness.ts";
import { parsePgn } from "../../lib/pgn/mod.ts";
import { polyglotKeyHalves } from "../../lib/data/polyglot/mod.ts";
import { findStockfish } from "../_stockfish.ts";
import { pythonChess } from "../_shared.ts";
import { encodeBookMove, writeBookEntry } from "../../lib/book/mod.ts";

const stockfish = findStockfish();
if (stockfish === null) {
  console.warn("analyse Stockfish tests skipped: no stockfish");
}
const FAKE = FAKE_ENGINE;
const GAMES =
  new URL("../testdata/stockfish_games.pgn", import.meta.url).pathname;
const ALL = ["--allow-all"];
/** Debian puts pgn-extract in /usr/games, which is not always on the PATH. */
const PGN_EXTRACT = ["pgn-extract", "/usr/games/pgn-extract"].find((path) => {
  try {
    new Deno.Command(path, { args: ["-h"], stdout: "null", stderr: "null" })
      .outputSync();
    return true;
  } catch {
    return false;
  }
}) ?? "pgn-extract";

/** The fake engine's settings for one test, its log and marker folder made fresh. */
async function fake(
  mode: string,
  extra: Record<string, string> = {},
): Promise<{ dir: string; log: string; done: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "fen-analyse-" });
  const log = `${dir}/go.log`;
  const env = {
    FAKE_UCI: mode,
    FAKE_UCI_STATE: dir,
    FAKE_UCI_LOG: log,
    ...extra,
  };
  const release = await holdEnv(env);
  return {
    dir,
    log,
    done: async () => {
      release();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/**
 * `fen analyse` on stdin with the fake engine at one node a position: in
 * this process, or as a process of its own (`spawned`: a device's file).
 */
function analyseFake(
  args: string[],
  stdin: string,
  { spawned = false }: { spawned?: boolean } = {},
): Promise<Run> {
  return (spawned ? spawnFen : runFen)(
    ["analyse", "--engine", FAKE, "--nodes", "1", ...args, "-"],
    { permissions: ALL, stdin },
  );
}

async function goLines(log: string): Promise<string[]> {
  try {
    return (await Deno.readTextFile(log)).split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/** The distinct Polyglot keys of the mainline positions of `pgn`. */
function uniqueKeys(pgn: string): Set<string> {
  const keys = new Set<string>();
  const halves = new Uint32Array(2);
  for (const game of parsePgn(pgn)) {
    for (const at of game.positions()) {
      polyglotKeyHalves(at.view(), halves);
      keys.add(`${halves[0]}:${halves[1]}`);
    }
  }
  return keys;
}

const REPEATS = '[White "A"]\n[Black "B"]\n[Result "*"]\n\n' +
  "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n\n" +
  '[White "C"]\n[Black "D"]\n[Result "*"]\n\n1. Nf3 Nf6 2. d4 d5 3. c4 *\n';

Deno.test("every repeated position is searched once per run; a rerun with --cache searches none", async () => {
  const f = await fake("ok");
  try {
    const input = `${f.dir}/games.pgn`, cache = `${f.dir}/cache.jsonl`;
    await Deno.writeTextFile(input, REPEATS);
    const args = [
      "analyse",
      "--engine",
      FAKE,
      "--jobs",
      "2",
      "--nodes",
      "1",
      "--cache",
      cache,
      input,
    ];
    const first = await runFen(args, { permissions: ALL });
    assert.equal(first.code, 0, first.stderr);
    const searched = await goLines(f.log);
    assert.equal(searched.length, uniqueKeys(REPEATS).size);
    assert.equal(new Set(searched).size <= searched.length, true);
    await Deno.remove(f.log);
    const second = await runFen(args, { permissions: ALL });
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(
      await goLines(f.log),
      [],
      "the cache answers every position",
    );
    assert.equal(second.stdout, first.stdout);
    const games = parsePgn(first.stdout);
    assert.deepEqual(
      games.map((g) => g.tags.get("White")),
      ["A", "C"],
      "input order",
    );
    assert.ok(games[0].mainline.moves.every((m) => m.eval !== null));
  } finally {
    await f.done();
  }
});

Deno.test("an engine that dies once is restarted and the position searched again", async () => {
  const f = await fake("die-once");
  try {
    const run = await analyseFake([], "1. e4 e5 2. Nf3 *\n");
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /^fen: analyse: cannot run the engine: FakeUCI exited with code 3 \(after "go"\); restarted, trying again\n$/,
    );
    assert.equal(
      parsePgn(run.stdout)[0].mainline.moves.filter((m) => m.eval).length,
      3,
    );
  } finally {
    await f.done();
  }
});

for (
  const [mode, does, pattern] of [
    [
      "hang-once",
      "hangs",
      /did not answer "go" in time; it was stopped; restarted/,
    ],
    ["garbage-once", "answers garbage", /answered "bestmove zz99"; restarted/],
  ] as const
) {
  Deno.test(`an engine that ${does} is killed, restarted, and the position searched again`, async () => {
    const f = await fake(mode);
    try {
      const run = await runFen(
        [
          "analyse",
          "--engine",
          FAKE,
          "--engine-timeout",
          "1500",
          "--nodes",
          "1",
          "-",
        ],
        { permissions: ALL, stdin: "1. d4 d5 *\n" },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, pattern);
      assert.equal(
        parsePgn(run.stdout)[0].mainline.moves.filter((m) => m.eval).length,
        2,
      );
    } finally {
      await f.done();
    }
  });
}

Deno.test("an engine that dies twice on a position: the position reported not analysed, the game still written, exit 6", async () => {
  const f = await fake("die-twice");
  try {
    const run = await analyseFake([], '[White "X"]\n\n1. e4 *\n');
    assert.equal(run.code, 6);
    assert.match(
      run.stderr,
      /stdin: game 1, ply 0: not analysed: Cannot run the engine: FakeUCI exited with code 3/,
    );
    assert.match(
      run.stdout,
      /^\[White "X"\]\n\[Result "\*"\]\n\n1\. e4 \{ \[%eval -?\d+\.\d+\] \} \*\n\n\n$/,
    );
  } finally {
    await f.done();
  }
});

Deno.test("an engine that always dies is given up after 3 failures in a row, each told with its exit code, exit 4", async () => {
  const f = await fake("die");
  try {
    const run = await analyseFake([], '[White "X"]\n\n1. e4 e5 *\n');
    assert.equal(run.code, 4);
    assert.equal(
      run.stderr,
      'fen: analyse: cannot run the engine: FakeUCI exited with code 3 (after "go"); restarted, trying again\n' +
        'fen: analyse: cannot run the engine: FakeUCI exited with code 3 (after "go")\n' +
        'fen: analyse: cannot run the engine: FakeUCI exited with code 3 (after "go")\n' +
        "fen: analyse: the engine failed 3 times in a row; gave up: nothing was analysed to the end, so nothing has been written\n",
    );
    assert.equal(run.stdout, "");
  } finally {
    await f.done();
  }
});

Deno.test("a missing engine is one message and exit 4", async () => {
  const run = await runFen(
    ["analyse", "--engine", "/nonexistent/stockfish", "-"],
    { permissions: ALL, stdin: "1. e4 *\n" },
  );
  assert.equal(run.code, 4);
  assert.equal(
    run.stderr,
    'fen: analyse: cannot run the engine: "/nonexistent/stockfish": not found\n',
  );
  assert.equal(run.stdout, "");
  // Deno's own --allow-run, which only a process has.
  const denied = await spawnFen(
    ["analyse", "--engine", FAKE, "-"],
    { permissions: ["--allow-read"], stdin: "1. e4 *\n" },
  );
  assert.equal(denied.code, 4);
  assert.equal(
    denied.stderr,
    `fen: analyse: cannot run the engine: "${FAKE}": not allowed to run it; allow it with deno run --allow-run=${FAKE}, or install fen with it allowed: deno task install --engine ${FAKE} (in fen's clone)\n`,
  );
});

Deno.test("records that crash engines never reach one: refused by the legality check, exit 3", async () => {
  const cases: { fen: string }[] = JSON.parse(
    await Deno.readTextFile(
      new URL("../testdata/engine_crash_fens.json", import.meta.url),
    ),
  );
  const f = await fake("ok");
  try {
    const input = cases.map((c) => c.fen).join("\n") +
      "\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    const run = await analyseFake([], input);
    assert.equal(run.code, 3, run.stderr);
    const sent = await goLines(f.log);
    assert.deepEqual(sent, [
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert.equal(run.stderr.split("\n").filter(Boolean).length, cases.length);
    assert.match(
      run.stderr,
      /stdin:1: illegal position, not sent to the engine: /,
    );
    assert.equal(run.stdout.split("\n").filter(Boolean).length, 1);
  } finally {
    await f.done();
  }
});

Deno.test("Ctrl-C writes the games done and stops the engines", async () => {
  const f = await fake("ok", { FAKE_UCI_DELAY: "150" });
  const pids = `${f.dir}/pids`;
  Deno.env.set("FAKE_UCI_PIDS", pids);
  try {
    // once the first game is out (7 positions) and the next begun
    const out = await interruptedAfter(
      [CLI, "analyse", "--engine", FAKE, "--nodes", "1", "-"],
      { input: SIX_GAMES, log: f.log, searches: 9 },
    );
    const stdout = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 130, new TextDecoder().decode(out.stderr));
    const written = parsePgn(stdout);
    assert.ok(
      written.length >= 1 && written.length < 6,
      `${written.length} games`,
    );
    for (const game of written) {
      assert.ok(
        game.mainline.moves.every((m) => m.eval !== null),
        "only analysed moves",
      );
    }
    assert.match(
      new TextDecoder().decode(out.stderr),
      /interrupted: what was analysed has been written/,
    );
    for (
      const pid of (await Deno.readTextFile(pids)).split("\n").filter(Boolean)
    ) {
      let alive = true;
      try {
        Deno.kill(Number(pid), "SIGCONT");
      } catch {
        alive = false;
      }
      assert.equal(alive, false, `engine ${pid} stopped`);
    }
  } finally {
    Deno.env.delete("FAKE_UCI_PIDS");
    await f.done();
  }
});

Deno.test("usage: --help, an unknown option, a bad number, --format pgn on records", async () => {
  const help = await runMain(["analyse", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: fen analyse/);
  for (
    const option of [
      "--engine-option",
      "--nodes",
      "--jobs",
      "--cache",
      "--graph",
    ]
  ) {
    assert.ok(help.stdout.includes(`  ${option} `), option);
  }
  const unknown = await runMain(["analyse", "--nodez", "5"]);
  assert.equal(unknown.code, 1);
  assert.match(
    unknown.stderr,
    /^fen: analyse: unknown option --nodez; did you mean --nodes\?\n/,
  );
  const bad = await runMain(["analyse", "--nodes", "many"]);
  assert.equal(bad.code, 1);
  assert.match(
    bad.stderr,
    /--nodes needs a whole number of at least 1, not "many"/,
  );
  const records = await runMain(["analyse", "--format", "pgn", "-"], {
    stdin: "8/8/8/8/8/8/8/K1k5 w - - 0 1\n",
  });
  assert.equal(records.code, 1);
  assert.match(records.stderr, /--format pgn writes games/);
});

const firstGame = (await Deno.readTextFile(GAMES)).split(/\n(?=\[Event )/)[0];

Deno.test({
  name:
    "Stockfish on a real game: lichess's form, read back by python-chess and pgn-extract",
  ignore: stockfish === null,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "fen-analyse-" });
    try {
      const run = await runFen(
        [
          "analyse",
          "--engine",
          stockfish!,
          "--engine-option",
          "Threads=1",
          "--nodes",
          "4000",
          "--reanalyse",
          "--jobs",
          "2",
          "--graph",
          dir,
          "-",
        ],
        { permissions: ALL, stdin: firstGame },
      );
      assert.equal(run.code, 0, run.stderr);
      const [game] = parsePgn(run.stdout);
      const moves = game.mainline.moves;
      const evals = moves.filter((m) => m.eval !== null).length;
      const judged = moves.filter((m) => m.nags.length > 0);
      assert.equal(evals, moves.length - 1, "all but the mating move");
      assert.ok(judged.length > 0);
      for (const m of judged) {
        assert.equal(m.variations.length, 1);
        assert.match(
          m.comments[0],
          /^\(.+ → .+\) (Inaccuracy|Mistake|Blunder|Checkmate is now unavoidable|Lost forced checkmate sequence)\. \S+ was best\.$/,
        );
      }
      assert.match(
        run.stdout,
        /\{ \[%eval -?\d+\.\d+\] \[%clk 0:09:\d\d\] \}/,
        "clocks kept, joined",
      );
      const svg = await Deno.readTextFile(`${dir}/000001.svg`);
      assert.equal((svg.match(/<circle /g) ?? []).length, judged.length);
      assert.match(svg, /Stockfish – Stockfish, 1-0/);

      const py = await pythonChess();
      if ("skip" in py) console.warn(`python-chess check skipped: ${py.skip}`);
      else {
        const script = `
import sys, chess.pgn, io
game = chess.pgn.read_game(io.StringIO(sys.stdin.read()))
assert not game.errors, game.errors
node, evals, nags, variations = game, 0, [], 0
while node.variations:
    variations += len(node.variations) - 1
    node = node.variations[0]
    evals += node.eval() is not None
    nags += sorted(node.nags)
print(evals, variations, " ".join(map(str, nags)))
`;
        const out = await new Deno.Command("python3", {
          args: ["-c", script],
          env: { PYTHONPATH: py.path },
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        const w = out.stdin.getWriter();
        await w.write(new TextEncoder().encode(run.stdout));
        await w.close();
        const res = await out.output();
        assert.equal(res.code, 0, new TextDecoder().decode(res.stderr));
        assert.equal(
          new TextDecoder().decode(res.stdout).trim(),
          `${evals} ${judged.length} ${
            judged.flatMap((m) => m.nags).join(" ")
          }`,
        );
      }

      let extract: Deno.CommandOutput | null = null;
      try {
        const child = new Deno.Command(PGN_EXTRACT, {
          args: ["-s", "--nochecks", "-w9999"],
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        const w = child.stdin.getWriter();
        await w.write(new TextEncoder().encode(run.stdout));
        await w.close();
        extract = await child.output();
      } catch {
        console.warn("pgn-extract check skipped: pgn-extract not installed");
      }
      if (extract !== null) {
        assert.equal(extract.code, 0);
        const [again] = parsePgn(new TextDecoder().decode(extract.stdout));
        const back = again.mainline.moves;
        assert.deepEqual(back.map((m) => m.eval), moves.map((m) => m.eval));
        assert.deepEqual(back.map((m) => m.nags), moves.map((m) => m.nags));
        assert.deepEqual(
          back.map((m) => m.variations.map((v) => v.moves.map((x) => x.san))),
          moves.map((m) => m.variations.map((v) => v.moves.map((x) => x.san))),
        );
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "Stockfish on records: EPD with ce, acd, acn, bm, pv; JSON lines; the same with --jobs 1 and 2",
  ignore: stockfish === null,
  async fn() {
    const input =
      'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 id "italian";\n' +
      "7k/8/6K1/8/8/8/8/R7 w - - 0 1\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n";
    const args = [
      "analyse",
      "--engine",
      stockfish!,
      "--engine-option",
      "Threads=1",
      "--nodes",
      "3000",
    ];
    const one = await runFen([...args, "--jobs", "1", "-"], {
      permissions: ALL,
      stdin: input,
    });
    const two = await runFen([...args, "--jobs", "2", "-"], {
      permissions: ALL,
      stdin: input,
    });
    assert.equal(one.code, 0, one.stderr);
    assert.equal(two.stdout, one.stdout, "the same answers whatever the jobs");
    const lines = one.stdout.trim().split("\n");
    assert.equal(lines.length, 3);
    assert.match(
      lines[0],
      /^r1bqkbnr\/pppp1ppp\/2n5\/4p3\/4P3\/5N2\/PPPP1PPP\/RNBQKB1R w KQkq - id "italian"; ce -?\d+; acd \d+; acn \d+; bm \S+; pv( \S+)+;$/,
    );
    assert.match(
      lines[1],
      / ce 32766; dm 1; acd \d+; acn \d+; bm Ra8#; pv Ra8#;$/,
    );
    const uci = await runFen([...args, "--uci", "-"], {
      permissions: ALL,
      stdin: input,
    });
    assert.match(uci.stdout.split("\n")[2], / bm d1d8; pv d1d8/);
    const json = await runFen([...args, "--format", "json", "-"], {
      permissions: ALL,
      stdin: input,
    });
    const objects = json.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(objects[1].eval, { mate: 1 });
    assert.equal(objects[1].best, "Ra8#");
    assert.equal(objects[2].bestUci, "d1d8");
  },
});

Deno.test("JSON lines: a position per line, then the game's summary, its counts those of the PGN's NAGs", async () => {
  const f = await fake("ok");
  try {
    const input = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    const args = ["analyse", "--engine", FAKE, "--nodes", "1", "-"];
    const pgn = await runFen(args, { permissions: ALL, stdin: input });
    const json = await runFen(
      [...args.slice(0, -1), "--format", "json", "-"],
      {
        permissions: ALL,
        stdin: input,
      },
    );
    assert.equal(json.code, 0, json.stderr);
    const objects = json.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(objects.length, 8);
    assert.deepEqual(objects.slice(0, 7).map((o) => o.ply), [
      0,
      1,
      2,
      3,
      4,
      5,
      6,
    ]);
    assert.equal(objects[1].move, "e4");
    const summary = objects[7].summary;
    const moves = parsePgn(pgn.stdout)[0].mainline.moves;
    const count = (white: boolean, nag: number) =>
      moves.filter((m, i) => (i % 2 === 0) === white && m.nags[0] === nag)
        .length;
    for (const [side, white] of [["white", true], ["black", false]] as const) {
      assert.equal(summary[side].inaccuracy, count(white, 6));
      assert.equal(summary[side].mistake, count(white, 2));
      assert.equal(summary[side].blunder, count(white, 4));
      assert.equal(typeof summary[side].acpl, "number");
      assert.equal(typeof summary[side].accuracy, "number");
    }
    assert.deepEqual(
      objects.slice(1, 7).map((o) => o.judgement),
      moves.map((m) =>
        ({ 6: "inaccuracy", 2: "mistake", 4: "blunder" } as Record<
          number,
          string
        >)[m.nags[0]] ?? null
      ),
    );
  } finally {
    await f.done();
  }
});

Deno.test("--graph writes each game's chart, SVG or PNG, named by --name", async () => {
  const f = await fake("ok");
  try {
    const input =
      '[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';
    const svg = await analyseFake([
      "--graph",
      `${f.dir}/charts`,
      "--name",
      "{White}-{game}",
    ], input);
    assert.equal(svg.code, 0, svg.stderr);
    const text = await Deno.readTextFile(`${f.dir}/charts/Ann-000001.svg`);
    assert.match(text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(text, /Ann – Bob, 1-0/);
    const judged = parsePgn(svg.stdout)[0].mainline.moves.filter((m) =>
      m.nags.length > 0
    ).length;
    assert.equal((text.match(/<circle /g) ?? []).length, judged);
    const png = await analyseFake([
      "--graph",
      `${f.dir}/png`,
      "--graph-format",
      "png",
    ], input);
    assert.equal(png.code, 0, png.stderr);
    const bytes = await Deno.readFile(`${f.dir}/png/000001.png`);
    assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    const twice = await analyseFake(
      ["--graph", `${f.dir}/same`, "--name", "{White}"],
      input + "\n" + input,
    );
    assert.equal(twice.code, 0, twice.stderr);
    assert.deepEqual(
      [...Deno.readDirSync(`${f.dir}/same`)].map((e) => e.name).sort(),
      ["Ann-2.svg", "Ann.svg"],
      "a name met again gets -2, as --out-dir's",
    );
  } finally {
    await f.done();
  }
});

Deno.test("the progress line is drawn at a terminal, and never when stderr is piped", async () => {
  const f = await fake("ok", { FAKE_UCI_DELAY: "400" });
  try {
    const stdin = "1. e4 e5 2. Nf3 *\n";
    const args = ["analyse", "--engine", FAKE, "--nodes", "1", "-"];
    const terminal = await runMain(args, { stdin, terminal: { stderr: true } });
    assert.equal(terminal.code, 0, terminal.stderr);
    assert.match(
      terminal.stderr,
      // deno-lint-ignore no-control-regex -- the line is redrawn with ESC [K
      /\r\x1b\[Kfen: \d+\/4 positions, \d+\.\d\/s, 0 from the cache, \d+ s left/,
    );
    assert.ok(
      terminal.stderr.endsWith("\r\x1b[K"),
      "the line is cleared at the end",
    );
    const piped = await runMain(args, { stdin });
    assert.equal(piped.stderr, "");
    assert.equal(piped.stdout, terminal.stdout);
  } finally {
    await f.done();
  }
});

Deno.test("input streamed in chunks: many games in order; an unreadable file reported and the next one analysed", async () => {
  const f = await fake("ok");
  try {
    const openings = [
      "a3",
      "a4",
      "b3",
      "b4",
      "c3",
      "c4",
      "d3",
      "d4",
      "e3",
      "e4",
    ];
    const replies = ["a6", "a5", "b6", "b5"];
    const games = openings.flatMap((w, i) =>
      replies.map((b, j) =>
        `[Round "${i * 4 + j + 1}"]\n[Annotator "${
          "x".repeat(600)
        }"]\n\n1. ${w} ${b} 2. Nf3 *\n`
      )
    ).join("\n");
    assert.ok(games.length > 3 * 7000, "more than a few chunks");
    const run = await runMain(
      [
        "analyse",
        "--engine",
        FAKE,
        "--nodes",
        "1",
        "--jobs",
        "2",
        "missing.pgn",
        "games.pgn",
      ],
      { files: { "games.pgn": games } },
    );
    assert.equal(run.code, 4);
    assert.match(
      run.stderr,
      /^fen: analyse: cannot open "missing\.pgn": no such file or directory\n$/,
    );
    const rounds = parsePgn(run.stdout).map((g) => Number(g.tags.get("Round")));
    assert.deepEqual(rounds, Array.from({ length: 40 }, (_, i) => i + 1));
  } finally {
    await f.done();
  }
});

Deno.test("--repair sends the repaired record, and says what it changed", async () => {
  const f = await fake("ok");
  try {
    const run = await analyseFake(
      ["--repair"],
      "2k5/8/3K4/1p6/p7/P7/1B6/8 b KQkq - 0 1\n",
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^fen: analyse: stdin:1: repaired: /);
    assert.deepEqual(await goLines(f.log), [
      "position fen 2k5/8/3K4/1p6/p7/P7/1B6/8 b - - 0 1",
    ]);
    assert.match(
      run.stdout,
      /^2k5\/8\/3K4\/1p6\/p7\/P7\/1B6\/8 b - - ce -?\d+; acd \d+; acn \d+; bm \S+; pv \S+;\n$/,
    );
  } finally {
    await f.done();
  }
});

Deno.test("a cache line whose moves do not fit the position is searched again, not trusted", async () => {
  const f = await fake("ok");
  try {
    const cache = `${f.dir}/cache.jsonl`;
    await Deno.writeTextFile(
      cache,
      JSON.stringify({
        key: "463b96181691fc9c",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        evals: [{ pvs: [{ cp: 20, line: "e2e5" }], knodes: 100, depth: 20 }],
      }) + "\n",
    );
    const run = await analyseFake(
      ["--cache", cache],
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal((await goLines(f.log)).length, 1);
    assert.doesNotMatch(run.stdout, /e2e5|pv e5/);
  } finally {
    await f.done();
  }
});

Deno.test({
  name: "Stockfish: --depth and --movetime limits, --multipv lines",
  ignore: stockfish === null,
  async fn() {
    const input =
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n";
    const base = [
      "analyse",
      "--engine",
      stockfish!,
      "--engine-option",
      "Threads=1",
    ];
    const depth = await runFen([
      ...base,
      "--depth",
      "7",
      "--format",
      "json",
      "-",
    ], {
      permissions: ALL,
      stdin: input,
    });
    assert.equal(depth.code, 0, depth.stderr);
    assert.ok(JSON.parse(depth.stdout).depth >= 7);
    const time = await runFen([
      ...base,
      "--movetime",
      "60",
      "--multipv",
      "3",
      "--format",
      "json",
      "-",
    ], {
      permissions: ALL,
      stdin: input,
    });
    assert.equal(time.code, 0, time.stderr);
    const lines = JSON.parse(time.stdout).lines;
    assert.equal(lines.length, 3);
    assert.equal(
      new Set(lines.map((l: { uci: string[] }) => l.uci[0])).size,
      3,
    );
  },
});

/** The real program with its file size limited to `kib` KiB, writes past it failing (EFBIG) as on a full disk. */
async function spawnFenLimited(
  args: string[],
  { kib, stdin }: { kib: number; stdin: string },
): Promise<Run> {
  const child = new Deno.Command("sh", {
    args: [
      "-c",
      `trap '' XFSZ; ulimit -f ${kib}; exec "$0" "$@"`,
      Deno.execPath(),
      "run",
      "--no-config",
      "--no-prompt",
      "-A",
      CLI,
      ...args,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const out = await child.output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

/** Cache lines (positions no game here reaches), `count` of them. */
function cacheLines(count: number): string {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      key: (i + 1).toString(16).padStart(16, "0"),
      fen: "8/8/8/8/8/8/8/K1k5 w - -",
      evals: [{ pvs: [{ cp: 0, line: "a1a2" }], knodes: 1, depth: 1 }],
    }) + "\n").join("");
}

Deno.test("--cache whose writes fail (a full disk): the analysis is written, one warning, the file as it was, exit 4", async () => {
  const f = await fake("ok");
  try {
    const cache = `${f.dir}/cache.jsonl`;
    const before = cacheLines(12); // over the 1 KiB the run may write
    await Deno.writeTextFile(cache, before);
    const games = "1. e4 e5 2. Nf3 *\n";
    const run = await spawnFenLimited(
      ["analyse", "--engine", FAKE, "--nodes", "1", "--cache", cache, "-"],
      { kib: 1, stdin: games },
    );
    assert.equal(run.code, 4, run.stderr);
    assert.match(
      run.stderr,
      /^fen: analyse: cannot write to the cache \S+cache\.jsonl: file too large; the analysis is written, this run's evaluations are not all kept\n$/,
    );
    const [game] = parsePgn(run.stdout);
    assert.equal(game.mainline.moves.filter((m) => m.eval !== null).length, 3);
    assert.equal(await Deno.readTextFile(cache), before, "no line cut short");
  } finally {
    await f.done();
  }
});

Deno.test("--cache /dev/full: a device is written, not read; the failed write is one warning, exit 4", async () => {
  const f = await fake("ok");
  try {
    const run = await analyseFake(["--cache", "/dev/full"], "1. d4 d5 *\n", {
      spawned: true,
    });
    assert.equal(run.code, 4, run.stderr);
    assert.equal(
      run.stderr,
      "fen: analyse: cannot write to the cache /dev/full: no space left on the device; the analysis is written, this run's evaluations are not all kept\n",
    );
    assert.equal(
      parsePgn(run.stdout)[0].mainline.moves.filter((m) => m.eval).length,
      2,
    );
    const empty = await analyseFake(["--cache", "/dev/null"], "1. d4 d5 *\n", {
      spawned: true,
    });
    assert.equal(empty.code, 0, empty.stderr);
    assert.equal(empty.stdout, run.stdout);
  } finally {
    await f.done();
  }
});

Deno.test("--cache refuses a file that holds anything but cache lines, before any engine starts, and leaves it as it was", async () => {
  const f = await fake("ok");
  const pids = `${f.dir}/pids`;
  Deno.env.set("FAKE_UCI_PIDS", pids);
  try {
    const book = new Uint8Array(32);
    writeBookEntry(book, 0, {
      hi: 0x463b9618,
      lo: 0x1691fc9c,
      move: encodeBookMove("e2", "e4"),
      weight: 3,
      learn: 0,
    });
    writeBookEntry(book, 16, {
      hi: 0x823c9b50,
      lo: 0xfd114196,
      move: encodeBookMove("e7", "e5"),
      weight: 1,
      learn: 0,
    });
    const random = new Uint8Array(4096);
    crypto.getRandomValues(random);
    // a first line that is not blank: a line break first (a run in 256)
    // made the line named the next, as blank lines are passed over
    random[0] = 0x80;
    const encoder = new TextEncoder();
    const files: [string, Uint8Array, number][] = [
      ["book.bin", book, 1],
      ["notes.md", encoder.encode("# Notes\n\nEvaluations to come.\n"), 1],
      ["random.bin", random, 1],
      ["tree.json", encoder.encode('{"fen": "8/8/8/8/8/8/8/K1k5 w - -"}\n'), 1],
      ["mixed.jsonl", encoder.encode(cacheLines(2) + "e4 e5\n"), 3],
    ];
    for (const [name, bytes, line] of files) {
      const path = `${f.dir}/${name}`;
      await Deno.writeFile(path, bytes);
      const run = await analyseFake(["--cache", path], "1. e4 *\n");
      assert.equal(run.code, 2, `${name}: ${run.stderr}`);
      assert.equal(
        run.stderr,
        `fen: analyse: --cache ${path} is not a cache file: line ${line} is not an evaluation in JSON (key, fen, evals); it was left as it is\n`,
      );
      assert.equal(run.stdout, "");
      assert.deepEqual(await Deno.readFile(path), bytes, `${name} untouched`);
    }
    const notes = `${f.dir}/notes.md`;
    const inProcess = await runMain(
      ["analyse", "--engine", FAKE, "--cache", notes, "-"],
      { stdin: "1. e4 *\n" },
    );
    assert.equal(inProcess.code, 2);
    assert.match(inProcess.stderr, /^fen: analyse: --cache \S+ is not a cache/);
    await assert.rejects(Deno.stat(pids), Deno.errors.NotFound, "no engine");
    const empty = `${f.dir}/empty.jsonl`;
    await Deno.writeTextFile(empty, "");
    const fine = await analyseFake(["--cache", empty], "1. e4 *\n");
    assert.equal(fine.code, 0, fine.stderr);
    assert.equal((await Deno.readTextFile(empty)).split("\n").length, 3);
  } finally {
    Deno.env.delete("FAKE_UCI_PIDS");
    await f.done();
  }
});

Deno.test("--cache: a cache line cut short at the end (a full disk) is dropped at the next write; the rest is kept", async () => {
  const f = await fake("ok");
  try {
    const cache = `${f.dir}/cache.jsonl`;
    const whole = cacheLines(2);
    await Deno.writeTextFile(cache, whole + '{"key":"00000000000000');
    const run = await analyseFake(["--cache", cache], "1. e4 *\n");
    assert.equal(run.code, 0, run.stderr);
    const lines = (await Deno.readTextFile(cache)).split("\n");
    assert.equal(lines.slice(0, 2).join("\n") + "\n", whole);
    assert.equal(lines.length, 5, "two kept, two added, the end");
    for (const line of lines.slice(2, 4)) JSON.parse(line);
  } finally {
    await f.done();
  }
});

Deno.test("an engine that hangs on every position is given up after 3 failures in a row, in one line, exit 4", async () => {
  const f = await fake("hang");
  try {
    const games = ["e4", "d4", "c4"].map((move) =>
      `1. ${move} e5 2. Nf3 Nc6 3. Bb5 a6 *\n`
    ).join("\n");
    const run = await runFen(
      [
        "analyse",
        "--engine",
        FAKE,
        "--engine-timeout",
        "300",
        "--nodes",
        "1",
        "-",
      ],
      { permissions: ALL, stdin: games },
    );
    assert.equal(run.code, 4, run.stderr);
    assert.equal((await goLines(f.log)).length, 3, "three searches, no more");
    const lines = run.stderr.trimEnd().split("\n");
    assert.equal(
      lines.at(-1),
      "fen: analyse: the engine failed 3 times in a row; gave up: nothing was analysed to the end, so nothing has been written",
    );
    assert.equal(
      lines.filter((l) => l.includes("did not answer")).length,
      3,
      run.stderr,
    );
    assert.equal(run.stdout, "");
  } finally {
    await f.done();
  }
});

Deno.test("an engine that crashes says how it ended: its exit code or its signal", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-analyse-" });
  try {
    // Each closes its input before it says "uciok": the next command
    // (isready) finds no reader, so its write fails ("at"), but for a
    // moment: a process another test's thread forks meanwhile holds a copy
    // of every descriptor until it runs its program, and a write then
    // succeeds ("after"; seen once, in a run slowed by strace).
    const cases = [
      ["exit 7", 'exited with code 7 \\((at|after) "isready"\\)'],
      ["kill -KILL $$", 'was killed by SIGKILL \\((at|after) "isready"\\)'],
      ["", 'exited with code 7 \\((at|after) "uci"\\)'],
    ];
    for (const [i, [end, how]] of cases.entries()) {
      const engine = `${dir}/engine${i}`;
      await Deno.writeTextFile(
        engine,
        end === ""
          ? "#!/bin/sh\nexit 7\n"
          : "#!/bin/sh\nread line\nexec 0<&-\necho uciok\nsleep 0.2\n" +
            `${end}\n`,
      );
      await Deno.chmod(engine, 0o755);
      const run = await runFen(["analyse", "--engine", engine, "-"], {
        permissions: ALL,
        stdin: "1. e4 *\n",
      });
      assert.equal(run.code, 4, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(`^fen: analyse: cannot run the engine: ${engine} ${how}\n$`),
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--engine naming a folder or a file that is not executable says so", async () => {
  const dir = await Deno.makeTempDir({ prefix: "fen-analyse-" });
  try {
    const file = `${dir}/engine`;
    await Deno.writeTextFile(file, "#!/bin/sh\n");
    await Deno.chmod(file, 0o644);
    for (
      const [path, why] of [
        [dir, "a folder, not a program"],
        [file, "not executable (no x permission; chmod +x makes it one)"],
      ]
    ) {
      const run = await runFen(["analyse", "--engine", path, "-"], {
        permissions: ALL,
        stdin: "1. e4 *\n",
      });
      assert.equal(run.code, 4);
      assert.equal(
        run.stderr,
        `fen: analyse: cannot run the engine: "${path}": ${why}\n`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** `fen analyse` as a child process to interrupt, and its `go` log. */
async function interrupted(
  games: string,
  when: (searched: number) => boolean,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", "-A", CLI, "analyse", "--engine", FAKE, "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(games));
  await writer.close();
  const log = Deno.env.get("FAKE_UCI_LOG")!;
  let exited = false;
  child.status.then(() => exited = true);
  // (a run that ends by itself is not waited for: its result tells why)
  while (!exited && !when((await goLines(log)).length)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!exited) child.kill("SIGINT");
  const out = await child.output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

Deno.test("Ctrl-C in the middle of a game writes its analysed part as an unfinished game, and says so", async () => {
  const f = await fake("ok", { FAKE_UCI_DELAY: "200" });
  try {
    const game = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' +
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 1-0\n";
    const run = await interrupted(game, (searched) => searched >= 5);
    assert.equal(run.code, 130, run.stderr);
    const [written, ...more] = parsePgn(run.stdout);
    assert.equal(more.length, 0);
    const moves = written.mainline.moves;
    assert.ok(moves.length >= 3 && moves.length < 12, `${moves.length} moves`);
    assert.ok(moves.every((m) => m.eval !== null), "every move analysed");
    assert.equal(written.tags.get("Result"), "*");
    assert.equal(written.result, "*");
    assert.equal(
      run.stderr,
      `fen: analyse: interrupted: what was analysed has been written; game 1 up to ply ${moves.length} of 12, as an unfinished game (result *)\n`,
    );
  } finally {
    await f.done();
  }
});

Deno.test("Ctrl-C before any move was analysed says that nothing has been written", async () => {
  const f = await fake("hang");
  try {
    const run = await interrupted("1. e4 e5 *\n", (searched) => searched >= 1);
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      "fen: analyse: interrupted: nothing was analysed to the end, so nothing has been written\n",
    );
  } finally {
    await f.done();
  }
});

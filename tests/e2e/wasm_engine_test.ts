// The WASM Stockfish of npm's `stockfish` package (its lite single-threaded
// build, GPL: fetched here with npm, never part of fen) as `--engine` of
// `fen analyse` and `fen puzzles`, through the real program. The package is
// taken from FEN_STOCKFISH_WASM (the .js), else from a cache folder in the
// temporary directory, else fetched with `npm pack` into it (about 160 MB);
// skipped, saying why, when none of these works.

import assert from "node:assert/strict";
import { spawnFen } from "../cli/_harness.ts";

const VERSION = "19.0.0";
const SCRIPT = "package/bin/stockfish-19-lite-single.js";
const ALL = ["--allow-all"];

/** The engine's script, fetched once into the cache folder, or why not. */
async function wasmStockfish(): Promise<string | { skip: string }> {
  const given = Deno.env.get("FEN_STOCKFISH_WASM");
  if (given) return given;
  const tmp = Deno.env.get("TMPDIR") ?? "/tmp";
  const dir = `${tmp}/fen-stockfish-wasm-${VERSION}`;
  const script = `${dir}/${SCRIPT}`;
  try {
    await Deno.stat(script);
    return script;
  } catch {
    // not cached yet
  }
  try {
    await Deno.mkdir(dir, { recursive: true });
    const pack = await new Deno.Command("npm", {
      args: ["pack", `stockfish@${VERSION}`, "--silent"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(300_000),
    }).output();
    if (!pack.success) return { skip: "npm pack stockfish failed" };
    const file = new TextDecoder().decode(pack.stdout).trim().split("\n")
      .pop()!;
    const tar = await new Deno.Command("tar", {
      args: ["xzf", file, SCRIPT, SCRIPT.replace(/\.js$/, ".wasm")],
      cwd: dir,
    }).output();
    await Deno.remove(`${dir}/${file}`);
    return tar.success ? script : { skip: "the package could not be unpacked" };
  } catch (error) {
    return { skip: `no npm here (${(error as Error).message})` };
  }
}

const engine = await wasmStockfish();
if (typeof engine !== "string") {
  console.warn(`WASM Stockfish tests skipped: ${engine.skip}`);
}

Deno.test({
  name:
    "fen analyse --engine stockfish-19-lite-single.js: the WASM engine runs as a process of its own",
  ignore: typeof engine !== "string",
  async fn() {
    const run = await spawnFen(
      ["analyse", "--engine", engine as string, "--nodes", "20000", "-"],
      { permissions: ALL, stdin: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n" },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      /^4k3\/8\/8\/8\/8\/8\/4P3\/4K3 w - - ce \d+; acd \d+; acn \d+; bm \S+; pv /,
    );
  },
});

Deno.test({
  name:
    "fen puzzles --engine stockfish-19-lite-single.js finds Legal's mate as the native engine does",
  ignore: typeof engine !== "string",
  async fn() {
    const run = await spawnFen(
      [
        "puzzles",
        "--engine",
        engine as string,
        "--nodes",
        "50000",
        new URL("../testdata/puzzles/tactics.pgn", import.meta.url).pathname,
      ],
      { permissions: ALL },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout.trimEnd().split("\n")[1].split(",")[2],
      "g4d1 c4f7 e8e7 c3d5",
    );
  },
});

Deno.test("--engine names a WASM script that is not there: one line, exit 4", async () => {
  const run = await spawnFen(
    ["analyse", "--engine", "/no/such/stockfish.js", "--nodes", "1", "-"],
    { permissions: ALL, stdin: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n" },
  );
  assert.equal(run.code, 4);
  assert.equal(
    run.stderr,
    'fen: analyse: cannot run the engine: "/no/such/stockfish.js": not found\n',
  );
});

/**
 * The command runs from the modules `deno task build` generates into build/
 * (build/main.js, the one-shot classic diagram, build/general.js,
 * everything else, and what that seldom needs, the openings table and the
 * service): they are current, the command reaches nothing else of the
 * package through them, the classic diagram needs nothing of the general
 * path, and the command works from them, and from the sources of a clone
 * that has not built them, without any permission flag, as the README's
 * quick start runs it.
 */

import assert from "node:assert/strict";
import { EXIT, main } from "../../cli.ts";
import { installArgs } from "../../scripts/install.ts";
import { spawnProcess, unbuiltClone } from "../cli/_harness.ts";

const ROOT = new URL("../../", import.meta.url);
const CLASSIC_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const decoder = new TextDecoder();

async function deno(
  args: string[],
  stdin?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = await spawnProcess(Deno.execPath(), args, {
    cwd: ROOT.pathname,
    ...(stdin === undefined ? {} : { stdin }),
  });
  return { ...run, stdout: decoder.decode(run.stdout) };
}

/** A module of the graph, as `deno info --json` describes it. */
interface Module {
  specifier: string;
  dependencies?: {
    code?: { specifier: string };
    isDynamic?: boolean;
  }[];
}

/**
 * The package's files `entry` reaches: its code imports (static ones only,
 * or `import()` too), without the type-only ones.
 */
async function codeGraph(
  entry: string,
  withDynamic: boolean,
): Promise<string[]> {
  const info = await deno(["info", "--json", entry]);
  assert.equal(info.code, 0, info.stderr);
  const { roots, modules } = JSON.parse(info.stdout) as {
    roots: string[];
    modules: Module[];
  };
  const bySpecifier = new Map(modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const visit = (specifier: string): void => {
    if (seen.has(specifier)) return;
    seen.add(specifier);
    for (const dependency of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dependency.code === undefined) continue;
      if (dependency.isDynamic === true && !withDynamic) continue;
      visit(dependency.code.specifier);
    }
  };
  roots.forEach(visit);
  return [...seen].filter((s) => s.startsWith(ROOT.href))
    .map((s) => s.slice(ROOT.href.length)).sort();
}

Deno.test("build/ is built from the current sources", async () => {
  const { code, stderr } = await deno([
    "run",
    "--allow-run",
    "--allow-read",
    "--allow-write",
    "scripts/build.ts",
    "--check",
  ]);
  assert.equal(code, 0, stderr);
});

Deno.test("the built command reads build/, the loaders of npm packages and text files, nothing else", async () => {
  assert.deepEqual(await codeGraph("build/main.js", true), [
    "NOTICE",
    "build/general.js",
    "build/main.js",
    "build/openings.js",
    "build/playground.js",
    "build/serve.js",
    "deno.json",
    "lib/compress/_fzstd.js",
    "lib/raster/gifenc.js",
    "lib/raster/resvg_wasm.js",
    "lib/serve/playground/index.html",
    "lib/svg/LICENSE-DejaVu.txt",
    "lib/svg/LICENSE-cburnett.txt",
  ]);
});

Deno.test("no bundle of the command imports a node: module at its start", async () => {
  // Importing node:zlib loads Deno's Node layer, about 45 ms: the general
  // path and every --jobs worker paid it at their start until the PNG and
  // zstd code loaded it when first used.
  const bundles = ["main", "general", "jobs_worker", "openings", "serve"];
  for (const name of bundles) {
    const text = await Deno.readTextFile(new URL(`build/${name}.js`, ROOT));
    const statics = text.match(
      /\bfrom\s*["']node:[\w/]+["']|\bimport\s*["']node:/g,
    );
    assert.equal(statics, null, `build/${name}.js: ${statics}`);
    if (name !== "main" && name !== "openings") {
      // the check above sees what the bundler writes for node: modules
      assert.match(text, /import\(\s*["']node:zlib["']\s*\)/, name);
    }
  }
});

Deno.test("the one-shot diagram loads one built module, and the entry's exports", async () => {
  // cli.ts's own imports, then what its import() of build/main.js loads.
  assert.deepEqual(await codeGraph("cli.ts", false), [
    "cli.ts",
    "deno.json",
    "lib/program/exit.ts",
    "lib/program/version.ts",
  ]);
  assert.deepEqual(await codeGraph("build/main.js", false), [
    "build/main.js",
    "deno.json",
  ]);
});

Deno.test("the general path's module loads the openings table only when a command asks for it", async () => {
  // Half the general path's code: a static import of it from any module
  // of the general path (the explorer's, once) made every run read it.
  const loaded = await codeGraph("build/general.js", false);
  assert.ok(loaded.includes("build/general.js"), loaded.join(" "));
  assert.ok(!loaded.includes("build/openings.js"), loaded.join(" "));
});

Deno.test("cli.ts's shebang runs with the flags of deno task install and compile", async () => {
  const flags = (text: string) => /--v8-flags=(\S+)/.exec(text)?.[1];
  const shebang = (await Deno.readTextFile(new URL("cli.ts", ROOT)))
    .split("\n")[0];
  const { tasks } = JSON.parse(
    await Deno.readTextFile(new URL("deno.json", ROOT)),
  );
  const v8 = flags(shebang);
  // A young generation of at most 2 MB a semi-space (a flat heap for streams, without
  // the slow allocation of --optimize-for-size), and optimizing on the
  // running thread: compiler threads keep their memory, about 6 MB of a
  // long stream's peak.
  assert.deepEqual(v8?.split(","), [
    "--max-semi-space-size=2",
    "--no-concurrent-recompilation",
  ]);
  const install = installArgs([]);
  assert.equal(flags(install.join(" ")), v8);
  assert.equal(flags(tasks.compile), v8);
  // No line of the runtime's among the command's (the fetch of an npm
  // package loaded on first use; an engine of the grant not on the PATH).
  assert.ok(install.includes("--quiet"));
  assert.match(shebang, /^#!\/usr\/bin\/env -S deno run --quiet /);
});

Deno.test("without permission flags: the classic diagram, a stream on stdin and a PNG", async () => {
  const classic = await deno([
    "run",
    "--no-prompt",
    "cli.ts",
    "-n",
    CLASSIC_FEN,
  ]);
  assert.equal(classic.stderr, "");
  assert.equal(classic.code, 0);
  assert.equal(
    classic.stdout,
    await Deno.readTextFile(new URL("tests/testdata/chess.01.svg", ROOT)),
  );
  const stream = await deno(
    ["run", "--no-prompt", "cli.ts", "--format", "fen", "-"],
    `${CLASSIC_FEN}\n8/8/8/8/8/8/8/8 b - - 0 9\n`,
  );
  assert.deepEqual(stream, {
    code: 0,
    stdout: `${CLASSIC_FEN} w - - 0 1\n8/8/8/8/8/8/8/8 b - - 0 9\n`,
    stderr: "",
  });
  // The rasterizer is loaded from beside the general bundle (quiet, as
  // installed: Deno's line on first fetching it is not the command's).
  const png = await deno(
    ["run", "--quiet", "--no-prompt", "cli.ts", "--format", "png", CLASSIC_FEN],
  );
  assert.equal(png.stderr, "");
  assert.equal(png.code, 0);
  assert.equal(png.stdout.slice(1, 4), "PNG");
});

Deno.test("a failed write of the one-shot diagram is told as the general path tells it", async () => {
  // cli.ts's main is the bundle's: the error crosses into the general one.
  for (
    const [error, code, told] of [
      [
        new Error("No space left on device"),
        EXIT.ioError,
        "fen: cannot write output: no space left on device\n",
      ],
      [new Deno.errors.BrokenPipe("gone"), EXIT.brokenPipe, ""],
    ] as const
  ) {
    const stderr: string[] = [];
    const io = {
      ...Deno,
      stdout: {
        writeSync(): number {
          throw error;
        },
      },
      stderr: {
        writeSync(data: Uint8Array): number {
          stderr.push(decoder.decode(data));
          return data.length;
        },
      },
    };
    assert.equal(await main(["-n", CLASSIC_FEN], io), code);
    assert.equal(stderr.join(""), told);
  }
});

Deno.test("a clone that has not built build/ runs the command from lib/, with no permission flag", async () => {
  const dir = await unbuiltClone();
  try {
    const run = (args: string[], stdin?: string) =>
      spawnProcess(Deno.execPath(), ["run", "--no-prompt", "cli.ts", ...args], {
        cwd: dir,
        ...(stdin === undefined ? {} : { stdin }),
      });
    const classic = await run(["-n", CLASSIC_FEN]);
    assert.equal(classic.stderr, "");
    assert.equal(classic.code, 0);
    assert.equal(
      decoder.decode(classic.stdout),
      await Deno.readTextFile(new URL("tests/testdata/chess.01.svg", ROOT)),
    );
    // The general path: a stream and a usage error, worded as built.
    const stream = await run(["--format", "fen", "-"], `${CLASSIC_FEN}\n`);
    assert.deepEqual(
      [stream.code, decoder.decode(stream.stdout), stream.stderr],
      [0, `${CLASSIC_FEN} w - - 0 1\n`, ""],
    );
    const usage = await run(["--sise", "3"]);
    const built = await deno(["run", "--no-prompt", "cli.ts", "--sise", "3"]);
    assert.equal(usage.code, EXIT.usage);
    assert.deepEqual([usage.code, usage.stderr], [built.code, built.stderr]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// The ways users meet the tool: `deno run cli.ts`, the bundle, the compiled
// binary, and `mod.ts` imported by URL. Each gives the same bytes.

import assert from "node:assert/strict";
import { ServerProcess } from "../serve/_server.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const CLASSIC_FEN = "4r3/2P3R1/R1N2k1P/5Np1/K1p1p3/1pr5/3P4/Bn3Q2";
const decoder = new TextDecoder();

/** The classic `fen` shell script's documented session: every command it shows. */
const CLASSIC_SESSION: string[][] = [
  ["-n", CLASSIC_FEN],
  [
    "-n",
    "-l",
    "#c9b458",
    "-d",
    "#6aaa64",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
  ],
  ["-x", CLASSIC_FEN],
  ["-n"],
  ["-n", "4r3/2P3R1"],
  ["-n", "2r1/8/8/8/8/8/8/8"],
  ["-n", "4X3/8/8/8/8/8/8/8"],
];

interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

async function execute(command: string, args: string[]): Promise<Output> {
  const { code, stdout, stderr } = await new Deno.Command(command, {
    args,
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  return {
    code,
    stdout: decoder.decode(stdout),
    stderr: decoder.decode(stderr),
  };
}

async function classicSession(
  command: string,
  prefix: string[],
): Promise<Output[]> {
  const results: Output[] = [];
  for (const args of CLASSIC_SESSION) {
    results.push(await execute(command, [...prefix, ...args]));
  }
  return results;
}

const deno = Deno.execPath();
const reference = await classicSession(deno, ["run", "cli.ts"]);

/**
 * `fen --version` and `fen completions bash` from an entry (the script, the
 * bundle, the installed command, the binary): the version of deno.json.
 */
async function assertVersion(command: string, prefix: string[]): Promise<void> {
  const { version } = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  assert.deepEqual(await execute(command, [...prefix, "--version"]), {
    code: 0,
    stdout: `fen ${version}\n`,
    stderr: "",
  });
  const completions = await execute(command, [
    ...prefix,
    "completions",
    "bash",
  ]);
  assert.equal(completions.code, 0, completions.stderr);
  assert.ok(
    completions.stdout.startsWith(`# bash completion for fen ${version},`),
    completions.stdout.slice(0, 80),
  );
}

Deno.test("fen --version and fen completions from cli.ts: deno.json's version", async () => {
  await assertVersion(deno, ["run", "--no-config", "cli.ts"]);
});

Deno.test("the reference run of the classic session gives the documented output", async () => {
  assert.deepEqual(reference.map((r) => r.code), [0, 0, 1, 1, 2, 2, 2]);
  assert.equal(
    reference[0].stdout,
    await Deno.readTextFile(
      new URL("../testdata/chess.01.svg", import.meta.url),
    ),
  );
});

/** Copies what a user's clone needs to run and install the command into `dir`. */
async function copyProgram(dir: string): Promise<void> {
  const copied = await execute("cp", [
    "-r",
    "cli.ts",
    "mod.ts",
    "deno.json",
    "deno.lock",
    "NOTICE",
    "LICENSE",
    "lib",
    "scripts",
    dir,
  ]);
  assert.equal(copied.code, 0, copied.stderr);
}

/** A task's command line from deno.json, with `dist/...` moved to `dir`. */
async function taskArgs(task: string, dir: string): Promise<string[]> {
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
  // A task that builds first (`deno task build && deno compile ...`): the
  // test task has built build/ already.
  const commands: string[] = config.tasks[task].split(" && ");
  for (const before of commands.slice(0, -1)) {
    assert.equal(before, "deno task build");
  }
  const words: string[] = commands.at(-1)!.split(" ");
  assert.equal(words[0], "deno");
  return words.slice(1).map((w) => w.replace(/^dist\//, `${dir}/`));
}

Deno.test("deno task bundle: dist/fen.js gives byte-identical output", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const bundled = await execute(deno, await taskArgs("bundle", dir));
    assert.equal(bundled.code, 0, bundled.stderr);
    // Nothing of the machine that built it: no absolute path of the clone.
    const text = await Deno.readTextFile(`${dir}/fen.js`);
    assert.equal(
      text.includes(ROOT),
      false,
      `${ROOT} is baked into the bundle`,
    );
    assert.deepEqual(
      await classicSession(deno, ["run", "--no-config", `${dir}/fen.js`]),
      reference,
    );
    await assertVersion(deno, ["run", "--no-config", `${dir}/fen.js`]);
    // One file has no workers' module beside it: --jobs says so and
    // converts on one core (it stopped with an internal error).
    await Deno.writeTextFile(
      `${dir}/in.fen`,
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    const jobs = await execute(deno, [
      "run",
      "--no-config",
      "--allow-read",
      `${dir}/fen.js`,
      "--jobs",
      "2",
      "--format",
      "key",
      "--input",
      `${dir}/in.fen`,
    ]);
    const one = await execute(deno, [
      "run",
      "--allow-read",
      "cli.ts",
      "--format",
      "key",
      "--input",
      `${dir}/in.fen`,
    ]);
    assert.deepEqual([jobs.code, jobs.stdout], [0, one.stdout]);
    assert.equal(one.stdout, "463b96181691fc9c\n"); // Polyglot's own example
    assert.equal(
      jobs.stderr,
      "fen: --jobs: this build of fen has no workers' module beside it (run cli.ts, or the installed or compiled command, for several cores): converting on one core\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the bundle says where PNG works instead of failing with a trace", async () => {
  // The bundle leaves lib/raster/png.ts outside; built from a copy that is then
  // removed, it has no rasterizer, as on any other machine.
  const copy = await Deno.makeTempDir();
  const dir = await Deno.makeTempDir();
  try {
    await copyProgram(copy);
    const { code, stderr } = await new Deno.Command(deno, {
      args: await taskArgs("bundle", dir),
      cwd: copy,
    }).output();
    assert.equal(code, 0, decoder.decode(stderr));
    await Deno.remove(copy, { recursive: true });
    const png = await execute(deno, [
      "run",
      "--no-config",
      `${dir}/fen.js`,
      "--format",
      "png",
      CLASSIC_FEN,
    ]);
    assert.equal(png.code, 1);
    assert.equal(png.stdout, "");
    assert.match(
      png.stderr,
      /^fen: --format png needs the rasterizer, which this build of fen leaves out: run cli\.ts or the compiled binary/,
    );
  } finally {
    await Deno.remove(copy, { recursive: true }).catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});

/** The hosts the installed command may use: where `fen serve` listens. */
const SERVE_HOSTS = ["127.0.0.1", "localhost", "[::1]", "0.0.0.0", "[::]"];

Deno.test("deno task install puts a working fen on the PATH: read, write, listening for fen serve and running the default engines only", async () => {
  const root = await Deno.makeTempDir();
  try {
    const installed = await execute(deno, ["task", "install", "--root", root]);
    assert.equal(installed.code, 0, installed.stderr);
    // The command needs none of the clone's configuration, and says so
    // (--no-config) rather than warn that it is left out.
    assert.doesNotMatch(installed.stderr, /Warning|config file/i);
    const script = await Deno.readTextFile(`${root}/bin/fen`);
    assert.match(script, /--allow-read/);
    // Streams keep a flat, small heap with a young generation of 2 MB a semi-space.
    assert.match(script, /--v8-flags=--max-semi-space-size=2,/);
    // ... and a lower peak with V8's optimizing compiler on the main thread.
    assert.match(script, /--no-concurrent-recompilation/);
    // Start-up: the general path's and the service's module graphs load
    // only when a run needs them (which read permission allows).
    assert.match(script, /--unstable-lazy-dynamic-imports/);
    assert.match(script, /--allow-write/);
    // The network: the addresses a server binds on this machine, no other
    // host, so the installed command can reach nothing beyond the machine.
    const net = /--allow-net=([^\s']+)/.exec(script);
    assert.ok(net !== null, script);
    assert.deepEqual(net[1].split(","), SERVE_HOSTS);
    // Programs: Stockfish on the PATH and where Debian puts it, no other.
    const run = /--allow-run=([^\s']+)/.exec(script);
    assert.deepEqual(run?.[1].split(","), [
      "stockfish",
      "/usr/games/stockfish",
    ]);
    assert.doesNotMatch(
      script,
      /--allow-all|--allow-net[ ']|--allow-run[ ']|--allow-env|--allow-ffi|--allow-import|-A /,
    );
    // The runtime's own lines (an npm package fetched on first use, an
    // engine of the grant not on the PATH) are not the command's.
    assert.match(script, / --quiet /);
    // Deno's binary itself, whatever `deno` the PATH finds when fen runs
    // (npm's is a Node.js script in between; tests/e2e/installed_test.ts).
    assert.match(script, /^exec '\/[^']*' run /m);
    assert.deepEqual(await classicSession(`${root}/bin/fen`, []), reference);
    await assertVersion(`${root}/bin/fen`, []);

    // fen serve starts from the installed command and draws an image.
    const server = await ServerProcess.start([], [`${root}/bin/fen`]);
    let stopped: { code: number; stderr: string } | undefined;
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      // A PNG: the rasterizer loads under the installed permissions too.
      const response = await fetch(
        `${server.url}board.png?fen=${encodeURIComponent(CLASSIC_FEN)}`,
      );
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "image/png");
      const png = new Uint8Array(await response.arrayBuffer());
      assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
      assert.ok(png.length > 1000);
    } finally {
      stopped = await server.stop();
    }
    assert.equal(stopped.code, 0, stopped.stderr);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

/** The variables that say how this machine reaches the network. */
const NETWORK_ENV = [
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
];

/** The named variables of this process that are set. */
function passThrough(names: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = Deno.env.get(name);
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/** The first `sh` block after `heading` in the Markdown file `path`. */
async function shellBlock(path: string, heading: string): Promise<string> {
  const text = await Deno.readTextFile(`${ROOT}${path}`);
  const at = text.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `${path} has "${heading}"`);
  return /```sh\n([\s\S]*?)```/.exec(text.slice(at))![1];
}

Deno.test("the README's install lines work from a fresh home with only Node and npm, then with npm's deno binary itself", async () => {
  const block = await shellBlock("README.md", "## Install");
  assert.match(block, /^npm install -g deno@/m);
  // install.md's lines that put the binary before npm's Node.js wrapper.
  const real = await shellBlock(
    "docs/install.md",
    "## npm's `deno` and the real binary",
  );
  assert.match(real, /npm root -g/);
  const home = await Deno.makeTempDir();
  const clone = await Deno.makeTempDir();
  try {
    await copyProgram(clone);
    // npm's -g goes to a prefix inside the fresh home; its download cache
    // (not its configuration) is shared so the test does not fetch deno twice.
    const npmPrefix = `${home}/npm`;
    // A PATH with Node, npm and a shell, and no deno: the machine the
    // README's Quick start assumes.
    const tools = `${home}/tools`;
    await Deno.mkdir(tools);
    for (
      const tool of [
        "node",
        "npm",
        "sh",
        "bash",
        "env",
        "readlink",
        "mkdir",
        "ln",
      ]
    ) {
      const found = await execute("bash", ["-c", `command -v ${tool}`]);
      await Deno.symlink(found.stdout.trim(), `${tools}/${tool}`);
    }
    // The install lines, with npm's bin entry as npm leaves it when the
    // package's install script does not run (the Node.js wrapper; where it
    // runs, it links the binary itself) from the first on; install.md's
    // lines; and fen again.
    const wrapper =
      'ln -sf ../lib/node_modules/deno/bin.cjs "$(npm prefix -g)/bin/deno"';
    const which = 'readlink -f "$(command -v deno)"';
    const [npmLine, ...rest] = block.split("\n");
    const script = `${npmLine}\n${wrapper}\necho "wrapper: $(${which})"\n` +
      `${rest.join("\n")}\n${real}\necho "binary: $(${which})"\n` +
      `fen -n ${CLASSIC_FEN} > chess-2.svg\n`;
    const { code, stdout, stderr } = await new Deno.Command("bash", {
      args: ["-eo", "pipefail", "-c", script],
      cwd: clone,
      // Nothing inherited but how this machine reaches the registry (its
      // certificates and proxies): under npx, npm_config_prefix would send
      // the install to the real global prefix, replacing the running deno.
      clearEnv: true,
      env: {
        ...passThrough(NETWORK_ENV),
        HOME: home,
        PATH: `${npmPrefix}/bin:${tools}`,
        NPM_CONFIG_PREFIX: npmPrefix,
        npm_config_prefix: npmPrefix,
        npm_config_cache: `${Deno.env.get("HOME")}/.npm`,
        DENO_DIR: Deno.env.get("DENO_DIR") ??
          `${Deno.env.get("HOME")}/.cache/deno`,
        NO_COLOR: "1",
      },
      stdin: "null",
    }).output();
    assert.equal(code, 0, decoder.decode(stderr) + decoder.decode(stdout));
    assert.ok((await Deno.stat(`${npmPrefix}/bin/deno`)).isFile);
    assert.equal(
      await Deno.readTextFile(`${clone}/chess.svg`),
      reference[0].stdout,
    );
    // npm's deno on the PATH was the Node.js wrapper, and the installed fen
    // runs the binary beside it all the same; after install.md's lines the
    // PATH's deno is the binary too, and fen runs with it.
    const out = decoder.decode(stdout);
    assert.match(out, /^wrapper: .*\/deno\/bin\.cjs$/m);
    const launcher = await Deno.readTextFile(`${home}/.deno/bin/fen`);
    assert.match(
      /^exec '([^']*)' run /m.exec(launcher)?.[1] ?? launcher,
      /\/node_modules\/deno\/deno$/,
    );
    const binary = /^binary: (.*)$/m.exec(out)?.[1] ?? "";
    assert.match(binary, /\/node_modules\/deno\/deno$/);
    const head = (await Deno.readFile(binary)).subarray(0, 4);
    assert.deepEqual([...head], [0x7f, 0x45, 0x4c, 0x46]); // an ELF executable
    assert.equal(
      await Deno.readTextFile(`${clone}/chess-2.svg`),
      reference[0].stdout,
    );
  } finally {
    await Deno.remove(home, { recursive: true });
    await Deno.remove(clone, { recursive: true });
  }
});

// deno compile downloads its runtime (denort); where that host cannot be
// reached the binary cannot be built, and the test says so instead of passing.
const binaryDir = await Deno.makeTempDir();
const compiled = await execute(deno, [
  ...(await taskArgs("compile", binaryDir)).slice(0, 1),
  "--quiet",
  ...(await taskArgs("compile", binaryDir)).slice(1),
]);
const compileProblem = compiled.code === 0 ? "" : compiled.stderr
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !/^(Stack backtrace:|\d+: <unknown>)/.test(line))
  .slice(-2)
  .join(" / ");
if (compileProblem) {
  console.log(
    `skipped: the compiled-binary test, because deno compile failed here: ${compileProblem}`,
  );
}

Deno.test({
  name: "deno task compile: the binary gives byte-identical output" +
    (compileProblem
      ? ` (skipped: deno compile cannot fetch its runtime here)`
      : ""),
  ignore: compileProblem !== "",
  async fn() {
    try {
      assert.deepEqual(await classicSession(`${binaryDir}/fen`, []), reference);
      await assertVersion(`${binaryDir}/fen`, []);
    } finally {
      await Deno.remove(binaryDir, { recursive: true });
    }
  },
});

Deno.test("mod.ts imports by URL with no import map or config", async () => {
  const script = `
    import { fen2grid, parseFen, renderSvg, stringifyFen } from ${
    JSON.stringify(new URL("../../mod.ts", import.meta.url).href)
  };
    const p = parseFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    console.log(stringifyFen(p));
    console.log(fen2grid("8/8/8/8/8/8/8/K7", ".").split("\\n")[7]);
    console.log(renderSvg(p).length);
  `;
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/user.ts`, script);
    const result = await execute(deno, [
      "run",
      "--no-config",
      "--no-lock",
      "--no-npm",
      `${dir}/user.ts`,
    ]);
    assert.equal(result.stderr, "");
    assert.equal(result.code, 0);
    const lines = result.stdout.split("\n");
    assert.equal(
      lines[0],
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    );
    assert.equal(lines[1], "K.......");
    assert.ok(Number(lines[2]) > 1000);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** The `json` blocks after `heading` in the Markdown file `path`, parsed. */
async function jsonBlocks(path: string, heading: string): Promise<unknown[]> {
  const text = await Deno.readTextFile(`${ROOT}${path}`);
  const at = text.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `${path} has "${heading}"`);
  const section = text.slice(at + heading.length + 2);
  const end = section.search(/^#{1,3} /m);
  return [
    ...section.slice(0, end < 0 ? undefined : end)
      .matchAll(/```json\n([\s\S]*?)```/g),
  ].map((m) => JSON.parse(m[1]));
}

/** A project beside a copy of the clone (`../fen`) that uses the library. */
async function useFromProject(config: unknown): Promise<Output> {
  const base = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${base}/fen`);
    await copyProgram(`${base}/fen`);
    await Deno.mkdir(`${base}/app`);
    await Deno.writeTextFile(`${base}/app/deno.json`, JSON.stringify(config));
    await Deno.writeTextFile(
      `${base}/app/main.ts`,
      `import { parseFen, stringifyFen } from "@fen/fen";
      import { parsePgn } from "@fen/fen/pgn";
      const [game] = parsePgn("1. e4 e5 2. Nf3 *");
      const last = [...game.positions()].at(-1)!.fen;
      console.log(stringifyFen(parseFen(last)));\n`,
    );
    const { code, stdout, stderr } = await new Deno.Command(deno, {
      args: ["run", "main.ts"],
      cwd: `${base}/app`,
      env: { NO_COLOR: "1" },
      stdin: "null",
    }).output();
    return {
      code,
      stdout: decoder.decode(stdout),
      stderr: decoder.decode(stderr),
    };
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

const AFTER_NF3 =
  "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n";

Deno.test("the README's deno.json for another project: a linked clone gives @fen/fen and its subpaths", async () => {
  const [config] = await jsonBlocks("README.md", "### From another project");
  const { version } = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  assert.deepEqual(config, {
    imports: { "@fen/fen": `jsr:@fen/fen@^${version}` },
    links: ["../fen"],
  });
  const result = await useFromProject(config);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, AFTER_NF3);
});

Deno.test("docs/library.md's import map for another project names the clone's exports", async () => {
  const blocks = await jsonBlocks("docs/library.md", "## From another project");
  assert.equal(blocks.length, 2);
  const [, mapped] = blocks as { imports: Record<string, string> }[];
  const { exports } = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const entries = Object.entries(mapped.imports);
  assert.ok(entries.length >= 5);
  for (const [specifier, path] of entries) {
    const name = specifier === "@fen/fen"
      ? "."
      : specifier.replace("@fen/fen/", "./");
    assert.equal(path, exports[name].replace(/^\.\//, "../fen/"), specifier);
  }
  const result = await useFromProject(mapped);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, AFTER_NF3);
});

Deno.test("mod.ts and cli.ts import only relative files and node: built-ins", async () => {
  const { code, stdout } = await new Deno.Command(deno, {
    args: ["info", "--json", "cli.ts"],
    cwd: ROOT,
  }).output();
  assert.equal(code, 0);
  const graph = JSON.parse(decoder.decode(stdout));
  const specifiers: string[] = graph.modules.map((m: { specifier: string }) =>
    m.specifier
  );
  assert.ok(specifiers.length >= 10);
  for (const specifier of specifiers) {
    assert.ok(
      specifier.startsWith(new URL("../../", import.meta.url).href) ||
        specifier.startsWith("node:"),
      specifier,
    );
  }
});

/** The module graph of `entry`: each local module and what it imports. */
async function moduleGraph(entry: string): Promise<Map<string, string[]>> {
  const { code, stdout } = await new Deno.Command(deno, {
    args: ["info", "--json", entry],
    cwd: ROOT,
  }).output();
  assert.equal(code, 0);
  const graph = JSON.parse(decoder.decode(stdout));
  const edges = new Map<string, string[]>();
  for (const m of graph.modules) {
    const deps = (m.dependencies ?? []).flatMap((
      d: { code?: { specifier: string }; type?: { specifier: string } },
    ) => [d.code?.specifier, d.type?.specifier]).filter(Boolean);
    edges.set(m.specifier, deps);
  }
  return edges;
}

Deno.test("no module imports itself through others, from any entry point", async () => {
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
  for (const entry of Object.values(config.exports) as string[]) {
    const edges = await moduleGraph(entry);
    const state = new Map<string, "open" | "done">();
    const visit = (module: string, path: string[]): void => {
      state.set(module, "open");
      for (const next of edges.get(module) ?? []) {
        assert.notEqual(
          state.get(next),
          "open",
          `cycle: ${
            [...path, next].map((s) => s.replace(/.*\/lib\//, "lib/")).join(
              " -> ",
            )
          }`,
        );
        if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(module, "done");
    };
    for (const module of edges.keys()) {
      if (!state.has(module)) visit(module, [module]);
    }
  }
});

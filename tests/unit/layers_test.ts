// The layout's rules, read off the sources (beside dist_test.ts's cycle
// test, which reads the graph `deno info` gives): `_` files are private to
// their folder, layers point one way, the top of lib/ holds the vocabulary
// only, and no module exists only to pass on another's exports.

import assert from "node:assert/strict";

const LIB = new URL("../../lib/", import.meta.url);
const ROOT = new URL("../../", import.meta.url);

/**
 * The layers of lib/, lowest first: a module imports from its own layer
 * and the layers below it, never above. A path ending in `/` is a folder
 * and everything in it; the others are files at the top of lib/.
 */
const LAYERS: readonly { name: string; paths: readonly string[] }[] = [
  {
    name: "vocabulary",
    paths: [
      "types.ts",
      "errors.ts",
      "_tables.ts",
      "_quote.ts",
      "record_view.ts",
    ],
  },
  { name: "codec", paths: ["fen/", "compress/"] },
  { name: "core", paths: ["chess/"] },
  { name: "legality and moves", paths: ["legality/", "moves/"] },
  { name: "games", paths: ["pgn/"] },
  {
    name: "drawing and data",
    paths: [
      "_board.ts",
      "text/",
      "svg/",
      "raster/",
      "gif/",
      "data/",
      "book/",
      "tree/",
      "match/",
      "db/",
      "engine/",
    ],
  },
  // What the command and the service share (streams, exit codes, version).
  { name: "programs' shared parts", paths: ["program/"] },
  {
    name: "command and service",
    paths: [
      "cli/",
      "serve/",
      "subcommands/",
      "analysis/",
      "puzzle/",
      "markdown/",
      "completions/",
    ],
  },
];

/** How many files the top of lib/ holds at most: the vocabulary. */
const TOP_FILES_MAX = 6;

/** Every source file under lib/, as a path relative to lib/. */
async function sources(dir = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, LIB))) {
    const path = dir + entry.name;
    if (entry.isDirectory) found.push(...await sources(path + "/"));
    else if (/\.(ts|js)$/.test(entry.name)) {
      found.push(path);
    }
  }
  return found.sort();
}

/** The source of `text` without comments that start a line (JSDoc examples import too). */
function code(text: string): string {
  return text.replace(/^\s*\/\*[\s\S]*?\*\//gm, "").replace(
    /^\s*\/\/.*$/gm,
    "",
  );
}

const SPECIFIERS = [
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  /^\s*import\s*["']([^"']+)["']/gm,
];

/** Each lib/ module and the lib/ modules it imports, as paths relative to lib/. */
async function imports(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const path of await sources()) {
    const text = code(await Deno.readTextFile(new URL(path, LIB)));
    const targets: string[] = [];
    for (const pattern of SPECIFIERS) {
      for (const match of text.matchAll(pattern)) {
        if (!match[1].startsWith(".")) continue;
        const target = new URL(match[1], new URL(path, LIB)).href;
        if (target.startsWith(LIB.href)) {
          targets.push(target.slice(LIB.href.length));
        }
      }
    }
    graph.set(path, targets);
  }
  return graph;
}

function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/") + 1);
}

function layerOf(path: string): number {
  return LAYERS.findIndex((layer) =>
    layer.paths.some((p) => p.endsWith("/") ? path.startsWith(p) : path === p)
  );
}

Deno.test("the import scan finds the imports of a known module", async () => {
  const graph = await imports();
  assert.ok(graph.size > 100);
  assert.ok(graph.get("legality/mod.ts")?.includes("chess/status.ts"));
  assert.ok(graph.get("fen/mod.ts")?.includes("types.ts"));
});

Deno.test("a _ file is imported only from its own folder (or one inside it)", async () => {
  const crossings: string[] = [];
  for (const [from, targets] of await imports()) {
    for (const to of targets) {
      const name = to.slice(to.lastIndexOf("/") + 1);
      if (name.startsWith("_") && !from.startsWith(folderOf(to))) {
        crossings.push(`lib/${from} -> lib/${to}`);
      }
    }
  }
  assert.deepEqual(crossings, []);
});

Deno.test("layers point one way: vocabulary, codec, core, legality and moves, games, drawing and data, what the command and service share, command and service", async () => {
  const unplaced: string[] = [];
  const upward: string[] = [];
  for (const [from, targets] of await imports()) {
    const layer = layerOf(from);
    if (layer < 0) {
      unplaced.push(`lib/${from}`);
      continue;
    }
    for (const to of targets) {
      const above = layerOf(to);
      if (above > layer) {
        upward.push(
          `lib/${from} (${LAYERS[layer].name}) -> lib/${to} (${
            LAYERS[above].name
          })`,
        );
      }
    }
  }
  assert.deepEqual(unplaced, [], "modules in no layer of the table");
  assert.deepEqual(upward, []);
});

Deno.test("the top of lib/ holds the vocabulary only; families live in folders", async () => {
  const top: string[] = [];
  for await (const entry of Deno.readDir(LIB)) {
    if (entry.isFile) top.push(entry.name);
  }
  assert.ok(
    top.length <= TOP_FILES_MAX,
    `${top.length} files at the top of lib/: ${top.sort().join(" ")}`,
  );
});

Deno.test("no module only passes on others' exports, unless it is a public entry point or a folder's mod.ts", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("deno.json", ROOT)),
  );
  const entries = new Set(
    (Object.values(config.exports) as string[]).map((p) =>
      p.replace(/^\.\/lib\//, "")
    ),
  );
  const doors: string[] = [];
  for (const path of await sources()) {
    if (entries.has(path) || path.endsWith("mod.ts")) continue;
    if (path.endsWith(".d.ts")) continue;
    const statements = code(await Deno.readTextFile(new URL(path, LIB)))
      .split(";").map((s) => s.trim()).filter((s) => s !== "");
    if (
      statements.length > 0 &&
      statements.every((s) => /^(import|export)\b[\s\S]*\bfrom\s*["']/.test(s))
    ) doors.push(`lib/${path}`);
  }
  assert.deepEqual(doors, []);
});

Deno.test("lib/ holds no module that deno task build generates; build/ is git-ignored", async () => {
  const built: string[] = [];
  for (const path of await sources()) {
    const head = (await Deno.readTextFile(new URL(path, LIB))).slice(0, 200);
    if (/Generated by `deno task/.test(head)) built.push(path);
  }
  assert.deepEqual(built, []);
  const ignored = (await Deno.readTextFile(new URL(".gitignore", ROOT)))
    .split("\n");
  assert.ok(ignored.includes("build/"));
});

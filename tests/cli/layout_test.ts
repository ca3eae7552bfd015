// The command's folder is its own: outside lib/cli only cli.ts imports it
// (main.ts), the service included, and what both programs share lives in
// lib/program, which imports neither. The files are grouped by stage.

import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;

/** Every module under `dir` (relative to the repo), recursively. */
async function modules(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) found.push(...await modules(path));
    else if (/\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** The repo-relative paths `file` imports. */
async function importsOf(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(new URL(file, ROOT));
  return [...text.matchAll(IMPORT)].map((m) =>
    new URL(m[1], new URL(file, ROOT)).pathname.slice(ROOT.pathname.length)
  );
}

Deno.test("outside lib/cli, only cli.ts imports the command, and only main.ts", async () => {
  const offenders: string[] = [];
  for (const file of [...await modules("lib"), "cli.ts", "mod.ts"]) {
    if (file.startsWith("lib/cli/")) continue;
    for (const target of await importsOf(file)) {
      if (!target.startsWith("lib/cli/")) continue;
      const allowed = file === "cli.ts" && target === "lib/cli/main.ts";
      if (!allowed) offenders.push(`${file} -> ${target}`);
    }
  }
  // The playground's use of --explain's function moves with the service's
  // own work; until then it is the one known exception.
  assert.deepEqual(
    offenders.filter((o) =>
      o !== "lib/serve/playground/app.ts -> lib/cli/explain.ts"
    ),
    [],
  );
});

Deno.test("lib/program imports neither program", async () => {
  for (const file of await modules("lib/program")) {
    for (const target of await importsOf(file)) {
      assert.ok(
        !target.startsWith("lib/cli/") && !target.startsWith("lib/serve/"),
        `${file} -> ${target}`,
      );
    }
  }
});

Deno.test("lib/cli's files are named by stage, with no private underscore", async () => {
  const STAGES =
    /^(main|general|plain|run|pipeline|record|where|diagnostics|report|io|signals|libraries|explain|(option|source|transform|sink|format|run)_[a-z_]+)\.ts$/;
  for (const file of await modules("lib/cli")) {
    const name = file.slice("lib/cli/".length);
    assert.match(name, STAGES, file);
  }
});

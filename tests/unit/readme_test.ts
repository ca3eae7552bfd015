// The README and the manual in docs/ describe the command's tables, the
// reader's rules, the layout and the entry points; these tests keep each in
// step with its one definition, and every link pointing somewhere real.

import assert from "node:assert/strict";
import { EXIT_MEANINGS } from "../../lib/program/exit.ts";
import { FORMAT_NAMES, FORMATS } from "../../lib/cli/format_registry.ts";
import { OPTION_SPECS } from "../../lib/cli/option_table.ts";
import { installArgs } from "../../scripts/install.ts";

const ROOT = new URL("../../", import.meta.url);

/** A text file of the repository. */
function read(path: string): Promise<string> {
  return Deno.readTextFile(new URL(path, ROOT));
}

/** The manual's files, `docs/*.md`, sorted. */
async function manualFiles(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(new URL("docs/", ROOT))) {
    if (entry.isFile && entry.name.endsWith(".md")) {
      names.push(`docs/${entry.name}`);
    }
  }
  return names.sort();
}

/** The rows of the markdown table whose header starts with `header`. */
function table(text: string, header: string): string[][] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) =>
    l.replace(/^ \* /, "").startsWith(`| ${header}`)
  );
  assert.ok(start >= 0, `a table headed "${header}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    const row = line.replace(/^ \* /, "");
    if (!row.startsWith("|")) break;
    rows.push(row.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
  }
  return rows;
}

Deno.test("docs/command.md's option table lists exactly the command's options", async () => {
  const rows = table(await read("docs/command.md"), "option");
  const documented = rows.map(([flags]) => ({
    name: /--([a-z0-9-]+)/.exec(flags)?.[1],
    short: /(?:^|\s)`-([a-z])`/.exec(flags)?.[1],
  }));
  assert.deepEqual(
    documented,
    OPTION_SPECS.map((o) => ({ name: o.name, short: o.short })),
  );
});

/** Text without the quoting marks the docs and the help use differently. */
function plain(text: string): string {
  return text.replace(/[`']/g, "");
}

Deno.test("docs/command.md's format and exit-code tables are the command's", async () => {
  const command = await read("docs/command.md");
  assert.deepEqual(
    table(command, "format").map((row) => row.map(plain)),
    FORMAT_NAMES.map((name) => [name, plain(FORMATS[name].help)]),
  );
  assert.deepEqual(
    table(command, "exit").map(([code]) => Number(code)),
    EXIT_MEANINGS.map(([code]) => code),
  );
});

Deno.test("docs/library.md's lenient/strict table is parseFen's documentation", async () => {
  const documented = table(await read("lib/fen/mod.ts"), "input");
  assert.ok(documented.length >= 15);
  assert.deepEqual(table(await read("docs/library.md"), "input"), documented);
});

Deno.test("docs/library.md names exactly deno.json's entry points", async () => {
  const config = JSON.parse(await read("deno.json"));
  const exported = Object.keys(config.exports)
    .filter((name) => name !== ".").map((name) => name.slice(2)).sort();
  const library = await read("docs/library.md");
  const start = library.indexOf("Every part is also an entry point");
  assert.ok(start >= 0, "the paragraph of entry points");
  const paragraph = library.slice(start, library.indexOf("\n\n", start));
  const named = [...paragraph.matchAll(/`(?:@fen\/fen)?\/([a-z-]+)`/g)]
    .map((m) => m[1]).sort();
  assert.deepEqual(named, exported);
});

Deno.test("the README and the manual name sources by what they are, not by planning documents", async () => {
  for (const path of ["README.md", "CHANGELOG.md", ...await manualFiles()]) {
    assert.doesNotMatch(await read(path), /seed ?\d{3}|seed session/i, path);
  }
});

/** The paths that lead the lines of the Layout block of architecture.md. */
async function layoutPaths(): Promise<string[]> {
  const text = await read("docs/architecture.md");
  const section = text.slice(text.indexOf("## Layout"));
  const block = section.slice(section.indexOf("```") + 4);
  return block.slice(0, block.indexOf("```")).trimEnd().split("\n")
    .map((line) => line.split(/\s+/)[0]);
}

/** Every folder under `dir` (relative to the repository), at any depth. */
async function foldersUnder(dir: string): Promise<string[]> {
  const folders: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    if (!entry.isDirectory) continue;
    const path = `${dir}${entry.name}/`;
    folders.push(path, ...await foldersUnder(path));
  }
  return folders;
}

Deno.test("docs/architecture.md's Layout describes every folder of lib/, and every path it names exists", async () => {
  const listed = await layoutPaths();
  assert.ok(listed.includes("lib/fen/") && listed.includes("mod.ts"));
  assert.equal(new Set(listed).size, listed.length, "a path listed twice");
  for (const path of listed) {
    const info = await Deno.stat(new URL(path, ROOT)).catch(() => null);
    assert.ok(info !== null, `${path} is listed but not in the tree`);
    assert.equal(info.isDirectory, path.endsWith("/"), path);
  }
  const undescribed = (await foldersUnder("lib/"))
    .filter((folder) => !listed.includes(folder));
  assert.deepEqual(undescribed, [], "folders of lib/ the Layout leaves out");
});

/** The targets of the Markdown links `[text](target)` in `text`. */
function linkTargets(text: string): string[] {
  const outside = text.replace(/```[\s\S]*?```/g, "");
  return [...outside.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** GitHub's anchor of a heading: lower case, punctuation gone, - for spaces. */
function anchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

Deno.test("every link of the README and the manual leads to a file and heading that exist", async () => {
  for (const path of ["README.md", "CHANGELOG.md", ...await manualFiles()]) {
    for (const target of linkTargets(await read(path))) {
      if (/^[a-z]+:/.test(target)) continue; // a web address
      const [file, hash] = target.split("#");
      const url = file === ""
        ? new URL(path, ROOT)
        : new URL(file, new URL(path, ROOT));
      const info = await Deno.stat(url).catch(() => null);
      assert.ok(info !== null, `${path}: ${target} does not exist`);
      if (hash === undefined) continue;
      const headings = (await Deno.readTextFile(url))
        .replace(/```[\s\S]*?```/g, "").split("\n")
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => anchor(line.replace(/^#+ /, "")));
      assert.ok(
        headings.includes(hash),
        `${path}: no heading #${hash} in ${file}`,
      );
    }
  }
});

Deno.test("the README and docs/README.md list every file of the manual", async () => {
  const files = (await manualFiles()).filter((f) => f !== "docs/README.md");
  const readme = await read("README.md");
  const docsSection = readme.slice(readme.indexOf("## Documentation"));
  const fromReadme = table(docsSection, "file").map(([cell]) =>
    /\]\(([^)]+)\)/.exec(cell)![1]
  );
  assert.deepEqual([...fromReadme].sort(), [...files, "CHANGELOG.md"].sort());
  const fromIndex = table(await read("docs/README.md"), "file").map(([cell]) =>
    /\]\(([^)]+)\)/.exec(cell)![1]
  );
  assert.deepEqual(
    fromIndex.map((f) => f.startsWith("../") ? f.slice(3) : `docs/${f}`),
    fromReadme,
  );
});

Deno.test("docs/install.md shows the deno install line of deno task install as it is", async () => {
  const install = await read("docs/install.md");
  const at = install.indexOf("What it runs, and why");
  assert.ok(at >= 0);
  const block = /```\n([\s\S]*?)```/.exec(install.slice(at))![1];
  const shown = block.replace(/\s*\\\n\s*/g, " ").trim();
  assert.equal(shown, ["deno", ...installArgs([])].join(" "));
  const config = JSON.parse(await read("deno.json"));
  assert.match(config.tasks.install, / scripts\/install\.ts$/);
});

Deno.test("the README's task table lists exactly deno.json's tasks", async () => {
  const readme = await read("README.md");
  const listed = table(readme, "task").map(([cell]) =>
    /^`deno task ([a-z:]+)`$/.exec(cell)?.[1]
  );
  const config = JSON.parse(await read("deno.json"));
  assert.deepEqual(listed.sort(), Object.keys(config.tasks).sort());
});

Deno.test("every file the README and the manual name in code spans exists", async () => {
  // made by the tools, not committed
  const generated = /^(bench\/data\/|dist\/)/;
  const missing: string[] = [];
  for (const path of ["README.md", "CHANGELOG.md", ...await manualFiles()]) {
    const text = await read(path);
    for (
      const [, named] of text.matchAll(
        /`((?:lib|tests|bench|scripts|examples|docs)\/[\w./-]*)`/g,
      )
    ) {
      if (generated.test(named)) continue;
      const info = await Deno.stat(new URL(named, ROOT)).catch(() => null);
      if (info === null) missing.push(`${path}: ${named}`);
    }
  }
  assert.deepEqual(missing, []);
});

// The README describes the command's tables and the reader's rules; these
// tests keep it in step with the one definition of each.

import assert from "node:assert/strict";
import { EXIT_MEANINGS } from "../../lib/program/exit.ts";
import { FORMAT_NAMES, FORMATS } from "../../lib/cli/format_registry.ts";
import { OPTION_SPECS } from "../../lib/cli/option_table.ts";

const README = await Deno.readTextFile(
  new URL("../../README.md", import.meta.url),
);

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

Deno.test("the README's option table lists exactly the command's options", () => {
  const rows = table(README, "option");
  const documented = rows.map(([flags]) => ({
    name: /--([a-z0-9-]+)/.exec(flags)?.[1],
    short: /(?:^|\s)`-([a-z])`/.exec(flags)?.[1],
  }));
  assert.deepEqual(
    documented,
    OPTION_SPECS.map((o) => ({ name: o.name, short: o.short })),
  );
});

/** Text without the quoting marks the README and the help use differently. */
function plain(text: string): string {
  return text.replace(/[`']/g, "");
}

Deno.test("the README's format and exit-code tables are the command's", () => {
  assert.deepEqual(
    table(README, "format").map((row) => row.map(plain)),
    FORMAT_NAMES.map((name) => [name, plain(FORMATS[name].help)]),
  );
  assert.deepEqual(
    table(README, "exit").map(([code]) => Number(code)),
    EXIT_MEANINGS.map(([code]) => code),
  );
});

Deno.test("the README's lenient/strict table is parseFen's documentation", async () => {
  const source = await Deno.readTextFile(
    new URL("../../lib/fen/mod.ts", import.meta.url),
  );
  const documented = table(source, "input");
  assert.ok(documented.length >= 15);
  assert.deepEqual(table(README, "input"), documented);
});

Deno.test("the README names sources by what they are, not by planning documents", () => {
  assert.doesNotMatch(README, /seed ?\d{3}|seed session/i);
});

/** The paths the README's Layout section lists, one a line. */
function layoutPaths(): string[] {
  const section = README.slice(README.indexOf("## Layout"));
  const block = section.slice(section.indexOf("```") + 4);
  return block.slice(0, block.indexOf("```")).trimEnd().split("\n")
    .map((line) => line.split(/\s+/)[0]);
}

/** Every file under `dir`, relative to the repository. */
async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  const root = new URL("../../", import.meta.url);
  for await (const entry of Deno.readDir(new URL(dir, root))) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) files.push(...await filesUnder(`${path}/`));
    else files.push(path);
  }
  return files;
}

Deno.test("the README's Layout lists every file of lib/, each once, and nothing else", async () => {
  const listed = layoutPaths();
  assert.ok(listed.includes("lib/fen/mod.ts"));
  assert.equal(new Set(listed).size, listed.length, "a path listed twice");
  const root = new URL("../../", import.meta.url);
  for (const path of listed) {
    const info = await Deno.stat(new URL(path, root)).catch(() => null);
    assert.ok(info !== null, `${path} is listed but not in the tree`);
    assert.equal(info.isDirectory, path.endsWith("/"), path);
  }
  // a file is listed, or a folder holding it is (lib/legality/, lib/svg/...)
  const unlisted = (await filesUnder("lib/")).filter((file) =>
    !listed.some((path) =>
      path === file || (path.endsWith("/") && file.startsWith(path))
    )
  );
  assert.deepEqual(unlisted, []);
});

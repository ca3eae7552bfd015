// The README describes the command's tables and the reader's rules; these
// tests keep it in step with the one definition of each.

import assert from "node:assert/strict";
import { EXIT_MEANINGS } from "../../lib/cli/exit.ts";
import { FORMAT_NAMES, FORMATS } from "../../lib/cli/formats.ts";
import { OPTION_SPECS } from "../../lib/cli/options.ts";

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
    new URL("../../lib/fen.ts", import.meta.url),
  );
  const documented = table(source, "input");
  assert.ok(documented.length >= 15);
  assert.deepEqual(table(README, "input"), documented);
});

Deno.test("the README names sources by what they are, not by planning documents", () => {
  assert.doesNotMatch(README, /seed ?\d{3}|seed session/i);
});

Deno.test("the README's Layout names every file under lib/, one line each, and nothing that is gone", async () => {
  const section = README.slice(README.indexOf("## Layout"));
  const block = /```\n([\s\S]*?)```/.exec(section)![1];
  const listed = block.split("\n").map((line) => line.split(/\s+/)[0])
    .filter((path) => path.startsWith("lib/"));
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (
      const entry of Deno.readDir(new URL(`../../${dir}`, import.meta.url))
    ) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (/\.(ts|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push(path);
      }
    }
  };
  await walk("lib");
  assert.deepEqual([...listed].sort(), files.sort());
});

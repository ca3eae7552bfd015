// The README's puzzles from real games, and the sheet of their diagrams in
// docs/puzzles.md, are what the built program writes: `fen puzzles` on
// tests/testdata/puzzles/classics.pgn (four classic games, their [%eval]s
// written by fen analyse) with Debian's Stockfish 15.1 at the README's
// 100,000 nodes, then its CSV as a sheet of SVG files. One engine run, in
// process. Skipped, saying why, without Stockfish 15.1 (another version
// may search the same nodes to other moves).

import assert from "node:assert/strict";
import { runFen } from "../cli/_harness.ts";
import { findStockfish } from "../_stockfish.ts";

const ROOT = new URL("../../", import.meta.url);
const GAMES = new URL("tests/testdata/puzzles/classics.pgn", ROOT).pathname;
const VERSION = "Stockfish 15.1";

/** The engine, when it is the version the README's output is from. */
function engine(): string | null {
  const path = findStockfish();
  if (path === null) return null;
  const { stdout } = new Deno.Command(path, {
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).outputSync();
  return new TextDecoder().decode(stdout).startsWith(`${VERSION} `)
    ? path
    : null;
}

const stockfish = engine();
if (stockfish === null) {
  console.warn(
    `the README's puzzles not checked: no stockfish, or not ${VERSION}`,
  );
}

/** The text between two lines of `text` (after `from`, up to `to`). */
function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  assert.ok(start >= 0, from);
  const body = start + from.length;
  const end = text.indexOf(to, body);
  assert.ok(end >= 0, to);
  return text.slice(body, end);
}

Deno.test({
  name:
    "the README's puzzles from real games and docs/puzzles.md's sheet of them are what fen puzzles writes",
  ignore: stockfish === null,
  async fn() {
    const readme = await Deno.readTextFile(new URL("README.md", ROOT));
    const section = readme.slice(readme.indexOf("## Puzzles from real games"));
    const command = between(section, "```sh\n", "\n```");
    assert.equal(
      command,
      "fen puzzles --nodes 100000 tests/testdata/puzzles/classics.pgn",
    );
    const run = await runFen(
      ["puzzles", "--engine", stockfish!, ...command.split(" ").slice(2)]
        .map((word) =>
          word === "tests/testdata/puzzles/classics.pgn" ? GAMES : word
        ),
      { permissions: ["--allow-all"] },
    );
    assert.equal(run.stderr, "");
    assert.equal(run.code, 0);
    assert.equal(between(section, "```csv\n", "```"), run.stdout);
    assert.equal(run.stdout.trimEnd().split("\n").length, 5, "four puzzles");

    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${dir}/classics.csv`, run.stdout);
      const sheet = await runFen(
        [
          "puzzles",
          "--from",
          "puzzles",
          "--format",
          "svg",
          "--out-dir",
          `${dir}/puzzles`,
          `${dir}/classics.csv`,
        ],
        { permissions: ["--allow-read", `--allow-write=${dir}`] },
      );
      assert.equal(sheet.stderr, "");
      assert.equal(sheet.code, 0);
      const docs = await Deno.readTextFile(new URL("docs/puzzles.md", ROOT));
      assert.equal(
        between(docs, "<!-- sheet: start -->\n\n", "<!-- sheet: end -->"),
        sheet.stdout.replaceAll(`${dir}/puzzles/`, "puzzles/"),
      );
      // the README's pictures: the sheet's, in its order
      const linked = (text: string, dir: string) =>
        [...text.matchAll(new RegExp(`${dir}(fen-[0-9a-f]{16}\\.svg)`, "g"))]
          .map((m) => m[1]);
      assert.deepEqual(
        linked(
          section.slice(0, section.indexOf("\n## ")),
          'src="docs/puzzles/',
        ),
        linked(sheet.stdout, `${dir}/puzzles/`),
      );
      const names = (path: string) =>
        [...Deno.readDirSync(path)].map((e) => e.name).sort();
      const committed = new URL("docs/puzzles/", ROOT).pathname;
      assert.deepEqual(names(committed), names(`${dir}/puzzles`));
      for (const name of names(committed)) {
        assert.deepEqual(
          await Deno.readFile(`${committed}${name}`),
          await Deno.readFile(`${dir}/puzzles/${name}`),
          `docs/puzzles/${name}`,
        );
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

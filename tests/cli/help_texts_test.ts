// Every program's --help and usage-error texts, held against a reviewed copy
// (tests/testdata/help_texts.txt), so that a change of wording is a diff in
// that file. `FEN_UPDATE_HELP=1 deno test ... help_texts_test.ts` rewrites
// it from the program.

import assert from "node:assert/strict";
import { runMain } from "./_harness.ts";

const COPY = new URL("../testdata/help_texts.txt", import.meta.url);

/** The command lines whose texts are held: help, then refusals. */
const LINES: readonly string[][] = [
  ["--help"],
  ["analyse", "--help"],
  ["book", "--help"],
  ["book", "make", "--help"],
  ["book", "probe", "--help"],
  ["book", "merge", "--help"],
  ["book", "dump", "--help"],
  ["tree", "--help"],
  ["md", "--help"],
  ["merge", "--help"],
  ["serve", "--help"],
  ["completions", "--help"],
  [],
  ["--formt", "svg"],
  ["--formt", "svg", "--verbose"],
  ["-x", "--verbose"],
  ["--format", "fen", "--format", "epd", "8/8/8/8/8/8/8/8"],
  ["sevre"],
  ["analyze"],
  ["analyse", "--bogus"],
  ["analyse", "--input", "/nonexistent/games.pgn"],
  ["analyse", "--from", "xml"],
  ["analyse", "--nodes"],
  ["analyse", "--depth", "1", "--depth", "2"],
  ["book"],
  ["book", "mkae"],
  ["book", "make", "--bogus"],
  ["book", "make", "--max-ply"],
  ["book", "dump", "--color", "red"],
  ["book", "probe", "--format", "xml", "book.bin"],
  ["tree", "--bogus"],
  ["tree", "--color", "red"],
  ["tree", "--max-ply", "1", "--max-ply", "2"],
  ["md", "--sise", "300"],
  ["md", "--format", "xml"],
  ["merge"],
  ["merge", "--bogus", "/nonexistent/a"],
  ["merge", "--min-games=5", "/nonexistent/a"],
  ["merge", "--min-games", "x", "/nonexistent/a"],
  ["serve", "--bogus"],
  ["serve", "--port"],
  ["serve", "--help=yes"],
  ["completions"],
  ["completions", "tcsh"],
  ["completions", "bash", "zsh"],
];

/** A command line's exit code, stdout and stderr, as the copy holds them. */
async function textsOf(args: string[]): Promise<string> {
  const run = await runMain(args);
  return `$ fen ${args.join(" ")}\n[exit ${run.code}]\n` +
    (run.stdout === "" ? "" : `--- stdout\n${run.stdout}`) +
    (run.stderr === "" ? "" : `--- stderr\n${run.stderr}`) + "\n";
}

Deno.test("help and usage-error texts of every program are the reviewed ones", async () => {
  const texts: string[] = [];
  for (const args of LINES) texts.push(await textsOf(args));
  const now = texts.join("");
  if (Deno.env.get("FEN_UPDATE_HELP") === "1") {
    await Deno.writeTextFile(COPY, now);
  }
  assert.equal(now, await Deno.readTextFile(COPY));
});

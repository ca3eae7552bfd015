// The formats' traits (lib/cli/format_table.ts) against what the command
// does with each format, and the rule that keeps them there: no part of
// the command tests a format by its name.

import assert from "node:assert/strict";
import {
  FORMAT_NAMES,
  FORMAT_TABLE,
  type FormatName,
  type FormatTraits,
} from "../../lib/cli/format_table.ts";
import { runMain } from "./_harness.ts";

const RECORD = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

/** A trait, the formats the manual gives it, and a run that shows it. */
interface Probe {
  trait: keyof FormatTraits;
  formats: readonly FormatName[];
  /** The command line for `format`. */
  args(format: FormatName): string[];
  stdin?: string;
  /** Whether the run shows the trait. */
  shows(run: { code: number; stdout: string; stderr: string }): boolean;
}

const PROBES: readonly Probe[] = [
  {
    trait: "raster",
    formats: ["png", "gif"],
    args: (f) => ["--format", f, "--style", "classic", RECORD],
    shows: (run) => /draws the vector style/.test(run.stderr),
  },
  {
    trait: "games",
    formats: ["pgn", "gif"],
    args: (f) => ["--from", "pgn", "--format", f, "--ply", "1", "-"],
    stdin: "1. e4 e5 *\n",
    shows: (run) => /writes whole games/.test(run.stderr),
  },
  {
    trait: "animates",
    formats: ["gif"],
    args: (f) => ["--format", f, "--delay", "10", RECORD],
    shows: (run) => !/--delay goes with/.test(run.stderr),
  },
  {
    trait: "json",
    formats: ["json"],
    args: (f) => ["--check", "--format", f, RECORD],
    shows: (run) => run.code === 0 && run.stdout.startsWith('{"record":1,'),
  },
  {
    trait: "fields",
    formats: ["fen", "epd", "json", "key"],
    args: (f) => ["--format", f, "--en-passant", "legal", RECORD],
    shows: (run) => !/--en-passant goes with/.test(run.stderr),
  },
  {
    trait: "notation",
    formats: ["epd", "moves"],
    args: (f) => ["--format", f, "--san", RECORD],
    shows: (run) => !/--san goes with/.test(run.stderr),
  },
  {
    trait: "mark",
    formats: ["grid"],
    args: (f) => ["--format", f, "--empty", "-", RECORD],
    shows: (run) => run.code === 0 && run.stdout.startsWith("----k---\n"),
  },
  {
    trait: "canonical",
    formats: ["fen"],
    args: (f) => ["--format", f, "--explain", RECORD],
    shows: (run) => run.code === 0,
  },
  {
    trait: "file",
    formats: ["svg", "png", "gif"],
    args: (f) => ["--format", f, "--size", "100", RECORD],
    shows: (run) => !/--size is a diagram option/.test(run.stderr),
  },
  {
    trait: "draws",
    formats: ["svg", "png", "board", "grid", "unicode", "gif"],
    args: (f) => ["--format", f, "--flip", RECORD],
    shows: (run) => !/--flip draws boards/.test(run.stderr),
  },
];

Deno.test("each format's traits are what the command does with it", async () => {
  for (const probe of PROBES) {
    const table = FORMAT_NAMES.filter((f) =>
      Boolean(FORMAT_TABLE[f][probe.trait])
    );
    assert.deepEqual(table, probe.formats, `the table's ${probe.trait}`);
    for (const format of FORMAT_NAMES) {
      const run = await runMain(probe.args(format), {
        stdin: probe.stdin ?? "",
      });
      assert.equal(
        probe.shows(run),
        probe.formats.includes(format),
        `${probe.trait}, --format ${format}: ${run.code} ${run.stderr}`,
      );
    }
  }
});

Deno.test("--uci and --san: legal moves listed, or the EPD operations' rewritten", async () => {
  const epd = "4k3/8/8/8/8/8/8/4K2R w K - bm e1g1;";
  for (const format of FORMAT_NAMES) {
    const notation = FORMAT_TABLE[format].notation;
    if (notation === undefined) continue;
    const run = await runMain(["--format", format, "--san", epd]);
    assert.equal(run.code, 0, run.stderr);
    // the legal moves include the king's; the operation names castling
    assert.equal(/\bKd1\b/.test(run.stdout), notation === "legal", format);
    assert.equal(/bm O-O;/.test(run.stdout), notation === "operations", format);
  }
});

Deno.test("no part of the command tests a format by its name: its traits say what it is", async () => {
  // Comparisons with a format's name (`format === "gif"`, `"pgn" !==
  // settings.format`) and lists of names stand for a trait the formats
  // table should carry.
  const NAME_TEST = new RegExp(
    String
      .raw`\bformat\s*[!=]==?\s*["'\x60]|["'\x60]\s*[!=]==?\s*(?:\w+\.)*format\b` +
      String.raw`|FormatName\[\]\s*=\s*\[`,
  );
  const dir = new URL("../../lib/cli/", import.meta.url);
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (
      !entry.isFile || !entry.name.endsWith(".ts") ||
      entry.name === "format_table.ts" || entry.name === "format_registry.ts"
    ) continue;
    const lines = (await Deno.readTextFile(new URL(entry.name, dir)))
      .split("\n");
    lines.forEach((line, i) => {
      if (NAME_TEST.test(line)) {
        found.push(`${entry.name}:${i + 1}: ${line.trim()}`);
      }
    });
  }
  assert.deepEqual(found.sort(), []);
});

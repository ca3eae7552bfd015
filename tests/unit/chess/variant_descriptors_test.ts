// A variant is written once, in its descriptor (lib/chess/variants/): the
// move rows, the game ends, insufficient material, the names and the
// command's --variant help are all read off the descriptors, and nothing
// else keeps a table of its own keyed by the rules.

import assert from "node:assert/strict";
import { VARIANT_RULES, VARIANTS } from "../../../mod.ts";
import { DESCRIPTORS } from "../../../lib/chess/variants/mod.ts";
import {
  HILL,
  type MoveFlags,
  STANDARD_MOVES,
} from "../../../lib/chess/variants/descriptor.ts";
import { VARIANT_MOVES } from "../../../lib/chess/variant.ts";
import { ChessBoard } from "../../../lib/chess/board.ts";
import { loadPosition } from "../../../lib/chess/convert.ts";
import { positionStatus, variantEndIn } from "../../../lib/chess/status.ts";
import { parseFen } from "../../../lib/fen/mod.ts";
import type { Rules } from "../../../lib/types.ts";

const LIB = new URL("../../../lib/", import.meta.url);

/** Every .ts source under `dir` (relative to lib/), bundles left out. */
async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, LIB))) {
    const path = dir + entry.name;
    if (entry.isDirectory) found.push(...await sources(path + "/"));
    else if (entry.name.endsWith(".ts")) found.push(path);
  }
  return found.sort();
}

Deno.test("one descriptor file per variant, listed in VARIANT_RULES' order", async () => {
  assert.deepEqual(DESCRIPTORS.map((d) => d.rules), [...VARIANT_RULES]);
  const files = (await sources("chess/variants/"))
    .map((path) => path.replace(/^chess\/variants\//, ""))
    .filter((name) => !name.startsWith("_"))
    .filter((name) => name !== "mod.ts" && name !== "descriptor.ts");
  assert.deepEqual(files, VARIANT_RULES.map((rules) => `${rules}.ts`).sort());
});

Deno.test("each variant's move row is its descriptor's flags over standard chess's", () => {
  const keys = Object.keys(STANDARD_MOVES) as (keyof MoveFlags)[];
  VARIANT_MOVES.forEach((row, index) => {
    const d = DESCRIPTORS[index];
    assert.equal(row.name, d.rules);
    for (const key of keys) {
      assert.equal(row[key], d.moves?.[key] ?? STANDARD_MOVES[key], key);
    }
    if (d.ended !== undefined) assert.equal(row.ended, d.ended, d.rules);
    // every row has one shape, so the generator's reads stay monomorphic
    assert.deepEqual(Object.keys(row), Object.keys(VARIANT_MOVES[0]));
  });
});

Deno.test("VARIANTS' names, aliases and starts are the descriptors'", () => {
  VARIANTS.forEach((variant, index) => {
    const d = DESCRIPTORS[index];
    assert.equal(variant.rules, d.rules);
    assert.equal(variant.name, d.tag);
    assert.equal(variant.aliases, d.aliases);
    assert.equal(variant.start, d.start);
  });
});

Deno.test("a game's end and insufficient material are the descriptor's words and rules", () => {
  const cases: [Rules, string, string][] = [
    ["kingofthehill", "8/8/8/3K4/8/8/8/7k b - - 0 1", "hill (d5)"],
    ["atomic", "8/8/8/8/8/8/8/K7 b - - 0 1", "Black's king exploded"],
    ["horde", "8/8/8/8/8/8/8/k7 w - - 0 1", "White has no pieces left"],
  ];
  for (const [rules, fen, words] of cases) {
    const position = parseFen(fen, { rules });
    const status = positionStatus(position, { rules });
    const b = new ChessBoard();
    loadPosition(b, position, rules);
    const d = DESCRIPTORS[VARIANT_RULES.indexOf(rules)];
    assert.equal(d.ended?.(b), true, rules);
    assert.deepEqual(variantEndIn(status), d.end?.(b), rules);
    assert.ok(variantEndIn(status)?.reason.includes(words), rules);
    assert.equal(
      status.insufficientMaterial,
      d.insufficient(b, 0) && d.insufficient(b, 1),
      rules,
    );
  }
});

Deno.test("no table keyed by the rules outside the descriptors but legality's checks", async () => {
  const keyed: string[] = [];
  for (const path of await sources("")) {
    if (path.startsWith("chess/variants/")) continue;
    const text = await Deno.readTextFile(new URL(path, LIB));
    if (/Record<\s*Rules\b/.test(text)) keyed.push(path);
  }
  // legality's rules sit above the core: they read the board through the
  // checker's context, which a descriptor cannot import
  assert.deepEqual(keyed, ["legality/_variants.ts"]);
});

Deno.test("king of the hill's centre is written once", async () => {
  assert.deepEqual(HILL, [27, 28, 35, 36]);
  const written: string[] = [];
  for (const path of await sources("")) {
    if (path === "chess/variants/descriptor.ts") continue;
    const text = await Deno.readTextFile(new URL(path, LIB));
    if (
      /"d5",\s*"e5",\s*"d4",\s*"e4"|27,\s*28,\s*35,\s*36|1 << 27\)/.test(text)
    ) {
      written.push(path);
    }
  }
  assert.deepEqual(written, []);
});

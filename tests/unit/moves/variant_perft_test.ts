// Variant perft against the published tables: python-chess's perft files
// (examples/perft/*.perft) and chessops' variant perft cases
// (src/variant.test.ts), both read at test time from the git mirrors the
// project's tools fetch (both are GPL-3 and not committed here); each test
// says it is skipped, and why, when its mirror is absent. Every count up to
// NODE_BUDGET leaf nodes runs; deeper ones are left to the benchmark.

import assert from "node:assert/strict";
import { perft } from "../../../lib/moves/perft.ts";
import { perftDivide } from "../../../lib/moves/perft_divide.ts";
import type { Rules } from "../../../lib/types.ts";
import { perftCases, variantEpd } from "./_variant_epd.ts";

const NODE_BUDGET = 400_000;

const PYTHON_CHESS = "/work/.mirror/niklasf+python-chess/repo";
const CHESSOPS = "/work/.mirror/niklasf+chessops/repo";

/** A file of a mirror at its HEAD, or null when the mirror is absent. */
function mirrored(repo: string, path: string): string | null {
  try {
    const { success, stdout } = new Deno.Command("git", {
      args: ["--git-dir", repo, "show", `HEAD:${path}`],
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    return success ? new TextDecoder().decode(stdout) : null;
  } catch {
    return null;
  }
}

/** python-chess's perft files and the rules they are played under. */
const PYTHON_CHESS_FILES: readonly [string, Rules][] = [
  ["atomic", "atomic"],
  ["crazyhouse", "crazyhouse"],
  ["giveaway", "antichess"],
  ["horde", "horde"],
  ["racingkings", "racingkings"],
  ["3check", "threecheck"],
];

for (const [file, rules] of PYTHON_CHESS_FILES) {
  const text = mirrored(PYTHON_CHESS, `examples/perft/${file}.perft`);
  Deno.test({
    name: `variant perft: python-chess's ${file}.perft as ${rules}` +
      (text === null
        ? " (skipped: no python-chess mirror at " +
          `${PYTHON_CHESS})`
        : ""),
    ignore: text === null,
    fn() {
      let run = 0;
      for (const { id, epd, counts } of perftCases(text!)) {
        const position = variantEpd(epd);
        for (const [depth, nodes] of counts) {
          if (nodes > NODE_BUDGET) continue;
          assert.equal(
            perft(position, depth, { rules }),
            nodes,
            `${id} ${depth}`,
          );
          run++;
        }
      }
      assert.ok(run >= 6, `only ${run} counts within the node budget`);
    },
  });
}

/** chessops' variant names, where they are not ours. */
const CHESSOPS_RULES: Record<string, Rules> = { "3check": "threecheck" };

/** The cases of chessops' variantPerfts table: rules, id, FEN, depths 1-3. */
function chessopsCases(text: string): [Rules, string, string, number[]][] {
  const row =
    /\[\s*'(\w+)',\s*'([^']+)',\s*'([^']+)',\s*(\d+),\s*(\d+),\s*(\w+),?\s*\]/g;
  return [...text.matchAll(row)].map(([, rules, id, fen, ...depths]) => [
    CHESSOPS_RULES[rules] ?? rules as Rules,
    id,
    fen,
    depths.map((d) => d === "skip" ? 0 : Number(d)),
  ]);
}

const chessopsTable = mirrored(CHESSOPS, "src/variant.test.ts");
Deno.test({
  name: "variant perft: chessops' variant perft cases" +
    (chessopsTable === null
      ? ` (skipped: no chessops mirror at ${CHESSOPS})`
      : ""),
  ignore: chessopsTable === null,
  fn() {
    const cases = chessopsCases(chessopsTable!);
    assert.ok(cases.length >= 20, `only ${cases.length} cases read`);
    for (const [rules, id, fen, depths] of cases) {
      const position = variantEpd(fen);
      depths.forEach((nodes, i) => {
        if (nodes === 0 || nodes > NODE_BUDGET) return;
        assert.equal(
          perft(position, i + 1, { rules }),
          nodes,
          `${rules} ${id}`,
        );
      });
    }
  },
});

Deno.test("variant perft: divide rows sum to perft, drops and king promotions in UCI", () => {
  const zh = variantEpd("2k5/8/8/8/8/8/8/4K3[Qn] w - -");
  const rows = perftDivide(zh, 2, { rules: "crazyhouse" });
  assert.equal(rows.reduce((sum, row) => sum + row.nodes, 0), 3083);
  assert.ok(rows.some((row) => row.move === "Q@c7"));
  const anti = variantEpd("8/4P3/8/8/8/8/8/k7 w - -");
  const moves = perftDivide(anti, 1, { rules: "antichess" }).map((r) => r.move);
  assert.deepEqual(moves, ["e7e8b", "e7e8k", "e7e8n", "e7e8q", "e7e8r"]);
});

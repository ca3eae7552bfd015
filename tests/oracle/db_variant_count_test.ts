// `fen db`'s explorer index for a database holding games of every variant
// fen plays (the rated lichess games of tests/testdata/lichess_variants.pgn:
// three-check, crazyhouse with drops, antichess with promotions to a king,
// racing kings) with standard games, against an independent
// count made with python-chess's variant boards
// (tests/oracle/_variant_count.py; `fen tree` keys standard chess and
// Chess960 only): every variant position the games reach in the plies
// indexed, as the explorer answers it (and `fen db query --variant NAME
// --fen` for one position of each), and the standard start, which counts
// the standard games only. Skipped, saying
// why, without python3 and python-chess.

import assert from "node:assert/strict";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";
import { runFen } from "../cli/_harness.ts";
import { GameDatabase } from "../../lib/db/database.ts";
import { Explorer } from "../../lib/db/explorer.ts";
import { parseFen } from "../../lib/fen/mod.ts";
import { variantNamed } from "../../lib/chess/variant_names.ts";

const SCRIPT = new URL("./_variant_count.py", import.meta.url).pathname;
const VARIANTS = Deno.readTextFileSync(
  new URL("../testdata/lichess_variants.pgn", import.meta.url),
);
const STANDARD = Deno.readTextFileSync(
  new URL("../testdata/lichess_style.pgn", import.meta.url),
);
/** Deep enough for the drops, the checks counted and the kings home. */
const PLIES = 40;
const python = await pythonChess();
/** python-chess's import path for tests/_python.ts ("" when skipped). */
const pythonPath = "path" in python ? python.path : "";
const reason = "skip" in python ? python.skip : null;
if (reason !== null) console.warn(`db variant oracle skipped: ${reason}`);

interface Node {
  variant: string;
  fen: string;
  white: number;
  draws: number;
  black: number;
  moves: [string, string, number, number, number][];
}

Deno.test({
  name:
    "fen db keeps every variant's index apart and counts what python-chess's variant boards find",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-db-variants-" });
    try {
      const pgn = `${dir}/games.pgn`;
      Deno.writeTextFileSync(
        pgn,
        STANDARD.trim() + "\n\n" + VARIANTS,
      );
      const counted = await runPython([SCRIPT, pgn, String(PLIES)], {
        path: pythonPath,
      });
      const nodes: Node[] = counted.trim().split("\n").map((line) =>
        JSON.parse(line)
      );
      const permissions = ["--allow-read", "--allow-write"];
      const imported = await runFen(
        [
          "db",
          "import",
          "--db",
          `${dir}/g.db`,
          "--index-plies",
          String(PLIES),
          pgn,
        ],
        { permissions },
      );
      assert.equal(imported.code, 0, imported.stderr);
      const variants = nodes.filter((n) => n.variant !== "chess");
      assert.deepEqual(
        [...new Set(variants.map((n) => n.variant))].sort(),
        ["3check", "antichess", "crazyhouse", "racingkings"],
      );
      assert.ok(
        variants.some((n) => n.moves.some(([uci]) => uci.includes("@"))),
      );
      assert.ok(variants.some((n) => /\s(?!3\+3)[0-3]\+[0-3]\s/.test(n.fen)));
      const start = nodes.find((n) =>
        n.variant === "chess" && n.fen.startsWith("rnbqkbnr/pppppppp/8/8/8/8/")
      )!;
      // Every node through the explorer's module (a query of the command
      // costs ~25 ms, most of this test's time), the first of each variant
      // also through the command, which answers the same.
      const db = await GameDatabase.open(`${dir}/g.db`);
      try {
        const explorer = new Explorer(db);
        const asked = new Set<string>();
        for (const node of [start, ...variants]) {
          const rules = variantNamed(node.variant)!.rules;
          const answer = explorer.answer(parseFen(node.fen, { rules }), {
            rules,
          });
          assert.deepEqual(
            [
              answer.white,
              answer.draws,
              answer.black,
              answer.moves.map((
                m,
              ) => [m.uci, m.san, m.white, m.draws, m.black]),
            ],
            [node.white, node.draws, node.black, node.moves],
            `${node.variant} ${node.fen}`,
          );
          if (asked.has(node.variant)) continue;
          asked.add(node.variant);
          const run = await runFen(
            [
              "db",
              "query",
              `${dir}/g.db`,
              "--variant",
              node.variant,
              "--fen",
              node.fen,
            ],
            { permissions },
          );
          assert.equal(run.code, 0, run.stderr);
          assert.deepEqual(JSON.parse(run.stdout), answer, node.fen);
        }
      } finally {
        db.close();
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

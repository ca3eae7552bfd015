// `fen db`'s explorer index against an independent count made with
// python-chess (tests/oracle/_tree_count.py, the count `fen tree` is held
// to): every position the games reach in the plies indexed, the games that
// reached it by result, each move's results, SAN and average rating, as
// `fen db query --fen` answers them from a database `fen db import` made.
// Skipped, saying why, without python3 and python-chess.

import assert from "node:assert/strict";
import { stockfishGamesWithPlayers } from "../_books.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";
import { runFen } from "../cli/_harness.ts";

const SCRIPT = new URL("./_tree_count.py", import.meta.url).pathname;
const python = await pythonChess();
/** python-chess's import path for tests/_python.ts ("" when skipped). */
const pythonPath = "path" in python ? python.path : "";
const reason = "skip" in python ? python.skip : null;
if (reason !== null) console.warn(`db oracle skipped: ${reason}`);

Deno.test({
  name: "fen db's explorer counts what an independent python-chess count finds",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-db-oracle-" });
    try {
      const pgn = `${dir}/games.pgn`;
      Deno.writeTextFileSync(pgn, stockfishGamesWithPlayers());
      const counted = await runPython([SCRIPT, pgn, "8", "", "", "0", ""], {
        path: pythonPath,
      });
      const expected = counted.trim().split("\n").map((line) =>
        JSON.parse(line)
      );
      assert.ok(expected.length > 100, `${expected.length} positions`);
      // The command in-process (tests/cli/_harness.ts), over the real files:
      // a process a query made this test the suite's slowest.
      const permissions = ["--allow-read", "--allow-write"];
      const imported = await runFen([
        "db",
        "import",
        "--db",
        `${dir}/g.db`,
        "--index-plies",
        "8",
        pgn,
      ], { permissions });
      assert.equal(imported.code, 0, imported.stderr);
      for (const node of expected) {
        const run = await runFen(
          ["db", "query", `${dir}/g.db`, "--fen", node.fen],
          { permissions },
        );
        assert.equal(run.code, 0, run.stderr);
        const answer = JSON.parse(run.stdout);
        const moves = (list: Record<string, unknown>[]) =>
          list.map((
            m,
          ) => [m.uci, m.san, m.white, m.draws, m.black, m.averageRating]);
        assert.deepEqual(
          [answer.white, answer.draws, answer.black, moves(answer.moves)],
          [node.white, node.draws, node.black, moves(node.moves)],
          node.fen,
        );
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

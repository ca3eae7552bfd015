// `fen tree` against an independent count made with python-chess
// (tests/oracle/_tree_count.py): the same positions in the same order,
// the same results by position and by move, the same SAN and UCI (Chess960
// castling as king takes rook) and average ratings, with and without the
// filters. Skipped, saying why, without python3 and python-chess.

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
if (reason !== null) console.warn(`tree oracle skipped: ${reason}`);

const CASES: readonly { args: string[]; oracle: string[] }[] = [
  { args: ["--max-ply", "12"], oracle: ["12", "", "", "0", ""] },
  {
    args: ["--max-ply", "6", "--player", "ann"],
    oracle: ["6", "ann", "", "0", ""],
  },
  {
    args: ["--max-ply", "8", "--player", "Bob", "--color", "black"],
    oracle: ["8", "Bob", "black", "0", ""],
  },
  {
    args: ["--max-ply", "10", "--min-rating", "1900"],
    oracle: ["10", "", "", "1900", ""],
  },
  {
    args: ["--max-ply", "10", "--since", "2022.06.01"],
    oracle: ["10", "", "", "0", "2022.06.01"],
  },
];

Deno.test({
  name: "fen tree counts what an independent python-chess count finds",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-tree-" });
    try {
      Deno.writeTextFileSync(`${dir}/games.pgn`, stockfishGamesWithPlayers());
      // One python-chess run counts every case: reading the games is most
      // of its time.
      const counted = await runPython(
        [SCRIPT, `${dir}/games.pgn`, ...CASES.flatMap(({ oracle }) => oracle)],
        { path: pythonPath },
      );
      const counts = counted.split("\n\n");
      assert.equal(counts.length, CASES.length);
      for (const [i, { args }] of CASES.entries()) {
        const expected = counts[i].trim().split("\n");
        const { code, stdout, stderr } = await runFen(
          ["tree", ...args, `${dir}/games.pgn`],
          { permissions: ["--allow-read"] },
        );
        assert.equal(stderr, "");
        assert.equal(code, 0);
        const actual = stdout.trim().split("\n");
        assert.ok(
          expected.length > 20,
          `${args}: ${expected.length} positions`,
        );
        // The castling field aside: fen and python-chess spell Chess960
        // rights differently (both name the same rooks).
        const read = (line: string) => {
          const node = JSON.parse(line);
          const fields = node.fen.split(" ");
          fields[2] = fields[2] === "-" ? "-" : "rights";
          return { ...node, fen: fields.join(" ") };
        };
        assert.deepEqual(actual.map(read), expected.map(read), args.join(" "));
      }
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

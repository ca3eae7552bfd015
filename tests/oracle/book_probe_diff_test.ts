// `fen book probe` against python-chess's Polyglot reader: for every
// position of the openings' games up to 16 plies, the same moves (UCI and
// SAN, castling read from the format's king-takes-rook), weights and learn
// fields, in the same order. The book is fen's own (byte-identical to
// polyglot's where polyglot is installed, as book_polyglot_test.ts shows).
// Skipped, saying why, without python3 and python-chess.

import assert from "node:assert/strict";
import { BookMaker } from "../../lib/book/make.ts";
import { openingGames } from "../_books.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";

const SCRIPT = new URL("./_book_probe.py", import.meta.url).pathname;
const CLI = new URL("../../cli.ts", import.meta.url).pathname;
const python = await pythonChess();
/** python-chess's import path for tests/_python.ts ("" when skipped). */
const pythonPath = "path" in python ? python.path : "";
const reason = "skip" in python ? python.skip : null;
if (reason !== null) console.warn(`book probe oracle skipped: ${reason}`);

Deno.test({
  name: "fen book probe lists what python-chess's polyglot reader finds",
  ignore: reason !== null,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "fen-probe-" });
    try {
      const pgn = openingGames(1);
      Deno.writeTextFileSync(`${dir}/games.pgn`, pgn);
      const maker = new BookMaker({ maxPly: 16, minGame: 1 });
      maker.push(pgn);
      const chunks: Uint8Array[] = [];
      maker.finish((bytes) => void chunks.push(bytes.slice()));
      Deno.writeFileSync(
        `${dir}/book.bin`,
        new Uint8Array(chunks.flatMap((c) => [...c])),
      );
      const answer = await runPython(
        [SCRIPT, `${dir}/book.bin`, `${dir}/games.pgn`, "16"],
        { path: pythonPath },
      );
      const expected = answer.trim().split("\n").map((line) =>
        JSON.parse(line)
      );
      assert.ok(expected.length > 4000, `${expected.length} positions`);
      Deno.writeTextFileSync(
        `${dir}/positions.fen`,
        expected.map((e: { fen: string }) => e.fen).join("\n") + "\n",
      );
      const { code, stdout, stderr } = new Deno.Command("sh", {
        args: [
          "-c",
          `deno run -A '${CLI}' book probe --format json book.bin < positions.fen`,
        ],
        cwd: dir,
      }).outputSync();
      assert.equal(new TextDecoder().decode(stderr), "");
      assert.equal(code, 0);
      const actual = new TextDecoder().decode(stdout).trim().split("\n")
        .map((line) => JSON.parse(line));
      assert.equal(actual.length, expected.length);
      let castling = 0, found = 0;
      for (let i = 0; i < expected.length; i++) {
        const want = expected[i], got = actual[i];
        assert.equal(got.fen, want.fen);
        assert.deepEqual(
          got.moves.map((m: Record<string, unknown>) => ({
            uci: m.uci,
            san: m.san,
            weight: m.weight,
            learn: m.learn,
          })),
          want.moves,
          want.fen,
        );
        const total = got.moves.reduce(
          (n: number, m: { weight: number }) => n + m.weight,
          0,
        );
        for (const m of got.moves) {
          assert.equal(m.share, Math.round((m.weight * 10000) / total) / 100);
          if (m.san.startsWith("O-O")) castling++;
        }
        if (got.moves.length > 0) found++;
      }
      // the corpus reaches castling moves, and most positions are in the book
      assert.ok(castling > 20, `${castling} castling moves`);
      assert.ok(found > expected.length / 2, `${found} positions found`);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

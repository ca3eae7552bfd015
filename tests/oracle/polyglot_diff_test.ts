// polyglotKey against python-chess's chess.polyglot.zobrist_hash on a few
// thousand random positions (tests/oracle/_zobrist.py makes them and their
// keys). python-chess is found as tests/_shared.ts's pythonChess() finds it
// (importable, PYTHON_CHESS_SRC, or the tools' git mirror); the test is
// skipped, saying why, when python3 or python-chess is missing.

import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import { FenReader } from "../../lib/fen/reader.ts";
import { PolyglotHasher, polyglotKey } from "../../lib/data/polyglot/mod.ts";
import { pythonChess } from "../_shared.ts";
import { runPython } from "../_python.ts";

const COUNT = 4000;
const SCRIPT = new URL("./_zobrist.py", import.meta.url).pathname;

const python = await pythonChess();
/** python-chess's import path for tests/_python.ts ("" when skipped). */
const pythonPath = "path" in python ? python.path : "";
const reason = "skip" in python ? python.skip : null;
if (reason !== null) console.warn(`polyglot oracle skipped: ${reason}`);

Deno.test({
  name:
    "polyglotKey agrees with python-chess's zobrist_hash on random positions",
  ignore: reason !== null,
  async fn() {
    const stdout = await runPython([SCRIPT, String(COUNT), "20261123"], {
      path: pythonPath,
    });
    const lines = stdout.trim().split("\n");
    assert.equal(lines.length, COUNT);
    const reader = new FenReader();
    const hasher = new PolyglotHasher();
    const buffer = new Uint8Array(16);
    let capturable = 0;
    for (const line of lines) {
      const [fen, key] = line.split("\t");
      const position = parseFen(fen);
      assert.equal(
        polyglotKey(position).toString(16).padStart(16, "0"),
        key,
        fen,
      );
      reader.read(fen);
      hasher.write(reader, buffer, 0);
      assert.equal(new TextDecoder().decode(buffer), key, fen);
      if (
        position.enPassant !== null &&
        polyglotKey(position) !== polyglotKey({ ...position, enPassant: null })
      ) capturable++;
    }
    // the corpus must exercise the en-passant rule both ways
    assert.ok(capturable > 50, `only ${capturable} hashed en-passant files`);
  },
});

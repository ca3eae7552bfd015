// polyglotKey against python-chess's chess.polyglot.zobrist_hash on a few
// thousand random positions (tests/oracle/_zobrist.py makes them and their
// keys). python-chess is found on PYTHONPATH, or in the source tree that
// PYTHON_CHESS names (a checkout of github.com/niklasf/python-chess); the
// test is skipped, saying why, when python3 or python-chess is missing.

import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import { FenReader } from "../../lib/fen/reader.ts";
import { PolyglotHasher, polyglotKey } from "../../lib/polyglot/mod.ts";

const COUNT = 4000;
const SCRIPT = new URL("./_zobrist.py", import.meta.url).pathname;

function pythonEnv(): Record<string, string> {
  const source = Deno.env.get("PYTHON_CHESS");
  const path = Deno.env.get("PYTHONPATH");
  if (source === undefined) return {};
  return { PYTHONPATH: path === undefined ? source : `${source}:${path}` };
}

/** Why the oracle cannot run here, or `null` when it can. */
function missing(): string | null {
  try {
    const { success } = new Deno.Command("python3", {
      args: ["-c", "import chess.polyglot"],
      env: pythonEnv(),
      stdout: "null",
      stderr: "null",
    }).outputSync();
    return success
      ? null
      : "python-chess is not importable (set PYTHON_CHESS to its source tree)";
  } catch {
    return "python3 is not installed";
  }
}

const reason = missing();
if (reason !== null) console.warn(`polyglot oracle skipped: ${reason}`);

Deno.test({
  name:
    "polyglotKey agrees with python-chess's zobrist_hash on random positions",
  ignore: reason !== null,
  fn() {
    const { stdout, success } = new Deno.Command("python3", {
      args: [SCRIPT, String(COUNT), "20261123"],
      env: pythonEnv(),
    }).outputSync();
    assert.ok(success, "the oracle script failed");
    const lines = new TextDecoder().decode(stdout).trim().split("\n");
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

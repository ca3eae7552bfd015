// Crazyhouse pockets in both forms against Fairy-Stockfish (Debian's
// `fairy-stockfish`): positions of random crazyhouse games, each given to
// `fen --variant crazyhouse --format fen` in brackets (as chessops,
// python-chess and Fairy-Stockfish write them) and as a ninth rank (as
// lichess's server writes them), read alike, and what Fairy-Stockfish reads
// from the ninth rank and writes (its `d` command's `Fen:`) is the same
// position. Skipped, saying why, when the engine is not installed.

import assert from "node:assert/strict";
import { parseFen, stringifyFen } from "../../lib/fen/mod.ts";
import { legalMoves, playMoves } from "../../lib/moves/play.ts";
import type { Position } from "../../lib/types.ts";
import { mulberry32 } from "../_shared.ts";
import { runFen } from "../cli/_harness.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

/** Positions of random crazyhouse games, every fourth ply. */
function randomPositions(seed: number): Position[] {
  const random = mulberry32(seed);
  const out: Position[] = [];
  for (let game = 0; game < 6; game++) {
    let position = parseFen(START, { rules: "crazyhouse" });
    for (let ply = 1; ply <= 60; ply++) {
      const moves = legalMoves(position);
      if (moves.length === 0) break;
      const move = moves[Math.floor(random() * moves.length)];
      position = playMoves(position, [move]).position;
      if (ply % 4 === 0) out.push(position);
    }
  }
  return out;
}

/** Fairy-Stockfish's path, or null when it is not installed. */
function fairyStockfish(): string | null {
  for (const path of ["fairy-stockfish", "/usr/games/fairy-stockfish"]) {
    try {
      new Deno.Command(path, { args: ["quit"], stdout: "null", stderr: "null" })
        .outputSync();
      return path;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The FEN Fairy-Stockfish writes (`d`) for each record it is given. */
async function engineFens(path: string, fens: string[]): Promise<string[]> {
  const child = new Deno.Command(path, {
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  let script = "uci\nsetoption name UCI_Variant value crazyhouse\n";
  for (const fen of fens) script += `position fen ${fen}\nd\n`;
  await writer.write(new TextEncoder().encode(script + "quit\n"));
  await writer.close();
  const output = new TextDecoder().decode((await child.output()).stdout);
  return [...output.matchAll(/^Fen: (.*)$/gm)].map((match) => match[1]);
}

const engine = fairyStockfish();

Deno.test({
  name:
    "crazyhouse pockets: brackets and the ninth rank read alike, as Fairy-Stockfish reads the ninth rank",
  ignore: engine === null,
  async fn() {
    if (engine === null) return;
    const positions = randomPositions(20261129);
    const brackets = positions.map((p) => stringifyFen(p));
    const ranks = positions.map((p) => stringifyFen(p, { pockets: "rank" }));
    assert.ok(brackets.some((fen) => /\[[^\]]+\]/.test(fen)), "pieces in hand");
    const run = await runFen(
      ["--variant", "crazyhouse", "--format", "fen", "-"],
      { stdin: [...ranks, ...brackets].map((fen) => `${fen}\n`).join("") },
    );
    assert.deepEqual(
      [run.code, run.stdout, run.stderr],
      [0, [...brackets, ...brackets].map((fen) => `${fen}\n`).join(""), ""],
    );
    const theirs = await engineFens(engine, ranks);
    assert.equal(theirs.length, ranks.length);
    // The placement, pockets and side to move (Fairy-Stockfish writes an
    // en-passant square only when a capture there is legal).
    const head = (fen: string) => fen.split(" ").slice(0, 2).join(" ");
    for (const [i, fen] of theirs.entries()) {
      assert.match(fen, /\[[A-Za-z]*\] [wb] /, fen);
      assert.equal(
        head(stringifyFen(parseFen(fen, { rules: "crazyhouse" }))),
        head(brackets[i]),
        ranks[i],
      );
    }
  },
});

if (engine === null) {
  console.log(
    "skipped: Fairy-Stockfish is not installed (apt-get install fairy-stockfish)",
  );
}

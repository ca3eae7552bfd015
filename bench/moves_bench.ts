/**
 * The moves library beside chessops (and chess.js for playing SAN), in one
 * run so that the ratios hold while absolute times swing.
 *
 * ```sh
 * deno bench --allow-read bench/moves_bench.ts
 * ```
 *
 * - `perft ...` groups: our perft and chessops' (`chessops/debug`, which
 *   counts the last ply without playing it, as ours does) on the published
 *   positions of tests/testdata/perft.json. Every count is checked against
 *   the published one before timing.
 * - `perft deep` runs our perft past the unit tests' node budget, a few
 *   iterations each, checking the published counts.
 * - `legal moves`: UCI strings for the 1,000 records of
 *   tests/testdata/sample.fen, FEN read included, per iteration.
 * - `play SAN`: a 100-ply game given in SAN, replayed.
 *
 * @module
 */

import { Chess as ChessJs } from "chess.js";
import { Chess } from "chessops/chess";
import { perft as chessopsPerft } from "chessops/debug";
import { parseFen as chessopsParseFen } from "chessops/fen";
import { parseSan } from "chessops/san";
import { makeSquare } from "chessops/util";
import { parseFen } from "../lib/fen/mod.ts";
import { INITIAL_FEN } from "../lib/types.ts";
import { perft } from "../lib/moves/perft.ts";
import { legalMoves, playMoves } from "../lib/moves/play.ts";
import { PERFT, type PerftEntry } from "../tests/_shared.ts";

const entries = PERFT;

function entry(name: string): PerftEntry {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`no perft entry "${name}"`);
  return found;
}

// Results are folded into this so that no work can be optimized away.
let sink = 0;

/** Side-by-side perft at `depth`, after checking both give the published count. */
function perftGroup(name: string, depth: number): void {
  const { fen, chess960, perft: counts } = entry(name);
  const expected = counts[String(depth)];
  const position = parseFen(fen, { chess960: chess960 ?? false });
  const pos = Chess.fromSetup(chessopsParseFen(fen).unwrap()).unwrap();
  for (
    const [who, nodes] of [
      ["ours", perft(position, depth)],
      ["chessops", chessopsPerft(pos, depth)],
    ] as const
  ) {
    if (nodes !== expected) {
      throw new Error(
        `${who}: perft ${name} ${depth} = ${nodes}, not ${expected}`,
      );
    }
  }
  const group = `perft ${name} depth ${depth} (${expected} nodes)`;
  Deno.bench({ name: "fen perft", group, baseline: true }, () => {
    sink += perft(position, depth);
  });
  Deno.bench({ name: "chessops perft", group }, () => {
    sink += chessopsPerft(pos, depth);
  });
}

perftGroup("initial position", 4);
perftGroup("Kiwipete (position 2)", 3);
perftGroup("position 3 (en passant, discovered checks)", 5);
perftGroup("position 4 (promotions, castling)", 4);
perftGroup("position 5", 3);
perftGroup("position 6", 3);
perftGroup("Chess960 position 1", 4);

for (
  const [name, depth] of [
    ["initial position", 5],
    ["Kiwipete (position 2)", 4],
    ["position 3 (en passant, discovered checks)", 6],
    ["position 5", 4],
    ["position 6", 4],
    ["Chess960 position 2", 5],
  ] as const
) {
  const { fen, chess960, perft: counts } = entry(name);
  const position = parseFen(fen, { chess960: chess960 ?? false });
  const expected = counts[String(depth)];
  Deno.bench({
    name: `fen perft ${name} depth ${depth} (${expected} nodes)`,
    group: "perft deep",
    n: 3,
    warmup: 1,
  }, () => {
    const nodes = perft(position, depth);
    if (nodes !== expected) {
      throw new Error(`perft ${name} ${depth} = ${nodes}`);
    }
  });
}

const records = (await Deno.readTextFile(
  new URL("../tests/testdata/sample.fen", import.meta.url),
)).split("\n").filter((line) => line !== "");

Deno.bench(
  { name: "fen legalMoves", group: "legal moves", baseline: true },
  () => {
    for (const record of records) sink += legalMoves(parseFen(record)).length;
  },
);

Deno.bench({ name: "chessops allDests as UCI", group: "legal moves" }, () => {
  for (const record of records) {
    const pos = Chess.fromSetup(chessopsParseFen(record).unwrap()).unwrap();
    const moves: string[] = [];
    for (const [from, dests] of pos.allDests()) {
      const pawn = pos.board.pawn.has(from);
      for (const to of dests) {
        const uci = makeSquare(from) + makeSquare(to);
        if (pawn && (to < 8 || to >= 56)) {
          for (const p of "qrbn") moves.push(uci + p);
        } else moves.push(uci);
      }
    }
    sink += moves.length;
  }
});

Deno.bench({ name: "chess.js moves", group: "legal moves" }, () => {
  for (const record of records) sink += new ChessJs(record).moves().length;
});

// A fixed game: the first 100 plies chess.js plays from a fixed sequence of
// choices (always the move at index ply * 7 mod the number of moves).
const game: string[] = (() => {
  const chess = new ChessJs();
  for (let ply = 0; ply < 100 && !chess.isGameOver(); ply++) {
    const moves = chess.moves();
    chess.move(moves[(ply * 7) % moves.length]);
  }
  return chess.history();
})();
const start = parseFen(INITIAL_FEN);

Deno.bench({ name: "fen playMoves", group: "play SAN", baseline: true }, () => {
  sink += playMoves(start, game).position.halfmoveClock;
});

Deno.bench({ name: "chessops parseSan + play", group: "play SAN" }, () => {
  const pos = Chess.default();
  for (const san of game) pos.play(parseSan(pos, san)!);
  sink += pos.halfmoves;
});

Deno.bench({ name: "chess.js move", group: "play SAN" }, () => {
  const chess = new ChessJs();
  for (const san of game) chess.move(san);
  sink += chess.moveNumber();
});

addEventListener("unload", () => {
  if (sink === -1) console.log(sink);
});

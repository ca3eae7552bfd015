// A side with more than eight pawns (a horde, crazyhouse's dropped pawns)
// has its moves generated from square sets rather than its piece list
// (lib/chess/piece_moves.ts): its perft against chessops' (npm), with
// pieces among the pawns, pins, checks and promotions.

import assert from "node:assert/strict";
import { parseFen as chessopsParseFen } from "chessops/fen";
import { setupPosition } from "chessops/variant";
import { perft as chessopsPerft } from "chessops/debug";
import { parseFen } from "../../lib/fen/mod.ts";
import { perft } from "../../lib/moves/perft.ts";

/** Rules, position, depth; the side to move has more than eight pawns. */
const CASES: readonly ["crazyhouse" | "horde", string, number][] = [
  // Two pawns dropped, a knight in hand, castling both ways.
  [
    "crazyhouse",
    "r3k2r/pp3ppp/2n2n2/3pp3/1b1PP3/P1P2N1P/PP1P1PPP/R1BQK2R[PPNp] w KQkq - 0 1",
    2,
  ],
  // Black's c6 pawn pinned by the bishop on b5 (it may take it).
  [
    "crazyhouse",
    "r3k2r/ppp1pppp/1pp5/1B1p4/3P3q/P1P2N1P/PP1P1PPP/R2QK2R[Pp] b KQkq - 0 1",
    2,
  ],
  // Black in check by the bishop: blocks by a pawn, a drop, or the king.
  ["crazyhouse", "4k3/ppp1pppp/pp6/1B6/8/8/PPPPPPPP/4K3[PPp] b - - 0 1", 3],
  // White in check by the rook: only a knight's drop blocks.
  ["crazyhouse", "4k3/pppppppp/pp6/8/8/P6P/PPPPPPPP/R3K2r[PNp] w Q - 0 1", 3],
  // A queen and a knight among the horde's pawns, Black's queen in them.
  [
    "horde",
    "rnb1kbnr/ppp1pppp/8/3p4/PPPPqPPP/PPPPPPPP/PPQPPPPP/PPP1PPNP w kq - 0 1",
    3,
  ],
  // Two pawns a step from promoting, one of them by taking the rook.
  [
    "horde",
    "r3k3/1P4P1/8/2b5/PPP1PPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w q - 0 1",
    3,
  ],
];

/** The pawns of the side to move on the board of `fen`. */
function pawnsToMove(fen: string): number {
  const [board, turn] = fen.split(" ");
  const pawn = turn === "w" ? "P" : "p";
  return board.replace(/\[.*\]/, "").split("").filter((c) => c === pawn)
    .length;
}

Deno.test("more than eight pawns: perft as chessops counts it", () => {
  for (const [rules, fen, depth] of CASES) {
    assert.ok(pawnsToMove(fen) > 8, fen);
    const pos = setupPosition(rules, chessopsParseFen(fen).unwrap()).unwrap();
    for (let d = 1; d <= depth; d++) {
      assert.equal(
        perft(parseFen(fen, { rules }), d, { rules }),
        chessopsPerft(pos, d, false),
        `${rules} ${fen} ${d}`,
      );
    }
  }
});

// The two consumers of the chess core, the legality check and the move
// functions, held to each other: on every position of the corpus below
// they must agree on whether it can be played, on check (with the same
// checkers), on the en-passant square and on the castling rights. Each is
// also held to chessops by its own oracle test; this test is what keeps
// them from drifting apart where chessops says nothing (reasons, squares).

import assert from "node:assert/strict";
import { parseFen } from "../../lib/fen/mod.ts";
import { checkPosition, type Problem } from "../../lib/legality/mod.ts";
import {
  enPassantSquare,
  legalMoves,
  playMoves,
  positionStatus,
  UnplayablePositionError,
} from "../../lib/moves/mod.ts";
import type { Piece, Position, Square } from "../../lib/types.ts";
import { mulberry32, PERFT } from "../_shared.ts";

const SEED = 20261123;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const UNPLAYABLE = new Set([
  "no-king",
  "too-many-kings",
  "pawn-on-back-rank",
  "opposite-check",
]);

/** The square names of a report's problems with `code`. */
function squaresOf(problems: Problem[], code: string): Square[] {
  return problems.filter((p) => p.code === code).flatMap((p) => p.squares);
}

/** Every assertion of the test on one position; returns what it exercised. */
function agree(position: Position, label: string): string[] {
  const seen: string[] = [];
  // Castling is judged by Chess960 rules, the geometry the generator uses.
  const problems = checkPosition(position, { chess960: true });
  const codes = new Set<string>(problems.map((p) => p.code));
  let unplayable: string | null = null;
  try {
    legalMoves(position);
  } catch (error) {
    if (!(error instanceof UnplayablePositionError)) throw error;
    unplayable = error.code;
  }
  const refused = [...codes].filter((code) => UNPLAYABLE.has(code));
  if (unplayable !== null) {
    assert.ok(codes.has(unplayable), `${label}: moves refuse ${unplayable}`);
    return ["unplayable"];
  }
  assert.deepEqual(refused, [], `${label}: legality refuses, moves play`);

  // Check: the side to move is in check exactly when, with the turn
  // flipped, the legality check reports an opposite check, from the same
  // pieces.
  const status = positionStatus(position);
  const flipped = {
    ...position,
    turn: position.turn === "w" ? "b" : "w",
    enPassant: null,
  } as const;
  const opposite = squaresOf(checkPosition(flipped), "opposite-check");
  assert.equal(opposite.length > 0, status.check, `${label}: check`);
  if (status.check) {
    assert.equal(opposite[0], status.king, `${label}: king`);
    assert.deepEqual(opposite.slice(1).sort(), status.checkers, label);
    seen.push("check");
  }

  // En passant: a square the legality check accepts and finds a capture
  // for is a legal capture for the move functions, and none otherwise.
  if (position.enPassant !== null) {
    const legal = enPassantSquare(position, "legal");
    const fine = !codes.has("bad-en-passant") &&
      !codes.has("pointless-en-passant");
    assert.equal(legal, fine ? position.enPassant : null, `${label}: ep`);
    // A pawn's move to the empty square from another file: en passant.
    const empty = position.board[squareIndexOf(position.enPassant)] === null;
    const captures = legalMoves(position).filter((m) =>
      empty && m.slice(2, 4) === position.enPassant && m[0] !== m[2] &&
      position.board[squareIndexOf(m.slice(0, 2))]?.toLowerCase() === "p"
    );
    assert.equal(captures.length > 0, fine, `${label}: ep captures`);
    seen.push(fine ? "en passant" : "no en passant");
  }

  // Castling: every right the legality check accepts is kept for moves,
  // and every right the move functions drop is one it reports.
  const flagged = new Set(squaresOf(problems, "bad-castling-rights"));
  const kept = new Set(playMoves(position, []).position.castling);
  for (const right of position.castling) {
    if (!flagged.has(right)) {
      assert.ok(kept.has(right), `${label}: ${right} dropped by moves`);
      seen.push("castling kept");
    }
    if (!kept.has(right)) {
      assert.ok(flagged.has(right), `${label}: ${right} not reported`);
      seen.push("castling dropped");
    }
  }
  return seen;
}

function squareIndexOf(name: string): number {
  return (56 - name.charCodeAt(1)) * 8 + name.charCodeAt(0) - 97;
}

/** A random board: both kings, a few pieces, random rights and square. */
function randomPosition(random: () => number): Position {
  const board: (Piece | null)[] = new Array(64).fill(null);
  const pieces: Piece[] = ["K", "k"];
  const extra = "QRRBBNNPPPPPqrrbbnnppppp";
  const n = Math.floor(random() * 12);
  for (let i = 0; i < n; i++) {
    pieces.push(extra[Math.floor(random() * extra.length)] as Piece);
  }
  for (const piece of pieces) {
    let s;
    do s = Math.floor(random() * 64); while (board[s] !== null);
    board[s] = piece;
  }
  // Rooks and kings on their home ranks often, so that rights can hold.
  if (random() < 0.5) {
    for (const [king, rook, home] of [["K", "R", 56], ["k", "r", 0]] as const) {
      const k = board.indexOf(king);
      board[k] = null;
      const file = 1 + Math.floor(random() * 6);
      board[home + file] = king;
      for (const f of [0, 7]) if (random() < 0.7) board[home + f] = rook;
    }
  }
  const turn = random() < 0.5 ? "w" : "b";
  const castling = (["h1", "a1", "h8", "a8", "b1", "g8"] as Square[])
    .filter(() => random() < 0.4);
  const files = "abcdefgh";
  const enPassant = random() < 0.5
    ? `${files[Math.floor(random() * 8)]}${
      random() < 0.8 ? (turn === "w" ? "6" : "3") : "4"
    }` as Square
    : null;
  return {
    board,
    turn,
    castling,
    enPassant,
    halfmoveClock: 0,
    fullmoveNumber: 1,
  };
}

/** Positions of random games from `fen`, each move's position kept. */
function randomGame(fen: string, plies: number, random: () => number) {
  const out: Position[] = [];
  let position = parseFen(fen, { chess960: true });
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(position);
    if (moves.length === 0) break;
    const move = moves[Math.floor(random() * moves.length)];
    position = playMoves(position, [move]).position;
    out.push(position);
  }
  return out;
}

Deno.test("legality and moves agree on check, en passant and castling", async () => {
  const random = mulberry32(SEED);
  const corpus: [string, Position][] = [];
  const perft = PERFT;
  for (const entry of perft) {
    const position = parseFen(entry.fen, { chess960: entry.chess960 ?? false });
    corpus.push([entry.name, position]);
    for (const move of legalMoves(position)) {
      corpus.push([
        `${entry.name} ${move}`,
        playMoves(position, [move]).position,
      ]);
    }
  }
  const illegal: { fen: string }[] = JSON.parse(
    await Deno.readTextFile(
      new URL("../testdata/illegal_positions.json", import.meta.url),
    ),
  );
  for (const { fen } of illegal) corpus.push([fen, parseFen(fen)]);
  for (let game = 0; game < 60; game++) {
    for (const position of randomGame(START, 120, random)) {
      corpus.push([`game ${game}`, position]);
    }
  }
  for (let i = 0; i < 20_000; i++) {
    corpus.push([`random ${i}`, randomPosition(random)]);
  }
  const tally: Record<string, number> = {};
  for (const [label, position] of corpus) {
    for (const what of agree(position, label)) {
      tally[what] = (tally[what] ?? 0) + 1;
    }
  }
  // The corpus exercises every question both ways.
  for (
    const what of [
      "unplayable",
      "check",
      "en passant",
      "no en passant",
      "castling kept",
      "castling dropped",
    ]
  ) {
    assert.ok((tally[what] ?? 0) >= 20, `${what}: ${tally[what] ?? 0}`);
  }
});

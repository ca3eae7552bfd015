// The themes lichess-puzzler's tagger (cook.py) reads from the material,
// the kind of moves and where they land: the endgame kinds, promotion and
// underpromotion, en passant, castling, attacks on f2/f7, on the king's
// wing and on an exposed king.

import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from "../chess/geometry.ts";
import {
  distance,
  fileOf,
  fromA1,
  type PuzzleBoard,
  rankOf,
  squareAt,
} from "./_board.ts";
import {
  capturedAt,
  isCapture,
  isCastling,
  movedRole,
  type Replayed,
  solverNodes,
} from "./_line.ts";

/** The roles on `board`, both sides. */
function roles(board: PuzzleBoard): Set<number> {
  const out = new Set<number>();
  for (let s = 0; s < 64; s++) if (board.at(s) !== 0) out.add(board.at(s) & 7);
  return out;
}

/** The positions after the opponent's first move and the solver's. */
function opening(r: Replayed): PuzzleBoard[] {
  return r.nodes.slice(0, 2).map((n) => n.after);
}

/** Only kings, pawns and pieces of `role`, some of those, before and after the first solver's move. */
export function pieceEndgame(r: Replayed, role: number): boolean {
  return opening(r).every((board) => {
    const present = roles(board);
    if (!present.has(role)) return false;
    for (const p of present) {
      if (p !== KING && p !== PAWN && p !== role) return false;
    }
    return true;
  });
}

/** One queen in all, rooks, and otherwise kings and pawns. */
export function queenRookEndgame(r: Replayed): boolean {
  return opening(r).every((board) => {
    const present = roles(board);
    return board.count(QUEEN) + board.count(8 | QUEEN) === 1 &&
      present.has(ROOK) && !present.has(KNIGHT) && !present.has(BISHOP);
  });
}

/** The endgame kind, in the tagger's order, or null. */
export function endgame(r: Replayed): string | null {
  const kinds: [number, string][] = [
    [PAWN, "pawnEndgame"],
    [QUEEN, "queenEndgame"],
    [ROOK, "rookEndgame"],
    [BISHOP, "bishopEndgame"],
    [KNIGHT, "knightEndgame"],
  ];
  for (const [role, name] of kinds) if (pieceEndgame(r, role)) return name;
  return queenRookEndgame(r) ? "queenRookEndgame" : null;
}

/** A solver's move promotes. */
export function promotion(r: Replayed): boolean {
  return solverNodes(r).some((n) => n.promotion !== 0);
}

/**
 * A solver's move promotes to a rook, bishop or knight, unless a mate
 * comes first that is not by a knight's promotion.
 */
export function underPromotion(r: Replayed): boolean {
  for (const node of solverNodes(r)) {
    if (node.after.isCheckmate()) return node.promotion === KNIGHT;
    if (node.promotion !== 0 && node.promotion !== QUEEN) return true;
  }
  return false;
}

/** A solver's pawn takes en passant. */
export function enPassant(r: Replayed): boolean {
  return solverNodes(r).some((n) =>
    movedRole(n) === PAWN && fileOf(n.from) !== fileOf(n.to) &&
    capturedAt(n) === 0
  );
}

/** The solver castles. */
export function castling(r: Replayed): boolean {
  return solverNodes(r).some(isCastling);
}

/**
 * The solver's first capture on f2 or f7, if any, is next to the enemy
 * king on its own square (e1 or e8).
 */
export function attackingF2F7(r: Replayed): boolean {
  const f2 = squareAt(5, 1), f7 = squareAt(5, 6);
  for (const node of solverNodes(r)) {
    if (capturedAt(node) === 0 || (node.to !== f2 && node.to !== f7)) {
      continue;
    }
    const king = node.after.at(
      node.to === f7 ? squareAt(4, 7) : squareAt(4, 0),
    );
    return (king & 7) === KING && king >> 3 !== r.pov;
  }
  return false;
}

/**
 * The enemy king, on its own half's last three ranks with no pawn of its
 * own beside or before it, is checked by a solver's move between the
 * first and the last.
 */
export function exposedKing(r: Replayed): boolean {
  const board = r.nodes[0].after, them = r.pov ^ 1;
  const king = board.king(them);
  // Ranks and the pawn's side counted from the king's own side.
  const rank = them === 1 ? rankOf(king) : 7 - rankOf(king);
  if (rank < 5) return false;
  const forward = them === 1 ? -1 : 1;
  const shield = [[-1, 0], [1, 0], [-1, forward], [0, forward], [1, forward]];
  for (const [df, dr] of shield) {
    const file = fileOf(king) + df;
    if (file < 0 || file > 7) continue;
    if (board.at(squareAt(file, rankOf(king) + dr)) === (them << 3 | PAWN)) {
      return false;
    }
  }
  return solverNodes(r, 1).slice(0, -1).some((n) => n.after.isCheck());
}

/** The king-side or queen-side attack rule's numbers. */
interface Wing {
  readonly corner: number;
  readonly kingFiles: readonly number[];
  readonly pieces: number;
}

const KINGSIDE: Wing = { corner: 7, kingFiles: [6, 7], pieces: 20 };
const QUEENSIDE: Wing = { corner: 0, kingFiles: [0, 1, 2], pieces: 18 };

/**
 * With the enemy king castled on the wing and many pieces on the board,
 * the solver checks, and its moves score: one a check, one a capture
 * near the corner, minus one a move far from it; two or more.
 */
function wingAttack(r: Replayed, wing: Wing): boolean {
  const backRank = r.pov === 0 ? 7 : 0;
  const board = r.nodes[0].after, king = board.king(r.pov ^ 1);
  const solver = solverNodes(r);
  // python-chess's a1 is square 0, which the tagger's test reads as none.
  if (
    king < 0 || fromA1(king) === 0 || rankOf(king) !== backRank ||
    !wing.kingFiles.includes(fileOf(king)) || board.pieces < wing.pieces ||
    !solver.some((n) => n.after.isCheck())
  ) return false;
  const corner = squareAt(wing.corner, backRank);
  let score = 0;
  for (const node of solver) {
    const far = distance(corner, node.to);
    if (node.after.isCheck()) score++;
    if (isCapture(node) && far <= 3) score++;
    else if (far >= 5) score--;
  }
  return score >= 2;
}

/** An attack on the enemy king castled short. */
export function kingsideAttack(r: Replayed): boolean {
  return wingAttack(r, KINGSIDE);
}

/** An attack on the enemy king castled long. */
export function queensideAttack(r: Replayed): boolean {
  return wingAttack(r, QUEENSIDE);
}

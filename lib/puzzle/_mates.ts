// Mate in N and the named mates, read off the final position as
// lichess-puzzler's tagger reads them (cook.py): each named pattern is a
// shape of the mating piece, the king's corner or edge and the squares
// around it.

import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK } from "../chess/geometry.ts";
import {
  distance,
  fileOf,
  type PuzzleBoard,
  rankOf,
  squareAt,
} from "./_board.ts";
import { movedRole, type PuzzleNode, type Replayed } from "./_line.ts";

/** The last move, and the final position's mated king. */
interface Final {
  readonly node: PuzzleNode;
  readonly board: PuzzleBoard;
  readonly king: number;
  readonly pov: number;
}

function final(r: Replayed): Final {
  const node = r.nodes[r.nodes.length - 1];
  return {
    node,
    board: node.after,
    king: node.after.king(r.pov ^ 1),
    pov: r.pov,
  };
}

/** The squares a king's step from `s`. */
function around(s: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < 64; t++) if (distance(s, t) === 1) out.push(t);
  return out;
}

/** `mateIn1` to `mateIn5` (five or more) if the line ends in mate. */
export function mateIn(r: Replayed): string | null {
  if (!final(r).board.isCheckmate()) return null;
  return `mateIn${Math.min(5, r.nodes.length >> 1)}`;
}

/** A knight mates a king whose every neighbour square holds its own piece. */
export function smotheredMate(r: Replayed): boolean {
  const { board, king, pov } = final(r);
  for (const checker of board.checkers()) {
    if ((board.at(checker) & 7) !== KNIGHT) continue;
    return around(king).every((s) => {
      const p = board.at(s);
      return p !== 0 && p >> 3 !== pov;
    });
  }
  return false;
}

/**
 * Mate on the king's back rank by a piece on that rank, the three squares
 * before the king held by its own pieces that no enemy attacks.
 */
export function backRankMate(r: Replayed): boolean {
  const { board, king, pov } = final(r);
  const backRank = pov === 0 ? 7 : 0;
  if (!board.isCheckmate() || rankOf(king) !== backRank) return false;
  const front = backRank === 7 ? 6 : 1;
  for (let df = -1; df <= 1; df++) {
    const file = fileOf(king) + df;
    if (file < 0 || file > 7) continue;
    const s = squareAt(file, front), p = board.at(s);
    if (p === 0 || p >> 3 === pov || board.attackers(pov, s).length > 0) {
      return false;
    }
  }
  return board.checkers().some((c) => rankOf(c) === backRank);
}

/**
 * A queen or rook mates along the edge file, the king hemmed in by its own
 * piece beside it and a knight three files in.
 */
export function anastasiaMate(r: Replayed): boolean {
  const { node, board, king, pov } = final(r);
  const file = fileOf(king), rank = rankOf(king);
  if ((file !== 0 && file !== 7) || rank === 0 || rank === 7) return false;
  const role = movedRole(node);
  if (fileOf(node.to) !== file || (role !== QUEEN && role !== ROOK)) {
    return false;
  }
  const inward = file === 0 ? 1 : -1;
  const blocker = board.at(squareAt(file + inward, rank));
  const knight = board.at(squareAt(file + 3 * inward, rank));
  return blocker !== 0 && blocker >> 3 !== pov &&
    knight === (pov << 3 | KNIGHT);
}

/** A rook beside the king mates, guarded by a knight beside the king that a pawn guards. */
export function hookMate(r: Replayed): boolean {
  const { node, board, king, pov } = final(r);
  if (movedRole(node) !== ROOK || distance(node.to, king) !== 1) return false;
  for (const d of board.attackers(pov, node.to)) {
    if ((board.at(d) & 7) !== KNIGHT || distance(d, king) !== 1) continue;
    for (const p of board.attackers(pov, d)) {
      if ((board.at(p) & 7) === PAWN) return true;
    }
  }
  return false;
}

/** A rook beside the cornered king mates, guarded by a knight two squares off diagonally. */
export function arabianMate(r: Replayed): boolean {
  const { node, board, king, pov } = final(r);
  const file = fileOf(king), rank = rankOf(king);
  if (
    (file !== 0 && file !== 7) || (rank !== 0 && rank !== 7) ||
    movedRole(node) !== ROOK || distance(node.to, king) !== 1
  ) return false;
  return board.attackers(pov, node.to).some((k) =>
    (board.at(k) & 7) === KNIGHT &&
    Math.abs(rankOf(k) - rank) === 2 && Math.abs(fileOf(k) - file) === 2
  );
}

/**
 * Two bishops alone attack the king's square and its neighbours:
 * `bodenMate` when they stand on either side of the king's file,
 * `doubleBishopMate` otherwise; null if not so.
 */
export function bodenOrDoubleBishopMate(r: Replayed): string | null {
  const { board, king, pov } = final(r);
  const bishops = board.squaresOf(pov << 3 | BISHOP);
  if (bishops.length < 2) return null;
  for (const s of [king, ...around(king)]) {
    if (board.attackers(pov, s).some((a) => (board.at(a) & 7) !== BISHOP)) {
      return null;
    }
  }
  const k = fileOf(king);
  return (fileOf(bishops[0]) < k) === (fileOf(bishops[1]) > k)
    ? "bodenMate"
    : "doubleBishopMate";
}

/**
 * A queen mates from a square diagonal to the king, off the edge, whose
 * other neighbours are empty where only the queen covers them and covered
 * by nothing else.
 */
export function dovetailMate(r: Replayed): boolean {
  const { node, board, king, pov } = final(r);
  const file = fileOf(king), rank = rankOf(king);
  if (file === 0 || file === 7 || rank === 0 || rank === 7) return false;
  const queen = node.to;
  if (
    movedRole(node) !== QUEEN || fileOf(queen) === file ||
    rankOf(queen) === rank || distance(queen, king) > 1
  ) return false;
  for (const s of around(king)) {
    if (s === queen) continue;
    const attackers = board.attackers(pov, s);
    if (attackers.length === 1 && attackers[0] === queen) {
      if (board.at(s) !== 0) return false;
    } else if (attackers.length > 0) return false;
  }
  return true;
}

/** The named mate of a line that ends in mate, in the tagger's order of tests. */
export function namedMate(r: Replayed): string | null {
  if (smotheredMate(r)) return "smotheredMate";
  if (backRankMate(r)) return "backRankMate";
  if (anastasiaMate(r)) return "anastasiaMate";
  if (hookMate(r)) return "hookMate";
  if (arabianMate(r)) return "arabianMate";
  const bishops = bodenOrDoubleBishopMate(r);
  if (bishops !== null) return bishops;
  return dovetailMate(r) ? "dovetailMate" : null;
}

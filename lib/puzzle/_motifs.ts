// The motifs lichess-puzzler's tagger (cook.py) reads from how the moves
// follow each other: sacrifice, deflection, attraction, clearance,
// interference, intermezzo, capturing the defender, quiet and defensive
// moves, advanced pawns.

import { KING, QUEEN, ROOK } from "../chess/geometry.ts";
import { fileOf, fromA1, type PuzzleBoard, squaresBetween } from "./_board.ts";
import {
  capturedAt,
  isAdvancedPawnMove,
  isCapture,
  isLegalOn,
  isVeryAdvancedPawnMove,
  movedRole,
  type PuzzleNode,
  type Replayed,
  solverNodes,
} from "./_line.ts";
import {
  isHanging,
  isInBadSpot,
  isRayRole,
  kingValue,
  materialDiff,
  value,
} from "./_value.ts";

/**
 * After a later move of the solver's, the solver is two points or more
 * down from the start, and no later move of the opponent's promotes.
 */
export function sacrifice(r: Replayed): boolean {
  const initial = materialDiff(r.nodes[0].after, r.pov);
  for (const node of solverNodes(r, 1)) {
    if (materialDiff(node.after, r.pov) - initial <= -2) {
      return !r.nodes.some((n) =>
        n.index % 2 === 0 && n.index > 0 &&
        n.promotion !== 0
      );
    }
  }
  return false;
}

/**
 * The solver takes (or promotes) on a square the opponent's piece guarded
 * until the solver's previous move (a capture of little value, or a
 * check) drew it away.
 */
export function deflection(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    const captured = capturedAt(node);
    if (captured === 0 && node.promotion === 0) continue;
    if (
      captured !== 0 && kingValue(captured & 7) > kingValue(movedRole(node))
    ) {
      continue;
    }
    const op = r.nodes[node.index - 1], own = r.nodes[node.index - 2];
    const ownCapture = capturedAt(own), square = node.to;
    // The tagger weighs the piece taken against the taker's role number,
    // not its value: kept, so that the themes are lichess's.
    const cheap = ownCapture === 0 || value(ownCapture & 7) < movedRole(own);
    const guarded = own.after.attacks(op.from);
    if (
      cheap && square !== op.to && square !== own.to &&
      (op.to === own.to || own.after.isCheck()) &&
      (guarded.includes(square) ||
        (node.promotion !== 0 && fileOf(node.to) === fileOf(op.from) &&
          guarded.includes(node.from))) &&
      !node.before.attacks(op.to).includes(square)
    ) return true;
  }
  return false;
}

/**
 * The solver moves to a square, the opponent's king, queen or rook takes
 * there, and the solver then attacks that square with its next move,
 * checking the king or taking the piece on the move after.
 */
export function attraction(r: Replayed): boolean {
  const nodes = r.nodes;
  for (const node of solverNodes(r)) {
    const reply = nodes[node.index + 1], next = nodes[node.index + 2];
    if (reply === undefined || reply.to !== node.to) continue;
    const role = movedRole(reply);
    if (role !== KING && role !== QUEEN && role !== ROOK) continue;
    if (next === undefined) continue;
    if (!next.after.attackers(r.pov, reply.to).includes(next.to)) continue;
    if (role === KING) return true;
    const after = nodes[node.index + 4];
    if (after !== undefined && after.to === reply.to) return true;
  }
  return false;
}

/**
 * A solver's slider moves to an empty square along a line (or onto the
 * square) that its own previous move cleared, that move being no
 * promotion, no check escape, and its piece taking nothing or standing
 * in a bad spot.
 */
export function clearance(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    if (capturedAt(node) !== 0) continue;
    const piece = node.after.at(node.to);
    if (piece === 0 || !isRayRole(piece & 7)) continue;
    const own = r.nodes[node.index - 2], op = r.nodes[node.index - 1];
    if (
      own.promotion !== 0 || own.to === node.from || own.to === node.to ||
      node.before.isCheck() ||
      (node.after.isCheck() && movedRole(op) === KING)
    ) continue;
    if (
      own.from !== node.to &&
      !squaresBetween(node.from, node.to).includes(own.from)
    ) {
      continue;
    }
    if (capturedAt(own) === 0 || isInBadSpot(own.after, own.to)) return true;
  }
  return false;
}

/** A piece taken: its square, and its color. */
interface Taken {
  readonly square: number;
  readonly color: number;
}

/**
 * The first piece of the taken piece's side that guarded its square on
 * `board`, in the tagger's order (from a1), if it is a slider; else -1.
 */
function sliderDefender(board: PuzzleBoard, taken: Taken): number {
  const defenders = board.attackers(taken.color, taken.square);
  if (defenders.length === 0) return -1;
  const d = defenders.reduce((a, b) => fromA1(a) < fromA1(b) ? a : b);
  // python-chess's a1 is square 0, which the tagger's test reads as none.
  if (fromA1(d) === 0) return -1;
  return isRayRole(board.at(d) & 7) ? d : -1;
}

/**
 * The solver takes a hanging piece whose slider defender the opponent's
 * own last move cut off.
 */
export function selfInterference(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    const captured = capturedAt(node), square = node.to;
    if (captured === 0 || !isHanging(node.before, square)) continue;
    const op = r.nodes[node.index - 1];
    const d = sliderDefender(op.before, { square, color: captured >> 3 });
    if (d >= 0 && squaresBetween(square, d).includes(op.to)) return true;
  }
  return false;
}

/**
 * The solver takes a hanging piece (not one that just moved there) whose
 * slider defender the solver's previous move cut off.
 */
export function interference(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    const captured = capturedAt(node), square = node.to;
    const op = r.nodes[node.index - 1], own = r.nodes[node.index - 2];
    if (
      captured === 0 || square === op.to ||
      !isHanging(node.before, square)
    ) continue;
    const d = sliderDefender(own.before, { square, color: captured >> 3 });
    if (d >= 0 && squaresBetween(square, d).includes(own.to)) return true;
  }
  return false;
}

/**
 * The solver's capture could have been made a move earlier, as the
 * recapture of the opponent's capture there; the solver played another
 * move first, which the opponent's piece could not answer on that square.
 */
export function intermezzo(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    if (!isCapture(node)) continue;
    const square = node.to;
    const op = r.nodes[node.index - 1], own = r.nodes[node.index - 2];
    if (own.after.attackers(r.pov ^ 1, square).includes(op.from)) continue;
    if (own.to === square) continue;
    const earlier = r.nodes[node.index - 3];
    return earlier.to === square && isCapture(earlier) &&
      isLegalOn(earlier.after, node);
  }
  return false;
}

/**
 * The solver's capture takes a piece (or mates) after the solver's
 * previous move took the piece that guarded that square.
 */
export function capturingDefender(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    const captured = capturedAt(node), role = movedRole(node);
    const op = r.nodes[node.index - 1];
    if (
      !node.after.isCheckmate() &&
      !(captured !== 0 && role !== KING &&
        value(captured & 7) <= value(role) &&
        isHanging(node.before, node.to) && op.to !== node.to)
    ) continue;
    const own = r.nodes[node.index - 2];
    if (own.after.isCheck() || own.to === node.from) continue;
    const start = own.before, defender = start.at(own.to);
    if (
      defender !== 0 &&
      start.attackers(defender >> 3, node.to).includes(own.to) &&
      !start.isCheck()
    ) return true;
  }
  return false;
}

/** Whether `node`'s piece attacks a piece not of `pov` after the move. */
function threatens(node: PuzzleNode, pov: number): boolean {
  return node.after.attackedPieces(node.to, pov).length > 0;
}

/**
 * A solver's move, not the line's last, neither check nor check escape,
 * capture, threat to a piece, advanced pawn push or king move.
 */
export function quietMove(r: Replayed): boolean {
  const last = r.nodes.length - 1;
  return solverNodes(r).some((node) =>
    node.index < last && !node.after.isCheck() && !node.before.isCheck() &&
    !isCapture(node) && !threatens(node, r.pov) &&
    !isAdvancedPawnMove(node) && movedRole(node) !== KING
  );
}

/**
 * The last move, with three legal moves or more to choose from, gives no
 * check, takes nothing, threatens nothing and pushes no advanced pawn.
 */
export function defensiveMove(r: Replayed): boolean {
  const last = r.nodes[r.nodes.length - 1];
  if (last.before.legalMoves().length < 3) return false;
  if (last.after.isCheck() || isCapture(last) || threatens(last, r.pov)) {
    return false;
  }
  return !isAdvancedPawnMove(last);
}

/**
 * The first solver's move that is not a check or capture, with three
 * legal moves or more, gets the solver's king out of check.
 */
export function checkEscape(r: Replayed): boolean {
  for (const node of solverNodes(r)) {
    if (node.after.isCheck() || isCapture(node)) return false;
    if (node.before.legalMoves().length < 3) return false;
    if (node.before.isCheck()) return true;
  }
  return false;
}

/** A solver's pawn move to its seventh or eighth rank. */
export function advancedPawn(r: Replayed): boolean {
  return solverNodes(r).some(isVeryAdvancedPawnMove);
}

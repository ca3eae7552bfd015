// The tactics lichess-puzzler's tagger (cook.py) finds by looking at what
// the solver's pieces attack and what the opponent's can no longer do:
// fork, hanging and trapped pieces, pins, skewer, x-ray, discovered attack
// and check, double check, collinear.

import { BISHOP, collinear, KING, PAWN, ROOK } from "../chess/geometry.ts";
import { CASTLE, moveFrom, moveTo } from "../chess/move.ts";
import {
  fileOf,
  onPinLine,
  type Pin,
  type PuzzleBoard,
  rankOf,
  squaresBetween,
} from "./_board.ts";
import {
  capturedAt,
  isCapture,
  isCastling,
  movedRole,
  type Replayed,
  solverNodes,
} from "./_line.ts";
import {
  isHanging,
  isInBadSpot,
  isRayRole,
  isTrapped,
  kingValue,
  materialDiff,
  value,
} from "./_value.ts";

/**
 * A solver's move (not the last) by a piece other than the king, safe
 * where it lands, attacks two pieces that are worth more or hang and
 * cannot take it back.
 */
export function fork(r: Replayed): boolean {
  for (const node of solverNodes(r).slice(0, -1)) {
    const role = movedRole(node);
    if (role === KING || isInBadSpot(node.after, node.to)) continue;
    const board = node.after;
    let n = 0;
    for (const s of board.attackedPieces(node.to, r.pov)) {
      const target = board.at(s);
      if ((target & 7) === PAWN) continue;
      if (
        kingValue(target & 7) > kingValue(role) ||
        (isHanging(board, s) &&
          !board.attackers(r.pov ^ 1, node.to).includes(s))
      ) n++;
    }
    if (n > 1) return true;
  }
  return false;
}

/**
 * The solver's first move takes a piece (not a pawn) left undefended by
 * the opponent's move, which was not itself taking as much there, and the
 * material stays won.
 */
export function hangingPiece(r: Replayed): boolean {
  const [op, first] = r.nodes;
  const board = op.after, to = first.to, captured = board.at(to);
  if (board.isCheck() && (captured === 0 || (captured & 7) === PAWN)) {
    return false;
  }
  if (captured === 0 || (captured & 7) === PAWN) return false;
  if (!isHanging(board, to)) return false;
  const opCapture = op.before.at(op.to);
  if (
    opCapture !== 0 && value(opCapture & 7) >= value(captured & 7) &&
    op.to === to
  ) return false;
  if (r.nodes.length < 4) return true;
  return materialDiff(r.nodes[3].after, r.pov) >=
    materialDiff(first.after, r.pov);
}

/**
 * The solver takes a piece (not a pawn) that was trapped before the
 * opponent's last move: wherever it went it stood in a bad spot.
 */
export function trappedPiece(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    const captured = capturedAt(node);
    if (captured === 0 || (captured & 7) === PAWN) continue;
    const prev = r.nodes[node.index - 1];
    const square = prev.to === node.to ? prev.from : node.to;
    if (isTrapped(prev.before, square)) return true;
  }
  return false;
}

/** The opponent's pinned pieces after `board`'s last move, with their pins. */
function pinned(board: PuzzleBoard, pov: number): [number, Pin][] {
  const out: [number, Pin][] = [];
  for (let s = 0; s < 64; s++) {
    const code = board.at(s);
    if (code === 0 || code >> 3 === pov) continue;
    const pin = board.pin(code >> 3, s);
    if (pin !== null) out.push([s, pin]);
  }
  return out;
}

/**
 * After a solver's move, a pinned piece of the opponent attacks, off its
 * line, a piece worth more or a hanging one that it cannot take.
 */
export function pinPreventsAttack(r: Replayed): boolean {
  for (const node of solverNodes(r)) {
    const board = node.after;
    for (const [s, pin] of pinned(board, r.pov)) {
      for (const t of board.attacks(s)) {
        const target = board.at(t);
        if (target === 0 || target >> 3 !== r.pov || onPinLine(pin, t)) {
          continue;
        }
        if (
          value(target & 7) > value(board.at(s) & 7) ||
          isHanging(board, t)
        ) return true;
      }
    }
  }
  return false;
}

/**
 * Whether the pinned piece (of the side to move) has a move, legal or not
 * for its pin, to a square off `pin`'s line: python-chess's pseudo-legal
 * moves, which only a pin keeps from being legal here.
 */
function movesOffLine(board: PuzzleBoard, pin: Pin): boolean {
  const s = pin.square, code = board.at(s), color = code >> 3;
  if ((code & 7) === PAWN) {
    const ahead = s + (color === 0 ? -8 : 8);
    if (board.at(ahead) === 0 && !onPinLine(pin, ahead)) return true;
    return board.attacks(s).some((t) =>
      !onPinLine(pin, t) &&
      ((board.at(t) !== 0 && board.at(t) >> 3 !== color) ||
        t === board.board.ep)
    );
  }
  return board.attacks(s).some((t) =>
    !onPinLine(pin, t) && (board.at(t) === 0 || board.at(t) >> 3 !== color)
  );
}

/**
 * After a solver's move, a pinned piece of the opponent is attacked along
 * its line by a lower piece, or hangs to an attacker it cannot take and
 * could otherwise step away.
 */
export function pinPreventsEscape(r: Replayed): boolean {
  for (const node of solverNodes(r)) {
    const board = node.after;
    for (const [s, pin] of pinned(board, r.pov)) {
      const role = board.at(s) & 7;
      for (const a of board.attackers(r.pov, s)) {
        if (!onPinLine(pin, a)) continue;
        if (value(role) > value(board.at(a) & 7)) return true;
        if (
          isHanging(board, s) &&
          !board.attackers(r.pov ^ 1, a).includes(s) &&
          movesOffLine(board, pin)
        ) return true;
      }
    }
  }
  return false;
}

/**
 * A solver's slider takes, through the square the opponent's piece left,
 * a piece worth less than the one that had to move out of the line.
 */
export function skewer(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    const prev = r.nodes[node.index - 1];
    const captured = capturedAt(node);
    if (
      captured === 0 || !isRayRole(movedRole(node)) ||
      node.after.isCheckmate()
    ) continue;
    if (
      prev.to === node.to ||
      !squaresBetween(node.from, node.to).includes(prev.from)
    ) {
      continue;
    }
    if (
      kingValue(movedRole(prev)) > kingValue(captured & 7) &&
      isInBadSpot(node.before, node.to)
    ) return true;
  }
  return false;
}

/**
 * The solver takes, then the opponent takes back on that square, and the
 * solver takes again there through the square the opponent's piece left.
 */
export function xRayAttack(r: Replayed): boolean {
  for (const node of solverNodes(r, 1)) {
    if (!isCapture(node)) continue;
    const op = r.nodes[node.index - 1], own = r.nodes[node.index - 2];
    if (op.to !== node.to || movedRole(op) === KING) continue;
    if (own.to !== op.to) continue;
    if (squaresBetween(node.from, node.to).includes(op.from)) return true;
  }
  return false;
}

/** A solver's move checks with a piece other than the one that moved. */
export function discoveredCheck(r: Replayed): boolean {
  return solverNodes(r).some((node) => {
    const checkers = node.after.checkers();
    return checkers.length > 0 && !checkers.includes(node.to);
  });
}

/**
 * A discovered check, or a solver's capture along a line that its own
 * previous move cleared (not by castling), the opponent not having moved
 * to that square.
 */
export function discoveredAttack(r: Replayed): boolean {
  if (discoveredCheck(r)) return true;
  for (const node of solverNodes(r, 1)) {
    if (!isCapture(node)) continue;
    if (r.nodes[node.index - 1].to === node.to) return false;
    const prev = r.nodes[node.index - 2];
    if (
      squaresBetween(node.from, node.to).includes(prev.from) &&
      node.to !== prev.to &&
      node.from !== prev.to && !isCastling(prev)
    ) return true;
  }
  return false;
}

/** A solver's move gives check with two pieces. */
export function doubleCheck(r: Replayed): boolean {
  return solverNodes(r).some((node) => node.after.checkers().length > 1);
}

/**
 * A solver's slider moves, without taking, along the line of an enemy
 * slider it could have taken, which moves along such lines too.
 */
export function collinearMove(r: Replayed): boolean {
  for (const node of solverNodes(r)) {
    if (!isRayRole(movedRole(node)) || isCapture(node)) continue;
    const board = node.before;
    for (const s of board.attacks(node.from)) {
      const code = board.at(s);
      if (code === 0 || code >> 3 === r.pov || !isRayRole(code & 7)) continue;
      if (!collinear(node.from, s, node.to)) continue;
      const straight = rankOf(node.from) === rankOf(s) ||
        fileOf(node.from) === fileOf(s);
      if ((code & 7) === (straight ? BISHOP : ROOK)) continue;
      if (canTake(board, node.from, s)) return true;
    }
  }
  return false;
}

/** Whether a legal move goes from `from` to `to` (castling aside). */
function canTake(board: PuzzleBoard, from: number, to: number): boolean {
  return board.legalMoves().some((m) =>
    moveFrom(m) === from && moveTo(m) === to && (m & CASTLE) === 0
  );
}

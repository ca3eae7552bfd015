// A position's three shapes meet here, beside the board model: the public
// Position (letters), the record view a stream reads (char codes, see
// record_view.ts) and the ChessBoard the rules read (piece codes). One
// function each way between the board and the other two; the codec turns
// views into Positions and back (FenReader.toPosition, recordViewOf), since
// it sits below the core. A variant's extra state (pockets, check counts)
// crosses between the shapes here and nowhere else.

import { IS_PIECE, SQUARE_NAMES } from "../_tables.ts";
import type { RecordView } from "../record_view.ts";
import type { Piece, Pocket, Position, Rules, Square } from "../types.ts";
import type { ChessBoard } from "./board.ts";
import { LETTER_OF_CODE } from "./geometry.ts";
import { castleRook } from "./move.ts";
import { loadRights } from "./rules.ts";
import { VARIANT_MOVES, variantIndex } from "./variant.ts";

/** A board: the 64 squares a8 to h1 in reading order, `null` when empty. */
export type Board = readonly (Piece | null)[];

/**
 * Throws a `TypeError` naming the square unless `board` is an array of 64
 * squares, each `null` or one of the twelve FEN piece letters. `action`
 * completes the message: "Cannot render SVG: ...".
 */
export function assertBoard(
  board: unknown,
  action: string,
): asserts board is Board {
  if (!Array.isArray(board) || board.length !== 64) {
    throw new TypeError(`Cannot ${action}: board must have 64 squares`);
  }
  for (let k = 0; k < 64; k++) {
    const piece: unknown = board[k];
    if (piece === null) continue;
    if (
      typeof piece !== "string" || piece.length !== 1 ||
      IS_PIECE[piece.charCodeAt(0)] !== 1
    ) {
      throw new TypeError(
        `Cannot ${action}: ${SQUARE_NAMES[k]} (board[${k}]) holds ${
          describeValue(piece)
        }, not a piece letter (KQRBNP, kqrbnp) or null`,
      );
    }
  }
}

/** FEN letter char codes by piece code, 0 for an empty square. */
export const CHAR_OF_CODE: readonly number[] = /* @__PURE__ */ (() => {
  const table: number[] = new Array(16).fill(0);
  LETTER_OF_CODE.forEach((letter, code) => {
    if (letter) table[code] = letter.charCodeAt(0);
  });
  return table;
})();

/** Castling slots in canonical FEN order: White h-side, a-side, then Black. */
export const CASTLING_SLOTS: readonly number[] = [1, 0, 3, 2];

/**
 * Position to board: loads `position` into `b` (never throwing, see
 * {@linkcode ChessBoard.load}) with its piece lists, and the castling rooks
 * and the en-passant square the rules allow: a board to generate moves on.
 * The rules are `rules`, else the position's own, else standard chess's.
 */
export function loadPosition(
  b: ChessBoard,
  position: Position,
  rules?: Rules,
): void {
  const variant = variantIndex(rules ?? position.rules);
  b.variant = variant;
  b.plain = variant <= 1; // standard chess and Chess960
  b.load(position);
  b.listPieces();
  loadRights(b, position);
  if (!VARIANT_MOVES[variant].castling) b.castle = 0;
}

/** Board to Position: the position `b` holds, with `enPassant` as given. */
export function toPosition(b: ChessBoard, enPassant: Square | null): Position {
  const board: (Piece | null)[] = [];
  const sq = b.sq;
  for (let s = 0; s < 64; s++) board.push(LETTER_OF_CODE[sq[s]] ?? null);
  const position: Position = {
    board,
    turn: b.turn === 0 ? "w" : "b",
    castling: castlingOf(b, []),
    enPassant,
    halfmoveClock: b.halfmove,
    fullmoveNumber: b.fullmove,
  };
  const v = VARIANT_MOVES[b.variant];
  if (v.drops) {
    position.pockets = { w: pocketOf(b, 0), b: pocketOf(b, 1) };
    const promoted: Square[] = [];
    for (let s = 0; s < 64; s++) {
      if ((b.promoted[s >> 5] & 1 << s) !== 0) promoted.push(SQUARE_NAMES[s]);
    }
    position.promoted = promoted;
  }
  if (v.countChecks) {
    const [w, black] = b.remainingChecks;
    position.remainingChecks = { w, b: black };
  }
  if (b.variant !== 0) position.rules = v.name;
  return position;
}

/** The pocket of `color` on `b`, by lowercase letter. */
function pocketOf(b: ChessBoard, color: number): Pocket {
  const p = b.pockets, own = color << 3;
  return {
    p: p[own | 1],
    n: p[own | 2],
    b: p[own | 3],
    r: p[own | 4],
    q: p[own | 5],
    k: p[own | 6],
  };
}

/**
 * Record view to board: {@linkcode loadPosition} for a view (a FenReader,
 * a replayed game), with no Position made.
 */
export function loadView(b: ChessBoard, view: RecordView): void {
  b.loadCodes(view.cells, view);
  loadRights(b, view);
}

/**
 * Board to record view: writes the char codes of `b`'s squares into
 * `cells`, the first `count` squares of `squares` only, or all 64 when
 * `count` is negative (a replay rewrites what its last moves changed).
 */
export function writeCells(
  b: ChessBoard,
  cells: number[],
  squares: ArrayLike<number> = [],
  count = -1,
): void {
  const sq = b.sq;
  if (count < 0) {
    for (let s = 0; s < 64; s++) cells[s] = CHAR_OF_CODE[sq[s]];
    return;
  }
  for (let k = 0; k < count; k++) {
    cells[squares[k]] = CHAR_OF_CODE[sq[squares[k]]];
  }
}

/** The castling rook squares of `b` in canonical order, pushed to `out`. */
export function castlingOf(b: ChessBoard, out: Square[]): Square[] {
  for (const slot of CASTLING_SLOTS) {
    const rook = castleRook(b.castle, slot);
    if (rook >= 0) out.push(SQUARE_NAMES[rook]);
  }
  return out;
}

/** A short, safe description of a bad value for a message. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === undefined || value === null) return String(value);
  if (typeof value === "object") {
    return Array.isArray(value) ? "an array" : "an object";
  }
  if (typeof value === "function") return "a function";
  return `${typeof value} ${String(value)}`;
}

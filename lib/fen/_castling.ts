// The castling field, read and written (as a string and as bytes): KQkq
// (standard or X-FEN, resolved on the scanned board) and Shredder file
// letters. Rights are kept as bits in canonical order while reading, so a
// record allocates nothing here.

import { fail } from "./_fail.ts";
import { endsAt, endsField, fieldEnd, type RecordContext } from "./_fields.ts";
import type { PlacementTarget } from "./_placement.ts";
import { quoteCharAt, quoteToken } from "../_quote.ts";
import { isSquare, SQUARE_NAMES } from "../_tables.ts";
import type { Piece, Square } from "../types.ts";

export function readCastling(
  text: string,
  start: number,
  limit: number,
  context: RecordContext,
): number {
  if (text.charCodeAt(start) === 45 /* - */ && endsAt(text, start + 1, limit)) {
    return start + 1;
  }
  const { strict } = context;
  const chess960 = context.rules === "chess960";
  let previousOrder = -1;
  let rights = 0;
  let i = start;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (endsField(c, strict)) break;
    const white = c < 97;
    const lower = c | 32;
    let file: number;
    if (lower === 107 /* k */ || lower === 113 /* q */) {
      file = chess960
        ? outermostRookInTarget(context.board, white, lower === 107)
        : lower === 107
        ? 7
        : 0;
    } else if (lower >= 97 && lower <= 104 && (!strict || chess960)) {
      file = lower - 97;
    } else {
      badCastlingLetter(text, i, c, strict || chess960, chess960);
    }
    // canonical order: White first, then from the h-file to the a-file
    const order = (white ? 0 : 8) + 7 - file;
    const bit = 1 << order;
    if ((rights & bit) !== 0) {
      fail(
        "castling",
        `castling right for the rook on ${CASTLING_SQUARES[order]} given twice`,
        i,
      );
    }
    if (order < previousOrder && strict) {
      fail(
        "castling",
        `castling ${
          quoteToken(text, start, fieldEnd(text, start, limit))
        } is not in KQkq order`,
        start,
      );
    }
    previousOrder = order;
    rights |= bit;
  }
  context.fields.castling = rights;
  return i;
}

/**
 * The rook squares by castling bit: h1 to a1, then h8 to a8 (the canonical
 * order, White first, from the h-file to the a-file).
 */
export const CASTLING_SQUARES: readonly Square[] = /* @__PURE__ */ (() => {
  const squares: Square[] = [];
  for (let order = 0; order < 16; order++) {
    squares.push(SQUARE_NAMES[(order < 8 ? 56 : 0) + 7 - (order & 7)]);
  }
  return squares;
})();

/**
 * Writes the squares of castling bits into `out` in canonical order and
 * returns it (a fresh `[]` for a position, a reused array for a reader).
 */
export function castlingSquares(rights: number, out: Square[]): Square[] {
  let n = 0;
  for (let bits = rights; bits !== 0; bits &= bits - 1) {
    out[n++] = CASTLING_SQUARES[31 - Math.clz32(bits & -bits)];
  }
  if (out.length !== n) out.length = n;
  return out;
}

function badCastlingLetter(
  text: string,
  at: number,
  code: number,
  strictOr960: boolean,
  chess960: boolean,
): never {
  fail(
    "castling",
    code === 45
      ? `"-" must stand alone in the castling field`
      : `${quoteCharAt(text, at)} is not castling availability (${
        chess960 || !strictOr960 ? "KQkq or a file A-H, a-h" : "KQkq"
      })`,
    at,
  );
}

/** Sorts castling squares: White first, then from the h-file to the a-file. */
export function compareCastling(a: Square, b: Square): number {
  return a.charCodeAt(1) - b.charCodeAt(1) || b.charCodeAt(0) - a.charCodeAt(0);
}

/** The X-FEN rook file on a scanned placement (char codes, any layout). */
function outermostRookInTarget(
  board: PlacementTarget,
  white: boolean,
  kingside: boolean,
): number {
  const stride = 8 + board.gap;
  return outermostRookFile(board.out, {
    row: (white ? 7 : 0) * stride,
    king: white ? 75 /* K */ : 107, /* k */
    rook: white ? 82 /* R */ : 114, /* r */
    kingside,
  });
}

/** Which rank and pieces {@linkcode outermostRookFile} looks at. */
export interface BackRank<T> {
  /** Index of the rank's a-file square in `squares`. */
  row: number;
  king: T;
  rook: T;
  kingside: boolean;
}

/**
 * The file an X-FEN `K` (kingside) or `Q` names: the outermost rook on that
 * side of the king, or the h- or a-file when there is none. One rule for
 * the reader (char codes) and the writer (piece letters).
 */
export function outermostRookFile<T>(
  squares: readonly T[],
  { row, king, rook, kingside }: BackRank<T>,
): number {
  let kingFile = -1;
  for (let f = 0; f < 8; f++) if (squares[row + f] === king) kingFile = f;
  if (kingFile >= 0) {
    if (kingside) {
      for (let f = 7; f > kingFile; f--) {
        if (squares[row + f] === rook) return f;
      }
    } else {
      for (let f = 0; f < kingFile; f++) {
        if (squares[row + f] === rook) return f;
      }
    }
  }
  return kingside ? 7 : 0;
}

/**
 * The four back ranks X-FEN letters name, by {@linkcode backRankIndex}, as
 * `code` spells a piece: one table for boards of letters, one for cells.
 */
function backRanks<T>(code: (piece: Piece) => T): readonly BackRank<T>[] {
  const ranks: BackRank<T>[] = [];
  for (const white of [true, false]) {
    for (const kingside of [false, true]) {
      ranks.push({
        row: white ? 56 : 0,
        king: code(white ? "K" : "k"),
        rook: code(white ? "R" : "r"),
        kingside,
      });
    }
  }
  return ranks;
}

/** Where the back rank of a castling rook on an a- or h-`file` is listed. */
function backRankIndex(white: boolean, file: number): number {
  return (white ? 0 : 2) + (file === 7 ? 1 : 0);
}

const LETTER_RANKS: readonly BackRank<Piece>[] = backRanks((piece) => piece);
const CODE_RANKS: readonly BackRank<number>[] = backRanks((piece) =>
  piece.charCodeAt(0)
);

/**
 * The X-FEN letter (`k` or `q`, as a char code) for the castling right of
 * the rook on `file`, or 0 when only the file letter names it. X-FEN's
 * canonical form, as python-chess and chessops write it: `K` or `Q` when the
 * rook is the outermost of its colour on its side of the king (an X-FEN
 * reader finds that rook), its file otherwise. A right on the a- or h-file
 * whose square holds no rook (standard `KQ` after the king or rook moved)
 * keeps its `K` or `Q`: legality names the problem.
 */
function xfenLetter<T>(
  squares: readonly T[],
  ranks: readonly BackRank<T>[],
  white: boolean,
  file: number,
): number {
  const { row, king, rook } = ranks[backRankIndex(white, 7)];
  const corner = file === 7 ? 107 : file === 0 ? 113 : 0; // k, q
  if (squares[row + file] !== rook) return corner;
  let kingFile = -1;
  for (let f = 0; f < 8; f++) if (squares[row + f] === king) kingFile = f;
  // no king: an X-FEN reader takes K and Q for the corners
  if (kingFile < 0) return corner;
  if (file > kingFile) {
    for (let f = 7; f > file; f--) if (squares[row + f] === rook) return 0;
    return 107;
  }
  for (let f = 0; f < file; f++) if (squares[row + f] === rook) return 0;
  return 113;
}

/** Whether castling squares are in canonical order (they nearly always are). */
function inOrder(castling: readonly Square[]): boolean {
  for (let i = 1; i < castling.length; i++) {
    if (compareCastling(castling[i - 1], castling[i]) > 0) return false;
  }
  return true;
}

/**
 * Writes castling rights in X-FEN's canonical form (`KQkq` for the
 * outermost rooks, a file letter for a rook with another beyond it), or
 * every right as its rook's file (Shredder-FEN) when `shredder`.
 */
export function writeCastling(
  castling: readonly Square[],
  board: readonly (Piece | null)[],
  shredder: boolean,
): string {
  if (castling.length === 0) return "-";
  const squares = inOrder(castling)
    ? castling
    : [...castling].sort(compareCastling);
  let out = "";
  for (let i = 0; i < squares.length; i++) {
    const square = squares[i];
    if (!isSquare(square) || (square[1] !== "1" && square[1] !== "8")) {
      throw new TypeError(
        `Cannot stringify FEN: castling square ${square} is not on a back rank`,
      );
    }
    const white = square[1] === "1";
    const file = square.charCodeAt(0) - 97;
    const xfen = shredder ? 0 : xfenLetter(board, LETTER_RANKS, white, file);
    const letter = xfen === 0 ? square[0] : String.fromCharCode(xfen);
    out += white ? letter.toUpperCase() : letter;
  }
  return out;
}

/**
 * Writes castling rights from a reader's cells at `at`, as
 * {@linkcode writeCastling} writes them (X-FEN, or Shredder-FEN when
 * `shredder`); returns where they end. The squares are in canonical order
 * already (a reader's are). Positional, as the hot path calls it once a
 * record (an options object would be an allocation).
 */
export function writeCastlingBytes(
  castling: readonly Square[],
  cells: readonly number[],
  buffer: Uint8Array,
  at: number,
  shredder: boolean,
): number {
  if (castling.length === 0) {
    buffer[at] = 45; // -
    return at + 1;
  }
  let o = at;
  for (let k = 0; k < castling.length; k++) {
    const square = castling[k];
    const white = square.charCodeAt(1) === 49; // rank 1
    const file = square.charCodeAt(0) - 97;
    const xfen = shredder ? 0 : xfenLetter(cells, CODE_RANKS, white, file);
    const letter = xfen === 0 ? 97 + file : xfen;
    buffer[o++] = white ? letter - 32 : letter;
  }
  return o;
}

// The one board model of the chess core: 64 piece codes, piece lists, king
// squares, occupancy words and piece counts, loaded once per position and
// kept current by make and unmake, so that perft and move matching play
// moves without allocating. Loading never throws: what a consumer refuses
// (a malformed board, no king, ...) it reads from the board and reports in
// its own way. The legality rules, the move generator and the diagrams'
// check mark all read this board.

import { SQUARE_NAMES } from "../_tables.ts";
import type { Piece, Position, Square } from "../types.ts";
import {
  CODE_OF_LETTER,
  KING,
  LETTER_OF_CODE,
  PAWN,
  ROOK,
  zeros,
} from "./geometry.ts";
import {
  CASTLE,
  castleRook,
  DOUBLE_PUSH,
  EN_PASSANT,
  kingTarget,
  moveFrom,
  movePromotion,
  moveTo,
  rookTarget,
} from "./move.ts";

/** Words per undo record: move, captured code, castling, en passant, clock. */
const UNDO = 5;

/**
 * A position loaded for the rules: see the comment at the top of the file.
 * The lists are plain arrays of small integers, which V8 reads about as
 * fast as typed arrays and makes several times faster (typed arrays over
 * 64 bytes live off the heap), for callers that make a board per call.
 */
export class ChessBoard {
  /** Piece codes by square (see the getter `sq`), and whether they are current. */
  readonly #sq: Int8Array = new Int8Array(64);
  #squared = true;
  /**
   * Squares of each color's pieces: White's from 0, Black's from 64. The
   * lists (this, `index` and `count`) are filled by listPieces and kept by
   * put, remove, shift, make and unmake.
   */
  readonly list: number[] = zeros(128);
  /** Where each occupied square sits in `list`. */
  readonly index: number[] = zeros(64);
  /** Pieces per color. */
  readonly count: number[] = [0, 0];
  /** Pieces per piece code. */
  readonly counts: Int32Array = new Int32Array(16);
  /** Each color's king square if it has exactly one king, else -1. */
  readonly king: number[] = [-1, -1];
  /**
   * The occupied squares as two words: word 0 holds squares 0-31, word 1
   * squares 32-63, bit `square & 31`. What the attack query is given, as
   * is or changed, for "what if" questions.
   */
  readonly occupied: Int32Array = new Int32Array(2);
  /**
   * The squares of each piece code as a set, as `occupied` holds them:
   * `masks[code * 2 + word]`.
   */
  readonly masks: Int32Array = new Int32Array(32);
  /** Scratch for one "what if" occupancy, filled and read within one call. */
  readonly whatIf: Int32Array = new Int32Array(2);
  /** Whether the board loaded was not 64 cells of piece letters or `null`. */
  malformed = false;
  /** 0 White to move, 1 Black. */
  turn = 0;
  /** Castling rooks, packed as castleRook (move.ts) reads them. */
  castle = 0;
  /** The en-passant target square, or -1. */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  /** Moves made since the last {@linkcode ChessBoard.commit}. */
  ply = 0;
  /** UNDO words per move made; grows with the deepest line played. */
  readonly #undo: number[] = [];
  #listed = false; // whether `list`, `index` and `count` hold the pieces

  // The move generator's pins and checks of the position as it stands,
  // written by its check-and-pin scan and read by the generation that
  // follows in the same call: a square is pinned (in direction pinDir[s]
  // from the king) or ends a single check only while its stamp equals
  // `stamp`, which spares clearing.
  /** Pin stamps by square. */
  readonly pinStamp: Int32Array = new Int32Array(64);
  /** The direction from the king of each pinned piece. */
  readonly pinDir: Int8Array = new Int8Array(64);
  /** Stamps of the squares that end a single check. */
  readonly blockStamp: Int32Array = new Int32Array(64);
  /** The current stamp. */
  stamp = 0;
  /** How many pieces give check to the side to move, as last scanned. */
  checks = 0;

  /**
   * Loads the pieces, the side to move and the counters of `position`;
   * castling and en passant are the rules' (rules.ts loadPosition). Never
   * throws: a cell that is not a piece letter or `null`, or a board that is
   * not 64 cells, sets {@linkcode ChessBoard.malformed}.
   */
  load(position: Position): void {
    this.loadPieces(position.board);
    this.turn = position.turn === "b" ? 1 : 0;
    this.halfmove = position.halfmoveClock;
    this.fullmove = position.fullmoveNumber;
  }

  /**
   * Empties the board and puts the pieces of `cells`, a board as
   * Position.board holds it, White to move and no rights: what a diagram
   * of a bare board asks about. Never throws, as {@linkcode ChessBoard.load}.
   */
  loadPieces(cells: unknown): void {
    this.#reset();
    if (Array.isArray(cells)) this.#place(cells);
    this.malformed ||= !Array.isArray(cells) || cells.length !== 64;
  }

  /**
   * Fills the piece lists (`list`, `index`, `count`) of a board loaded by
   * {@linkcode ChessBoard.load}, in board order; what moves are generated
   * and made on needs them, and they are kept from then on. Does nothing
   * when they are already filled.
   */
  listPieces(): void {
    if (this.#listed) return;
    this.#listed = true;
    const { list, index } = this;
    const sq = this.sq; // filled here if not yet
    let white = 0, black = 0;
    for (let word = 0; word < 2; word++) {
      let bits = this.occupied[word];
      while (bits !== 0) {
        const bit = bits & -bits;
        bits ^= bit;
        const s = word * 32 + 31 - Math.clz32(bit);
        if (sq[s] < 8) {
          index[s] = white;
          list[white++] = s;
        } else {
          index[s] = black;
          list[64 + black++] = s;
        }
      }
    }
    this.count[0] = white;
    this.count[1] = black;
  }

  // The hot loop of a batch check: one read per square, and per piece a
  // code, a bit and a count; the occupancy and the kings are read off the
  // piece sets once at the end, and the squares and the lists only when
  // asked for (sq, listPieces), since the legality rules of a position
  // without problems read neither.
  #place(cells: readonly unknown[]): void {
    const { counts, masks } = this;
    let bad = false;
    for (let s = 0; s < 64; s++) {
      const cell = cells[s];
      if (cell === null) continue;
      // One character with a code: exactly the twelve letters, with no
      // string comparison (which cost a third of loading a board).
      const c = typeof cell === "string" && cell.length === 1
        ? cell.charCodeAt(0)
        : 0;
      const code = c < 128 ? CODE_OF_LETTER[c] : 0;
      if (code === 0) {
        bad = true;
        continue;
      }
      masks[code * 2 + (s >> 5)] |= 1 << s; // bit `s & 31` of its word
      counts[code]++;
    }
    let low = 0, high = 0;
    for (let code = 1; code < 15; code++) {
      low |= masks[code * 2];
      high |= masks[code * 2 + 1];
    }
    this.occupied[0] = low;
    this.occupied[1] = high;
    for (let color = 0; color < 2; color++) {
      const kings = (color << 3 | KING) * 2;
      this.king[color] = counts[color << 3 | KING] !== 1
        ? -1
        : masks[kings] !== 0
        ? 31 - Math.clz32(masks[kings] & -masks[kings])
        : 63 - Math.clz32(masks[kings + 1] & -masks[kings + 1]);
    }
    if (bad) this.malformed = true;
  }

  /**
   * Piece codes by square (`color << 3 | role`), 0 for empty. A loaded
   * board fills them from the piece sets on the first read, since the
   * legality rules of a position without problems need only the sets.
   */
  get sq(): Int8Array {
    if (!this.#squared) this.#fillSquares();
    return this.#sq;
  }

  #fillSquares(): void {
    const sq = this.#sq, masks = this.masks;
    sq.fill(0);
    for (let code = 1; code < 15; code = code === 6 ? 9 : code + 1) {
      for (let word = 0; word < 2; word++) {
        let bits = masks[code * 2 + word];
        while (bits !== 0) {
          const bit = bits & -bits;
          bits ^= bit;
          sq[word * 32 + 31 - Math.clz32(bit)] = code;
        }
      }
    }
    this.#squared = true;
  }

  // Everything a load refills; the squares follow from the sets
  // (#fillSquares). Plain loops over the piece codes 1-14: a typed
  // array's fill is a call that costs more here.
  #reset(): void {
    this.#squared = false;
    const { counts, masks } = this;
    for (let i = 1; i < 15; i++) counts[i] = 0;
    for (let i = 2; i < 30; i++) masks[i] = 0;
    this.count[0] = this.count[1] = 0;
    this.#listed = false;
    this.occupied[0] = this.occupied[1] = 0;
    this.king[0] = this.king[1] = -1;
    this.malformed = false;
    this.turn = 0;
    this.castle = 0;
    this.ep = -1;
    this.halfmove = 0;
    this.fullmove = 1;
    this.ply = 0;
  }

  /** Puts the piece `code` on the empty square `s` of a listed board. */
  put(s: number, code: number): void {
    const color = code >> 3;
    this.#sq[s] = code;
    this.index[s] = this.count[color];
    this.list[color * 64 + this.count[color]++] = s;
    this.counts[code]++;
    this.occupied[s >> 5] |= 1 << s;
    this.masks[code * 2 + (s >> 5)] |= 1 << s;
    if ((code & 7) === KING) this.king[color] = s;
  }

  /** Takes the piece off square `s`. */
  remove(s: number): void {
    const code = this.#sq[s], color = code >> 3;
    const last = this.list[color * 64 + --this.count[color]];
    this.list[color * 64 + this.index[s]] = last;
    this.index[last] = this.index[s];
    this.counts[code]--;
    this.occupied[s >> 5] &= ~(1 << s);
    this.masks[code * 2 + (s >> 5)] &= ~(1 << s);
    this.#sq[s] = 0;
  }

  /** Moves the piece on `from` to the empty square `to`, as `code`. */
  shift(from: number, to: number, code: number): void {
    const i = this.index[from];
    const old = this.#sq[from];
    this.list[(code >> 3) * 64 + i] = to;
    this.index[to] = i;
    this.#sq[from] = 0;
    this.#sq[to] = code;
    // Shifts count modulo 32: `1 << s` is bit `s & 31` of its word.
    this.occupied[from >> 5] &= ~(1 << from);
    this.occupied[to >> 5] |= 1 << to;
    this.masks[old * 2 + (from >> 5)] &= ~(1 << from);
    this.masks[code * 2 + (to >> 5)] |= 1 << to;
    if (old !== code) {
      this.counts[old]--;
      this.counts[code]++;
    }
    if ((code & 7) === KING) this.king[code >> 3] = to;
  }

  /** The position as plain data, with `enPassant` as given. */
  toPosition(enPassant: Square | null): Position {
    const board: (Piece | null)[] = [];
    for (let s = 0; s < 64; s++) board.push(LETTER_OF_CODE[this.sq[s]] ?? null);
    const castling: Square[] = [];
    for (const slot of [1, 0, 3, 2]) {
      const rook = castleRook(this.castle, slot);
      if (rook >= 0) castling.push(SQUARE_NAMES[rook]);
    }
    return {
      board,
      turn: this.turn === 0 ? "w" : "b",
      castling,
      enPassant,
      halfmoveClock: this.halfmove,
      fullmoveNumber: this.fullmove,
    };
  }

  /** Forgets the undo records, so that a game of any length can be played. */
  commit(): void {
    this.ply = 0;
  }

  // Make and unmake run once per node in perft, so they stay one function
  // each, longer than the house limit, instead of calling per-case helpers.
  /**
   * Plays a move from the generator on a board whose pieces are listed;
   * {@linkcode ChessBoard.unmake} reverts it.
   */
  make(m: number): void {
    const sq = this.#sq, us = this.turn;
    const from = moveFrom(m), to = moveTo(m);
    const u = this.ply++ * UNDO;
    const piece = sq[from];
    const undo = this.#undo;
    undo[u] = m;
    undo[u + 1] = 0;
    undo[u + 2] = this.castle;
    undo[u + 3] = this.ep;
    undo[u + 4] = this.halfmove;
    this.ep = -1;
    this.halfmove++;
    if (m & CASTLE) {
      const kingTo = kingTarget(from, to), rookTo = rookTarget(from, to);
      // Off and on again: the king may land on the rook's square and the
      // rook on the king's.
      this.remove(to);
      this.shift(from, kingTo, piece);
      this.put(rookTo, us << 3 | ROOK);
    } else {
      const at = m & EN_PASSANT ? to + (us === 0 ? 8 : -8) : to;
      const captured = sq[at];
      if (captured !== 0) {
        undo[u + 1] = captured;
        this.remove(at);
        this.halfmove = 0;
      }
      const promotion = movePromotion(m);
      this.shift(from, to, promotion === 0 ? piece : us << 3 | promotion);
      if ((piece & 7) === PAWN) {
        this.halfmove = 0;
        if (m & DOUBLE_PUSH) this.ep = (from + to) >> 1;
      }
    }
    if (this.castle !== 0) this.#loseCastling(from, to, (piece & 7) === KING);
    if (us === 1) this.fullmove++;
    this.turn = us ^ 1;
  }

  #loseCastling(from: number, to: number, king: boolean): void {
    let castle = this.castle;
    for (let slot = 0; slot < 4; slot++) {
      const rook = castleRook(castle, slot);
      if (
        rook === from || rook === to ||
        (king && slot >> 1 === this.turn && rook >= 0)
      ) {
        castle &= ~(127 << (7 * slot));
      }
    }
    this.castle = castle;
  }

  /** Takes back the last move made. */
  unmake(): void {
    const u = --this.ply * UNDO;
    const undo = this.#undo;
    const m = undo[u];
    const us = this.turn ^ 1;
    const from = moveFrom(m), to = moveTo(m);
    if (m & CASTLE) {
      const kingTo = kingTarget(from, to), rookTo = rookTarget(from, to);
      this.remove(rookTo);
      this.shift(kingTo, from, us << 3 | KING);
      this.put(to, us << 3 | ROOK);
    } else {
      const moved = movePromotion(m) !== 0 ? us << 3 | PAWN : this.#sq[to];
      this.shift(to, from, moved);
      const captured = undo[u + 1];
      if (captured !== 0) {
        this.put(m & EN_PASSANT ? to + (us === 0 ? 8 : -8) : to, captured);
      }
    }
    this.castle = undo[u + 2];
    this.ep = undo[u + 3];
    this.halfmove = undo[u + 4];
    if (us === 1) this.fullmove--;
    this.turn = us;
  }
}

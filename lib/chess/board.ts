// The one board model of the chess core: 64 piece codes, piece lists, king
// squares, occupancy words and piece counts, loaded once per position and
// kept current by make.ts's moves, so that perft and move matching play
// moves without allocating. Loading never throws: what a consumer refuses
// (a malformed board, no king, ...) it reads from the board and reports in
// its own way. The legality rules, the move generator and the diagrams'
// check mark all read this board.

import type { Position, Side, Square } from "../types.ts";
import { CODE_OF_LETTER, KING, PAWN, squareOf, zeros } from "./geometry.ts";

/**
 * A position's fields but the board, as a record reader holds them (the
 * pieces come apart, as char codes): what loadCodes takes.
 */
export interface PositionFields {
  /** The side to move. */
  readonly turn: Side;
  /** Castling rook squares, as `Position.castling`. */
  readonly castling: readonly Square[];
  /** The en-passant square. */
  readonly enPassant: Square | null;
  /** The halfmove clock. */
  readonly halfmoveClock: number;
  /** The fullmove number. */
  readonly fullmoveNumber: number;
}

/** A variant's fields beyond the six, as a Position or a record's state has them. */
export interface VariantFields {
  /** Crazyhouse: the pieces in hand. */
  readonly pockets?: Position["pockets"] | null;
  /** Crazyhouse: the promoted pieces' squares. */
  readonly promoted?: readonly Square[];
  /** Three-check: the checks each side has left to give. */
  readonly remainingChecks?: Position["remainingChecks"] | null;
}

/** A bare board's fields: White to move, no rights, the first move. */
const NO_FIELDS: PositionFields = {
  turn: "w",
  castling: [],
  enPassant: null,
  halfmoveClock: 0,
  fullmoveNumber: 1,
};

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
   * put, remove and shift, and so by make.ts.
   */
  readonly list: number[] = zeros(128);
  /** Where each occupied square sits in `list`. */
  readonly index: number[] = zeros(64);
  /** Pieces per color (with the lists or not). */
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
  /**
   * The rules' row in variant.ts's VARIANTS (0 standard chess): set by
   * convert.ts's loadPosition, kept by the other loads.
   */
  variant = 0;
  /**
   * Whether the rules are standard chess's (chess, Chess960): the move
   * generator and maker then pass by every variant's hook.
   */
  plain = true;
  /**
   * Crazyhouse: pieces in hand by piece code (`color << 3 | role`), loaded
   * from Position.pockets and kept by make.ts.
   */
  readonly pockets: Int32Array = new Int32Array(16);
  /**
   * Crazyhouse: the squares of promoted pieces, two words as `occupied`
   * (captured, they go to the pocket as pawns).
   */
  readonly promoted: Int32Array = new Int32Array(2);
  /** Three-check: the checks White (0) and Black (1) still have to give. */
  readonly remainingChecks: number[] = [3, 3];
  /**
   * Atomic: the pieces each capture exploded, `square | code << 6`, the
   * last capture's last; make.ts's undo records say how many.
   */
  readonly exploded: number[] = [];
  /** make.ts's undo records, UNDO words a move; grows with the deepest line. */
  readonly undo: number[] = [];
  #listed = false; // whether `list`, `index` and `count` hold the pieces
  #variantFields = false; // whether a load wrote pockets, promoted or checks

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
    const cells: unknown = position.board;
    this.#reset();
    if (Array.isArray(cells)) this.#place(cells);
    else this.#occupy();
    this.malformed ||= !Array.isArray(cells) || cells.length !== 64;
    this.#loadFields(position);
    if (
      position.pockets !== undefined || position.promoted !== undefined ||
      position.remainingChecks !== undefined
    ) {
      this.#loadVariantFields(position);
    }
  }

  /**
   * Loads a variant's state beyond the six fields (crazyhouse pockets and
   * promoted pieces, three-check counters) onto the board a
   * {@linkcode ChessBoard.loadCodes} filled, from a record's state: what
   * the moves of such a record need. Never throws, as the loads.
   */
  loadVariantState(state: VariantFields | null): void {
    if (state === null) return;
    this.#loadVariantFields(state);
  }

  // The crazyhouse and three-check fields; absent, they are empty and 3+3.
  // Never throws: what is not a count or a square counts as absent.
  #loadVariantFields(position: VariantFields): void {
    const { pockets, promoted, remainingChecks } = position;
    this.#variantFields = true;
    for (let color = 0; color < 2; color++) {
      const pocket = pockets?.[color === 0 ? "w" : "b"];
      for (let role = 1; role <= 6; role++) {
        const n: unknown = pocket?.["pnbrqk"[role - 1] as "p"];
        this.pockets[color << 3 | role] = typeof n === "number" && n > 0
          ? Math.floor(n)
          : 0;
      }
      const checks: unknown = remainingChecks?.[color === 0 ? "w" : "b"];
      this.remainingChecks[color] = typeof checks === "number" ? checks : 3;
    }
    if (Array.isArray(promoted)) {
      for (const name of promoted) {
        const s = squareOf(name);
        if (s >= 0) this.promoted[s >> 5] |= 1 << s;
      }
    }
  }

  /**
   * {@linkcode ChessBoard.load} with the pieces given as `codes`, 64 char
   * codes of FEN letters with 0 for an empty square (as a FenReader's
   * `cells` hold them), and the other fields from `fields`: what a reader
   * of records loads without making a Position's board. Never throws.
   */
  loadCodes(codes: readonly number[], fields: PositionFields): void {
    this.#reset();
    const { counts, masks, list, index } = this;
    const sq = this.#sq;
    let white = 0, black = 0;
    // The squares and the lists too, at once: a record reader checks a
    // stream of positions, and a legal one is asked for its status.
    for (let s = 0; s < 64; s++) {
      const c = codes[s];
      const code = c > 0 && c < 128 ? CODE_OF_LETTER[c] : 0;
      sq[s] = code;
      if (code === 0) {
        if (c !== 0) this.malformed = true;
        continue;
      }
      masks[code * 2 + (s >> 5)] |= 1 << s; // bit `s & 31` of its word
      counts[code]++;
      if (code < 8) {
        index[s] = white;
        list[white++] = s;
      } else {
        index[s] = black;
        list[64 + black++] = s;
      }
    }
    this.count[0] = white;
    this.count[1] = black;
    this.#squared = this.#listed = true;
    this.#occupy();
    this.malformed ||= codes.length !== 64;
    this.#loadFields(fields);
  }

  // The fields but the rights, which are the rules' (loadRights).
  #loadFields(fields: PositionFields): void {
    this.turn = fields.turn === "b" ? 1 : 0;
    this.halfmove = fields.halfmoveClock;
    this.fullmove = fields.fullmoveNumber;
    this.castle = this.ply = 0;
    this.ep = -1;
  }

  /**
   * Empties the board and puts the pieces of `cells`, a board as
   * Position.board holds it, White to move and no rights: what a diagram
   * of a bare board asks about. Never throws, as {@linkcode ChessBoard.load}.
   */
  loadPieces(cells: unknown): void {
    this.#reset();
    if (Array.isArray(cells)) this.#place(cells);
    else this.#occupy();
    this.malformed ||= !Array.isArray(cells) || cells.length !== 64;
    this.#loadFields(NO_FIELDS);
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
    let bad = false, pieces = 0, black = 0;
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
      pieces++;
      black += code >> 3;
    }
    this.count[0] = pieces - black;
    this.count[1] = black;
    this.#occupy();
    if (bad) this.malformed = true;
  }

  /** The occupancy and the kings' squares, read off the piece sets. */
  #occupy(): void {
    const { counts, masks: m } = this;
    // The twelve piece codes' sets (1-6, 9-14), written out: a loop here
    // cost a tenth of a legality check.
    this.occupied[0] = m[2] | m[4] | m[6] | m[8] | m[10] | m[12] | m[18] |
      m[20] | m[22] | m[24] | m[26] | m[28];
    this.occupied[1] = m[3] | m[5] | m[7] | m[9] | m[11] | m[13] | m[19] |
      m[21] | m[23] | m[25] | m[27] | m[29];
    const masks = m;
    for (let color = 0; color < 2; color++) {
      const kings = (color << 3 | KING) * 2;
      this.king[color] = counts[color << 3 | KING] !== 1
        ? -1
        : masks[kings] !== 0
        ? 31 - Math.clz32(masks[kings] & -masks[kings])
        : 63 - Math.clz32(masks[kings + 1] & -masks[kings + 1]);
    }
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
    this.#squared = this.#listed = this.malformed = false;
    this.count[0] = this.count[1] = 0;
    // A variant's fields are written only under its rules or by a load
    // that had them: a standard board's load skips them.
    if (this.variant !== 0 || this.#variantFields) {
      this.#variantFields = false;
      this.pockets.fill(0);
      this.promoted[0] = this.promoted[1] = 0;
      this.remainingChecks[0] = this.remainingChecks[1] = 3;
      this.exploded.length = 0;
    }
    const { counts, masks } = this;
    for (let i = 1; i < 15; i++) counts[i] = 0;
    for (let i = 2; i < 30; i++) masks[i] = 0;
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

  /**
   * Each side's squares as `occupied` holds them, written into `out`:
   * White's in words 0 and 1, Black's in 2 and 3.
   */
  sides(out: Int32Array): Int32Array {
    // White's from its six sets, Black's the other occupied squares: half
    // the reads (`fen db import` asks at every ply)
    const masks = this.masks;
    let low = 0, high = 0;
    for (let role = PAWN; role <= KING; role++) {
      low |= masks[role * 2];
      high |= masks[role * 2 + 1];
    }
    out[0] = low;
    out[1] = high;
    out[2] = this.occupied[0] ^ low;
    out[3] = this.occupied[1] ^ high;
    return out;
  }

  /** Forgets the undo records, so that a game of any length can be played. */
  commit(): void {
    this.ply = 0;
  }
}

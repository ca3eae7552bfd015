// A game's moves as an import keeps them, move by move on the chess core's
// board: each packed (lib/db/moves.ts), its bytes for the `moves` column,
// and the keys of the first positions, followed on the board (BoardKey:
// what changed hashed in and out). One for each way a game is read (the
// walker's and the mainline reader's, lib/db/game_parser.ts), so both keep
// the same codes, bytes and keys.

import type { ChessBoard } from "../chess/board.ts";
import { CHAR_OF_CODE } from "../chess/convert.ts";
import {
  CASTLE,
  kingTarget,
  moveFrom,
  moveTo,
  packedMove,
  rookTarget,
} from "../chess/move.ts";
import { BoardKey } from "../data/polyglot/board_key.ts";
import { NULL_MOVE } from "../pgn/game.ts";
import type { Rules } from "../types.ts";
import { ByteWriter } from "./_varint.ts";
import { type Castle, encodeMove, movesBytes, narrowMoves } from "./moves.ts";

/** What a game's moves were. */
export interface KeptMoves {
  /** The moves, packed. */
  codes: number[];
  /**
   * The keys of the positions of the plies indexed, as halves
   * (lib/data/polyglot/variant_key.ts).
   */
  keys: number[];
  /**
   * The moves as the `moves` column keeps them (lib/db/moves.ts), valid
   * until the next game.
   */
  moves: Uint8Array;
  /** The ply of the game's first null move (`--`), 0 if none. */
  nullPly: number;
}

/**
 * One game's moves at a time: {@linkcode GameMoves.start}, then
 * {@linkcode GameMoves.move} after each move made, then
 * {@linkcode GameMoves.result}.
 */
export class GameMoves {
  readonly #plies: number;
  #rules: Rules = "chess";
  /** Whether the game's moves take a byte each (standard chess, Chess960). */
  narrow = true;
  /**
   * The game's packed moves and keys so far: the first `#codeCount` and
   * `#keyCount` of arrays kept from game to game (given out as copies of
   * their size: new arrays a game, grown move by move, and the moves'
   * bytes the same way, were 2.7 KB of garbage a game, of the 11 KB the
   * reading made).
   */
  readonly #codes: number[] = [];
  #codeCount = 0;
  readonly #keys: number[] = [];
  #keyCount = 0;
  #nullPly = 0;
  /** The moves' bytes (see `#codes`). */
  readonly #bytes = new ByteWriter(256);
  readonly #key = new BoardKey();
  readonly #castle: Castle = { king: 0, rookFrom: 0, rookTo: 0 };
  /** The position after a move, as `encodeMove` reads it. */
  readonly #after: { piece: number; occupancy: Int32Array } = {
    piece: 0,
    occupancy: new Int32Array(4),
  };

  /** @param plies The plies whose positions are keyed. */
  constructor(plies: number) {
    this.#plies = plies;
  }

  /**
   * A game starts on `board` under `rules`; its start is keyed here under
   * narrow rules (a variant's keys are the caller's: {@linkcode GameMoves.key}).
   */
  start(board: ChessBoard, rules: Rules): void {
    this.#codeCount =
      this.#keyCount =
      this.#bytes.length =
      this.#nullPly =
        0;
    this.#rules = rules;
    this.narrow = narrowMoves(rules);
    if (!this.narrow || this.#plies < 0) return;
    this.#key.reset(board);
    this.key(this.#key.hi, this.#key.lo);
  }

  /** Move `code` (the core's) was just made on `board`, reaching `ply`. */
  move(board: ChessBoard, code: number, ply: number): void {
    // a null move is kept by no packing: the game is left out (GameParser)
    const passes = code === NULL_MOVE;
    if (passes && this.#nullPly === 0) this.#nullPly = ply;
    const packed = packedMove(code, this.#rules);
    this.#codes[this.#codeCount++] = packed;
    if (!this.narrow) return;
    if (!passes) this.#encode(board, code, packed);
    if (ply > this.#plies) return;
    const key = this.#key;
    // a side passing is no move BoardKey follows: the board hashed again
    if (passes) key.reset(board);
    else key.played(board, code);
    this.key(key.hi, key.lo);
  }

  /** A move's bytes, from the board after it. */
  #encode(board: ChessBoard, code: number, packed: number): void {
    const castle = code & CASTLE
      ? castleOf(moveFrom(code), moveTo(code), this.#castle)
      : null;
    const after = this.#after;
    after.piece =
      CHAR_OF_CODE[board.sq[castle === null ? moveTo(code) : castle.king]];
    board.sides(after.occupancy);
    encodeMove(after, packed, this.#bytes, castle);
  }

  /** Keeps the next position's key, as halves. */
  key(hi: number, lo: number): void {
    this.#keys[this.#keyCount++] = hi;
    this.#keys[this.#keyCount++] = lo;
  }

  /** What the game's moves were. */
  result(): KeptMoves {
    const codes = this.#codes.slice(0, this.#codeCount);
    return {
      codes,
      keys: this.#keys.slice(0, this.#keyCount),
      moves: this.narrow ? this.#bytes.view() : movesBytes(codes),
      nullPly: this.#nullPly,
    };
  }
}

/** A castling's squares, from the king's and the rook's (in `castle`). */
function castleOf(king: number, rook: number, castle: Castle): Castle {
  castle.king = kingTarget(king, rook);
  castle.rookFrom = rook;
  castle.rookTo = rookTarget(king, rook);
  return castle;
}

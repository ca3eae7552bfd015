/**
 * The reading half of an import: PGN into games as the database stores
 * them (each game's row, and the keys and moves the index counts), with
 * no database in sight (lib/db/import.ts stores them).
 *
 * @module
 */

import { PgnReader } from "../pgn/reader.ts";
import { MainlineReader, type MainlineVisitor } from "../pgn/mainline.ts";
import type { ChessBoard } from "../chess/board.ts";
import { CHAR_OF_CODE, writeCells } from "../chess/convert.ts";
import {
  CASTLE,
  kingTarget,
  moveFrom,
  moveTo,
  packedMove,
  rookTarget,
} from "../chess/move.ts";
import { parseFen } from "../fen/mod.ts";
import {
  coreBoardOf,
  coreMoveOf,
  type PgnGame,
  type PgnPosition,
} from "../pgn/game.ts";
import { variantKeyHalves } from "../data/polyglot/variant_key.ts";
import { BoardKey } from "../data/polyglot/board_key.ts";
import {
  annotationsOf,
  fenColumn,
  type GameRow,
  tagColumns,
} from "./game_row.ts";
import { type Castle, encodeMove, movesBytes, narrowMoves } from "./moves.ts";
import { squareOf } from "../chess/geometry.ts";
import {
  INITIAL_FEN,
  type Position,
  type Rules,
  type Square,
} from "../types.ts";
import { speedOf } from "./speed.ts";
import { gameUid } from "./uid.ts";
import { signatureOf } from "./signature.ts";
import { ByteWriter } from "./_varint.ts";

/** How games are read. */
export interface ParseOptions {
  /** The plies of each game counted into the explorer index. */
  indexPlies: number;
  /** Keep comments, NAGs and variations (else only the moves). */
  annotations: boolean;
  /**
   * Read the `index`-th of `count` parts only: the games numbered
   * `index`, `index + count`... in the stream (the others are read but
   * neither played nor given), as the command's `--shard` keeps them.
   */
  shard?: { index: number; count: number };
}

/** Why a game is left out. */
export type LeftOut = { kind: "error"; message: string };

/**
 * A game's columns but those its tags give ({@linkcode rowOf} adds them):
 * what its walk found.
 */
export interface WalkedColumns {
  plies: number;
  fen: string | null;
  material: number;
  home_pawns: number;
  /** Valid until the next game is read: a reader copies or stores them. */
  moves: Uint8Array;
  annotations: Uint8Array | null;
}

/** A game read: what its row is made of, or why it is left out. */
export interface ParsedGame {
  /** Its number in the stream, from 1. */
  number: number;
  /** Its tags (empty when left out). */
  tags: ReadonlyMap<string, string>;
  /** Its termination marker. */
  marker: string | null;
  /** Its columns but its tags', null when left out. */
  walked: WalkedColumns | null;
  /** Why it is left out, else null. */
  leftOut: LeftOut | null;
  /** The keys of the positions of the plies indexed, as halves. */
  keys: number[];
  /** The mainline's packed moves. */
  codes: number[];
}

/**
 * A game's row: the columns its tags give, and those its walk found (the
 * tags' are made where the game is stored: `--jobs`' worker).
 *
 * @param game Its tags, termination marker and walked columns.
 * @returns Its row (all columns but `id`).
 */
export function rowOf(
  { tags, marker, walked }: {
    tags: ReadonlyMap<string, string>;
    marker: string | null;
    walked: WalkedColumns;
  },
): GameRow {
  return {
    ...tagColumns(tags, marker),
    uid: gameUid(tags, walked.moves),
    result: tags.get("Result") ?? marker ?? "*",
    speed: speedOf(tags.get("TimeControl")),
    month: monthOf(tags.get("Date") ?? tags.get("UTCDate")),
    ...walked,
  };
}

/** What the import reads of a game's mainline: its moves and positions. */
export interface GameWalk {
  /** The moves, packed. */
  codes: number[];
  /**
   * The moves as the `moves` column keeps them (lib/db/moves.ts), valid
   * until the walk's next game.
   */
  moves: Uint8Array;
  /** The keys of the positions of the plies indexed, as halves (lib/data/polyglot/variant_key.ts). */
  keys: number[];
  /** The last position's cells (valid until the walk moves on). */
  cells: readonly number[];
}

/**
 * Reads PGN in chunks into {@linkcode ParsedGame}s, given in stream order
 * to `take`.
 *
 * @example
 * ```ts
 * import { GameParser, type ParsedGame } from "./game_parser.ts";
 * import assert from "node:assert/strict";
 *
 * const games: ParsedGame[] = [];
 * const parser = new GameParser({ indexPlies: 2, annotations: false }, (g) => games.push(g));
 * parser.push("1. e4 e5 1-0\n\n1. Zz9 *\n");
 * parser.end();
 * assert.equal(games.length, 2);
 * assert.equal(games[0].keys.length, 6);
 * assert.equal(games[1].leftOut?.kind, "error");
 * ```
 */
export class GameParser {
  readonly #options: ParseOptions;
  readonly #take: (game: ParsedGame) => void;
  readonly #input: { push(chunk: string | Uint8Array): void; end(): void };
  /** The last frozen start met and its `fen` column. */
  #start: { position: Position | null; rules: Rules; fen: string | null } = {
    position: null,
    rules: "chess",
    fen: null,
  };

  /**
   * @param options How to read.
   * @param take Called with each game of this import (shard), in order.
   */
  constructor(options: ParseOptions, take: (game: ParsedGame) => void) {
    this.#options = options;
    this.#take = take;
    this.#input = options.annotations ? this.#reader() : this.#walker();
  }

  /** Reads the next chunk (text or bytes, not mixed). */
  push(chunk: string | Uint8Array): void {
    this.#input.push(chunk);
  }

  /** Ends the input: the last game is read. */
  end(): void {
    this.#input.end();
  }

  /** Whole games (their comments, NAGs and variations kept), then walked. */
  #reader(): { push(chunk: string | Uint8Array): void; end(): void } {
    const reader = new PgnReader();
    const plies = this.#options.indexPlies;
    const take = (games: PgnGame[]): void => {
      for (const game of games) this.#game(game, () => walkGame(game, plies));
    };
    return {
      push: (chunk) => take(reader.push(chunk)),
      end: () => take(reader.end()),
    };
  }

  /**
   * The moves only, played once as they are read and no game kept: the
   * games written the common way (ASCII tags, SAN, comments, a result;
   * standard chess from the start) by the mainline reader on its own
   * board, the others by the walker, as the mainline reader hands them on.
   * The bench's 100,000 games' moves: 2.0 to 2.4 s that way against the
   * walker's 3.6 to 3.9 s, and 3.3 to 3.5 s against 6.2 to 6.6 s with
   * clocks (the walker: about three times the reader's speed).
   */
  #walker(): MainlineReader {
    const walk = new MoveCollector(this.#options.indexPlies);
    const fast = new BoardCollector(this.#options.indexPlies, {
      number: () => reader.games,
      take: (game) => {
        if (this.#kept(game.number)) this.#take(game);
      },
    });
    const reader: MainlineReader = new MainlineReader(fast, {
      maxPly: Infinity,
      plays: (game) => this.#kept(game),
      fallback: {
        position: (position) => walk.position(position),
        end: (game) => this.#game(game, () => walk.result()),
      },
    });
    return reader;
  }

  /** Whether game `number` of this part is this import's (`shard`). */
  #kept(number: number): boolean {
    const shard = this.#options.shard;
    return shard === undefined ||
      (number - 1) % shard.count === shard.index - 1;
  }

  /** A game read: its row, or why it is left out. */
  #game(game: PgnGame, walked: () => GameWalk): void {
    if (!this.#kept(game.number)) return;
    const parsed: ParsedGame = {
      number: game.number,
      tags: game.tags,
      marker: game.result,
      walked: null,
      leftOut: null,
      keys: [],
      codes: [],
    };
    if (game.error !== null) {
      parsed.leftOut = { kind: "error", message: game.error.message };
    } else {
      const walk = walked();
      parsed.walked = this.#walked(game, walk);
      parsed.keys = walk.keys;
      parsed.codes = walk.codes;
    }
    this.#take(parsed);
  }

  /**
   * A game's `fen` column; a start shared by many games (a variant's, a
   * frozen object) is written once.
   */
  #fenOf(game: PgnGame): string | null {
    const start = game.start;
    const last = this.#start;
    if (start === last.position && game.rules === last.rules) return last.fen;
    const fen = fenColumn(start, game.rules);
    if (Object.isFrozen(start)) {
      this.#start = { position: start, rules: game.rules, fen };
    }
    return fen;
  }

  #walked(game: PgnGame, { codes, cells, moves }: GameWalk): WalkedColumns {
    return {
      plies: codes.length,
      fen: this.#fenOf(game),
      ...signatureOf(cells, { codes, rules: game.rules }),
      moves,
      annotations: this.#options.annotations
        ? annotationsOf(game.mainline)
        : null,
    };
  }
}

/**
 * Walks a game's mainline: its packed moves, the keys of its first
 * positions, its last position.
 *
 * @param game The game (read without error, under keyed rules).
 * @param plies The plies whose positions are keyed.
 * @returns What the walk found.
 */
export function walkGame(game: PgnGame, plies: number): GameWalk {
  const walk = new MoveCollector(plies);
  for (const position of game.cursor()) walk.position(position);
  return walk.result();
}

/** What a walk of one game's mainline collects, position after position. */
class MoveCollector {
  readonly #plies: number;
  readonly #key = new Uint32Array(2);
  /** The key of the walk's board, followed move by move (`#keyOf`). */
  readonly #boardKey = new BoardKey();
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
  /** The moves' bytes (see `#codes`). */
  readonly #bytes = new ByteWriter(256);
  #narrow = true;
  readonly #castle: Castle = { king: 0, rookFrom: 0, rookTo: 0 };
  /** The position after a move, as `encodeMove` reads it. */
  readonly #board: { piece: number; occupancy: Int32Array } = {
    piece: 0,
    occupancy: new Int32Array(4),
  };
  /** The last position (a walk moves one object along: read at the end). */
  #last: PgnPosition | null = null;

  /** @param plies The plies whose positions are keyed. */
  constructor(plies: number) {
    this.#plies = plies;
  }

  /** The game's next position (ply 0 starts a game). */
  position(position: PgnPosition): void {
    if (position.depth !== 0) return;
    // numbers, not squares' names: the view (every cell, castling, en
    // passant) only where a key is made, and names for castling alone
    const ply = position.ply;
    if (ply === 0) {
      this.#codeCount = 0;
      this.#keyCount = 0;
      this.#bytes.length = 0;
      this.#narrow = narrowMoves(position.game.rules);
    } else {
      const code = position.packedMove;
      this.#codes[this.#codeCount++] = code;
      if (this.#narrow) {
        const rook = position.castlingRook;
        const castle = rook === null
          ? null
          : castleOf(position, rook, this.#castle);
        const board = this.#board;
        board.piece = position.pieceAt(
          castle === null ? code >> 6 & 63 : castle.king,
        );
        position.occupancy(board.occupancy);
        encodeMove(board, code, this.#bytes, castle);
      }
    }
    if (ply <= this.#plies) this.#keyOf(position);
    this.#last = position;
  }

  /**
   * Keeps the key of a position of the plies indexed: under standard
   * chess and Chess960 followed move by move on the walk's own board (the
   * Polyglot key, `BoardKey`: what changed hashed in and out, where the
   * key of the view hashes every square), else the view's.
   */
  #keyOf(position: PgnPosition): void {
    const board = this.#narrow ? coreBoardOf(position) : null;
    if (board === null) {
      variantKeyHalves(position.view(), position.game.rules, this.#key);
      this.#keys[this.#keyCount++] = this.#key[0];
      this.#keys[this.#keyCount++] = this.#key[1];
      return;
    }
    const move = coreMoveOf(position), key = this.#boardKey;
    // a null move (code 0) changes nothing BoardKey follows but the side
    // and en passant: the board hashed again
    if (position.ply === 0 || move <= 0) key.reset(board);
    else key.played(board, move);
    this.#keys[this.#keyCount++] = key.hi;
    this.#keys[this.#keyCount++] = key.lo;
  }

  /** What the game's walk collected. */
  result(): GameWalk {
    // the last position's own cells: read before the walk moves on
    const cells = this.#last === null ? [] : this.#last.view().cells;
    const codes = this.#codes.slice(0, this.#codeCount);
    const moves = this.#narrow ? this.#bytes.view() : movesBytes(codes);
    return { codes, keys: this.#keys.slice(0, this.#keyCount), cells, moves };
  }
}

/**
 * What a game read by the mainline reader (lib/pgn/mainline.ts) is made
 * of, collected on its board move by move: the tags, then the moves as
 * {@linkcode MoveCollector} collects a walk's (the same codes, bytes and
 * keys: the tests read the same games both ways).
 */
class BoardCollector implements MainlineVisitor {
  readonly #plies: number;
  readonly #out: {
    number: () => number;
    take: (game: ParsedGame) => void;
  };
  #tags = new Map<string, string>();
  /** Whether the game's moves are handed on (not a game skipped). */
  #started = false;
  /** The moves and keys so far, as MoveCollector keeps them. */
  readonly #codes: number[] = [];
  #codeCount = 0;
  readonly #keys: number[] = [];
  #keyCount = 0;
  readonly #bytes = new ByteWriter(256);
  readonly #key = new BoardKey();
  readonly #castle: Castle = { king: 0, rookFrom: 0, rookTo: 0 };
  readonly #board: { piece: number; occupancy: Int32Array } = {
    piece: 0,
    occupancy: new Int32Array(4),
  };
  #last: ChessBoard | null = null;
  readonly #cells: number[] = new Array(64).fill(0);
  /** The `fen` column of a game from the standard start. */
  readonly #fen = fenColumn(parseFen(INITIAL_FEN), "chess");

  /**
   * @param plies The plies whose positions are keyed.
   * @param out The number of the game that ends, and where it goes.
   */
  constructor(
    plies: number,
    out: { number: () => number; take: (game: ParsedGame) => void },
  ) {
    this.#plies = plies;
    this.#out = out;
  }

  tag(name: string, value: string): void {
    this.#tags.set(name, value);
  }

  start(board: ChessBoard): void {
    this.#started = true;
    this.#codeCount = this.#keyCount = this.#bytes.length = 0;
    this.#last = board;
    if (this.#plies < 0) return;
    this.#key.reset(board);
    this.#keys[this.#keyCount++] = this.#key.hi;
    this.#keys[this.#keyCount++] = this.#key.lo;
  }

  move(board: ChessBoard, code: number): void {
    const packed = packedMove(code, "chess");
    this.#codes[this.#codeCount++] = packed;
    const castle = code & CASTLE
      ? castleOfMove(moveFrom(code), moveTo(code), this.#castle)
      : null;
    const after = this.#board;
    after.piece =
      CHAR_OF_CODE[board.sq[castle === null ? moveTo(code) : castle.king]];
    board.sides(after.occupancy);
    encodeMove(after, packed, this.#bytes, castle);
    if (board.ply <= this.#plies) {
      this.#key.played(board, code);
      this.#keys[this.#keyCount++] = this.#key.hi;
      this.#keys[this.#keyCount++] = this.#key.lo;
    }
  }

  end(_result: string, marker: string | null): void {
    const tags = this.#tags, started = this.#started;
    this.#tags = new Map();
    this.#started = false;
    // a game skipped (another part's, `--shard`) is only counted
    if (!started) return;
    const codes = this.#codes.slice(0, this.#codeCount);
    writeCells(this.#last!, this.#cells);
    this.#out.take({
      number: this.#out.number(),
      tags,
      marker,
      walked: {
        plies: codes.length,
        fen: this.#fen,
        ...signatureOf(this.#cells, { codes, rules: "chess" }),
        moves: this.#bytes.view(),
        annotations: null,
      },
      leftOut: null,
      keys: this.#keys.slice(0, this.#keyCount),
      codes,
    });
  }

  drop(): void {
    this.#tags = new Map();
    this.#started = false;
  }
}

/** A castling's squares, from the king's and the rook's (in `castle`). */
function castleOfMove(king: number, rook: number, castle: Castle): Castle {
  castle.king = kingTarget(king, rook);
  castle.rookFrom = rook;
  castle.rookTo = rookTarget(king, rook);
  return castle;
}

/** A castling's squares, from the position it reached (in `castle`). */
function castleOf(
  position: PgnPosition,
  rook: Square,
  castle: Castle,
): Castle {
  const from = squareOf(position.from!), rookFrom = squareOf(rook);
  castle.king = squareOf(position.to!);
  castle.rookFrom = rookFrom;
  // the rook ends on the f-file (castling toward h) or the d-file
  castle.rookTo = (from & 56) | ((rookFrom & 7) > (from & 7) ? 5 : 3);
  return castle;
}

/**
 * A date's month as a number (year x 12 + month - 1), 0 when the date
 * gives none.
 *
 * @example
 * ```ts
 * import { monthOf } from "./game_parser.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(monthOf("2024.03.??"), 2024 * 12 + 2);
 * assert.equal(monthOf("????.??.??"), 0);
 * ```
 */
export function monthOf(date: string | undefined): number {
  const match = /^([0-9]{4})[.-]([0-9]{2})/.exec(date ?? "");
  if (match === null) return 0;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? Number(match[1]) * 12 + month - 1 : 0;
}

/**
 * The reading half of an import: PGN into games as the database stores
 * them (each game's row, and the keys and moves the index counts), with
 * no database in sight (lib/db/import.ts stores them).
 *
 * @module
 */

import { PgnReader } from "../pgn/reader.ts";
import {
  MainlineReader,
  type MainlineVisitor,
  type TagAt,
} from "../pgn/mainline.ts";
import { empty } from "./_arrays.ts";
import { ByteWriter } from "./_varint.ts";
import type { ChessBoard } from "../chess/board.ts";
import { writeCells } from "../chess/convert.ts";
import { parseFen } from "../fen/mod.ts";
import {
  coreBoardOf,
  coreMoveOf,
  type PgnGame,
  type PgnPosition,
} from "../pgn/game.ts";
import { variantKeyHalves } from "../data/polyglot/variant_key.ts";
import { GameMoves, type KeptMoves } from "./_game_moves.ts";
import {
  annotationsOf,
  fenColumn,
  type GameRow,
  tagColumns,
} from "./game_row.ts";
import { INITIAL_FEN, type Position, type Rules } from "../types.ts";
import { speedOf } from "./speed.ts";
import { gameUid } from "./uid.ts";
import { signatureOf } from "./signature.ts";

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
  /**
   * Hand the tags of the games the mainline reader reads on as their
   * bytes (`ParsedGame.tagBytes`), not as strings: for a reader whose
   * rows are made elsewhere (`--jobs`' worker).
   */
  tagBytes?: boolean;
}

/**
 * A game's tags as the PGN's bytes (ASCII): each tag's name and value,
 * one after the other, and their lengths in that order. Valid until the
 * next game is read.
 */
export interface TagBytes {
  bytes: Uint8Array;
  lengths: readonly number[];
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
  /** Its tags (empty when left out, or given as `tagBytes`). */
  tags: ReadonlyMap<string, string>;
  /** Its tags as bytes (`ParseOptions.tagBytes`), else null. */
  tagBytes: TagBytes | null;
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
export interface GameWalk extends KeptMoves {
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
    // the games not this import's are not played (`plays`): not handed on
    const fast = new BoardCollector(this.#options.indexPlies, {
      number: () => reader.games,
      take: (game) => this.#take(game),
      tagBytes: this.#options.tagBytes ?? false,
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
      tagBytes: null,
      marker: game.result,
      walked: null,
      leftOut: null,
      keys: [],
      codes: [],
    };
    if (game.error !== null) {
      parsed.leftOut = { kind: "error", message: game.error.message };
      this.#take(parsed);
      return;
    }
    const walk = walked();
    if (walk.nullPly > 0) {
      // no packing of a move holds a side passing: said, not stored wrong
      parsed.leftOut = {
        kind: "error",
        message: `Cannot store game ${game.number}: its ply ${walk.nullPly} ` +
          "is a null move (a side passes), which a database's moves do not hold",
      };
    } else {
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

  #walked(game: PgnGame, walk: GameWalk): WalkedColumns {
    return walkedColumns(walk, {
      fen: this.#fenOf(game),
      rules: game.rules,
      annotations: this.#options.annotations
        ? annotationsOf(game.mainline)
        : null,
    });
  }
}

/** A game's columns that its walk gives (its start's, its annotations). */
function walkedColumns(
  { codes, cells, moves }: Pick<GameWalk, "codes" | "cells" | "moves">,
  { fen, rules, annotations }: {
    fen: string | null;
    rules: Rules;
    annotations: Uint8Array | null;
  },
): WalkedColumns {
  return {
    plies: codes.length,
    fen,
    ...signatureOf(cells, { codes, rules }),
    moves,
    annotations,
  };
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
  readonly #moves: GameMoves;
  readonly #key = new Uint32Array(2);
  /** The last position (a walk moves one object along: read at the end). */
  #last: PgnPosition | null = null;

  /** @param plies The plies whose positions are keyed. */
  constructor(plies: number) {
    this.#plies = plies;
    this.#moves = new GameMoves(plies);
  }

  /** The game's next position (ply 0 starts a game). */
  position(position: PgnPosition): void {
    if (position.depth !== 0) return;
    // the walk's own board (a walk moves one position along, never kept)
    const board = coreBoardOf(position)!, ply = position.ply;
    const moves = this.#moves;
    if (ply === 0) moves.start(board, position.game.rules);
    else moves.move(board, coreMoveOf(position), ply);
    // a variant's keys hold its pockets and checks: from the view
    if (!moves.narrow && ply <= this.#plies) {
      variantKeyHalves(position.view(), position.game.rules, this.#key);
      moves.key(this.#key[0], this.#key[1]);
    }
    this.#last = position;
  }

  /** What the game's walk collected. */
  result(): GameWalk {
    // the last position's own cells: read before the walk moves on
    const cells = this.#last === null ? [] : this.#last.view().cells;
    return { ...this.#moves.result(), cells };
  }
}

/**
 * What a game read by the mainline reader (lib/pgn/mainline.ts) is made
 * of, collected on its board move by move: the tags, then the moves as
 * {@linkcode MoveCollector} collects a walk's (the same codes, bytes and
 * keys: the tests read the same games both ways).
 */
class BoardCollector implements MainlineVisitor {
  readonly #moves: GameMoves;
  readonly #out: {
    number: () => number;
    take: (game: ParsedGame) => void;
  };
  #tags = new Map<string, string>();
  /** The tags' bytes (`tagBytes`), else null. */
  readonly #tagBytes: TagWriter | null;
  /** Whether the game's moves are handed on (not a game skipped). */
  #started = false;
  #last: ChessBoard | null = null;
  readonly #cells: number[] = new Array(64).fill(0);
  /** The `fen` column of a game from the standard start. */
  readonly #fen = fenColumn(parseFen(INITIAL_FEN), "chess");

  /**
   * @param plies The plies whose positions are keyed.
   * @param out The number of the game that ends, where it goes, and
   * whether its tags go as bytes.
   */
  constructor(
    plies: number,
    out: {
      number: () => number;
      take: (game: ParsedGame) => void;
      tagBytes: boolean;
    },
  ) {
    this.#moves = new GameMoves(plies);
    this.#out = out;
    const writer = out.tagBytes ? new TagWriter() : null;
    this.#tagBytes = writer;
    if (writer !== null) this.tagBytes = (text, at) => writer.add(text, at);
  }

  tag(name: string, value: string): void {
    this.#tags.set(name, value);
  }

  /** Set when the tags go as bytes (then `tag` is not called). */
  readonly tagBytes?: (text: Uint8Array, at: TagAt) => void;

  start(board: ChessBoard): void {
    this.#started = true;
    this.#last = board;
    this.#moves.start(board, "chess");
  }

  move(board: ChessBoard, code: number): void {
    this.#moves.move(board, code, board.ply);
  }

  end(_result: string, marker: string | null): void {
    const tags = this.#tags, started = this.#started;
    const tagBytes = this.#tagBytes?.take() ?? null;
    if (tagBytes === null) this.#tags = new Map();
    this.#started = false;
    // a game skipped (another part's, `--shard`) is only counted
    if (!started) return;
    const { codes, keys, moves } = this.#moves.result();
    const cells = this.#cells;
    writeCells(this.#last!, cells);
    this.#out.take({
      number: this.#out.number(),
      tags,
      tagBytes,
      marker,
      walked: walkedColumns({ codes, cells, moves }, {
        fen: this.#fen,
        rules: "chess",
        annotations: null,
      }),
      leftOut: null,
      keys,
      codes,
    });
  }

  drop(): void {
    this.#tags = new Map();
    this.#tagBytes?.take();
    this.#started = false;
  }
}

/** A game's tags' bytes, copied as the mainline reader finds them. */
class TagWriter {
  readonly #bytes = new ByteWriter(1024);
  readonly #lengths: number[] = [];
  /** Whether the game's tags were taken: the next tag is the next game's. */
  #taken = false;

  /** Copies a tag's name and value. */
  add(text: Uint8Array, at: TagAt): void {
    if (this.#taken) (empty(this.#lengths), this.#taken = false);
    this.#bytes.range(text, at.name, at.nameEnd);
    this.#bytes.range(text, at.value, at.valueEnd);
    this.#lengths.push(at.nameEnd - at.name, at.valueEnd - at.value);
  }

  /** The game's tags (valid until the next `add`), and starts the next's. */
  take(): TagBytes {
    if (this.#taken) empty(this.#lengths);
    this.#taken = true;
    const bytes = this.#bytes.view();
    this.#bytes.length = 0;
    return { bytes, lengths: this.#lengths };
  }
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
